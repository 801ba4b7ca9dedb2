#!/usr/bin/env bash
# `make test`: every check, each runner's summary printed, non-zero exit if any failed.
set -uo pipefail
cd "$(dirname "$0")/.."
VENV=.venv/bin
failed=()
results=()

step() {
  local name=$1; shift
  echo
  echo "==> $name: $*"
  local start=$SECONDS
  if "$@"; then
    results+=("ok    $name ($((SECONDS - start)) s)")
  else
    results+=("FAIL  $name ($((SECONDS - start)) s)")
    failed+=("$name")
  fi
}

step "ruff"          $VENV/ruff check .
step "ruff-format"   $VENV/ruff format --check .
# mypy loads the settings (django-stubs): give it URLs so it starts no embedded server.
step "mypy"          env DATABASE_URL=postgresql://mypy@localhost/mypy REDIS_URL=redis://localhost:1/0 $VENV/mypy .
# The layer contracts of pyproject.toml ([tool.importlinter]; ARCHITECTURE.md, "Layers").
step "import-linter" env PYTHONPATH=platform:plugins $VENV/lint-imports --no-cache
# ESLint (typescript-eslint, react-hooks, the feature/shared/app import boundaries) and knip (unused files/exports).
step "frontend-lint" npm --prefix frontend run --silent lint
step "frontend-tsc"  npm --prefix frontend run --silent typecheck
step "vitest"        npm --prefix frontend run --silent test
# Backend tests in parallel processes (pytest-xdist, PYTEST_WORKERS, default 2: CI's cores). Each process
# has its own test database, Redis namespace and files folder (config/settings.py, by pid); a file's
# tests stay in one process (--dist loadfile: module fixtures, committed data of one file). The browser
# tests then run in one process: one web server, one worker, one Chromium, in file order.
step "pytest"        $VENV/python -m pytest -q -p no:randomly -n "${PYTEST_WORKERS:-2}" --dist loadfile --ignore=tests/browser
step "pytest-browser" $VENV/python -m pytest -q -p no:randomly tests/browser

echo
echo "==> Summary"
printf '  %s\n' "${results[@]}"
if [ ${#failed[@]} -gt 0 ]; then
  echo "FAILED: ${failed[*]}"
  exit 1
fi
echo "All checks passed."
