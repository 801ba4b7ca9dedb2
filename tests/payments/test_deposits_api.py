"""Deposits end to end through the HTTP API: create, the sandbox bank confirms by signed webhook,
the balance grows by the amount minus the fee, settlement makes it available."""

from __future__ import annotations

import base64
import hashlib
import re
from datetime import timedelta
from typing import Any

import pytest
from django.utils import timezone
from django_tenants.utils import schema_context

from brazil.boleto import parse_bank_barcode
from brazil.pix import parse_brcode
from cofre_sandbox_bank.testing import deliver_now, sign, tokenize
from gateway.models import TransactionIndex, WebhookEvent
from payments import services
from payments.models import Deposit
from tests.support.http import ApiClient
from tests.support.second_factor import login_payload

pytestmark = pytest.mark.django_db

PAYER = {
    "name": "João da Silva", "document": "529.982.247-25", "email": "joao@example.com",
    "street": "Rua das Flores", "number": "100", "complement": "ap 12", "neighborhood": "Centro",
    "city": "São Paulo", "state": "SP", "zipcode": "01001000",
}  # fmt: skip


@pytest.fixture
def acme() -> ApiClient:
    client = ApiClient("acme")
    client.login_as("client")
    return client


def create(client: ApiClient, **overrides: Any) -> Any:
    body = {"method": "billet", "amount": 12_345, "currency": "BRL", "payer": PAYER,
            "due_date": (timezone.localdate() + timedelta(days=3)).isoformat(), **overrides}  # fmt: skip
    return client.post_json("/api/deposits", body)


def scenario(name: str) -> dict[str, str]:
    """The request's extra data that picks the sandbox bank's scenario."""
    return {"sandbox_scenario": name}


def post_webhooks(reference: str) -> list[str]:
    outcomes = []
    platform = ApiClient("public")
    for headers, body in deliver_now(reference):
        response = platform.post(
            "/api/webhooks/sandbox_bank", body, content_type="application/json",
            headers={k: v for k, v in headers.items() if k.lower() != "content-type"},
        )  # fmt: skip
        assert response.status_code == 200, response.content
        outcomes.extend(response.json()["outcomes"])
    return outcomes


def balance(client: ApiClient, currency: str = "BRL") -> dict[str, int]:
    rows: dict[str, dict[str, int]] = {row["currency"]: row for row in client.get("/api/balance").json()}
    return rows[currency]


def test_a_billet_is_created_with_a_valid_barcode_and_typed_line(acme: ApiClient) -> None:
    response = create(acme)
    assert response.status_code == 201, response.content
    body = response.json()
    assert body["status"] == "waiting"
    assert body["id"].startswith("dep_")
    assert len(body["barcode"]) == 44
    assert len(body["typed_line"]) == 47
    parsed = parse_bank_barcode(body["barcode"])
    assert parsed.amount_centavos == 12_345
    assert parsed.due_date == timezone.localdate() + timedelta(days=3)
    assert body["payer_document"] == "52998224725"
    row = TransactionIndex.objects.get(public_id=body["id"])
    assert (row.tenant.slug, row.status, row.amount) == ("acme", "waiting", 12_345)


def test_a_pix_charge_has_a_valid_brcode_and_txid(acme: ApiClient) -> None:
    response = create(acme, method="pix", amount=5_000, due_date=None, expires_in_seconds=900)
    assert response.status_code == 201, response.content
    body = response.json()
    code = parse_brcode(body["brcode"])
    assert code.amount_centavos == 5_000
    assert body["txid"]
    assert body["expires_at"]


def test_the_sandbox_confirms_by_webhook_and_the_balance_grows_by_amount_minus_fee(acme: ApiClient) -> None:
    before = balance(acme)
    deposit = create(acme, method="pix", amount=10_000, due_date=None).json()
    assert post_webhooks(deposit["id"]) == ["applied"]
    detail = acme.get(f"/api/deposits/{deposit['id']}").json()
    assert detail["status"] == "confirmed"
    assert detail["fee"] == 99  # demo rate: PIX 0.99 %
    assert detail["net"] == 9_901
    after = balance(acme)
    assert after["pending"] - before["pending"] == 9_901
    assert after["available"] == before["available"]
    assert [p["amount"] for p in detail["postings"]] == [10_000, -9_901, -99]
    assert [e["to_status"] for e in detail["events"]] == ["waiting", "confirmed"]


