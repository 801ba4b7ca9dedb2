"""The decision reaches the bank through the real worker: accepting a case (committed) writes the job to
the outbox with the decision, the commit hook sends it, the dramatiq worker tells the sandbox bank,
which times out the first report (its test mode): dramatiq retries and the bank ends with exactly one
decision, told once."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.utils import timezone
from django_tenants.utils import schema_context

from tests.med.test_med_cases import JUSTIFICATION, attach_evidence, staff
from tests.notifications.test_mail_worker import wait_until
from tests.payouts.helpers import balance, committed_client, fund, post_webhooks
from tests.support.http import ApiClient

pytestmark = [pytest.mark.worker]

PAYER = {"name": "Otávio Contestado", "document": "529.982.247-25"}


def test_the_worker_tells_the_bank_once_after_a_timeout(worker: None, django_db_blocker: Any) -> None:
    from accounts import grants
    from accounts.models import User
    from med.models import MedCase
    from ops.demo import demo_email
    from payments import services
    from tenants.models import Tenant

    with django_db_blocker.unblock():
        slug, api = committed_client("mdw")
        employee, tenant = User.objects.get(email=demo_email("employee")), Tenant.objects.get(slug=slug)
        grants.grant_employee(employee, tenant)
        try:
            charge = {"method": "pix", "amount": 9_000, "currency": "BRL", "payer": PAYER}
            response = api.post_json("/api/deposits", charge)
            assert response.status_code == 201, response.content
            deposit_id = response.json()["id"]
            assert post_webhooks(deposit_id) == ["applied"]
            with schema_context(slug):
                assert services.settle_due(timezone.localdate() + timedelta(days=7)) == 1
            fund(slug, 1_000)
            raised = ApiClient("public").post_json(
                "/sandbox-bank/med", {"reference": deposit_id, "amount": 4_000, "decision_failures": 1}
            )
            assert raised.status_code == 201, raised.content
            reference = raised.json()["case_reference"]
            assert post_webhooks(deposit_id) == ["opened"]
            assert balance(slug)["held"] == 4_000
            case_id = MedCase.objects.get(deposit_id=deposit_id).public_id
            desk = staff()
            assert attach_evidence(desk, case_id).status_code == 201
            accepted = desk.post_json(f"/api/med-cases/{case_id}/accept", {"justification": JUSTIFICATION})
            assert accepted.status_code == 200, accepted.content

            def informed() -> MedCase | None:
                case = MedCase.objects.get(public_id=case_id)
                return case if case.bank_report == "informed" else None

            case = wait_until(informed, timeout=90)
            assert case is not None, "the worker did not tell the bank"
            assert case.bank_report_attempts == 2  # the timeout, then the retry
            assert case.bank_informed_at is not None
            answer = ApiClient("public").get(f"/sandbox-bank/med/decisions?case_reference={reference}")
            told = [(d["decision"], d["refunded_amount"], d["received"]) for d in answer.json()["decisions"]]
            assert told == [("accepted", 4_000, 1)]
        finally:
            grants.revoke_employee(employee, tenant)
