"""The ONE helper that records a change of a money record (a deposit, a payout, a refund) with all its
side writes, in the caller's transaction: the ledger entry (when the change moves money), the
timeline event, the public index row, the audit entry, the outbox event and the statistics roll-ups.

Every creation and status change of payments, payouts and refunds goes through `record_change`, so
none of the five writes can be forgotten at one site (DESIGN.md decision 3). The caller checks the
transition table, locks and saves the record itself; this writes what follows from it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from django.db import models

from audit import services as audit
from customers import contacts
from customers import rollup as customers
from gateway import services as gateway
from ledger import services as ledger
from ledger.models import LedgerAccount
from payments.models import OutboxEvent
from stats import rollups
from tenants.models import Tenant
from webhooks import services as webhooks


@dataclass(frozen=True)
class Entry:
    """A ledger entry to post with the change (ledger.post's arguments)."""

    key: str  # idempotency key: "{kind}:{schema}:{public_id}:{step}"
    kind: str  # e.g. "deposit_confirmed"
    lines: Sequence[ledger.Line]
    memo: str = ""
    no_overdraft: Iterable[LedgerAccount] = field(default_factory=tuple)


def record_change(
    tenant: Tenant,
    record: Any,
    *,
    kind: str,
    action: str,
    topic: str,
    payload: Mapping[str, Any],
    index: Mapping[str, Any],
    event: models.Model | None = None,
    entry: Entry | None = None,
    actor: Any = None,
    audit_data: Mapping[str, Any] | None = None,
) -> None:
    """Write the side writes of a change of `record` (a deposit, payout or refund: its `public_id`
    names the index row, the ledger entry's reference and the audit target):

    - `entry`: posted first, so a refused overdraft (`insufficient_funds`) writes nothing else;
    - `event`: the timeline row (unsaved), saved;
    - `index`: the fields of the public index row of `kind`, created or updated;
    - deposits and refunds: the payer's customer roll-up (customers.rollup): a deposit's status change
      as an increment from the status counted before, anything else recomputed from the index;
    - created deposits and payouts: their e-mail or phone in the contact index (customers.contacts);
    - the audit entry `{kind}.{action}` (actor, `audit_data`) and the outbox event `{kind}.{topic}`;
    - the webhook event `{kind}.{topic}` and its deliveries to the endpoints subscribed to it;
    - deposits and payouts: the statistics roll-ups (`stats.rollups`), moved from the bucket the index
      row counted to the record's current one, last (their rows are the most shared: held briefly).
    """
    if entry is not None:
        ledger.post(
            entry.key, entry.kind, entry.lines, tenant=tenant, reference=record.public_id,
            memo=entry.memo, no_overdraft=entry.no_overdraft,
        )  # fmt: skip
    if event is not None:
        event.save()
    # the status and fee the index row counted until now, read by its own UPDATE
    counted = gateway.index_upsert(tenant, kind, record.public_id, **index)
    before = rollups.Counted(*counted) if counted is not None and action != "created" else None
    # the payer's roll-up: a deposit's change as an increment from the status the index counted
    customers.refresh(tenant, kind, record, before=before.status if before is not None else None)
    if action == "created":
        contacts.observe(tenant, kind, record, record.created_at)  # its e-mail or phone (kyc-phones-emails)
    audit.record(f"{kind}.{action}", actor=actor, target=record, data=dict(audit_data or {}))
    OutboxEvent.objects.create(topic=f"{kind}.{topic}", payload=dict(payload))
    webhooks.emit(f"{kind}.{topic}", record.public_id, dict(payload))  # the merchant's endpoints
    rollups.count_change(tenant, kind, record, before)
