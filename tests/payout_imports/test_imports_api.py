"""Payout imports through the HTTP API: preview (nothing moves), confirm (payouts through the same
service as a single payout, funds held), cancel, the tabs, the example, bad files (400, nothing
written), the same file twice, tenant isolation and roles."""

from __future__ import annotations

import io
import struct
import zipfile
from typing import Any

import pytest
from django_tenants.utils import schema_context
from openpyxl import load_workbook

from audit.models import AuditEntry
from files.models import StoredFile
from ops.demo import DEMO_PASSWORD
from payout_imports import reader
from payout_imports.models import PayoutImport
from payouts.models import Payout
from tests.payout_imports.helpers import BAD_CPF, PIX, TED, csv_bytes, unique, upload, xlsx_bytes
from tests.payouts.helpers import balance, fund, logged
from tests.support.http import ApiClient
from tests.support.second_factor import login_payload

pytestmark = pytest.mark.django_db


@pytest.fixture
def acme() -> ApiClient:
    fund("acme", 10_000_000)
    return logged("acme", "client")


def beta_owner() -> ApiClient:
    beta = ApiClient("beta")
    response = beta.post_json("/api/auth/login", login_payload("owner@beta.demo.test", DEMO_PASSWORD))
    assert response.status_code == 200, response.content
    return beta


def counts() -> tuple[int, int]:
    with schema_context("acme"):
        return PayoutImport.objects.count(), StoredFile.objects.filter(category="payout_import").count()


# ---------------------------------------------------------------------------------------- preview
def test_a_csv_preview_validates_every_row_and_moves_no_money(acme: ApiClient) -> None:
    before = balance("acme")
    content = csv_bytes([unique(TED), unique(PIX), BAD_CPF, [""] * 9])
    response = upload(acme, content)
    assert response.status_code == 201, response.content
    body = response.json()
    assert body["status"] == "preview"
    assert [(r["line"], r["status"]) for r in body["rows"]] == [(2, "ok"), (3, "ok"), (4, "error")]
    assert body["rows"][2]["errors"] == [
        {"field": "document", "code": "invalid_document", "message": "Invalid CPF or CNPJ."}
    ]
    assert body["rows"][0]["amount"] == 123_456
    assert body["rows"][1]["amount"] == 25_000
    assert body["totals"] | {} == body["totals"]
    assert (body["totals"]["rows"], body["totals"]["ok"], body["totals"]["error"]) == (3, 2, 1)
    assert body["totals"]["amount"] == 123_456 + 25_000
    assert balance("acme") == before
    with schema_context("acme"):
        assert Payout.objects.filter(description__startswith=body["id"]).count() == 0
        assert AuditEntry.objects.filter(action="payout_import.previewed").exists()


def test_row_errors_are_in_the_users_language(acme: ApiClient) -> None:
    pt = logged("acme", "client", language="pt-BR")
    row = ["Dani", "not-an-email", "529.982.247-25", "abc", "999", "1234", "1", "corrente", ""]
    body = upload(pt, csv_bytes([row])).json()
    errors = {e["field"]: e for e in body["rows"][0]["errors"]}
    assert errors["email"]["message"] == "E-mail inválido."
    assert errors["amount"]["code"] == "invalid_amount"
    assert errors["amount"]["message"].startswith("Valor inválido")
    assert errors["bank"]["code"] == "unknown_bank"


@pytest.mark.parametrize(
    ("text", "cents"),
    [("R$ 1.234,56", 123_456), ("1234,56", 123_456), ("1234.56", 123_456), ("1.000", 100_000), ("7", 700)],
)
def test_amounts_as_people_type_them(acme: ApiClient, text: str, cents: int) -> None:
    row = unique(PIX)
    row[3] = text
    body = upload(acme, csv_bytes([row])).json()
    assert body["rows"][0]["status"] == "ok", body["rows"][0]
    assert body["rows"][0]["amount"] == cents


def test_comma_separated_latin1_without_bom(acme: ApiClient) -> None:
    row = unique(PIX)
    row[0] = "João Conceição"
    row[3] = "10.50"
    response = upload(acme, csv_bytes([row], sep=",", bom=False, encoding="latin-1"))
    assert response.status_code == 201, response.content
    assert response.json()["rows"][0]["name"] == "João Conceição"


