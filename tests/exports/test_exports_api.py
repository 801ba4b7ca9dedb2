"""Exports through the API (run inline, inside the test's transaction): the contract, the file's
content against the list API for the same filters, the CSV-BR and XLSX formats, formula
neutralisation, who may read an export, bad filters, cancel and the sweep of stuck runs."""

from __future__ import annotations

import csv
import io
from datetime import date, datetime
from typing import Any

import openpyxl
import pytest
from django.utils import timezone
from django_tenants.utils import schema_context

from core.ids import new_public_id
from core.text import search_text
from exports import services
from exports.models import Export
from exports.xlsx import XlsxWriter
from notifications.models import Notification
from ops.demo import BETA_OWNER, DEMO_PASSWORD
from payments.models import Deposit
from tests.support.http import ApiClient
from tests.support.second_factor import login_payload

pytestmark = pytest.mark.django_db

EVIL = '=HYPERLINK("http://x.test","click")'


def content(response: Any) -> bytes:
    """The bytes of a streamed download (FileResponse)."""
    return b"".join(response.streaming_content)


def deposits(*rows: dict[str, Any]) -> list[str]:
    ids = []
    with schema_context("acme"):
        for extra in rows:
            fields = {
                "public_id": new_public_id("dep"), "method": "pix", "amount": 12_345, "currency": "BRL",
                "payer_name": "Ana Souza", "payer_document": "52998224725", "fee": 99,
            } | extra  # fmt: skip
            fields.setdefault("search_name", search_text(str(fields["payer_name"])))
            ids.append(Deposit.objects.create(**fields).public_id)
    return ids


def owner(slug: str = "acme", role: str = "client", language: str = "en") -> ApiClient:
    client = ApiClient(slug, language=language)
    client.login_as(role)
    return client


def export(client: ApiClient, body: dict[str, Any]) -> dict[str, Any]:
    response = client.post_json("/api/exports", body)
    assert response.status_code == 202, response.content
    created = response.json()
    assert set(created) == {"id", "status"}
    assert created["status"] == "queued"
    with schema_context(client.slug):
        row = Export.objects.get(public_id=created["id"])
        assert services.run_export(row.pk) == "done"
    answer = client.get(f"/api/exports/{created['id']}")
    assert answer.status_code == 200, answer.content
    return dict(answer.json())


def download(client: ApiClient, url: str) -> bytes:
    response = client.get(url)
    assert response.status_code == 200, response.content
    assert response["Cache-Control"] == "private, no-store"
    return content(response)


def listed(client: ApiClient, path: str, params: dict[str, Any]) -> list[dict[str, Any]]:
    items: list[dict[str, Any]] = []
    cursor = None
    while True:
        page = client.get(path, {**params, "per_page": 100, **({"cursor": cursor} if cursor else {})})
        assert page.status_code == 200, page.content
        items += page.json()["items"]
        cursor = page.json()["next_cursor"]
        if not cursor:
            return items


def test_the_contract_queued_then_done_with_progress_rows_and_url() -> None:
    deposits({"payer_name": "Contract Person"})
    client = owner()
    done = export(client, {"type": "payments", "format": "csv", "filters": {"q": "Contract Person"}})
    assert done["status"] == "done"
    assert done["progress"] == 100
    assert done["rows"] == 1
    assert done["url"] == f"/api/exports/{done['id']}/file"
    assert done["size"] > 0
    body = download(client, done["url"]).decode()
    assert "Contract Person" in body
    mine = client.get("/api/exports").json()
    assert done["id"] in [e["id"] for e in mine]
    # the bell says it, in the reader's language
    note = client.get("/api/notifications").json()
    titles = [n["title"] for n in (note["items"] if isinstance(note, dict) else note)]
    assert "File download successful" in titles
    ready = Notification.objects.get(kind="export.ready", params__export=done["id"])
    assert ready.link == "clients/payments"  # the list it came from