def test_settlement_moves_pending_to_available(acme: ApiClient) -> None:
    deposit = create(acme, method="pix", amount=20_000, due_date=None).json()
    post_webhooks(deposit["id"])
    before = balance(acme)
    with schema_context("acme"):
        assert services.settle_due(timezone.localdate() + timedelta(days=7)) >= 1
    after = balance(acme)
    assert after["available"] - before["available"] == 20_000 - 198
    assert before["pending"] - after["pending"] == 20_000 - 198
    assert acme.get(f"/api/deposits/{deposit['id']}").json()["status"] == "paid_to_client"


def test_a_duplicated_webhook_has_one_effect(acme: ApiClient) -> None:
    deposit = create(
        acme, method="pix", amount=3_000, due_date=None, extra={"sandbox_scenario": "duplicate"}
    ).json()
    before = balance(acme)
    outcomes = post_webhooks(deposit["id"])
    assert outcomes == ["applied", "duplicate"]
    assert balance(acme)["pending"] - before["pending"] == 3_000 - 30


def test_events_out_of_order_never_move_a_deposit_backwards(acme: ApiClient) -> None:
    deposit = create(
        acme, method="pix", amount=4_000, due_date=None, extra={"sandbox_scenario": "out_of_order"}
    ).json()
    outcomes = post_webhooks(deposit["id"])
    assert outcomes[0] == "applied"
    assert all(outcome.startswith("ignored") for outcome in outcomes[1:])
    detail = acme.get(f"/api/deposits/{deposit['id']}").json()
    assert detail["status"] == "confirmed"
    assert any(e["note"].startswith("ignored") for e in detail["events"])


def test_a_failed_charge_is_canceled_and_moves_no_money(acme: ApiClient) -> None:
    before = balance(acme)
    deposit = create(
        acme, method="pix", amount=4_000, due_date=None, extra={"sandbox_scenario": "fail"}
    ).json()
    post_webhooks(deposit["id"])
    assert acme.get(f"/api/deposits/{deposit['id']}").json()["status"] == "canceled"
    assert balance(acme) == before


def test_a_provider_timeout_then_success_registers_one_charge(acme: ApiClient) -> None:
    deposit = create(
        acme, method="pix", amount=4_500, due_date=None, extra={"sandbox_scenario": "timeout"}
    ).json()
    assert deposit["provider_reference"]  # the retry with the same reference got the recorded charge
    from cofre_sandbox_bank.models import SandboxCharge

    assert SandboxCharge.objects.filter(reference=deposit["id"]).count() == 1


def test_a_bad_signature_is_rejected_and_nothing_is_applied(acme: ApiClient) -> None:
    deposit = create(acme, method="pix", amount=1_000, due_date=None).json()
    (headers, body), *_ = deliver_now(deposit["id"])
    forged = {
        **headers,
        "X-Sandbox-Signature": sign("not-the-secret-at-all", body, int(timezone.now().timestamp())),
    }
    response = ApiClient("public").post(
        "/api/webhooks/sandbox_bank", body, content_type="application/json", headers=forged
    )
    assert response.status_code == 400
    assert response.json()["code"] == "webhook_rejected"
    assert not WebhookEvent.objects.filter(reference=deposit["id"]).exists()
    assert acme.get(f"/api/deposits/{deposit['id']}").json()["status"] == "waiting"


def test_a_card_is_charged_through_a_token_and_only_brand_and_last4_are_kept(acme: ApiClient) -> None:
    token = tokenize("4111111111111111")
    response = create(acme, method="card", amount=7_000, due_date=None, card_token=token)
    assert response.status_code == 201, response.content
    body = response.json()
    assert body["status"] == "confirmed"
    assert (body["card_brand"], body["card_last4"]) == ("visa", "1111")
    with schema_context("acme"):
        row = Deposit.objects.get(public_id=body["id"])
        assert "4111111111111111" not in str(row.__dict__)


def test_a_card_number_in_the_request_is_refused() -> None:
    client = ApiClient("acme")
    client.login_as("client")
    response = create(client, method="card", amount=7_000, due_date=None, card_token="4111111111111111")
    assert response.status_code == 400
    assert response.json()["code"] == "invalid_input"


