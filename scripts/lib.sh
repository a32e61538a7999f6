# Shared set-up steps for start.sh and test.sh. Every step is idempotent: it does work only
# when something is missing or its inputs changed. Works on Linux and macOS (bash 3.2+).

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
VENV="$ROOT/.venv"
PY="$VENV/bin/python"

say() { printf '\033[1m==> %s\033[0m\n' "$*"; }

find_python() {
  local candidate
  for candidate in python3.13 python3.12 python3.11 python3 python; do
    if command -v "$candidate" >/dev/null 2>&1 &&
       "$candidate" -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else 1)' 2>/dev/null; then
      command -v "$candidate"; return 0
    fi
  done
  echo "Python 3.11 or newer is needed (python3 --version says: $(python3 --version 2>&1))." >&2
  return 1
}

file_hash() {  # portable content hash of the given files
  if command -v sha256sum >/dev/null 2>&1; then cat "$@" | sha256sum | cut -d' ' -f1
  else cat "$@" | shasum -a 256 | cut -d' ' -f1; fi
}

ensure_python_env() {  # $1: extras, e.g. "dev"
  local extras="${1:-}" spec="." stamp
  [ -n "$extras" ] && spec=".[$extras]"
  if [ ! -x "$PY" ]; then
    say "Creating the Python environment in .venv"
    "$(find_python)" -m venv "$VENV"
  fi
  stamp="$VENV/.installed-$(file_hash "$ROOT/pyproject.toml")-${extras:-base}"
  if [ ! -f "$stamp" ]; then
    say "Installing Python packages ($spec); the first time takes a few minutes"
    "$PY" -m pip install --quiet --upgrade pip
    (cd "$ROOT" && "$PY" -m pip install --quiet -e "$spec")
    rm -f "$VENV"/.installed-* && touch "$stamp"
  fi
}

frontend_exists() { [ -f "$ROOT/frontend/package.json" ]; }

ensure_frontend_packages() {
  frontend_exists || return 0
  if ! command -v npm >/dev/null 2>&1; then
    echo "npm (Node.js 20+) is needed to build the web app." >&2; return 1
  fi
  local stamp="$ROOT/frontend/node_modules/.installed-$(file_hash "$ROOT/frontend/package-lock.json")"
  if [ ! -f "$stamp" ]; then
    say "Installing web app packages (npm ci)"
    (cd "$ROOT/frontend" && npm ci --no-audit --no-fund --loglevel=error)
    touch "$stamp"
  fi
}

ensure_frontend_build() {
  frontend_exists || return 0
  ensure_frontend_packages
  local newest_source
  # find fails while dist/ does not exist yet (fresh clone); under pipefail that must not stop the script.
  newest_source=$(find "$ROOT/frontend/src" "$ROOT/frontend/index.html" "$ROOT/frontend/package.json" \
                    -newer "$ROOT/frontend/dist/index.html" 2>/dev/null | head -1 || true)
  if [ ! -f "$ROOT/frontend/dist/index.html" ] || [ -n "$newest_source" ]; then
    say "Building the web app"
    (cd "$ROOT/frontend" && npm run build --silent)
  fi
}

ensure_chromium() {  # Chromium for the browser tests: Debian's package, or an installed browser on macOS
  if [ "$(uname -s)" = "Darwin" ]; then
    if [ -n "${CHROMIUM_PATH:-}" ] && [ -x "$CHROMIUM_PATH" ]; then return 0; fi
    # No package manager to lean on: use a Chrome or Chromium app the user already has.
    local app
    for app in "/Applications/Google Chrome.app/Contents/MacOS/Google Chrome" \
               "/Applications/Chromium.app/Contents/MacOS/Chromium" \
               "$HOME/Applications/Google Chrome.app/Contents/MacOS/Google Chrome" \
               "$HOME/Applications/Chromium.app/Contents/MacOS/Chromium"; do
      if [ -x "$app" ]; then export CHROMIUM_PATH="$app"; return 0; fi
    done
    echo "No Google Chrome or Chromium in /Applications; install one, or set CHROMIUM_PATH to its binary." >&2
    return 0
  fi
  if [ -x /usr/bin/chromium ]; then return 0; fi
  if command -v apt-get >/dev/null 2>&1; then
    local sudo=""
    [ "$(id -u)" -ne 0 ] && sudo="sudo"
    say "Installing Chromium for the browser tests (apt-get)"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq chromium chromium-driver >/dev/null
  else
    echo "Chromium is not installed and apt-get is unavailable; set CHROMIUM_PATH to a Chromium binary." >&2
  fi
}

ensure_sample_data() {
  if [ ! -d "$ROOT/sample_data/sample_run_g0" ]; then
    say "Writing sample data to sample_data/"
    "$VENV/bin/agentic-neurodata" sample-data "$ROOT/sample_data"
  fi
}
