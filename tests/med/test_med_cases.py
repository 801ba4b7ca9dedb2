"""The MED desk through the HTTP API and the sandbox bank: a notice blocks what the balance has (never
overdrawing), staff accept (refunded through the provider in parts as the balance allows, the hold
released as it goes) or reject (released); duplicate notices and retried steps move money once; a
normal refund is refused while a case is open; each client sees only its own cases."""

from __future__ import annotations

import uuid
from datetime import timedelta
from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.utils import timezone
from django_tenants.utils import schema_context

from ledger import services as ledger
from ledger.models import AccountKind, JournalEntry
from med import services as med
from med.models import MedCase
from notifications.models import Notification
from ops.demo import BETA_OWNER, DEMO_PASSWORD, demo_email
from payments import services as payments
from refunds import services as refunds
from refunds.models import Refund
from tenants.models import Tenant
from tests.payouts.helpers import balance, fund, logged, post_webhooks
from tests.support.http import ApiClient
from tests.support.second_factor import login_payload

pytestmark = pytest.mark.django_db

PAYER = {
    "name": "Maria Fraude", "document": "529.982.247-25", "street": "Rua das Flores", "number": "100",
    "neighborhood": "Centro", "city": "São Paulo", "state": "SP", "zipcode": "01001000",
}  # fmt: skip
JUSTIFICATION = "Golpe confirmado: o pagador registrou boletim de ocorrência."
PDF = b"%PDF-1.4\n%boletim\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n"


def attach_evidence(desk: ApiClient, case_id: str, content: bytes = PDF, name: str = "bo.pdf") -> Any:
    """Staff attach a file to the case (an acceptance stands on evidence)."""
    return desk.post(f"/api/med-cases/{case_id}/evidence", {"file": SimpleUploadedFile(name, content)})


def paid_pix(client: ApiClient, amount: int = 10_000, *, settle: bool = True) -> str:
    response = client.post_json(
        "/api/deposits", {"method": "pix", "amount": amount, "currency": "BRL", "payer": PAYER}
    )
    assert response.status_code == 201, response.content
    deposit_id = str(response.json()["id"])
    assert post_webhooks(deposit_id) == ["applied"]
    if settle:
        with schema_context(client.slug):
            payments.settle_due(timezone.localdate() + timedelta(days=40))
    return deposit_id


def drain(slug: str) -> None:
    """Take the tenant's whole available balance away (as payouts would), so a test sets it exactly."""
    left = balance(slug)["available"]
    if left <= 0:
        return
    with schema_context("public"):
        tenant = Tenant.objects.get(slug=slug)
        clearing = ledger.platform_account(AccountKind.PROVIDER_CLEARING, "BRL", provider="test_funding")
        available = ledger.tenant_account(tenant, AccountKind.AVAILABLE, "BRL")
        ledger.post(
            f"test-drain:{slug}:{uuid.uuid4().hex}", "test_drain",
            [ledger.Line(available, left), ledger.Line(clearing, -left)], tenant=tenant,
        )  # fmt: skip


def raise_case(deposit_id: str, **body: Any) -> list[str]:
    """The sandbox bank raises a MED case on the deposit and its notices are delivered."""
    answer = ApiClient("public").post_json("/sandbox-bank/med", {"reference": deposit_id, **body})
    assert answer.status_code == 201, answer.content
    return post_webhooks(deposit_id)


def case_of(deposit_id: str) -> MedCase:
    return MedCase.objects.select_related("tenant").get(deposit_id=deposit_id)


def staff() -> ApiClient:
    client = ApiClient("public")
    client.login_as("employee")
    return client


def confirm_refunds(slug: str, case: MedCase) -> None:
    """The provider's side of each pending part: submitted (the actor's body), its webhook posted."""
    for part in case.parts.all():
        with schema_context(slug):
            refund = Refund.objects.get(public_id=part.refund_id)
            if refund.status != "pending":
                continue
            refunds.submit_refund(refund.pk)
        post_webhooks(part.refund_id)


def advance(slug: str) -> int:
    with schema_context(slug):
        return med.advance_refunding()


