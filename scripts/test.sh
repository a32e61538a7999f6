#!/usr/bin/env bash
# Run every test: installs what is missing (Python env, web packages and build, Chromium),
# runs the code checks (import contracts, ruff lint and format, mypy), backend tests with
# coverage (80% minimum) and, once the web app exists, its checks, unit and browser tests.
# Extra arguments go to pytest.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
cd "$ROOT"

ensure_python_env dev
if frontend_exists; then
  ensure_frontend_build
  ensure_chromium
fi

say "Import contracts: agents never import each other, rooms keep their doors"
"$VENV/bin/lint-imports"

say "Code checks: ruff (lint, format) and mypy"
"$VENV/bin/ruff" check backend tests
"$VENV/bin/ruff" format --check backend tests
"$VENV/bin/mypy"

say "Web app API types match the backend's OpenAPI document"
bash "$ROOT/scripts/generate-client.sh" --check

say "Backend tests (pytest, with coverage)"
# pytest exits 5 when no test was collected; set -e turns that into a failure too.
"$PY" -m pytest --cov=agentic_neurodata --cov-report=term --cov-fail-under=80 "$@"

if frontend_exists; then
  say "Web app code checks (Biome: lint and format)"
  (cd "$ROOT/frontend" && npm run lint --silent)
  say "Web app unit tests (Vitest)"
  (cd "$ROOT/frontend" && npm test --silent)
  say "Browser tests (Playwright + Chromium, real backend)"
  (cd "$ROOT/frontend" && npm run e2e --silent)
fi
say "All tests passed"
