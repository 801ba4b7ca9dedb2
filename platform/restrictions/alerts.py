"""Alerts: rules that watch deposits as they are created and open alerts in a queue
(admin/customers-alert: open -> acknowledged -> resolved, with notes).

`observe_deposit` runs inside the deposit's own transaction (payments.do_create_deposit), after its
index row is written: a rolled-back deposit opens nothing. Rules, each one indexed query at most:
- burst: BURST_COUNT or more deposits from one document to one client within BURST_WINDOW;
- night_pix: a PIX deposit over NIGHT_PIX_OVER from a person (CPF) between 22:00 and 06:00, Brasília.
One alert stays open per (client, rule, document): later hits count on it (`hits`)."""

from __future__ import annotations

from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

from django.db import IntegrityError, transaction
from django.db.models import F, QuerySet
from django.utils import timezone

from access.scoped import visible_tenants
from accounts.models import Membership
from audit import services as audit
from core.errors import AppError, ForbiddenError, NotFoundError
from core.ids import new_public_id
from gateway.models import TransactionIndex
from restrictions import notices
from restrictions.models import Alert, AlertRule, AlertStatus
from tenants.models import Tenant, TenantKind

BURST_COUNT = 5
BURST_WINDOW = timedelta(minutes=10)
NIGHT_PIX_OVER = 100_000  # centavos: R$ 1.000,00
BRASILIA = ZoneInfo("America/Sao_Paulo")
MAX_NOTE = 1000


def is_night(moment: datetime) -> bool:
    local = moment.astimezone(BRASILIA)
    return local.hour >= 22 or local.hour < 6


def rules_hit(tenant: Tenant, *, document: str, amount: int, method: str, created_at: datetime) -> list[str]:
    """The rules a deposit (already in the index) sets off."""
    hit: list[str] = []
    if method == "pix" and amount > NIGHT_PIX_OVER and len(document) == 11 and is_night(created_at):
        hit.append(AlertRule.NIGHT_PIX)
    recent = TransactionIndex.objects.filter(
        document=document, kind="deposit", tenant=tenant, created_at__gt=created_at - BURST_WINDOW
    )
    if document and recent.count() >= BURST_COUNT:
        hit.append(AlertRule.BURST)
    return hit


def observe_deposit(
    tenant: Tenant,
    *,
    reference: str,
    document: str,
    amount: int,
    currency: str,
    method: str,
    created_at: datetime,
) -> list[Alert]:
    opened = []
    for rule in rules_hit(tenant, document=document, amount=amount, method=method, created_at=created_at):
        alert = _open(tenant, rule, document=document, reference=reference, amount=amount, currency=currency)
        if alert is not None:
            opened.append(alert)
    return opened


def _unresolved(tenant: Tenant, rule: str, document: str) -> QuerySet[Alert]:
    return Alert.objects.filter(tenant=tenant, rule=rule, document=document).exclude(
        status=AlertStatus.RESOLVED
    )


def _open(
    tenant: Tenant, rule: str, *, document: str, reference: str, amount: int, currency: str
) -> Alert | None:
    """A new alert (staff notified), or one more hit on the unresolved one (None)."""
    if _unresolved(tenant, rule, document).update(hits=F("hits") + 1):
        return None
    try:
        with transaction.atomic():
            alert = Alert.objects.create(
                public_id=new_public_id("alr"), tenant=tenant, rule=rule, document=document,
                reference=reference, amount=amount, currency=currency,
            )  # fmt: skip
    except IntegrityError:  # opened by a deposit at the same time
        _unresolved(tenant, rule, document).update(hits=F("hits") + 1)
        return None
    audit.record(
        "alert.opened", target=alert, data={"id": alert.public_id, "rule": rule, "client": tenant.slug}
    )
    notices.alert_opened(tenant, rule=rule)
    return alert


# ------------------------------------------------------------------------------------ staff actions
def alerts_for(membership: Membership) -> QuerySet[Alert]:
    if membership.tenant.kind != TenantKind.PLATFORM:
        raise ForbiddenError
    return Alert.objects.filter(tenant__in=visible_tenants(membership)).select_related("tenant")


def filtered(
    qs: QuerySet[Alert], *, status: str | None, rule: str | None, client: str | None
) -> QuerySet[Alert]:
    if status:
        qs = qs.filter(status=status)
    if rule:
        qs = qs.filter(rule=rule)
    if client:
        qs = qs.filter(tenant__slug=client)
    return qs


def _note(text: str) -> str:
    note = " ".join((text or "").split())
    if len(note) < 3:
        raise AppError("invalid_input", fields={"note": "required"})
    if len(note) > MAX_NOTE:
        raise AppError("invalid_input", fields={"note": "too_long"})
    return note


def decide(membership: Membership, public_id: str, action: str, note: str = "") -> Alert:
    """acknowledge (open -> acknowledged), resolve (open | acknowledged -> resolved, a note required)
    or note (add a note to an alert not resolved)."""
    text = _note(note) if action in ("resolve", "note") or note.strip() else ""
    with transaction.atomic():
        alert = alerts_for(membership).select_for_update(of=("self",)).filter(public_id=public_id).first()
        if alert is None:
            raise NotFoundError
        allowed = {
            "acknowledge": (AlertStatus.OPEN,),
            "resolve": (AlertStatus.OPEN, AlertStatus.ACKNOWLEDGED),
            "note": (AlertStatus.OPEN, AlertStatus.ACKNOWLEDGED),
        }[action]
        if alert.status not in allowed:
            raise AppError("alert_not_open", status=409, status_now=alert.status)
        if action == "acknowledge":
            alert.status = AlertStatus.ACKNOWLEDGED
        elif action == "resolve":
            alert.status = AlertStatus.RESOLVED
        if text:
            alert.notes = [*alert.notes, {"author": membership.user.email, "text": text,
                                          "at": timezone.now().isoformat()}]  # fmt: skip
        alert.save(update_fields=["status", "notes", "updated_at"])
        audit.record(
            f"alert.{action}", actor=membership.user, target=alert, data={"id": alert.public_id, "note": text}
        )
    return alert