@pytest.mark.parametrize(
    ("overrides", "field"),
    [
        ({"payer": {**PAYER, "document": "111.111.111-11"}}, "payer.document"),
        ({"payer": {**PAYER, "document": "12.ABC.345/01DE-99"}}, "payer.document"),
        ({"amount": 0}, "amount"),
        ({"method": "bitcoin"}, "method"),
        ({"due_date": (timezone.localdate() - timedelta(days=1)).isoformat()}, "due_date"),
    ],
)
def test_bad_input_gets_a_field_error_and_nothing_is_written(
    acme: ApiClient, overrides: dict[str, Any], field: str
) -> None:
    with schema_context("acme"):
        before = Deposit.objects.count()
    response = create(acme, **overrides)
    assert response.status_code == 400, response.content
    assert field in response.json()["fields"], response.json()
    with schema_context("acme"):
        assert Deposit.objects.count() == before


def test_the_alphanumeric_cnpj_is_accepted(acme: ApiClient) -> None:
    response = create(acme, payer={**PAYER, "name": "Empresa Nova", "document": "12.ABC.345/01DE-35"})
    assert response.status_code == 201, response.content
    assert response.json()["payer_document"] == "12ABC34501DE35"


def test_a_currency_the_client_does_not_have_is_refused() -> None:
    beta = ApiClient("beta")
    beta.post_json("/api/auth/login", login_payload("owner@beta.demo.test", "cofre-demo"))
    response = create(beta, method="pix", currency="USD", due_date=None)
    assert response.status_code == 400
    assert response.json()["fields"]["currency"] == "currency_not_enabled"


def test_a_method_that_does_not_take_the_currency_says_so_on_the_currency(acme: ApiClient) -> None:
    # acme has USD, and the billet method is enabled, but a boleto is in reais only: the answer names
    # the currency (a translated message in both languages), not "method not enabled".
    before = schema_count()
    due_date = (timezone.localdate() + timedelta(days=3)).isoformat()
    body = {"method": "billet", "amount": 100, "currency": "USD", "payer": PAYER, "due_date": due_date}
    response = acme.post_json("/api/deposits", body, headers={"Accept-Language": "pt-BR"})
    assert response.status_code == 400, response.content
    body = response.json()
    assert body["code"] == "currency_not_accepted"
    assert body["fields"] == {"currency": "currency_not_accepted"}
    assert body["message"] == "Este meio de pagamento não aceita a moeda USD."
    english = acme.post_json(
        "/api/deposits",
        {"method": "pix", "amount": 100, "currency": "USD", "payer": PAYER},
        headers={"Accept-Language": "en"},
    )
    assert english.status_code == 400, english.content
    assert english.json()["message"] == "This payment method does not accept USD."
    assert schema_count() == before


def schema_count() -> int:
    with schema_context("acme"):
        return Deposit.objects.count()


def test_a_read_only_analyst_cannot_create_but_can_list() -> None:
    analyst = ApiClient("acme")
    analyst.login_as("client_user_analyst")
    assert create(analyst).status_code == 403
    assert analyst.get("/api/deposits").status_code == 200


def test_expiry_job_marks_overdue_charges() -> None:
    client = ApiClient("acme")
    client.login_as("client")
    deposit = create(client, method="pix", amount=1_000, due_date=None, expires_in_seconds=60).json()
    with schema_context("acme"):
        assert services.expire_overdue(timezone.now() + timedelta(minutes=5)) >= 1
    assert client.get(f"/api/deposits/{deposit['id']}").json()["status"] == "expired"


