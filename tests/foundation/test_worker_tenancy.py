"""A message sent from tenant A's context runs in A's schema, through a real worker process."""

from __future__ import annotations

import contextlib
import time
import uuid

import pytest
from django.db import transaction
from django_tenants.utils import schema_context

from core import tasks
from core.jobs import enqueue_on_commit
from core.models import HealthProbe
from tenants.tenancy import tenant_connection

pytestmark = [pytest.mark.worker]


def wait_for_probe(token: str, schema: str, timeout: float = 15) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        with schema_context(schema):
            if HealthProbe.objects.filter(token=token).exists():
                return True
        time.sleep(0.05)
    return False


def probe_schemas(token: str) -> set[str]:
    found = set()
    for schema in ("public", "acme", "beta", "orbita"):
        with schema_context(schema):
            if HealthProbe.objects.filter(token=token).exists():
                found.add(schema)
    return found


@pytest.mark.django_db(transaction=False)
def test_message_sent_from_tenant_a_writes_only_in_tenant_a(worker: None) -> None:
    token = uuid.uuid4().hex
    with schema_context("acme"):
        tasks.probe.send(token)
    assert wait_for_probe(token, "acme"), "the worker never processed the message"
    assert probe_schemas(token) == {"acme"}


def test_enqueue_on_commit_sends_after_commit_in_the_schema_of_the_call(
    worker: None, django_db_blocker: pytest.FixtureRequest
) -> None:
    token = uuid.uuid4().hex
    with django_db_blocker.unblock():  # type: ignore[attr-defined]
        with schema_context("beta"), transaction.atomic():
            enqueue_on_commit(tasks.probe, token)
            tenant_connection().set_schema_to_public()  # moving schema before commit must not matter
        try:
            assert wait_for_probe(token, "beta")
            assert probe_schemas(token) == {"beta"}
        finally:
            with schema_context("beta"):
                HealthProbe.objects.filter(token=token).delete()


def test_enqueue_on_commit_sends_nothing_when_the_transaction_rolls_back(
    worker: None, django_db_blocker: pytest.FixtureRequest
) -> None:
    token = uuid.uuid4().hex
    with django_db_blocker.unblock():  # type: ignore[attr-defined]
        with schema_context("acme"), contextlib.suppress(RuntimeError), transaction.atomic():
            enqueue_on_commit(tasks.probe, token)
            raise RuntimeError("roll back")
        # A sentinel sent afterwards proves the worker is consuming; the rolled-back one never ran.
        sentinel = uuid.uuid4().hex
        with schema_context("acme"):
            tasks.probe.send(sentinel)
        assert wait_for_probe(sentinel, "acme")
        assert probe_schemas(token) == set()
        with schema_context("acme"):
            HealthProbe.objects.filter(token=sentinel).delete()


def test_a_delayed_message_kept_in_the_outbox_runs_in_the_schema_of_its_sender(
    worker: None, django_db_blocker: pytest.FixtureRequest
) -> None:
    """A delayed send is kept in the outbox and relayed later from the public schema: the job still runs
    in the sender's schema (it was sent as public once: the middleware never saw it before the relay)."""
    token = uuid.uuid4().hex
    with django_db_blocker.unblock():  # type: ignore[attr-defined]
        with schema_context("beta"), transaction.atomic():
            tasks.probe.send_with_options(args=(token,), delay=50)
        try:
            assert wait_for_probe(token, "beta"), "the worker never ran the delayed message in beta"
            assert probe_schemas(token) == {"beta"}
        finally:
            with schema_context("beta"):
                HealthProbe.objects.filter(token=token).delete()
