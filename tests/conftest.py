"""Test session: PostgreSQL (DATABASE_URL or the embedded one), the demo tenants created once.

Tenants are created once per session (schemas are not cheap); each test then runs inside pytest-django's
transaction, which is rolled back across every schema. Sequences are not rolled back: never assert ids.
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup: None, django_db_blocker: pytest.FixtureRequest) -> None:
    """Migrate (pytest-django) and seed the demo tenants and personas, committed, once."""
    from ops.demo import seed_demo
    from tenants.template import sync_template

    with django_db_blocker.unblock():  # type: ignore[attr-defined]
        sync_template()
        seed_demo()


@pytest.fixture(scope="session", autouse=True)
def _private_media() -> Iterator[None]:
    """The run's own files folder (settings: .data/test-media/<pid>) goes with the run."""
    from django.conf import settings

    yield
    if "test-media" in Path(settings.MEDIA_ROOT).parts:
        shutil.rmtree(settings.MEDIA_ROOT, ignore_errors=True)


@pytest.fixture(autouse=True)
def _public_schema_first() -> None:
    """Each test starts on the public schema (the test client's tenant middleware leaves it switched)."""
    from tenants.tenancy import tenant_connection

    tenant_connection().set_schema_to_public()


@pytest.fixture(scope="session")
def artifacts_dir() -> Path:
    path = Path(__file__).resolve().parent.parent / ".data" / "test-artifacts"
    path.mkdir(parents=True, exist_ok=True)
    return path


@pytest.fixture(scope="session")
def worker(
    django_db_setup: None, django_db_blocker: pytest.FixtureRequest, artifacts_dir: Path
) -> Iterator[None]:
    """One real dramatiq worker process for the session, consuming this run's queues."""
    from tests.support.stack import worker_process

    with worker_process(artifacts_dir / "worker.log"):
        yield


@pytest.fixture(scope="session")
def web(django_db_setup: None, worker: None, artifacts_dir: Path) -> Iterator[str]:
    """gunicorn serving the test database (for browser tests); yields http://localhost:PORT."""
    from tests.support.stack import web_process

    with web_process(artifacts_dir / "web.log") as base_url:
        yield base_url
