"""Refunds end to end on committed data: a real dramatiq worker submits them to the sandbox bank, the
bank's own actor POSTs its signed webhooks over HTTP to Cofre's webhook endpoint, served here by a
WSGI server in the test process (or by the session's web server when one already listens there)."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any
from wsgiref.simple_server import WSGIRequestHandler, WSGIServer, make_server

import pytest
from django.conf import settings
from django.core.wsgi import get_wsgi_application
from django.db import connections
from django_tenants.utils import schema_context

from cofre_sandbox_bank.models import SandboxRefund
from ledger.services import check_invariants
from payments.models import Deposit
from refunds.models import Refund
from tenants.models import Tenant
from tests.payouts.helpers import balance, committed_client

pytestmark = [pytest.mark.worker]

PAYER = {"name": "João da Silva", "document": "529.982.247-25"}


def wait_until(condition: Callable[[], bool], timeout: float = 45, interval: float = 0.2) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(interval)
    return False


class _QuietHandler(WSGIRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        return None


class _ThreadingWSGIServer(WSGIServer):
    daemon_threads = True

    def process_request(self, request: Any, client_address: Any) -> None:
        def handle() -> None:
            try:
                self.finish_request(request, client_address)
            finally:
                self.shutdown_request(request)
                connections.close_all()

        threading.Thread(target=handle, daemon=True).start()


@contextmanager
def webhook_endpoint() -> Iterator[None]:
    """Cofre's own WSGI application on settings.PORT (where the sandbox posts), for this test."""
    try:
        server = make_server(
            "127.0.0.1", settings.PORT, get_wsgi_application(),
            server_class=_ThreadingWSGIServer, handler_class=_QuietHandler,
        )  # fmt: skip
    except OSError:  # the session's web server (browser tests) listens there already
        yield
        return
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.1}, daemon=True)
    thread.start()
    try:
        yield
    finally:
        server.shutdown()
        server.server_close()


def row(slug: str, public_id: str) -> Refund:
    with schema_context(slug):
        return Refund.objects.get(public_id=public_id)


def test_refunds_go_through_the_worker_and_the_banks_webhooks(worker: None, django_db_blocker: Any) -> None:
    with django_db_blocker.unblock(), webhook_endpoint():
        slug, owner = committed_client("rfw")
        try:
            created = owner.post_json("/api/deposits", {"method": "pix", "amount": 10_000, "payer": PAYER})
            assert created.status_code == 201, created.content
            deposit_id = created.json()["id"]

            def deposit() -> Deposit:
                with schema_context(slug):
                    return Deposit.objects.get(public_id=deposit_id)

            # The bank confirms the charge through its own webhook, POSTed by the worker.
            assert wait_until(lambda: deposit().status == "confirmed"), deposit().status
            before = balance(slug)
            assert before == {"available": 0, "pending": 9_901, "held": 0}  # PIX fee 99

            def refund(amount: int, scenario: str) -> str:
                response = owner.post_json(
                    f"/api/deposits/{deposit_id}/refunds",
                    {"amount": amount, "reason": "Devolução", "extra": {"sandbox_scenario": scenario}},
                )
                assert response.status_code == 201, response.content
                assert response.json()["status"] == "pending"
                return str(response.json()["id"])

            confirmed = refund(3_000, "confirm")
            retried = refund(2_000, "timeout")  # the first answer times out: dramatiq retries it
            failed = refund(1_000, "fail")
            assert balance(slug) == {"available": 0, "pending": 9_901 - 6_000, "held": 6_000}

            def settled() -> bool:
                return [row(slug, r).status for r in (confirmed, retried, failed)] == [
                    "confirmed",
                    "confirmed",
                    "failed",
                ]

            assert wait_until(settled, timeout=60), [
                (row(slug, r).status, row(slug, r).submission_attempts, row(slug, r).last_error)
                for r in (confirmed, retried, failed)
            ]
            assert row(slug, confirmed).submission_attempts == 1
            assert row(slug, retried).submission_attempts == 2  # one refund at the bank all the same
            assert SandboxRefund.objects.filter(reference=retried).count() == 1
            assert row(slug, failed).failure_reason == "refund_rejected_by_bank"
            assert balance(slug) == {"available": 0, "pending": 9_901 - 5_000, "held": 0}
            final = deposit()
            assert (final.status, final.refunded_amount) == ("confirmed", 5_000)
            listed = owner.get("/api/refunds", {"deposit": deposit_id}).json()["items"]
            assert sorted(r["status"] for r in listed) == ["confirmed", "confirmed", "failed"]
            with schema_context("public"):
                assert check_invariants().ok
        finally:
            with schema_context("public"):
                Tenant.objects.filter(slug=slug).update(status="suspended")  # out of the periodic jobs
