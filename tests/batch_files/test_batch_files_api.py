"""Money out by file through the API: a CNAB 240 remittance of a bank's approved payouts (the layout,
its trailers, the payouts sent and never in two files), and the bank's return (confirm, reject,
unknown and duplicate references, the same file twice, bad files), staff only."""

from __future__ import annotations

import io
import json
from datetime import UTC, date, datetime
from typing import Any

import pytest
from django_tenants.utils import schema_context

from batch_files.models import BatchFile, BatchItem
from brazil.cnab240 import BATCH_TRAILER, FILE_TRAILER, SEGMENT_A, parse_file
from brazil.cnab240_payments import Company, Payment, build_remittance, build_return
from brazil.cnab240_remittance import read_remittance
from cofre_sandbox_bank.testing import return_for
from payouts import services as payout_services
from payouts.models import Payout
from tests.payouts.helpers import BB_ACCOUNT, balance, clearing_balance, create_payout, fund, logged
from tests.support.http import ApiClient

pytestmark = pytest.mark.django_db

FEE = 150  # acme's demo fee per PIX payout (held with the amount, revenue when confirmed)
PROVIDER = "sandbox_bank"


def auto_approving(slug: str) -> ApiClient:
    client = logged(slug, "client") if slug == "acme" else _owner(slug)
    admin = logged("public", "admin")
    response = admin.generic(
        "PUT",
        f"/api/admin/compliance-rules/{slug}",
        json.dumps({"currency": "BRL", "auto_approve_up_to": 1_000_000}),
        content_type="application/json",
    )
    assert response.status_code == 200, response.content
    fund(slug, 500_000)
    return client


def _owner(slug: str) -> ApiClient:
    client = ApiClient(slug)
    response = client.post_json(
        "/api/auth/login", {"email": f"owner@{slug}.demo.test", "password": "cofre-demo"}
    )
    assert response.status_code == 200, response.content
    return client


@pytest.fixture
def acme() -> ApiClient:
    return auto_approving("acme")


@pytest.fixture
def admin() -> ApiClient:
    return logged("public", "admin")


def approved(client: ApiClient, amount: int = 10_000, method: str = "pix") -> str:
    account = client.post_json("/api/bank-accounts", BB_ACCOUNT).json()["id"]
    response = create_payout(client, {"amount": amount, "method": method, "bank_account_id": account})
    assert response.status_code == 201, response.content
    assert response.json()["status"] == "approved"
    return str(response.json()["id"])


def status(slug: str, public_id: str) -> str:
    with schema_context(slug):
        return Payout.objects.get(public_id=public_id).status


def generate(admin: ApiClient, **body: Any) -> Any:
    return admin.post_json("/api/batch-files/remittances", {"provider": PROVIDER, **body})


def download(admin: ApiClient, batch: dict[str, Any]) -> bytes:
    response = admin.get(batch["download_url"])
    assert response.status_code == 200
    return bytes(response.getvalue())


def upload_return(admin: ApiClient, content: bytes, provider: str = PROVIDER) -> Any:
    handle = io.BytesIO(content)
    handle.name = "RET000001.ret"
    return admin.post("/api/batch-files/returns", {"file": handle, "provider": provider})


def test_the_remittance_carries_the_approved_payouts_in_the_cnab_240_layout(
    acme: ApiClient, admin: ApiClient
) -> None:
    pix, ted = approved(acme, 10_000), approved(acme, 25_050, method="ted")
    response = generate(admin, client="acme")
    assert response.status_code == 201, response.content
    batch = response.json()
    assert (batch["kind"], batch["lines"], batch["amount"], batch["client"]) == (
        "remittance",
        2,
        35_050,
        "acme",
    )
    assert {i["payout_id"] for i in batch["items"]} == {pix, ted}
    assert all(len(i["reference"]) == 20 and i["status"] == "sent" for i in batch["items"])
    text = download(admin, batch).decode("ascii")
    assert all(len(line) == 240 for line in text.split("\r\n")[:-1])
    records = parse_file(text)
    trailers = [v for layout, v in records if layout is BATCH_TRAILER]
    assert {t["total_centavos"] for t in trailers} == {10_000, 25_050}
    assert records[-1][0] is FILE_TRAILER
    assert records[-1][1]["record_count"] == len(records)
    segments = {v["company_reference"]: v for layout, v in records if layout is SEGMENT_A}
    by_payout = {i["payout_id"]: i for i in batch["items"]}
    assert segments[by_payout[ted]["reference"]]["payee_bank"] == "001"
    assert segments[by_payout[ted]["reference"]]["amount_centavos"] == 25_050
    assert len(read_remittance(text)) == 2  # trailers counted and summed right
    assert {i["line"] for i in batch["items"]} == {3, 7}  # the segment A of each
    # sent: accepted for payment, never submitted one by one, never in a second file
    assert status("acme", pix) == status("acme", ted) == "pending"
    with schema_context("acme"):  # the submission job finds nothing to send
        assert payout_services.submit_payout(Payout.objects.get(public_id=pix).pk) == "skipped"
    again = generate(admin, client="acme")
    assert again.status_code == 409
    assert again.json()["code"] == "no_payouts_to_send"
    listed = admin.get("/api/batch-files?kind=remittance").json()["items"]
    assert [b["id"] for b in listed] == [batch["id"]]


