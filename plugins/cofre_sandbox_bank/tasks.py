"""The sandbox bank's actor: deliver one signed webhook (dramatiq retries a non-2xx answer)."""

from __future__ import annotations

import dramatiq


@dramatiq.actor(queue_name="default", max_retries=8, time_limit=30_000)
def deliver_webhook(delivery_id: int) -> None:
    """POST webhook delivery `delivery_id` to Cofre; idempotent (a delivered one is not sent again).

    Sent with `tenant_schema="public"`: the bank is an outside party, its tables live in public.
    """
    from cofre_sandbox_bank.delivery import deliver

    deliver(delivery_id)
