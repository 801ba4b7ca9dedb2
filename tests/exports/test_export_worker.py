"""An export made by the real dramatiq worker on committed data: requested through the API, its
progress read while it runs, its file downloaded once done, its owner told in the bell."""

from __future__ import annotations

import csv
import io
import time
from collections.abc import Callable
from typing import Any

import openpyxl
import pytest
from django_tenants.utils import schema_context

from core.ids import new_public_id
from payments.models import Deposit
from tenants.models import Tenant
from tests.payouts.helpers import committed_client

pytestmark = [pytest.mark.worker]


def content(response: Any) -> bytes:
    """The bytes of a streamed download (FileResponse)."""
    return b"".join(response.streaming_content)


def wait_until(condition: Callable[[], bool], timeout: float = 60, interval: float = 0.2) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(interval)
    return False


def test_the_worker_writes_the_file_and_the_owner_downloads_it(worker: None, django_db_blocker: Any) -> None:
    with django_db_blocker.unblock():
        slug, owner = committed_client("exw")
        try:
            with schema_context(slug):
                Deposit.objects.bulk_create(
                    Deposit(
                        public_id=new_public_id("dep"),
                        method="pix",
                        amount=100 + i,
                        currency="BRL",
                        payer_name=f"Pagador {i}",
                        payer_document="52998224725",
                        status="confirmed",
                    )
                    for i in range(250)
                )
            ids = {}
            for fmt in ("csv", "xlsx"):
                created = owner.post_json(
                    "/api/exports", {"type": "payments", "format": fmt, "filters": {"status": ["confirmed"]}}
                )
                assert created.status_code == 202, created.content
                ids[fmt] = created.json()["id"]

            def done() -> bool:
                states = [owner.get(f"/api/exports/{i}").json()["status"] for i in ids.values()]
                assert "failed" not in states
                return states == ["done", "done"]

            assert wait_until(done), [owner.get(f"/api/exports/{i}").json() for i in ids.values()]
            answer = owner.get(f"/api/exports/{ids['csv']}").json()
            assert (answer["rows"], answer["progress"]) == (250, 100)
            body = owner.get(answer["url"])
            assert body.status_code == 200
            rows = list(csv.reader(io.StringIO(content(body).decode())))
            assert len(rows) == 251
            assert {r[2] for r in rows[1:]} == {"confirmed"}
            xlsx = owner.get(owner.get(f"/api/exports/{ids['xlsx']}").json()["url"])
            sheet = openpyxl.load_workbook(io.BytesIO(content(xlsx))).worksheets[0]
            assert sheet.max_row == 251
            notes = owner.get("/api/notifications").json()
            items = notes["items"] if isinstance(notes, dict) else notes
            assert (
                sum(
                    1
                    for n in items
                    if n["title"] in ("Arquivo pronto para download", "File download successful")
                )
                == 2
            )
        finally:
            with schema_context("public"):
                Tenant.objects.filter(slug=slug).update(status="suspended")  # out of the periodic jobs
