# Cofre. `make help` lists every target. The two that matter: `make run` and `make test`.
SHELL := /bin/bash
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMPS := .stamps
NPM := npm --prefix frontend

.DEFAULT_GOAL := help

help: ## List every target
	@grep -hE '^[a-zA-Z_-]+:.*?## ' $(MAKEFILE_LIST) | awk 'BEGIN {FS = ":.*?## "}; {printf "  \033[36m%-14s\033[0m %s\n", $$1, $$2}'

$(STAMPS)/venv: requirements.lock pyproject.toml
	@mkdir -p $(STAMPS)
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check -r requirements.lock
	$(PY) -m pip install --quiet --disable-pip-version-check --no-deps --no-build-isolation -e .
	@touch $@

$(STAMPS)/node: frontend/package.json frontend/package-lock.json
	@mkdir -p $(STAMPS)
	$(NPM) ci --no-audit --no-fund --loglevel=error
	@touch $@

venv: $(STAMPS)/venv ## Create the virtualenv and install the locked Python dependencies

node: $(STAMPS)/node ## Install the locked Node dependencies

build: node ## Build the frontend into frontend/dist
	$(NPM) run build

run: venv build ## Run the product: embedded PostgreSQL/Redis if no DATABASE_URL/REDIS_URL, demo data, web + worker
	$(PY) scripts/run.py

test: venv build ## Run every check: ruff, mypy, layer contracts, ESLint + knip, tsc, vitest, pytest (backend + browser)
	bash scripts/test.sh

test-servers: venv ## Cluster, concurrency and worker-kill tests on the machine's PostgreSQL and Redis (skips if absent)
	bash scripts/test_servers.sh $(ARGS)

lint: venv node ## ruff (lint + format check), mypy strict, the layer contracts (import-linter), ESLint and knip
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/mypy .
	PYTHONPATH=platform:plugins $(VENV)/bin/lint-imports --no-cache
	$(NPM) run --silent lint

format: venv ## Apply ruff's formatter and autofixes
	$(VENV)/bin/ruff check --fix .
	$(VENV)/bin/ruff format .

pytest: venv ## Backend and browser tests only (args: make pytest ARGS='-k login')
	$(PY) -m pytest $(ARGS)

frontend-test: node ## tsc and the frontend unit tests
	$(NPM) run typecheck
	$(NPM) test

plugin: venv ## Start a plugin from the kit's template: make plugin NAME=acme_pay [KIND=bank_provider] [DIR=..]
	$(PY) manage.py startplugin $(NAME) --kind $(or $(KIND),payment_method) --directory $(or $(DIR),..)

openapi: venv ## Write frontend/openapi.json from the API and regenerate the TypeScript types
	$(PY) manage.py export_openapi frontend/openapi.json
	$(NPM) run gen:api

bench: bench-tenants bench-deposits bench-jobs bench-stats bench-statements bench-webhooks bench-imports bench-exports bench-partner bench-admin-home ## Run every benchmark (prints figures)

bench-tenants: venv ## Benchmark tenant provisioning (template clone vs migrate)
	$(PY) bench/tenants.py

bench-tenants-1000: venv ## Benchmark 1,000 tenants: provisioning, catalog size, migrate_schemas idle and with a column to add
	$(PY) bench/tenants_scale.py

bench-deposits: venv ## Benchmark the deposits API at BENCH_ROWS (default 1,000,000) rows
	$(PY) bench/deposits.py

bench-jobs: venv ## Benchmark one periodic tick over a tenant of BENCH_JOBS_ROWS (default 1,000,000) deposits and the demo
	$(PY) bench/jobs.py

bench-exports: venv ## Benchmark exports of BENCH_ROWS (default 1,000,000) deposits: CSV vs COPY, XLSX vs openpyxl, peak RSS
	$(PY) bench/exports_bench.py

bench-stats: venv ## Benchmark statistics (roll-ups vs GROUP BY) and a transition's cost with/without roll-ups at BENCH_ROWS
	$(PY) bench/rollups_bench.py

bench-statements: venv ## Benchmark a page of one client's statement at BENCH_STATEMENT_ROWS (default 1,000,000) postings: p50/p95
	$(PY) bench/statements_bench.py

bench-webhooks: venv ## Benchmark webhooks: BENCH_WEBHOOK_EVENTS (default 10,000) events to 50 endpoints, 5 dead and 5 slow; p95 of the healthy ones
	$(PY) bench/webhooks_bench.py
bench-imports: venv ## Benchmark a payout import of BENCH_IMPORT_ROWS (default 100,000) XLSX rows: read, validate, preview
	$(PY) bench/imports.py
bench-partner: venv ## Benchmark a partner's lists and home: BENCH_PARTNER_ROWS (2,000,000) deposits among 200 clients, beside one client's list
	$(PY) bench/partner_bench.py
bench-admin-home: venv ## Benchmark the admin home and statistics across 200 clients' 2,000,000 deposits (and client=), beside a GROUP BY
	$(PY) bench/admin_home_bench.py

migrations: venv ## Make migrations for changed models
	$(PY) manage.py makemigrations

lock: ## Re-resolve requirements.lock from pyproject.toml (exact versions of everything)
	rm -rf /tmp/cofre-lock && $(PYTHON) -m venv /tmp/cofre-lock
	$(PYTHON) -c "import tomllib; p = tomllib.load(open('pyproject.toml', 'rb'))['project']; \
	  print('\n'.join(p['dependencies'] + p['optional-dependencies']['dev']))" > /tmp/cofre-lock/direct.txt
	/tmp/cofre-lock/bin/pip install --quiet --disable-pip-version-check -r /tmp/cofre-lock/direct.txt
	/tmp/cofre-lock/bin/pip freeze --all --exclude-editable | grep -v '^pip==' > requirements.lock

clean: ## Remove build outputs and caches (keeps .data, the embedded databases)
	rm -rf $(STAMPS) frontend/dist .mypy_cache .ruff_cache

clean-data: ## Delete the embedded databases under .data (demo data is re-seeded by make run)
	rm -rf .data

.PHONY: help venv node build run test test-servers lint format pytest frontend-test openapi bench bench-tenants bench-tenants-1000 bench-deposits bench-jobs bench-stats bench-statements bench-webhooks bench-imports bench-partner bench-admin-home migrations lock clean clean-data
