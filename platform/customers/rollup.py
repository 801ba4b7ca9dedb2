"""The customer roll-up (customers.models.Customer), kept from the public transaction index.

`refresh` runs in the transaction of every change of a deposit or a refund (payments.records.record_change,
right after the index row is written). A deposit's status change is applied as an increment: the
caller names the status the change moved from (`before`, read from the index row in the same
transaction, while the deposit's row is locked, so changes of one deposit are serialized and none is
applied twice): a change that neither starts nor ends a payment writes nothing, one that makes the
deposit paid adds it to the payer's locked row (two queries, whatever the payer's history). Anything
else (a creation, a refund, a paid deposit becoming unpaid, a payer without a row yet) recomputes the
payer's row from the index rows of this client and document (index txindex_document_time_idx). The
row is created first and locked, so two changes for one payer in flight are serialized and the second
one's aggregate sees the first's rows. `rebuild` backfills a whole tenant (migration 0002, command
`customers_backfill`); tests/customers check the increments against that recount.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.db.models import Count, Max, Min, Sum
from django.utils import timezone

from core.text import search_text
from customers.models import Customer
from gateway.models import ContactUse, TransactionIndex
from tenants.models import Tenant

PAID = ("confirmed", "paid_to_client", "refunded")  # a deposit the payer paid
BRL = "BRL"


def document_of(kind: str, record: Any) -> str:
    if kind == "deposit":
        return str(record.payer_document)
    if kind == "refund":
        return str(record.deposit.payer_document)
    return ""


def refresh(tenant: Tenant, kind: str, record: Any, *, before: str | None = None) -> None:
    """Bring the customer of `record` (a deposit or a refund; payouts are not payers) up to date.
    `before`: a deposit's status before this change (None for a creation or when unknown)."""
    document = document_of(kind, record)
    if not document:
        return
    if kind == "deposit" and before is not None and _increment(document, record, before):
        return
    now = timezone.now()
    name = str(record.payer_name) if kind == "deposit" else ""
    email = str(record.payer_email) if kind == "deposit" else ""
    Customer.objects.bulk_create(
        [Customer(document=document, name=name, search_name=search_text(name),
                  first_seen_at=now, last_seen_at=now)],
        ignore_conflicts=True,
    )  # fmt: skip
    customer = Customer.objects.select_for_update().get(document=document)
    if name:
        customer.name, customer.search_name = name, search_text(name)
    if email:
        customer.email = email
    _recompute(tenant.pk, customer)
    customer.save()


def _increment(document: str, record: Any, before: str) -> bool:
    """Apply a deposit's status change to its payer's row; False when it needs a recount."""
    was, now = before in PAID, record.status in PAID
    if was == now:
        return True  # not a payment starting or ending: the payer's figures do not move
    if was:
        return False  # a paid deposit no longer paid: rare; the last payment day needs a recount
    customer = Customer.objects.select_for_update().filter(document=document).first()
    if customer is None:
        return False
    amount, currency = int(record.amount), str(record.currency)
    totals = dict(customer.totals or {})
    bucket = dict(totals.get(currency) or {"deposits": 0, "paid": 0, "refunds": 0, "refunded": 0})
    bucket["deposits"] = int(bucket.get("deposits", 0)) + 1
    bucket["paid"] = int(bucket.get("paid", 0)) + amount
    totals[currency] = bucket
    customer.totals = totals
    customer.deposit_count += 1
    if currency == BRL:
        customer.deposit_total += amount
    if customer.last_paid_at is None or record.created_at > customer.last_paid_at:
        customer.last_paid_at = record.created_at
    customer.save(update_fields=["totals", "deposit_count", "deposit_total", "last_paid_at", "updated_at"])
    return True


def _recompute(tenant_id: int, customer: Customer) -> None:
    rows = TransactionIndex.objects.filter(document=customer.document, tenant_id=tenant_id)
    seen = rows.filter(kind__in=("deposit", "refund")).aggregate(
        first=Min("created_at"), last=Max("created_at")
    )
    if seen["first"] is not None:
        customer.first_seen_at, customer.last_seen_at = seen["first"], seen["last"]
    totals: dict[str, dict[str, int]] = {}
    last_paid = None
    paid = rows.filter(kind="deposit", status__in=PAID).values("currency")
    for row in paid.annotate(n=Count("id"), total=Sum("amount"), last=Max("created_at")).order_by():
        totals.setdefault(row["currency"], {"deposits": 0, "paid": 0, "refunds": 0, "refunded": 0})
        totals[row["currency"]].update(deposits=row["n"], paid=row["total"] or 0)
        last_paid = row["last"] if last_paid is None else max(last_paid, row["last"])
    refunds = rows.filter(kind="refund", status="confirmed").values("currency")
    for refund in refunds.annotate(n=Count("id"), total=Sum("amount")).order_by():
        totals.setdefault(refund["currency"], {"deposits": 0, "paid": 0, "refunds": 0, "refunded": 0})
        totals[refund["currency"]].update(refunds=refund["n"], refunded=refund["total"] or 0)
    customer.totals = totals
    phone = (
        ContactUse.objects.filter(tenant_id=tenant_id, document=customer.document, contact__kind="phone")
        .order_by("-last_seen_at")
        .values_list("contact__value", flat=True)
        .first()
    )
    customer.phone = phone or customer.phone
    customer.deposit_count = sum(t["deposits"] for t in totals.values())
    customer.refund_count = sum(t["refunds"] for t in totals.values())
    customer.deposit_total = totals.get(BRL, {}).get("paid", 0)
    customer.refund_total = totals.get(BRL, {}).get("refunded", 0)
    customer.last_paid_at = last_paid


def rebuild(tenant_id: int, payers: Iterable[tuple[str, str, str]]) -> int:
    """Recompute the customers of `payers` (document, latest name, latest e-mail) of the tenant whose
    schema the connection is in: the backfill of migration 0002 and of `manage.py customers_backfill`
    (ops), which read the payers from the deposits. Returns how many."""
    count = 0
    for document, name, email in payers:
        customer = Customer.objects.filter(document=document).first() or Customer(document=document)
        customer.name, customer.search_name, customer.email = name, search_text(name), email
        customer.first_seen_at = customer.last_seen_at = customer.first_seen_at or timezone.now()
        _recompute(tenant_id, customer)
        customer.save()
        count += 1
    return count