def test_the_csv_holds_exactly_what_the_list_shows_for_the_same_filters() -> None:
    deposits(
        {"amount": 1_000, "status": "confirmed"},
        {"amount": 2_000, "status": "confirmed", "method": "billet", "due_date": date(2030, 1, 5)},
        {"amount": 3_000, "status": "pending"},
        {"amount": 4_000, "status": "confirmed", "currency": "USD", "method": "card"},
    )
    client = owner()
    filters = {"status": ["confirmed"], "currency": ["BRL", "USD"], "sort": "amount"}
    done = export(client, {"type": "payments", "format": "csv", "filters": filters})
    rows = list(csv.reader(io.StringIO(download(client, done["url"]).decode())))
    header, body = rows[0], rows[1:]
    assert header[:6] == ["ID", "Created at", "Status", "Type", "Currency", "Amount"]
    expected = listed(client, "/api/deposits", filters)
    assert len(body) == len(expected) == done["rows"]
    assert [r[0] for r in body] == [d["id"] for d in expected]  # same rows, same order
    for row, item in zip(body, expected, strict=True):
        assert row[2:5] == [item["status"], item["method"], item["currency"]]
        assert row[5] == f"{item['amount'] / 100:.2f}"
        assert row[6] == f"{item['fee'] / 100:.2f}"
        assert row[7] == f"{item['net'] / 100:.2f}"
        assert row[9] == item["payer_name"]
        assert row[11] == (item["due_date"] or "")


def test_payouts_export_equals_the_payouts_list() -> None:
    client = owner()
    expected = listed(client, "/api/payouts", {})
    done = export(client, {"type": "payouts", "format": "csv", "filters": {}})
    rows = list(csv.reader(io.StringIO(download(client, done["url"]).decode())))
    header, body = rows[0], rows[1:]
    assert [r[0] for r in body] == [p["id"] for p in expected]
    # English names the thing a withdrawal (the verb is "withdraw")
    assert header[:5] == ["ID", "Created at", "Status", "Kind", "Withdrawal method"]


def test_csv_br_has_a_bom_semicolons_and_decimal_commas() -> None:
    deposits({"amount": 123_456, "payer_name": "Brasil; Ltda"})
    client = owner(language="pt-BR")
    done = export(client, {"type": "payments", "format": "csv", "dialect": "br", "filters": {"q": "Brasil"}})
    assert done["format"] == "csv_br"
    raw = download(client, done["url"])
    assert raw.startswith(b"\xef\xbb\xbf")
    text = raw[3:].decode()
    rows = list(csv.reader(io.StringIO(text), delimiter=";"))
    assert rows[0][:6] == ["ID", "Criado em", "Status", "Tipo", "Moeda", "Valor"]
    (row,) = rows[1:]
    assert row[5] == "1234,56"
    assert row[9] == "Brasil; Ltda"  # quoted, so the separator inside stays in its cell
    assert '"Brasil; Ltda"' in text
    assert row[1][2] == "/"  # dd/mm/yyyy
    # the same through format "csv_br"
    again = export(client, {"type": "payments", "format": "csv_br", "filters": {"q": "Brasil"}})
    assert download(client, again["url"])[:3] == b"\xef\xbb\xbf"


def test_xlsx_cells_are_typed_money_numbers_with_a_currency_format_and_dates() -> None:
    deposits(
        {"amount": 150_075, "payer_name": "Typed Cells", "due_date": date(2030, 2, 3)},
        {"amount": 990, "currency": "USD", "method": "card", "payer_name": "Typed Cells"},
    )
    client = owner()
    done = export(
        client, {"type": "payments", "format": "xlsx", "filters": {"q": "Typed Cells", "sort": "-amount"}}
    )
    book = openpyxl.load_workbook(io.BytesIO(download(client, done["url"])))
    sheet = book.worksheets[0]
    rows = list(sheet.iter_rows(values_only=False))
    assert [c.value for c in rows[0]][:6] == ["ID", "Created at", "Status", "Type", "Currency", "Amount"]
    brl, usd = rows[1], rows[2]
    assert brl[5].value == 1500.75
    assert isinstance(brl[5].value, float)
    assert "R$" in brl[5].number_format
    assert usd[5].value == 9.9
    assert "US$" in usd[5].number_format
    assert isinstance(brl[1].value, datetime)
    assert brl[11].value == datetime(2030, 2, 3)  # noqa: DTZ001 (a spreadsheet date has no zone)
    assert brl[11].is_date
    assert brl[9].value == "Typed Cells"


