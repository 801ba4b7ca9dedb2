"""A CNAB 240 payment remittance through the payout import (the third format beside CSV and XLSX): the
same preview, confirm and duplicate rules, payouts through the same service, and a malformed file
refused with its line and nothing written."""

from __future__ import annotations

import pytest
from django.db.models import Sum
from django_tenants.utils import schema_context

from files.models import StoredFile
from ledger.models import Posting
from payout_imports.models import PayoutImport
from payouts.models import Payout
from tests.payout_imports.helpers import PIX, csv_bytes, remittance, unique, upload
from tests.payouts.helpers import balance, fund, logged
from tests.support.http import ApiClient

pytestmark = pytest.mark.django_db


@pytest.fixture
def acme() -> ApiClient:
    fund("acme", 10_000_000)
    return logged("acme", "client")


def counts() -> tuple[int, int]:
    with schema_context("acme"):
        return PayoutImport.objects.count(), StoredFile.objects.filter(category="payout_import").count()


def test_a_remittance_is_previewed_like_a_spreadsheet_and_moves_no_money(acme: ApiClient) -> None:
    before = balance("acme")
    response = upload(acme, remittance().bytes(), "PAG0112.REM")
    assert response.status_code == 201, response.content
    body = response.json()
    assert (body["status"], body["format"]) == ("preview", "cnab")
    rows = [(r["line"], r["status"], r["name"], r["amount"]) for r in body["rows"]]
    assert rows == [
        (3, "ok", "ANA SOUZA", 123_456),
        (7, "ok", "BRUNO LIMA", 25_000),
        (11, "error", "LUZ SA", 9_990),
    ]
    assert [r["method"] for r in body["rows"][:2]] == ["ted", "pix"]
    assert body["rows"][0]["bank"]
    assert body["rows"][2]["errors"][0]["code"] == "boleto_not_supported"
    assert (body["totals"]["rows"], body["totals"]["ok"], body["totals"]["amount"]) == (3, 2, 148_456)
    assert balance("acme") == before


def test_a_confirmed_remittance_becomes_payouts_with_a_balanced_ledger(acme: ApiClient) -> None:
    before = balance("acme")
    import_id = upload(acme, remittance().bytes(), "pagamentos.txt").json()["id"]
    response = acme.post(f"/api/payout-imports/{import_id}/confirm")
    assert response.status_code == 200, response.content
    body = response.json()
    assert [(r["outcome"], r["amount"]) for r in body["rows"]] == [
        ("confirmed", 123_456),
        ("confirmed", 25_000),
        ("not_submitted", 9_990),
    ]
    assert (body["totals"]["submitted"], body["totals"]["not_submitted"]) == (2, 1)
    with schema_context("acme"):
        made = Payout.objects.filter(description__startswith=import_id)
        assert sorted(p.amount for p in made) == [25_000, 123_456]
        assert {p.method for p in made} == {"ted", "pix"}
        held = sum(p.amount + p.fee for p in made)
    assert balance("acme")["held"] - before["held"] == held
    unbalanced = Posting.objects.values("entry").annotate(total=Sum("amount")).exclude(total=0)
    assert not unbalanced.exists()


def test_the_same_remittance_twice_is_a_duplicate(acme: ApiClient) -> None:
    content = remittance().bytes()
    first = upload(acme, content, "a.rem")
    assert first.status_code == 201
    again = upload(acme, content, "b.rem")
    assert again.status_code == 409
    assert again.json()["code"] == "duplicate_import"


@pytest.mark.parametrize("language", ["en", "pt-BR"])
def test_a_batch_total_mismatch_is_refused_with_its_line_and_nothing_written(language: str) -> None:
    client = logged("acme", "client", language=language)
    before = counts()
    response = upload(client, remittance(ted_total=123_455).bytes(), "pag.rem")
    assert response.status_code == 400, response.content
    body = response.json()
    assert body["code"] == "cnab_batch_total_mismatch"
    assert body["fields"] == {"file": "cnab_batch_total_mismatch", "line": "5"}
    assert ("line 5" if language == "en" else "linha 5") in body["message"]
    assert counts() == before
    with schema_context("acme"):
        assert PayoutImport.objects.filter(file_name="pag.rem").count() == 0


def test_a_short_record_is_refused_with_its_line(acme: ApiClient) -> None:
    lines = remittance().records()
    lines[2] = lines[2][:200]
    response = upload(acme, "\r\n".join(lines).encode("latin-1"), "pag.rem")
    assert response.status_code == 400
    assert response.json()["code"] == "cnab_invalid_length"
    assert response.json()["fields"]["line"] == "3"


def test_the_format_is_told_by_content_not_by_name(acme: ApiClient) -> None:
    cnab = upload(acme, b"\xef\xbb\xbf" + remittance().bytes(), "saques.csv")
    assert cnab.status_code == 201, cnab.content
    assert cnab.json()["format"] == "cnab"
    spreadsheet = upload(acme, csv_bytes([unique(PIX)]), "PAG0112.REM")
    assert spreadsheet.status_code == 201, spreadsheet.content
    assert spreadsheet.json()["format"] == "csv"
