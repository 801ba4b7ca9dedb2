"""Settings come from the environment; the production profile passes `check --deploy` cleanly."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from cryptography.fernet import Fernet
from django.conf import settings

ROOT = Path(__file__).resolve().parents[2]


def run_manage(*args: str, **env: str) -> subprocess.CompletedProcess[str]:
    # A clean environment for the child: nothing the test session itself set (e.g. for Playwright).
    inherited = {k: v for k, v in os.environ.items() if k != "DJANGO_ALLOW_ASYNC_UNSAFE"}
    full_env = {**inherited, "DATABASE_URL": settings.DATABASE_URL, "REDIS_URL": settings.REDIS_URL, **env}
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env=full_env,
        capture_output=True,
        text=True,
        check=False,
    )


def test_production_profile_passes_check_deploy_without_warnings() -> None:
    result = run_manage(
        "check",
        "--deploy",
        "--fail-level",
        "WARNING",
        COFRE_ENV="production",
        SECRET_KEY="x7Jq2mR9vL4pW8nZ3kT6yB1cF5hD0sG2aE7uI9oP4lK8jH3gV6",
        COFRE_ENCRYPTION_KEYS=f"{Fernet.generate_key().decode()},{Fernet.generate_key().decode()}",
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "System check identified no issues" in result.stdout


def test_production_profile_refuses_to_start_without_a_secret_key() -> None:
    env = {k: v for k, v in os.environ.items() if k != "SECRET_KEY"}
    result = subprocess.run(
        [sys.executable, "manage.py", "check"],
        cwd=ROOT,
        env={
            **env,
            "COFRE_ENV": "production",
            "DATABASE_URL": settings.DATABASE_URL,
            "REDIS_URL": settings.REDIS_URL,
        },
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode != 0
    assert "SECRET_KEY must be set in production" in result.stderr


def test_production_refuses_to_start_without_encryption_keys_or_with_a_bad_one() -> None:
    production = {
        "COFRE_ENV": "production",
        "SECRET_KEY": "x7Jq2mR9vL4pW8nZ3kT6yB1cF5hD0sG2aE7uI9oP4lK8jH3gV6",
    }
    result = run_manage("check", **production, COFRE_ENCRYPTION_KEYS="")
    assert result.returncode != 0
    assert "COFRE_ENCRYPTION_KEYS must be set in production" in result.stderr
    result = run_manage("check", **production, COFRE_ENCRYPTION_KEYS="not-a-fernet-key")
    assert result.returncode != 0
    assert "not a Fernet key" in result.stderr


def test_models_and_migrations_agree() -> None:
    result = run_manage("makemigrations", "--check", "--dry-run")
    assert result.returncode == 0, result.stdout + result.stderr


def test_a_test_run_uses_its_own_redis_namespace() -> None:
    # Throttle counters, cache keys and job queues of a test run never mix with a running product's.
    assert settings.REDIS_NAMESPACE.startswith("test-")
    assert settings.CACHES["default"]["KEY_PREFIX"] == settings.REDIS_NAMESPACE


def test_environment_drives_the_base_domain_and_port() -> None:
    code = (
        "from django.conf import settings; print(settings.BASE_DOMAIN, settings.PORT, settings.ALLOWED_HOSTS)"
    )
    result = run_manage("shell", "-c", code, BASE_DOMAIN="cofre.example", PORT="9100")
    assert result.returncode == 0, result.stderr
    assert "cofre.example 9100" in result.stdout
    assert ".cofre.example" in result.stdout