def test_formulas_are_neutralised_and_money_stays_a_number() -> None:
    deposits({"payer_name": EVIL, "amount": 5_000}, {"payer_name": "@SUM(A1)", "amount": 100})
    client = owner()
    for fmt in ("csv", "xlsx"):
        done = export(
            client, {"type": "payments", "format": fmt, "filters": {"amount_max": 5_000, "sort": "amount"}}
        )
        raw = download(client, done["url"])
        if fmt == "csv":
            rows = list(csv.reader(io.StringIO(raw.decode())))[1:]
            names = [r[9] for r in rows]
            assert "'" + EVIL in names
            assert "'@SUM(A1)" in names
            assert all(not n.startswith(("=", "+", "-", "@")) for n in names)
            assert {r[5] for r in rows} >= {"50.00", "1.00"}
        else:
            sheet = openpyxl.load_workbook(io.BytesIO(raw)).worksheets[0]
            values = list(sheet.iter_rows(min_row=2, values_only=True))
            names = [v[9] for v in values]
            assert "'" + EVIL in names
            assert "'@SUM(A1)" in names
            assert {v[5] for v in values} >= {50.0, 1.0}


def test_another_tenants_user_gets_404_on_the_export_and_its_file() -> None:
    client = owner()
    done = export(client, {"type": "payments", "format": "csv", "filters": {}})
    other = ApiClient("beta")
    login = other.post_json("/api/auth/login", login_payload(BETA_OWNER, DEMO_PASSWORD))
    assert login.status_code == 200, login.content
    assert other.get(f"/api/exports/{done['id']}").status_code == 404
    assert other.get(done["url"]).status_code == 404
    assert other.post_json(f"/api/exports/{done['id']}/cancel").status_code == 404
    assert done["id"] not in [e["id"] for e in other.get("/api/exports").json()]
    # the acme session sent to beta's host is no one there
    stolen = ApiClient("beta")
    stolen.cookies = client.cookies
    assert stolen.get(done["url"]).status_code == 401


def test_another_member_of_the_same_tenant_cannot_read_someone_elses_export() -> None:
    client = owner()
    done = export(client, {"type": "payments", "format": "csv", "filters": {}})
    colleague = owner(role="client_user_admin")
    assert colleague.get(f"/api/exports/{done['id']}").status_code == 404
    assert colleague.get(done["url"]).status_code == 404
    assert done["id"] not in [e["id"] for e in colleague.get("/api/exports").json()]


def test_a_read_only_role_may_export_what_it_reads_but_not_a_list_it_cannot_see() -> None:
    analyst = owner(role="client_user_analyst")
    assert analyst.post_json("/api/exports", {"type": "payments", "format": "csv"}).status_code == 202
    customer = ApiClient("acme")
    customer.login_as("customer")
    refused = customer.post_json("/api/exports", {"type": "payments", "format": "csv"})
    assert refused.status_code == 403, refused.content


@pytest.mark.parametrize(
    ("filters", "field"),
    [
        ({"date_from": "yesterday"}, "filters.date_from"),
        ({"amount_min": "ten"}, "filters.amount_min"),
        ({"sort": "payer_document"}, "filters.sort"),
        ({"colour": "red"}, "filters.colour"),
    ],
)
def test_bad_filters_answer_400_translated(filters: dict[str, Any], field: str) -> None:
    for language, text in (
        ("en", "Please check the highlighted fields."),
        ("pt-BR", "Verifique os campos destacados."),
    ):
        client = owner(language=language)
        response = client.post_json("/api/exports", {"type": "payments", "format": "csv", "filters": filters})
        assert response.status_code == 400, response.content
        assert response.json()["code"] == "invalid_input"
        assert response.json()["message"] == text
        assert field in response.json()["fields"]
    with schema_context("acme"):
        assert not Export.objects.filter(filters=filters).exists()


def test_bad_type_or_format_answer_400() -> None:
    client = owner()
    for body in (
        {"type": "refunds", "format": "csv"},
        {"type": "payments", "format": "pdf"},
        {"format": "csv"},
    ):
        response = client.post_json("/api/exports", body)
        assert response.status_code == 400, response.content
        assert response.json()["code"] == "invalid_input"