def med_entries(case: MedCase) -> list[str]:
    prefix = f"med:{case.tenant.schema_name}:{case.public_id}:"
    return sorted(
        JournalEntry.objects.filter(idempotency_key__startswith=prefix).values_list(
            "idempotency_key", flat=True
        )
    )


def test_a_notice_blocks_the_amount_notifies_and_repeated_notices_change_nothing() -> None:
    acme = logged("acme", "client")
    deposit_id = paid_pix(acme, 10_000)
    fund("acme", 1_000)
    before = balance("acme")
    assert before["available"] >= 10_000
    outcomes = raise_case(deposit_id, amount=8_000, hops=5, duplicates=2)
    assert outcomes == ["opened", "duplicate_case", "duplicate_case"]
    case = case_of(deposit_id)
    assert (case.status, case.amount, case.held_amount, case.hold_shortfall, case.notices) == (
        "open",
        8_000,
        8_000,
        0,
        3,
    )
    assert [hop["depth"] for hop in case.hops] == [1, 2, 3, 4, 5]
    after = balance("acme")
    assert after["available"] == before["available"] - 8_000
    assert after["held"] == before["held"] + 8_000
    assert med_entries(case) == [f"med:acme:{case.public_id}:hold:1"]
    # The same webhooks again (a bank retrying): the inbox knows them.
    assert case.analysis_due_at - case.notified_at == timedelta(days=7)
    kinds = set(Notification.objects.filter(kind__startswith="med.").values_list("kind", flat=True))
    assert {"med.opened", "med.opened_client"} <= kinds
    # the staff notice goes to those who work the desk it links to (employees), not to admins
    told = set(Notification.objects.filter(kind="med.opened").values_list("user__email", flat=True))
    assert demo_email("employee") in told
    assert demo_email("admin") not in told
    assert ledger.check_invariants().ok


def test_short_of_available_the_notice_holds_what_there_is_and_records_the_rest() -> None:
    acme = logged("acme", "client")
    deposit_id = paid_pix(acme, 10_000)
    drain("acme")
    fund("acme", 3_000)
    assert raise_case(deposit_id) == ["opened"]
    case = case_of(deposit_id)
    assert (case.amount, case.held_amount, case.hold_shortfall) == (10_000, 3_000, 7_000)
    assert balance("acme")["available"] == 0  # never overdrawn
    assert ledger.check_invariants().ok


def test_accept_refunds_in_parts_as_the_balance_allows_and_retries_move_money_once() -> None:
    acme = logged("acme", "client")
    deposit_id = paid_pix(acme, 10_000)
    drain("acme")
    fund("acme", 3_000)
    raise_case(deposit_id)
    case = case_of(deposit_id)
    held_before = balance("acme")["held"]
    desk = staff()
    short = desk.post_json(f"/api/med-cases/{case.public_id}/accept", {"justification": "ok"})
    assert short.status_code == 400
    assert short.json()["fields"] == {"justification": "justification_required"}
    bare = desk.post_json(f"/api/med-cases/{case.public_id}/accept", {"justification": JUSTIFICATION})
    assert bare.status_code == 422
    assert bare.json()["fields"] == {"evidence": "med_evidence_required"}
    assert attach_evidence(desk, case.public_id).status_code == 201
    decision = {"justification": JUSTIFICATION, "evidence_note": "BO 1234/2026"}
    answer = desk.post_json(f"/api/med-cases/{case.public_id}/accept", decision)
    assert answer.status_code == 200, answer.content
    body = answer.json()
    assert body["status"] == "refunding"
    assert body["urgency"] in ("ok", "h48", "h24")
    assert [(p["seq"], p["amount"], p["status"]) for p in body["parts"]] == [(1, 3_000, "pending")]
    assert body["held_amount"] == 0
    # The MED hold became the refund's reservation: held is unchanged, available still 0.
    assert balance("acme") == {**balance("acme"), "available": 0, "held": held_before}
    again = desk.post_json(f"/api/med-cases/{case.public_id}/accept", {"justification": JUSTIFICATION})
    assert again.status_code == 409
    assert again.json()["code"] == "med_not_open"
    assert advance("acme") == 1
    assert advance("acme") == 1
    assert case_of(deposit_id).parts.count() == 1

    fund("acme", 5_000)
    advance("acme")
    advance("acme")  # a retried tick
    case = case_of(deposit_id)
    assert [p.amount for p in case.parts.all()] == [3_000, 5_000]
    confirm_refunds("acme", case)
    advance("acme")
    case = case_of(deposit_id)
    assert (case.status, case.refund_confirmed) == ("refunding", 8_000)

    fund("acme", 5_000)
    advance("acme")
    case = case_of(deposit_id)
    assert [p.amount for p in case.parts.all()] == [3_000, 5_000, 2_000]
    confirm_refunds("acme", case)
    advance("acme")
    case = case_of(deposit_id)
    assert (case.status, case.refund_confirmed, case.held_amount) == ("completed", 10_000, 0)
    assert balance("acme")["available"] == 3_000  # 13_000 funded, 10_000 refunded
    assert balance("acme")["held"] == held_before - 3_000
    with schema_context("acme"):
        assert acme.get(f"/api/deposits/{deposit_id}").json()["status"] == "refunded"
    assert med_entries(case) == sorted(
        f"med:acme:{case.public_id}:{step}"
        for step in ("hold:1", "hold:2", "hold:3", "part:1", "part:2", "part:3")
    )
    assert ledger.check_invariants().ok