def test_names_with_quotes_and_backslashes_are_stored_as_typed(acme: ApiClient) -> None:
    row = unique(PIX)
    row[0] = 'Ana "A\\B" Souza'
    import_id = upload(acme, csv_bytes([row])).json()["id"]
    assert acme.get(f"/api/payout-imports/{import_id}").json()["rows"][0]["name"] == 'Ana "A\\B" Souza'


def test_a_csv_with_binary_past_its_start_is_not_a_spreadsheet(acme: ApiClient) -> None:
    response = upload(acme, csv_bytes([unique(PIX)] * 1) + b"x" * 70_000 + b"\x00")
    assert (response.status_code, response.json()["code"]) == (400, "not_a_spreadsheet")


def test_duplicate_rows_are_flagged_and_empty_rows_skipped(acme: ApiClient) -> None:
    row = unique(PIX)
    body = upload(acme, csv_bytes([row, [""] * 9, row])).json()
    assert [(r["line"], r["status"]) for r in body["rows"]] == [(2, "ok"), (4, "error")]
    assert body["rows"][1]["errors"][0]["code"] == "duplicate_row"
    assert "line 2" in body["rows"][1]["errors"][0]["message"]


def test_wrong_cell_types_are_row_errors(acme: ApiClient) -> None:
    row: list[Any] = unique(PIX)
    row[3] = True  # a boolean amount
    body = upload(acme, xlsx_bytes([row]), "saques.xlsx").json()
    assert body["rows"][0]["errors"] == [
        {"field": "amount", "code": "invalid_type", "message": "Invalid cell type (use text or a number)."}
    ]


def test_numeric_xlsx_cells(acme: ApiClient) -> None:
    row: list[Any] = unique(TED)
    row[2] = 52998224725  # a CPF typed as a number
    row[3] = 1234.56
    row[4] = 1
    body = upload(acme, xlsx_bytes([row]), "saques.xlsx").json()
    assert body["format"] == "xlsx"
    assert body["rows"][0]["status"] == "ok", body["rows"][0]
    assert body["rows"][0]["amount"] == 123_456


# ---------------------------------------------------------------------------------------- bad files
def _zip_bomb() -> bytes:
    """A real XLSX whose zip directory declares a sheet of 4 GB (what an inflating bomb declares)."""
    content = bytearray(xlsx_bytes([unique(PIX)]))
    at = content.find(b"PK\x01\x02")
    while at >= 0:
        name_length = struct.unpack_from("<H", content, at + 28)[0]
        if content[at + 46 : at + 46 + name_length] == b"xl/worksheets/sheet1.xml":
            struct.pack_into("<I", content, at + 24, 0xFFFFFFF0)
        at = content.find(b"PK\x01\x02", at + 4)
    return bytes(content)


def _encrypted() -> bytes:
    """What Excel writes for a password-protected workbook: a CFB container with an EncryptedPackage."""
    header = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + b"\x00" * 504
    entry = "EncryptedPackage".encode("utf-16-le").ljust(64, b"\x00")
    return header + entry + b"\x00" * 2048


def _formula() -> bytes:
    row: list[Any] = unique(PIX)
    row[3] = "=10+5"
    return xlsx_bytes([row])


def _docx_like() -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as archive:
        archive.writestr("[Content_Types].xml", "<Types/>")
        archive.writestr("word/document.xml", "<w:document/>")
    return out.getvalue()


@pytest.mark.parametrize(
    ("content", "code"),
    [
        (b"%PDF-1.7\n%binary\x00\x01", "not_a_spreadsheet"),
        (b"\x89PNG\r\n\x1a\n" + b"\x00" * 64, "not_a_spreadsheet"),
        (_docx_like(), "not_a_spreadsheet"),
        (_encrypted(), "password_protected"),
        (_zip_bomb(), "zip_bomb"),
        (_formula(), "formulas_not_allowed"),
        (xlsx_bytes([unique(PIX)], merge="A1:B1"), "merged_header_cells"),
        (csv_bytes([]).replace(b"documento", b"observacao"), "missing_headers"),
        (csv_bytes([]), "empty_file"),
        (b"", "empty_file"),
    ],
    ids=[
        "pdf",
        "png",
        "docx",
        "encrypted",
        "zip-bomb",
        "formula",
        "merged-header",
        "missing-header",
        "no-rows",
        "empty",
    ],
)
def test_bad_files_get_a_clear_400_and_nothing_is_written(acme: ApiClient, content: bytes, code: str) -> None:
    before = counts()
    response = upload(acme, content, "saques.xlsx")
    assert response.status_code == 400, response.content
    assert response.json()["code"] == code
    assert response.json()["message"]
    assert counts() == before


