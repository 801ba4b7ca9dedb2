"""Evidence files on a MED case (checked by content, size capped, stored in the client's schema,
served only to the staff who see the case), the decision rule (accept needs evidence, every decision
a justification), the decision told to the bank through the outbox (retried on a timeout, exactly one
decision at the bank under retries and duplicate deliveries), and the client's read-only list."""

from __future__ import annotations

from typing import Any

import pytest
from django_tenants.utils import schema_context

from files.models import StoredFile
from gateway.registry import get_registry
from med import services as med
from med.models import MedCase, MedEvidence
from notifications.models import Notification
from ops.demo import BETA_OWNER, DEMO_PASSWORD
from outbox.models import OutboxMessage
from plugin_api import PluginError
from tests.med.test_med_cases import (
    JUSTIFICATION,
    PDF,
    attach_evidence,
    case_of,
    paid_pix,
    raise_case,
    staff,
)
from tests.payouts.helpers import fund, logged
from tests.support.http import ApiClient

pytestmark = pytest.mark.django_db

PNG = b"\x89PNG\r\n\x1a\n" + b"\x00" * 64


def beta_owner() -> ApiClient:
    beta = ApiClient("beta")
    answer = beta.post_json("/api/auth/login", {"email": BETA_OWNER, "password": DEMO_PASSWORD})
    assert answer.status_code == 200
    return beta


def stored_count(slug: str) -> int:
    with schema_context(slug):
        return StoredFile.objects.filter(category="med_evidence").count()


def open_case(amount: int = 5_000, **body: Any) -> tuple[ApiClient, str]:
    acme = logged("acme", "client")
    deposit_id = paid_pix(acme, amount)
    fund("acme", amount)
    assert raise_case(deposit_id, **body) == ["opened"]
    return acme, case_of(deposit_id).public_id


def test_evidence_is_checked_by_content_and_size_and_bad_files_leave_nothing() -> None:
    _, case_id = open_case()
    before = stored_count("acme")
    desk = ApiClient("public", language="pt-BR")
    desk.login_as("employee")
    text = attach_evidence(desk, case_id, b"just some text, named like a PDF", "bo.pdf")
    assert text.status_code == 422
    assert (text.json()["code"], text.json()["message"]) == (
        "unsupported_document_type", "Envie o documento em PDF, PNG ou JPEG."
    )  # fmt: skip
    huge = attach_evidence(desk, case_id, PDF + b"\x00" * med.MAX_EVIDENCE_BYTES)
    assert (huge.status_code, huge.json()["code"]) == (400, "file_too_large")
    assert "10 MB" in huge.json()["message"]
    english = staff()
    assert attach_evidence(english, case_id, b"").status_code == 422
    assert english.post(f"/api/med-cases/{case_id}/evidence", {}).json()["fields"] == {"file": "required"}
    assert MedEvidence.objects.filter(case__public_id=case_id).count() == 0
    assert stored_count("acme") == before

    png = attach_evidence(english, case_id, PNG, "print da conversa.png")
    assert png.status_code == 201, png.content
    body = png.json()
    assert (body["content_type"], body["name"], body["uploaded_by"]) == (
        "image/png", "print_da_conversa.png", "employee@demo.test"
    )  # fmt: skip
    assert stored_count("acme") == before + 1  # in the client's own schema
    listed = english.get(f"/api/med-cases/{case_id}").json()["evidence"]
    assert [e["id"] for e in listed] == [body["id"]]
    download = english.get(f"/api/med-cases/{case_id}/evidence/{body['id']}")
    assert download.status_code == 200
    assert download.getvalue() == PNG
    assert download["Content-Type"] == "image/png"
    assert "attachment" in download["Content-Disposition"]


def test_evidence_is_served_only_to_the_staff_who_see_the_case() -> None:
    acme, case_id = open_case()
    evidence = attach_evidence(staff(), case_id).json()["id"]
    url = f"/api/med-cases/{case_id}/evidence/{evidence}"
    # The client reads its case, not the desk's files.
    assert acme.get(f"/api/med-cases/{case_id}").json()["evidence"] == []
    assert acme.get(url).status_code == 403
    assert attach_evidence(acme, case_id).status_code == 403
    # Another client, and staff not assigned to acme, do not find it.
    beta = beta_owner()
    assert beta.get(url).status_code in (403, 404)
    beta_deposit = paid_pix(beta, 2_000)
    raise_case(beta_deposit)
    beta_case = case_of(beta_deposit).public_id
    assert attach_evidence(staff(), beta_case).status_code == 404  # the demo employee sees acme only
    assert staff().get(f"/api/med-cases/{beta_case}/evidence/{evidence}").status_code == 404
    assert logged("public", "admin").get(url).status_code == 403  # the desk is the employees'
    assert staff().get(url).status_code == 200


def test_a_rejection_needs_only_the_justification_and_evidence_stops_with_the_decision() -> None:
    _, case_id = open_case()
    desk = staff()
    answer = desk.post_json(f"/api/med-cases/{case_id}/reject", {"justification": JUSTIFICATION})
    assert answer.status_code == 200, answer.content
    late = attach_evidence(desk, case_id)
    assert (late.status_code, late.json()["code"]) == (409, "med_not_open")


