"""The sandbox bank's webhooks through Redis and a real dramatiq worker (no test transaction here:
the bank commits its records and schedules the delivery on commit, as in production)."""

from __future__ import annotations

import time
from typing import Any

import pytest
from django.conf import settings

from cofre_sandbox_bank.models import SandboxCharge, SandboxWebhookDelivery
from cofre_sandbox_bank.provider import SandboxBank
from plugin_api import ChargeArtifacts, ChargeState
from plugin_api.testkit import sample_charge_request
from tests.plugins.helpers import Receiver

pytestmark = [pytest.mark.worker]


def wait_until(condition: Any, timeout: float = 20) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.05)
    return False


def test_a_real_worker_delivers_the_signed_webhook_in_the_public_schema(
    worker: None, django_db_blocker: Any, receiver: Receiver, sandbox_config: dict[str, Any]
) -> None:
    bank = SandboxBank()
    config = {**sandbox_config, "webhook_url": receiver.url}
    reference = f"dep_worker_{time.time_ns()}"
    with django_db_blocker.unblock():
        try:
            bank.create_charge(sample_charge_request("pix", reference=reference), ChargeArtifacts(), config)
            assert wait_until(lambda: receiver.requests), "the worker never delivered the webhook"
            [(headers, body)] = receiver.requests
            assert headers["Host"] == settings.BASE_DOMAIN
            [event] = bank.parse_webhook(headers, body, config)
            assert (event.reference, event.state) == (reference, "confirmed")
            delivery = SandboxWebhookDelivery.objects.filter(reference=reference)
            assert wait_until(lambda: delivery.filter(delivered_at__isnull=False).exists(), timeout=5)
            assert (delivery.get().attempts, delivery.get().last_status) == (1, 200)
            assert SandboxCharge.objects.get(reference=reference).state == ChargeState.CONFIRMED
        finally:
            SandboxWebhookDelivery.objects.filter(reference=reference).delete()
            SandboxCharge.objects.filter(reference=reference).delete()