def test_cancel_stops_a_queued_export_and_a_finished_one_cannot_be_canceled() -> None:
    client = owner()
    created = client.post_json("/api/exports", {"type": "payments", "format": "xlsx"}).json()
    canceled = client.post_json(f"/api/exports/{created['id']}/cancel")
    assert canceled.status_code == 200, canceled.content
    assert canceled.json()["status"] == "canceled"
    with schema_context("acme"):
        assert services.run_export(Export.objects.get(public_id=created["id"]).pk) == "skipped"
    again = client.post_json(f"/api/exports/{created['id']}/cancel")
    assert again.status_code == 409
    assert again.json()["code"] == "export_not_active"


def test_a_run_whose_worker_died_is_sent_again_then_failed_never_left_running() -> None:
    client = owner()
    created = client.post_json("/api/exports", {"type": "payments", "format": "csv"}).json()
    with schema_context("acme"):
        row = Export.objects.get(public_id=created["id"])
        long_ago = timezone.now() - services.STUCK_AFTER * 2
        # a worker claimed it, then died: running, no lease, no heartbeat since
        Export.objects.filter(pk=row.pk).update(status="running", attempts=1)
        Export.objects.filter(pk=row.pk).update(updated_at=long_ago)
        assert services.sweep_stuck() == 1
        assert Export.objects.get(pk=row.pk).status == "queued"  # sent again (attempts remain)
        Export.objects.filter(pk=row.pk).update(status="running", attempts=services.MAX_ATTEMPTS)
        Export.objects.filter(pk=row.pk).update(updated_at=long_ago)
        assert services.sweep_stuck() == 1
        final = Export.objects.get(pk=row.pk)
        assert (final.status, final.error) == ("failed", "worker_lost")
    notes = Notification.objects.filter(kind="export.failed", params__export=created["id"])
    assert notes.count() == 1
    assert client.get(f"/api/exports/{created['id']}").json()["status"] == "failed"


def test_expired_files_are_deleted_and_no_longer_served() -> None:
    client = owner()
    done = export(client, {"type": "payments", "format": "csv", "filters": {}})
    with schema_context("acme"):
        Export.objects.filter(public_id=done["id"]).update(expires_at=timezone.now())
        assert services.purge_expired() == 1
        assert Export.objects.get(public_id=done["id"]).file is None
    assert client.get(done["url"]).status_code == 404
    assert client.get(f"/api/exports/{done['id']}").json()["url"] is None


def test_more_rows_than_a_sheet_holds_continue_on_the_next_sheet() -> None:
    out = io.BytesIO()
    writer = XlsxWriter(
        out,
        header=["n", "amount", "currency"],
        kinds=["integer", "money", "text"],
        currency_at=2,
        sheet_rows=3,
    )
    writer.write_rows([(i, i * 100, "BRL") for i in range(1, 8)])
    writer.close()
    book = openpyxl.load_workbook(io.BytesIO(out.getvalue()))
    sheets = [list(s.iter_rows(values_only=True)) for s in book.worksheets]
    assert [len(s) for s in sheets] == [4, 4, 2]  # header + 3, header + 3, header + 1
    assert all(s[0] == ("n", "amount", "currency") for s in sheets)
    assert [r[0] for s in sheets for r in s[1:]] == list(range(1, 8))
    assert sheets[2][1][1] == 7.0


def test_an_api_key_requests_an_export_and_downloads_its_file() -> None:
    session = owner()
    created = session.post_json("/api/credentials/keys", {"name": "ERP exports"})
    assert created.status_code == 201, created.content
    headers = {"Authorization": f"Bearer {created.json()['token']}"}
    keyed = ApiClient("acme", enforce_csrf_checks=True)  # no cookie: only the key gets it in
    answer = keyed.post_json("/api/exports", {"type": "payments", "format": "xlsx"}, headers=headers)
    assert answer.status_code == 202, answer.content
    with schema_context("acme"):
        assert services.run_export(Export.objects.get(public_id=answer.json()["id"]).pk) == "done"
    done = keyed.get(f"/api/exports/{answer.json()['id']}", headers=headers).json()
    response = keyed.get(done["url"], headers=headers)
    assert response.status_code == 200
    assert content(response)[:2] == b"PK"  # a zip: the XLSX
    assert keyed.get(done["url"]).status_code == 401  # the key, not the address, opens it