def outbox_jobs(case_id: str) -> int:
    return sum(
        1 for row in OutboxMessage.objects.filter(actor_name="report_decision") if case_id in row.message
    )


def bank_decisions(case_reference: str) -> list[dict[str, Any]]:
    answer = ApiClient("public").get(f"/sandbox-bank/med/decisions?case_reference={case_reference}")
    assert answer.status_code == 200
    return list(answer.json()["decisions"])


def test_the_decision_reaches_the_bank_once_under_retries_and_duplicate_deliveries() -> None:
    acme, case_id = open_case(6_000, decision_failures=2)
    desk = staff()
    assert attach_evidence(desk, case_id).status_code == 201
    answer = desk.post_json(f"/api/med-cases/{case_id}/accept", {"justification": JUSTIFICATION})
    assert answer.status_code == 200, answer.content
    assert (answer.json()["bank_report"], answer.json()["bank_informed_at"]) == ("pending", None)
    assert outbox_jobs(case_id) == 1  # written with the decision, sent when it commits
    reference = case_of(answer.json()["deposit_id"]).case_reference
    assert bank_decisions(reference) == []

    # The worker's job: the bank times out twice (its test mode), dramatiq retries.
    for _ in range(2):
        with pytest.raises(TimeoutError):
            med.report_decision_now(case_id)
        assert bank_decisions(reference) == []
    assert med.report_decision_now(case_id) == "informed"
    assert med.report_decision_now(case_id) == "informed"  # the job delivered twice: not sent again
    told = bank_decisions(reference)
    assert [(d["decision"], d["refunded_amount"], d["received"]) for d in told] == [("accepted", 6_000, 1)]
    # The bank got the report but Cofre lost the answer: the repeat is harmless at the bank.
    case = case_of(answer.json()["deposit_id"])
    get_registry().provider(case.provider).report_med_decision(med.decision_report(case), {})
    told = bank_decisions(reference)
    assert [(d["decision"], d["received"]) for d in told] == [("accepted", 2)]
    assert (case.bank_report, case.bank_report_attempts) == ("informed", 3)
    shown = desk.get(f"/api/med-cases/{case_id}").json()
    assert shown["bank_report"] == "informed"
    assert shown["bank_informed_at"]
    assert acme.get(f"/api/med-cases/{case_id}").json()["bank_informed_at"] == shown["bank_informed_at"]


def test_a_rejection_is_told_with_its_reason_and_a_bank_that_takes_no_reports_is_recorded() -> None:
    _, case_id = open_case()
    desk = staff()
    assert (
        desk.post_json(f"/api/med-cases/{case_id}/reject", {"justification": JUSTIFICATION}).status_code
        == 200
    )
    assert med.report_decision_now(case_id) == "informed"
    reference = MedCase.objects.get(public_id=case_id).case_reference
    told = bank_decisions(reference)
    assert [(d["decision"], d["refunded_amount"], d["reason"]) for d in told] == [
        ("rejected", 0, JUSTIFICATION)
    ]


def test_a_provider_without_the_capability_is_recorded_not_retried(monkeypatch: pytest.MonkeyPatch) -> None:
    _, case_id = open_case()
    assert (
        staff().post_json(f"/api/med-cases/{case_id}/reject", {"justification": JUSTIFICATION}).status_code
        == 200
    )
    from cofre_sandbox_bank.provider import SandboxBank

    def older(self: Any, report: Any, config: Any) -> None:  # a provider built for plugin API 1.1
        raise PluginError("med_decisions_not_supported")

    monkeypatch.setattr(SandboxBank, "report_med_decision", older)
    assert med.report_decision_now(case_id) == "not_supported"
    assert med.report_decision_now(case_id) == "not_supported"


def test_the_client_lists_only_its_own_cases_read_only() -> None:
    _acme, case_id = open_case()
    beta = beta_owner()
    beta_deposit = paid_pix(beta, 2_000)
    raise_case(beta_deposit)
    beta_case = case_of(beta_deposit).public_id
    for role in ("client", "client_user"):
        member = logged("acme", role)
        items = member.get("/api/med-cases?per_page=100").json()["items"]
        ids = [item["id"] for item in items]
        assert case_id in ids, role
        assert beta_case not in ids, role
        assert member.get(f"/api/med-cases/{beta_case}").status_code == 404
        mine = next(item for item in items if item["id"] == case_id)
        assert (mine["status"], mine["held_amount"], mine["deposit_id"] != "") == ("open", 5_000, True)
        assert (
            member.post_json(f"/api/med-cases/{case_id}/reject", {"justification": JUSTIFICATION}).status_code
            == 403
        )
    assert case_id not in [i["id"] for i in beta.get("/api/med-cases?per_page=100").json()["items"]]

    told = Notification.objects.filter(tenant__slug="acme", kind="med.opened_client").first()
    assert told is not None
    assert told.link == "clients/meds"