def test_the_return_confirms_and_rejects_and_the_same_file_twice_moves_money_once(
    acme: ApiClient, admin: ApiClient
) -> None:
    paid, refused = approved(acme, 10_000), approved(acme, 20_000)
    start, bank_start = balance("acme"), clearing_balance()
    batch = generate(admin).json()
    refs = {i["payout_id"]: i["reference"] for i in batch["items"]}
    returned = return_for(download(admin, batch), rejected={refs[refused]: "AN"})
    response = upload_return(admin, returned)
    assert response.status_code == 201, response.content
    answer = response.json()
    assert answer["summary"] == {"confirmed": 1, "rejected": 1}
    outcome = {r["payout_id"]: (r["outcome"], r["occurrences"]) for r in answer["results"]}
    assert outcome == {paid: ("confirmed", "00"), refused: ("rejected", "AN")}
    assert (status("acme", paid), status("acme", refused)) == ("confirmed", "canceled")
    after = balance("acme")
    assert after["held"] == start["held"] - (10_000 + FEE) - (20_000 + FEE)  # both holds gone
    assert after["available"] == start["available"] + 20_000 + FEE  # the refused one released
    assert bank_start - clearing_balance() == 10_000  # the paid one left through the bank
    detail = admin.get(f"/api/batch-files/{batch['id']}").json()
    assert {i["payout_id"]: i["status"] for i in detail["items"]} == {paid: "confirmed", refused: "rejected"}
    with schema_context("acme"):
        events = list(Payout.objects.get(public_id=paid).events.values_list("source", "to_status"))
    assert events[-2:] == [("batch_file", "pending"), ("batch_file", "confirmed")]

    twice = upload_return(admin, returned)
    assert twice.status_code == 201
    assert twice.json()["summary"] == {"already_applied": 2}
    assert twice.json()["duplicate_of"] == answer["id"]
    assert balance("acme") == after
    assert bank_start - clearing_balance() == 10_000


def test_unknown_and_repeated_references_are_reported_and_change_nothing(
    acme: ApiClient, admin: ApiClient
) -> None:
    payout = approved(acme, 10_000)
    batch = generate(admin).json()
    ours = batch["items"][0]["reference"]
    company = Company(bank="999", document="11222333000181", name="Cofre")
    payments = [
        Payment(ours, "pix", "Ana", "52998224725", 10_000, pix_key="a@b.co", pix_key_type="email"),
        Payment(
            "CFUNKNOWN00000000000", "pix", "Eve", "52998224725", 500, pix_key="e@b.co", pix_key_type="email"
        ),
        Payment(ours, "pix", "Ana", "52998224725", 10_000, pix_key="a@b.co", pix_key_type="email"),
    ]
    day = date(2026, 11, 27)
    at = datetime(2026, 11, 27, tzinfo=UTC)
    text = build_remittance(company, payments, sequence=1, generated_at=at, pay_on=day)
    before = balance("acme")
    response = upload_return(
        admin, build_return(text, paid_on=date(2026, 11, 27), rejected={ours: "AG"}).encode()
    )
    assert response.status_code == 201, response.content
    results = response.json()["results"]
    assert [(r["line"], r["outcome"]) for r in results] == [
        (3, "rejected"),
        (5, "unknown_reference"),
        (7, "duplicate"),
    ]
    assert status("acme", payout) == "canceled"
    assert balance("acme")["available"] == before["available"] + 10_000 + FEE


@pytest.mark.parametrize(
    ("content", "code"),
    [
        (b"", "empty_file"),
        (b"not a cnab file at all", "cnab_invalid_length"),
        (None, "cnab_not_a_return"),  # the remittance itself sent back as a return
    ],
)
def test_a_bad_return_file_is_refused_whole(
    acme: ApiClient, admin: ApiClient, content: bytes | None, code: str
) -> None:
    payout = approved(acme)
    batch = generate(admin).json()
    files = BatchFile.objects.count()
    response = upload_return(admin, download(admin, batch) if content is None else content)
    assert response.status_code == 400, response.content
    assert response.json()["code"] == code
    assert response.json()["message"]
    assert BatchFile.objects.count() == files
    assert status("acme", payout) == "pending"