def test_more_rows_than_the_limit(acme: ApiClient, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(reader, "MAX_ROWS", 3)
    before = counts()
    response = upload(acme, csv_bytes([unique(PIX) for _ in range(4)]))
    assert response.status_code == 400
    assert response.json()["code"] == "too_many_rows"
    assert counts() == before


def test_a_formula_in_a_csv_is_refused(acme: ApiClient) -> None:
    row = unique(PIX)
    row[0] = '=HYPERLINK("http://x","y")'
    response = upload(acme, csv_bytes([row]))
    assert response.status_code == 400
    assert response.json()["code"] == "formulas_not_allowed"


# ---------------------------------------------------------------------------------------- confirm
def _confirmed_payouts(
    acme: ApiClient, content: bytes, name: str
) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    before = balance("acme")
    preview = upload(acme, content, name)
    assert preview.status_code == 201, preview.content
    import_id = preview.json()["id"]
    response = acme.post(f"/api/payout-imports/{import_id}/confirm")
    assert response.status_code == 200, response.content
    body = response.json()
    assert body["status"] == "confirmed"
    listed = acme.get("/api/payouts", {"kind": "manual", "per_page": "100"}).json()["items"]
    made = [p for p in listed if p["description"].startswith(import_id)]
    held = sum(p["amount"] + p["fee"] for p in made)
    after = balance("acme")
    assert after["held"] - before["held"] == held
    assert before["available"] - after["available"] == held
    return body, made


def test_a_good_csv_confirmed_becomes_payouts_holding_their_funds(acme: ApiClient) -> None:
    body, made = _confirmed_payouts(acme, csv_bytes([unique(TED), unique(PIX), BAD_CPF]), "saques.csv")
    assert sorted(p["amount"] for p in made) == [25_000, 123_456]
    assert {p["kind"] for p in made} == {"manual"}
    assert {p["withdraw_method"] for p in made} == {"pix", "ted"}
    outcomes = [(r["line"], r["outcome"], r["reason"]) for r in body["rows"]]
    assert outcomes[:2] == [(2, "confirmed", ""), (3, "confirmed", "")]
    assert outcomes[2][1] == "not_submitted"
    assert outcomes[2][2]
    assert body["totals"]["submitted"] == 2
    assert body["totals"]["not_submitted"] == 1
    assert {r["payout_id"] for r in body["rows"][:2]} == {p["id"] for p in made}
    with schema_context("acme"):
        assert AuditEntry.objects.filter(action="payout_import.confirmed").exists()


def test_a_good_xlsx_confirmed_becomes_payouts(acme: ApiClient) -> None:
    _body, made = _confirmed_payouts(acme, xlsx_bytes([unique(TED), unique(PIX)]), "saques.xlsx")
    assert len(made) == 2


def test_confirm_twice_makes_one_set_of_payouts(acme: ApiClient) -> None:
    import_id = upload(acme, csv_bytes([unique(PIX), unique(TED)])).json()["id"]
    first = acme.post(f"/api/payout-imports/{import_id}/confirm").json()
    again = acme.post(f"/api/payout-imports/{import_id}/confirm")
    assert again.status_code == 200
    assert [r["payout_id"] for r in again.json()["rows"]] == [r["payout_id"] for r in first["rows"]]
    with schema_context("acme"):
        assert Payout.objects.filter(description__startswith=import_id).count() == 2


def test_rows_the_balance_does_not_cover_are_not_submitted_with_their_reason(acme: ApiClient) -> None:
    available = balance("acme")["available"]
    big = unique(PIX)
    big[3] = f"{(available + 100_000) // 100},00"
    small = unique(TED)
    body = acme.post(
        f"/api/payout-imports/{upload(acme, csv_bytes([big, small])).json()['id']}/confirm"
    ).json()
    assert [(r["outcome"], r["reason"]) for r in body["rows"]] == [
        ("not_submitted", "Insufficient funds."),
        ("confirmed", ""),
    ]
    tabs = acme.get("/api/payout-imports", {"tab": "failed"}).json()["items"]
    assert body["id"] in {i["id"] for i in tabs}


def test_cancel_drops_the_preview(acme: ApiClient) -> None:
    content = csv_bytes([unique(PIX)])
    import_id = upload(acme, content).json()["id"]
    response = acme.post(f"/api/payout-imports/{import_id}/cancel")
    assert response.status_code == 200
    assert response.json()["status"] == "canceled"
    refused = acme.post(f"/api/payout-imports/{import_id}/confirm")
    assert (refused.status_code, refused.json()["code"]) == (409, "import_canceled")
    assert acme.get(f"/api/payout-imports/{import_id}").json()["rows"] == []
    # a canceled file may be uploaded again
    assert upload(acme, content).status_code == 201


def test_the_same_file_twice_is_recognised(acme: ApiClient) -> None:
    content = csv_bytes([unique(PIX)])
    first = upload(acme, content).json()["id"]
    again = upload(acme, content, "another-name.csv")
    assert again.status_code == 409
    assert again.json()["code"] == "duplicate_import"
    assert first in again.json()["message"]
    assert again.json()["fields"] == {"import_id": first}


def test_the_tabs(acme: ApiClient) -> None:
    clean = upload(acme, csv_bytes([unique(PIX)])).json()["id"]
    failed = upload(acme, csv_bytes([unique(PIX), BAD_CPF])).json()["id"]
    every = {i["id"] for i in acme.get("/api/payout-imports").json()["items"]}
    failing = {i["id"] for i in acme.get("/api/payout-imports", {"tab": "failed"}).json()["items"]}
    assert {clean, failed} <= every
    assert failed in failing
    assert clean not in failing


# ---------------------------------------------------------------------------------------- example
def test_the_example_spreadsheet_imports_cleanly(acme: ApiClient) -> None:
    xlsx = acme.get("/api/payout-imports/example", {"format": "xlsx"})
    assert xlsx.status_code == 200
    assert "attachment" in xlsx["Content-Disposition"]
    sheet = load_workbook(io.BytesIO(xlsx.content)).active
    assert [c.value for c in sheet[1]][:4] == ["name", "e-mail", "document", "amount"]
    assert sum(1 for row in sheet.iter_rows(values_only=True) if any(row)) == 3
    assert len(sheet.data_validations.dataValidation) == 2
    body = upload(acme, xlsx.content, "example.xlsx").json()
    assert [r["status"] for r in body["rows"]] == ["ok", "ok"], body["rows"]
    csv = acme.get("/api/payout-imports/example", {"format": "csv"})
    assert csv.content.startswith(b"\xef\xbb\xbf")
    # the same rows as the XLSX example: recognised as another file (its bytes differ), valid too
    assert [r["status"] for r in upload(acme, csv.content).json()["rows"]] == ["ok", "ok"]


# ---------------------------------------------------------------------------------------- who
def test_another_tenants_user_gets_404(acme: ApiClient) -> None:
    import_id = upload(acme, csv_bytes([unique(PIX)])).json()["id"]
    beta = beta_owner()
    for method, path in [("get", ""), ("post", "/confirm"), ("post", "/cancel")]:
        response = getattr(beta, method)(f"/api/payout-imports/{import_id}{path}")
        assert response.status_code in (403, 404), (path, response.status_code)
    # beta has no manual_withdraws toggle: refused before looking; a tenant with it finds nothing
    with schema_context("public"):
        from tenants.models import Tenant

        tenant = Tenant.objects.get(slug="beta")
        tenant.feature_toggles = [*tenant.feature_toggles, "manual_withdraws"]
        tenant.save()
    beta = beta_owner()
    for method, path in [("get", ""), ("post", "/confirm"), ("post", "/cancel")]:
        assert getattr(beta, method)(f"/api/payout-imports/{import_id}{path}").status_code == 404
    with schema_context("acme"):
        assert PayoutImport.objects.get(public_id=import_id).status == "preview"


@pytest.mark.parametrize("role", ["client_user_analyst", "client_user"])
def test_roles_without_write_on_manual_withdraws_are_refused(acme: ApiClient, role: str) -> None:
    import_id = upload(acme, csv_bytes([unique(PIX)])).json()["id"]
    other = logged("acme", role)
    assert upload(other, csv_bytes([unique(PIX)])).status_code == 403
    assert other.post(f"/api/payout-imports/{import_id}/confirm").status_code == 403
    assert other.post(f"/api/payout-imports/{import_id}/cancel").status_code == 403


def test_the_financial_user_imports(acme: ApiClient) -> None:
    financial = logged("acme", "client_user_financial")
    assert upload(financial, csv_bytes([unique(PIX)])).status_code == 201
