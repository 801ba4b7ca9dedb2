"""Test session: PostgreSQL (DATABASE_URL or the embedded one), the demo tenants created once.

Tenants are created once per session (schemas are not cheap); each test then runs inside pytest-django's
transaction, which is rolled back across every schema. Sequences are not rolled back: never assert ids.
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest


@pytest.fixture(scope="session")
def django_db_setup(
    request: pytest.FixtureRequest,
    django_test_environment: None,
    django_db_blocker: Any,
    django_db_modify_db_settings: None,  # pytest-xdist: each process its own database name
) -> Iterator[None]:
    """Create and migrate the run's own database, and seed the demo tenants and personas, committed, once.

    pytest-django's own fixture creates the test database only when a collected test asks for `db`:
    a run of browser tests alone asks for none, and would have migrated and seeded the developer's
    database. This one always creates it, and refuses to go on unless the connection is on it.

    The run's database commits without waiting for the disk (synchronous_commit off, set on the
    database, so the browser tests' web server and worker get it too): a commit costs about 1 ms instead
    of 10 here. Nothing a test checks is given up: a commit is still atomic and visible at once, and only
    a crash of the PostgreSQL server itself could lose the last ones (fault tests that crash a server run
    their own cluster, untouched by this)."""
    from django.db import connection
    from django.test.utils import setup_databases, teardown_databases

    from ops.demo import seed_demo
    from tenants.template import sync_template

    with django_db_blocker.unblock():
        verbosity = request.config.option.verbose
        config = setup_databases(verbosity=verbosity, interactive=False)  # every database (one: default)
        name = connection.settings_dict["NAME"]
        assert name.startswith("test_"), f"refusing to seed {name!r}: not a test database"
        with connection.cursor() as cursor:
            cursor.execute(f'ALTER DATABASE "{name}" SET synchronous_commit = off')
            cursor.execute("SET synchronous_commit = off")  # this session too (ALTER applies to new ones)
        sync_template()
        seed_demo()
    yield
    with django_db_blocker.unblock():
        try:
            teardown_databases(config, verbosity=verbosity)
        except Exception as exc:  # a session still connected: the database stays, and the run says so
            request.node.warn(pytest.PytestWarning(f"Error when trying to teardown test databases: {exc!r}"))


@pytest.fixture(scope="session", autouse=True)
def _second_factor_codes(django_db_blocker: Any) -> None:
    """The login helpers read and reset TOTP devices (tests/support/second_factor.py), browser tests too."""
    from tests.support.second_factor import allow_database

    allow_database(django_db_blocker.unblock)


@pytest.fixture(scope="session", autouse=True)
def _private_media() -> Iterator[None]:
    """The run's own files and mail folders (settings: .data/test-media/<pid>, .data/test-mail/<pid>)
    go with the run."""
    from django.conf import settings

    yield
    if "test-media" in Path(settings.MEDIA_ROOT).parts:
        shutil.rmtree(settings.MEDIA_ROOT, ignore_errors=True)
    if "test-mail" in Path(settings.EMAIL_FILE_PATH).parts:
        shutil.rmtree(settings.EMAIL_FILE_PATH, ignore_errors=True)


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
