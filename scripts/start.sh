#!/usr/bin/env bash
# Start the service: installs what is missing, builds the web app, writes sample data on the
# first run, then serves on http://127.0.0.1:8000 (HOST/PORT from .env or the environment).
set -euo pipefail
source "$(dirname "$0")/lib.sh"
cd "$ROOT"

ensure_python_env
ensure_frontend_build
ensure_sample_data

HOST="${HOST:-$("$PY" -c 'from agentic_neurodata.config import get_settings as g; print(g().host)')}"
PORT="${PORT:-$("$PY" -c 'from agentic_neurodata.config import get_settings as g; print(g().port)')}"
URL="http://$HOST:$PORT"

cat <<INFO

  Agentic Neurodata Conversion is starting at  $URL
  API documentation:                           $URL/docs

  Upload the sample recording from another terminal:
    cd sample_data && curl -X POST $URL/api/upload \\
      -F "files=@sample_run_g0/sample_run_g0_imec0/sample_run_g0_t0.imec0.ap.bin;filename=sample_run_g0/sample_run_g0_imec0/sample_run_g0_t0.imec0.ap.bin" \\
      -F "files=@sample_run_g0/sample_run_g0_imec0/sample_run_g0_t0.imec0.ap.meta;filename=sample_run_g0/sample_run_g0_imec0/sample_run_g0_t0.imec0.ap.meta" \\
      -F "files=@sample_run_g0/sample_run_g0_imec0/sample_run_g0_t0.imec0.lf.bin;filename=sample_run_g0/sample_run_g0_imec0/sample_run_g0_t0.imec0.lf.bin" \\
      -F "files=@sample_run_g0/sample_run_g0_imec0/sample_run_g0_t0.imec0.lf.meta;filename=sample_run_g0/sample_run_g0_imec0/sample_run_g0_t0.imec0.lf.meta" \\
      -F subject_id=m042 -F species="Mus musculus" -F sex=F -F age=P90D \\
      -F session_description="Sample Neuropixels recording" -F session_start_time=2024-03-05T14:30:00-05:00
    curl $URL/api/status
    curl -o sample.nwb $URL/api/download/nwb

  Command line, no server:  .venv/bin/agentic-neurodata --help
  Stop with Ctrl-C.

INFO

server_pid=""
cleanup() { [ -n "$server_pid" ] && kill "$server_pid" 2>/dev/null; wait "$server_pid" 2>/dev/null || true; }
trap cleanup INT TERM EXIT
"$VENV/bin/agentic-neurodata" serve --host "$HOST" --port "$PORT" &
server_pid=$!
wait "$server_pid"