def test_the_printable_boleto_and_the_pix_qr_code(acme: ApiClient) -> None:
    billet = create(acme).json()
    page = acme.get(f"/api/deposits/{billet['id']}/document")
    assert page.status_code == 200
    assert page["Content-Type"].startswith("text/html")
    html = page.content.decode()
    assert "<svg" in html  # the Interleaved 2 of 5 barcode
    # Nothing runs, nothing loads; its one <style> applies by its hash (no 'unsafe-inline').
    css = re.search(r"<style>(.*?)</style>", html, re.DOTALL)
    assert css
    digest = base64.b64encode(hashlib.sha256(css.group(1).encode()).digest()).decode()
    assert page["Content-Security-Policy"] == (
        f"default-src 'none'; style-src 'sha256-{digest}'; img-src data:; base-uri 'none'; "
        "form-action 'none'; frame-ancestors 'none'"
    )
    typed = billet["typed_line"]
    assert typed[:5] in html.replace(".", "").replace(" ", "") or typed[:5] in html
    pix = create(acme, method="pix", amount=2_500, due_date=None).json()
    qr = acme.get(f"/api/deposits/{pix['id']}/document")
    assert qr.status_code == 200
    assert qr["Content-Type"] == "image/svg+xml"
    assert qr["Content-Security-Policy"].startswith("default-src 'none'; style-src ")
    assert qr.content.lstrip().startswith(b"<?xml") or b"<svg" in qr.content[:200]
    other = ApiClient("beta")
    other.post_json("/api/auth/login", login_payload("owner@beta.demo.test", "cofre-demo"))
    assert other.get(f"/api/deposits/{pix['id']}/document").status_code == 404


def test_a_zipcode_with_punctuation_is_normalised_and_a_bad_one_refused(acme: ApiClient) -> None:
    ok = create(acme, payer={**PAYER, "zipcode": "01310-100"})
    assert ok.status_code == 201, ok.content
    assert ok.json()["address"]["zipcode"] == "01310100"
    bad = create(acme, payer={**PAYER, "zipcode": "1234"})
    assert bad.status_code == 400
    assert bad.json()["fields"] == {"payer.zipcode": "invalid_zipcode"}


def test_sorting_by_due_date_pages_through_deposits_without_one(acme: ApiClient) -> None:
    for days in range(1, 8):
        create(acme, due_date=(timezone.localdate() + timedelta(days=days)).isoformat())
    for _ in range(6):
        create(acme, method="pix", amount=1_000, due_date=None)
    seen: list[str | None] = []
    ids: list[str] = []
    cursor = None
    for _ in range(20):
        params: dict[str, str | int] = {"sort": "due_date", "per_page": 10}
        if cursor:
            params["cursor"] = cursor
        body = acme.get("/api/deposits", params).json()
        seen.extend(item["due_date"] for item in body["items"])
        ids.extend(item["id"] for item in body["items"])
        cursor = body["next_cursor"]
        if cursor is None:
            break
    assert len(ids) == len(set(ids)) == 13  # two pages, nothing twice, nothing lost
    dated = [d for d in seen if d is not None]
    assert dated == sorted(dated)
    assert seen.index(None) > seen.index(dated[-1])  # undated ones come after every date


def test_a_provider_failing_unexpectedly_leaves_the_deposit_waiting_not_a_500(
    acme: ApiClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    from gateway.registry import get_registry

    provider = get_registry().provider("sandbox_bank")

    def broken(*args: object, **kwargs: object) -> None:
        raise ConnectionResetError("bank unreachable")

    monkeypatch.setattr(provider, "create_charge", broken)  # the bank is outside the system
    response = create(acme, method="pix", amount=1_000, due_date=None)
    assert response.status_code == 201, response.content
    assert response.json()["status"] == "waiting"
    assert response.json()["provider_reference"] == ""


def test_the_sync_job_leaves_an_unpaid_charge_waiting(acme: ApiClient) -> None:
    """The provider answers "pending" for an open, unpaid charge: the job must not call it a payment."""
    response = create(acme, method="pix", amount=1_000, due_date=None, extra=scenario("never"))
    assert response.status_code == 201, response.content
    later = timezone.now() + timedelta(minutes=10)
    with schema_context("acme"):
        services.sync_stuck(now=later)
        deposit = Deposit.objects.get(public_id=response.json()["id"])
        assert deposit.status == "waiting"
        assert not deposit.events.filter(to_status="pending").exists()


def test_the_deposit_detail_names_its_provider_and_an_uninstalled_one_by_its_code(acme: ApiClient) -> None:
    created = create(acme).json()
    detail = acme.get(f"/api/deposits/{created['id']}").json()
    assert (detail["provider"], detail["provider_name"]) == ("sandbox_bank", "Sandbox bank")
    assert services.provider_name("gone_bank") == "gone_bank"