def test_reject_releases_the_hold_and_a_normal_refund_is_refused_only_while_open() -> None:
    acme = logged("acme", "client")
    deposit_id = paid_pix(acme, 10_000)
    before = balance("acme")
    raise_case(deposit_id, amount=4_000)
    case = case_of(deposit_id)
    refused = acme.post_json(
        f"/api/deposits/{deposit_id}/refunds", {"amount": 1_000, "reason": "Cliente desistiu"}
    )
    assert refused.status_code == 409
    assert refused.json()["code"] == "med_open"
    assert "open MED case" in refused.json()["message"]
    pt = ApiClient("acme", language="pt-BR")
    pt.login_as("client")
    refused_pt = pt.post_json(
        f"/api/deposits/{deposit_id}/refunds", {"amount": 1_000, "reason": "Cliente desistiu"}
    )
    assert "caso MED em aberto" in refused_pt.json()["message"]

    answer = staff().post_json(f"/api/med-cases/{case.public_id}/reject", {"justification": JUSTIFICATION})
    assert answer.status_code == 200, answer.content
    assert (answer.json()["status"], answer.json()["held_amount"], answer.json()["urgency"]) == (
        "rejected",
        0,
        "closed",
    )
    assert balance("acme") == before
    assert med_entries(case) == sorted(
        [f"med:acme:{case.public_id}:hold:1", f"med:acme:{case.public_id}:release"]
    )
    again = staff().post_json(f"/api/med-cases/{case.public_id}/reject", {"justification": JUSTIFICATION})
    assert again.status_code == 409
    assert balance("acme") == before
    allowed = acme.post_json(
        f"/api/deposits/{deposit_id}/refunds", {"amount": 1_000, "reason": "Cliente desistiu"}
    )
    assert allowed.status_code == 201, allowed.content
    with schema_context("public"):
        actions = set(
            __import__("audit.models", fromlist=["AuditEntry"])
            .AuditEntry.objects.filter(action__startswith="med.", data__id=case.public_id)
            .values_list("action", flat=True)
        )
    assert {"med.opened", "med.rejected"} <= actions
    assert ledger.check_invariants().ok


def test_a_claim_past_80_days_is_recorded_without_blocking() -> None:
    acme = logged("acme", "client")
    deposit_id = paid_pix(acme, 5_000)
    with schema_context("acme"):
        from payments.models import Deposit

        Deposit.objects.filter(public_id=deposit_id).update(confirmed_at=timezone.now() - timedelta(days=81))
    before = balance("acme")
    assert raise_case(deposit_id) == ["refused_claim_window_closed"]
    case = case_of(deposit_id)
    assert (case.status, case.cancel_reason, case.held_amount) == ("cancelled", "claim_window_closed", 0)
    assert balance("acme") == before