def test_a_provider_that_cannot_pay_by_file_is_refused(admin: ApiClient) -> None:
    response = generate(admin, provider="no_such_bank")
    assert response.status_code == 400
    assert response.json()["code"] == "unknown_provider"
    providers = admin.get("/api/batch-files/providers").json()
    assert {"code": PROVIDER, "name": "Sandbox bank", "simulates_returns": True} in providers


def test_a_remittance_for_one_client_leaves_the_others_payouts_alone(
    acme: ApiClient, admin: ApiClient
) -> None:
    beta = auto_approving("beta")
    ours, theirs = approved(acme), approved(beta)
    only_beta = generate(admin, client="beta").json()
    assert [i["payout_id"] for i in only_beta["items"]] == [theirs]
    assert (status("acme", ours), status("beta", theirs)) == ("approved", "pending")
    rest = generate(admin).json()  # every client: what is left
    assert [(i["client"], i["payout_id"]) for i in rest["items"]] == [("acme", ours)]
    assert BatchItem.objects.filter(payout_public_id__in=[ours, theirs]).count() == 2


@pytest.mark.parametrize(
    ("slug", "role"), [("acme", "client"), ("orbita", "partner"), ("public", "employee")]
)
def test_clients_partners_and_employees_cannot_reach_batch_files(
    acme: ApiClient, admin: ApiClient, slug: str, role: str
) -> None:
    approved(acme)
    batch = generate(admin).json()
    other = logged(slug, role)
    for response in (
        other.get("/api/batch-files"),
        other.get(f"/api/batch-files/{batch['id']}"),
        other.get(f"/api/batch-files/{batch['id']}/download"),
        other.post_json("/api/batch-files/remittances", {"provider": PROVIDER}),
        upload_return(other, b"x"),
    ):
        assert response.status_code in (403, 404), response.content
    assert admin.get(f"/api/batch-files/{batch['id']}").status_code == 200


def test_an_unknown_client_is_not_found(admin: ApiClient) -> None:
    response = generate(admin, client="no-such-client")
    assert response.status_code == 404


def test_a_client_whose_bank_pays_by_file_keeps_its_approved_payouts_for_the_remittance(
    acme: ApiClient, admin: ApiClient
) -> None:
    from gateway.models import PluginConfig, PluginKind
    from tenants.models import Tenant

    with schema_context("public"):
        PluginConfig.objects.create(
            tenant=Tenant.objects.get(slug="acme"), kind=PluginKind.PROVIDER, code=PROVIDER,
            config={"payout_channel": "file"},
        )  # fmt: skip
    payout = approved(acme)
    with schema_context("acme"):
        assert payout_services.submit_payout(Payout.objects.get(public_id=payout).pk) == "by_file"
    assert status("acme", payout) == "approved"
    assert [i["payout_id"] for i in generate(admin).json()["items"]] == [payout]
    assert status("acme", payout) == "pending"


def test_a_provider_built_for_an_older_api_keeps_working_and_is_refused_batch_files(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A bank provider of plugin API 1.1 (no batch payouts): the defaults of 1.2 keep it as it was
    (paid one by one, never by file), and batch files refuse it with a clear 400."""
    from batch_files import services
    from core.errors import AppError
    from plugin_api import BankProvider, PluginError

    class OldBank(BankProvider):
        code = "old_bank"
        name = "Old bank"
        methods = frozenset({"pix"})

        def create_charge(self, request: Any, artifacts: Any, config: Any) -> Any:
            raise NotImplementedError

        def fetch_charge(self, provider_reference: str, config: Any) -> Any:
            raise NotImplementedError

        def parse_webhook(self, headers: Any, body: bytes, config: Any) -> Any:
            raise NotImplementedError

    old = OldBank()
    assert not old.batch_payouts
    assert not old.pays_by_file({"payout_channel": "file"})
    with pytest.raises(PluginError) as caught:
        old.read_return(b"", {})
    assert caught.value.code == "batch_files_not_supported"

    class Registry:
        def provider(self, code: str) -> BankProvider:
            return old

    monkeypatch.setattr(services, "get_registry", Registry)
    with pytest.raises(AppError) as refused:
        services.batch_provider("old_bank")
    assert (refused.value.code, refused.value.status) == ("batch_files_not_supported", 400)
