#!/usr/bin/env bash
# Write the web app's API types (frontend/src/api/schema.gen.ts) from the FastAPI app's OpenAPI
# document, read from the app itself: no server is started. Also writes what GET /api/metadata/fields
# serves (frontend/src/test/metadata-catalogue.gen.json), the fake network's answer in the web
# app's unit tests, so they too read the backend's field list instead of a copy.
# Rewrites a file only when it changes.
#   --check  exit non-zero when a committed file differs from what the backend gives now.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
cd "$ROOT"

GENERATED="frontend/src/api/schema.gen.ts"
CATALOGUE="frontend/src/test/metadata-catalogue.gen.json"
check=false
case "${1:-}" in
  "") ;;
  --check) check=true ;;
  *) echo "Usage: bash scripts/generate-client.sh [--check]" >&2; exit 2 ;;
esac

ensure_python_env dev
ensure_frontend_packages

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# Run from an empty folder with fresh storage folders, so no .env is read and nothing is written into
# the repo; a blank API_TOKEN keeps the token optional in the document, as on a default server.
mkdir -p "$work/run"
(
  cd "$work/run"
  API_TOKEN="" UPLOAD_DIR="$work/uploads" OUTPUT_DIR="$work/outputs" LOG_DIR="$work/logs" STATE_DIR="$work/state" \
    "$PY" - "$work/openapi.json" "$work/catalogue.json" <<'PY'
import json
import sys

from agentic_neurodata.api.app import create_app
from agentic_neurodata.api.routes.metadata import metadata_fields

# Sorted keys: the same models give the same file, whatever order the routes were declared in.
with open(sys.argv[1], "w", encoding="utf-8") as out:
    json.dump(create_app().openapi(), out, indent=2, sort_keys=True)
    out.write("\n")
with open(sys.argv[2], "w", encoding="utf-8") as out:
    json.dump(metadata_fields().model_dump(mode="json"), out, indent=2, ensure_ascii=False)
    out.write("\n")
PY
)

# openapi-typescript lives in its own workspace (frontend/tools/api-codegen) with the TypeScript 5
# compiler API it needs; npm runs it from that folder, hence the absolute paths.
(cd "$ROOT/frontend" && npm exec --workspace=api-codegen --no -- \
  openapi-typescript "$work/openapi.json" --output "$work/schema.gen.ts" >/dev/null)

stale=0
for pair in "$work/schema.gen.ts:$GENERATED" "$work/catalogue.json:$CATALOGUE"; do
  fresh="${pair%%:*}"
  target="${pair#*:}"
  if cmp -s "$fresh" "$target"; then
    $check || echo "$target is up to date"
  elif $check; then
    echo "$target is stale: run bash scripts/generate-client.sh" >&2
    diff -u "$target" "$fresh" | head -40 >&2 || true
    stale=1
  else
    cp "$fresh" "$target"
    echo "Wrote $target"
  fi
done
exit "$stale"