def test_each_client_sees_its_own_cases_and_staff_only_the_clients_assigned() -> None:
    acme = logged("acme", "client")
    acme_deposit = paid_pix(acme, 2_000)
    beta = ApiClient("beta")
    assert beta.post_json("/api/auth/login", login_payload(BETA_OWNER, DEMO_PASSWORD)).status_code == 200
    beta_deposit = paid_pix(beta, 2_000)
    raise_case(acme_deposit)
    raise_case(beta_deposit)
    acme_case, beta_case = case_of(acme_deposit), case_of(beta_deposit)

    mine = [c["id"] for c in acme.get("/api/med-cases?per_page=100").json()["items"]]
    assert acme_case.public_id in mine
    assert beta_case.public_id not in mine
    assert acme.get(f"/api/med-cases/{beta_case.public_id}").status_code == 404
    assert beta.get(f"/api/med-cases/{beta_case.public_id}").status_code == 200
    assert (
        acme.post_json(
            f"/api/med-cases/{acme_case.public_id}/accept", {"justification": JUSTIFICATION}
        ).status_code
        == 403
    )

    desk = staff()  # the demo employee is assigned acme only
    seen = [c["id"] for c in desk.get("/api/med-cases?per_page=100").json()["items"]]
    assert acme_case.public_id in seen
    assert beta_case.public_id not in seen
    assert desk.get(f"/api/med-cases/{beta_case.public_id}").status_code == 404
    denied = desk.post_json(f"/api/med-cases/{beta_case.public_id}/accept", {"justification": JUSTIFICATION})
    assert denied.status_code == 404
    assert case_of(beta_deposit).status == "open"


def test_the_queue_puts_overdue_cases_first_and_warns_once_per_level() -> None:
    acme = logged("acme", "client")
    first, second = paid_pix(acme, 1_000), paid_pix(acme, 1_000)
    raise_case(first)
    raise_case(second)
    late = case_of(second)
    late.analysis_due_at = timezone.now() - timedelta(hours=1)
    late.queue_rank = med._rank(late)
    late.save()
    items = staff().get("/api/med-cases?status=open&per_page=100").json()["items"]
    assert items[0]["id"] == late.public_id
    assert items[0]["urgency"] == "overdue"
    assert items[0]["seconds_left"] < 0
    overdue = staff().get("/api/med-cases?urgency=overdue&per_page=100").json()["items"]
    assert late.public_id in [c["id"] for c in overdue]
    assert case_of(first).public_id not in [c["id"] for c in overdue]
    with schema_context("acme"):
        assert med.warn_deadlines() >= 1
        assert med.warn_deadlines() == 0  # once per level
    assert case_of(second).warned_level == 4


def test_a_step_that_fails_midway_leaves_nothing_and_its_retry_moves_the_money_once() -> None:
    """A crash inside the acceptance (here: the refund part refused after the hold was released, in
    the same transaction) rolls the whole step back; the retry then does it all, once."""
    acme = logged("acme", "client")
    deposit_id = paid_pix(acme, 6_000)
    fund("acme", 6_000)
    raise_case(deposit_id)
    case = case_of(deposit_id)
    before = balance("acme")
    entries = med_entries(case)

    def crash(deposit: Any, med_case: str) -> None:
        if med_case:
            raise RuntimeError("worker killed mid-step")

    assert attach_evidence(staff(), case.public_id).status_code == 201
    refunds.register_refund_check("test_crash", crash)
    try:
        try:
            failed = staff().post_json(
                f"/api/med-cases/{case.public_id}/accept", {"justification": JUSTIFICATION}
            )
        except RuntimeError:
            pass  # the test client hands the server's crash to the caller
        else:
            assert failed.status_code >= 500
    finally:
        refunds._checks.pop("test_crash", None)
    case = case_of(deposit_id)
    assert (case.status, case.held_amount, case.parts.count()) == ("open", 6_000, 0)
    assert balance("acme") == before
    assert med_entries(case) == entries
    answer = staff().post_json(f"/api/med-cases/{case.public_id}/accept", {"justification": JUSTIFICATION})
    assert answer.status_code == 200, answer.content
    assert [(p["seq"], p["amount"]) for p in answer.json()["parts"]] == [(1, 6_000)]
    assert balance("acme")["held"] == before["held"]  # the hold became the refund's reservation
    assert ledger.check_invariants().ok
