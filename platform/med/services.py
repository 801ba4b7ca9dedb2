"""The MED desk: a provider's notice blocks the disputed amount, staff accept or reject it, the refund
goes out through the refunds service in parts as the client's balance allows.

Ledger (public books, keys `med:{schema}:{case}:{step}`), balanced at every step, never overdrawing:
    hold:N     Dr tenant available / Cr tenant held  - what available has (no_overdraft), at the
               notice (hold:1) and later as money arrives while the case is refunding (hold:2, ...)
    part:N     Dr tenant held / Cr tenant available  - the hold of refund part N handed over to the
               refund, which reserves it again at once in the same transaction (refunds' `reserved`
               entry: Dr pending/available / Cr held); so the hold is released as the refund goes out
    release    Dr tenant held / Cr tenant available  - what is still held when the case closes
               (rejected, cancelled, or completed with something left)
Every step runs under the deposit's row lock (then the case's), in one transaction with its audit
entry and notifications: a retried job, a duplicate notice or a worker killed mid-step leaves either
the whole step or nothing, and the entry keys make a replay post nothing twice.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from django.db import transaction
from django.db.models import F, Q, QuerySet
from django.http import FileResponse
from django.utils import timezone
from django_tenants.utils import get_public_schema_name, schema_context

from access.scoped import visible_tenants
from accounts.models import Membership, User
from audit import services as audit
from core.errors import AppError, ForbiddenError, NotFoundError
from core.ids import new_public_id
from core.jobs import enqueue_on_commit
from files import services as files
from files.models import StoredFile
from files.sniff import JPEG, PDF, PNG, sniff
from gateway import services as gateway
from gateway.models import PluginKind
from gateway.registry import get_registry
from ledger import services as ledger
from ledger.models import AccountKind, LedgerAccount
from med import notices
from med.models import ACTIVE_STATUSES, MedCase, MedEvidence, MedRefundPart, MedStatus
from payments.models import Deposit, DepositStatus, Method
from plugin_api import MedDecision, MedDecisionReport, MedNotice, MedState, PluginError, ProviderEvent
from refunds import services as refunds
from refunds.models import Refund, RefundStatus
from tenants.models import Tenant, TenantKind
from tenants.tenancy import current_schema, current_tenant

logger = logging.getLogger("cofre.med")

CLAIM_WINDOW = timedelta(days=80)  # the payer's institution must claim within 80 days of the payment
ANALYSIS_TIME = timedelta(days=7)  # the receiving institution analyses within 7 days
REFUND_TIME = timedelta(hours=24)  # and pays the refund within 24 hours once due
WARNINGS = (timedelta(hours=48), timedelta(hours=24), timedelta(hours=6))  # levels 1, 2, 3; 4 overdue
REFUNDABLE = (DepositStatus.CONFIRMED.value, DepositStatus.PAID_TO_CLIENT.value)
_CLOSED_BASE = 8_000_000_000_000  # queue_rank of closed cases: after every deadline, newest first
MAX_EVIDENCE_BYTES = 10 * 1024 * 1024  # per file
MAX_EVIDENCE_FILES = 20  # per case
EVIDENCE_TYPES = (PDF, PNG, JPEG)


# ---------------------------------------------------------------------------------- clocks
def due_at(case: MedCase) -> datetime | None:
    """The deadline the case runs against now: the analysis while open, the refund while refunding."""
    if case.status == MedStatus.OPEN:
        return case.analysis_due_at
    if case.status == MedStatus.REFUNDING:
        return case.refund_due_at
    return None


def warning_level(case: MedCase, now: datetime | None = None) -> int:
    """0 (more than 48 h left or closed), 1 (48 h), 2 (24 h), 3 (6 h), 4 (overdue)."""
    deadline = due_at(case)
    if deadline is None:
        return 0
    left = deadline - (now or timezone.now())
    if left <= timedelta(0):
        return 4
    level = 0
    for index, threshold in enumerate(WARNINGS, start=1):
        if left <= threshold:
            level = index
    return level


URGENCY = {0: "ok", 1: "h48", 2: "h24", 3: "h6", 4: "overdue"}


def _rank(case: MedCase) -> int:
    deadline = due_at(case)
    if deadline is not None:
        return int(deadline.timestamp() * 1000)
    closed = case.closed_at or timezone.now()
    return _CLOSED_BASE - int(closed.timestamp() * 1000)


# ------------------------------------------------------------------------------------ money
def _entry_key(case: MedCase, step: str) -> str:
    return f"med:{case.tenant.schema_name}:{case.public_id}:{step}"


def _accounts(tenant: Tenant, currency: str) -> tuple[LedgerAccount, LedgerAccount]:
    """The client's available and held accounts, locked (in id order, as ledger.post locks them)."""
    available = ledger.tenant_account(tenant, AccountKind.AVAILABLE, currency)
    held = ledger.tenant_account(tenant, AccountKind.HELD, currency)
    locked = {
        a.pk: a
        for a in LedgerAccount.objects.select_for_update()
        .filter(pk__in=[available.pk, held.pk])
        .order_by("pk")
    }
    return locked[available.pk], locked[held.pk]


def _hold_more(case: MedCase, wanted: int) -> int:
    """Block up to `wanted` more of the client's available balance (what there is, never more)."""
    if wanted <= 0:
        return 0
    available, held = _accounts(case.tenant, case.currency)
    amount = min(wanted, max(0, available.display_balance))
    if amount <= 0:
        return 0
    case.holds += 1
    ledger.post(
        _entry_key(case, f"hold:{case.holds}"), "med_hold",
        [ledger.Line(available, amount), ledger.Line(held, -amount)],
        tenant=case.tenant, reference=case.public_id, memo=f"MED {case.case_reference}",
        no_overdraft=[available],
    )  # fmt: skip
    case.held_amount += amount
    return amount


def _release(case: MedCase, amount: int, step: str) -> None:
    """Hand `amount` of the case's hold back to available (a refund part takes it at once, or the
    case closed)."""
    if amount <= 0:
        return
    available, held = _accounts(case.tenant, case.currency)
    ledger.post(
        _entry_key(case, step), "med_release",
        [ledger.Line(held, amount), ledger.Line(available, -amount)],
        tenant=case.tenant, reference=case.public_id, memo=f"MED {case.case_reference}",
    )  # fmt: skip
    case.held_amount -= amount


# ---------------------------------------------------------------------------------- audit
def _audit(action: str, case: MedCase, *, actor: User | None = None, **data: Any) -> None:
    """Every step goes to the platform's trail (the desk's) and the client's own."""
    payload = {"id": case.public_id, "case": case.case_reference, "deposit": case.deposit_id, **data}
    for schema in (get_public_schema_name(), case.tenant.schema_name):
        with schema_context(schema):
            audit.record(f"med.{action}", actor=actor, actor_email="" if actor else "provider",
                         target=case, data=payload)  # fmt: skip


# ---------------------------------------------------------------------------- the notice
@dataclass(frozen=True)
class NoticeOutcome:
    case: MedCase | None
    outcome: str


def apply_med_event(provider_code: str, event: ProviderEvent) -> str:
    """A verified webhook event of kind "med" about a deposit, in the deposit's tenant schema (called
    by the inbox, gateway.webhooks, inside the inbox row's transaction): fetch the whole case from the
    provider and apply it."""
    config = gateway.effective_config(PluginKind.PROVIDER, provider_code, None)
    try:
        notice = get_registry().provider(provider_code).fetch_med_case(event.provider_reference, config)
    except PluginError as exc:
        logger.warning("MED case %s unknown at %s: %s", event.provider_reference, provider_code, exc.code)
        return "unknown_med_case"
    if notice.charge_reference != event.reference:
        return "med_reference_mismatch"
    return receive_notice(provider_code, notice).outcome


def receive_notice(provider_code: str, notice: MedNotice, now: datetime | None = None) -> NoticeOutcome:
    """Open (or update) the case of a notice, in the deposit's tenant schema. Idempotent: a case is
    one row per (provider, case reference), so a repeated notice only counts itself."""
    moment = now or timezone.now()
    tenant = current_tenant()
    with transaction.atomic():
        deposit = Deposit.objects.select_for_update().filter(public_id=notice.charge_reference).first()
        if deposit is None or deposit.provider != provider_code:
            return NoticeOutcome(None, "unknown_reference")
        existing = (
            MedCase.objects.select_for_update()
            .select_related("tenant")
            .filter(provider=provider_code, case_reference=notice.case_reference)
            .first()
        )
        if existing is not None:
            existing.notices += 1
            existing.save(update_fields=["notices", "updated_at"])
            if notice.state == MedState.CANCELLED and existing.status == MedStatus.OPEN:
                _close(existing, MedStatus.CANCELLED, actor=None, cancel_reason="withdrawn_by_bank")
                return NoticeOutcome(existing, "cancelled")
            _audit("notice_repeated", existing, notices=existing.notices)
            return NoticeOutcome(existing, "duplicate_case")
        if notice.state == MedState.CANCELLED:
            return NoticeOutcome(None, "ignored_cancelled")
        paid = deposit.paid_amount or deposit.amount
        case = MedCase(
            public_id=new_public_id("med"), tenant=tenant, provider=provider_code,
            case_reference=notice.case_reference, deposit_id=deposit.public_id, deposit_amount=paid,
            payer_name=deposit.payer_name, payer_document=deposit.payer_document,
            amount=min(notice.amount, max(0, paid - deposit.refunded_amount)), currency=deposit.currency,
            reason=notice.reason, details=notice.details[:200],
            hops=[{"depth": h.depth, "ispb": h.ispb, "account": h.account,
                   "holder_document": h.holder_document, "amount": h.amount} for h in notice.hops[:5]],
            paid_at=deposit.confirmed_at, reported_at=notice.reported_at, notified_at=moment,
            analysis_due_at=moment + ANALYSIS_TIME, queue_rank=0,
        )  # fmt: skip
        refusal = _refusal(deposit, notice, case)
        if refusal:
            case.status = MedStatus.CANCELLED
            case.cancel_reason = refusal
            case.closed_at = moment
        case.queue_rank = _rank(case)
        case.save()
        if refusal:
            _audit("refused", case, reason=refusal)
            return NoticeOutcome(case, f"refused_{refusal}")
        held = _hold_more(case, case.amount)
        case.hold_shortfall = case.amount - held
        case.save()
        _audit("opened", case, amount=case.amount, held=held, shortfall=case.hold_shortfall,
               hops=len(case.hops))  # fmt: skip
        notices.opened(case)
    return NoticeOutcome(case, "opened")


def _refusal(deposit: Deposit, notice: MedNotice, case: MedCase) -> str:
    """Why a notice cannot stand as a case (recorded, nothing blocked), or ""."""
    if deposit.method != Method.PIX or deposit.status not in REFUNDABLE or deposit.confirmed_at is None:
        return "not_a_paid_pix"
    if notice.currency != deposit.currency:
        return "currency_mismatch"
    if notice.reported_at - deposit.confirmed_at > CLAIM_WINDOW:
        return "claim_window_closed"
    if case.amount <= 0:
        return "nothing_to_refund"
    return ""


# ----------------------------------------------------------------------- refunds while open
def refuse_refund_while_open(deposit: Deposit, med_case: str) -> None:
    """A normal refund of a deposit with a MED case not closed is refused (the BCB rule); the case's
    own refund parts go through."""
    active = MedCase.objects.filter(
        tenant__schema_name=current_schema(), deposit_id=deposit.public_id, status__in=ACTIVE_STATUSES
    )
    if med_case:
        if not active.filter(public_id=med_case).exists():
            raise AppError("med_not_open", status=409, status_now="closed")
        return
    if active.exists():
        raise AppError("med_open", status=409)


# ---------------------------------------------------------------------------- staff access
def _staff(membership: Membership) -> None:
    if membership.tenant.kind != TenantKind.PLATFORM:
        raise ForbiddenError


def cases_for(membership: Membership) -> QuerySet[MedCase]:
    """Staff: the cases of the clients they may see; a client's member: its own cases (read only)."""
    qs = MedCase.objects.select_related("tenant", "decided_by")
    if membership.tenant.kind == TenantKind.CLIENT:
        if membership.tenant.schema_name != current_schema():
            raise NotFoundError
        return qs.filter(tenant=membership.tenant)
    return qs.filter(tenant__in=visible_tenants(membership))


def access_case(membership: Membership, public_id: str) -> MedCase:
    """The one way to load a case on a user's behalf: outside their scope it does not exist (404)."""
    found = cases_for(membership).filter(public_id=public_id).first()
    if found is None:
        raise NotFoundError
    return found


def filtered(
    qs: QuerySet[MedCase], *, status: list[str], client: str, urgency: str, q: str
) -> QuerySet[MedCase]:
    if status:
        qs = qs.filter(status__in=status)
    if client:
        qs = qs.filter(tenant__slug=client)
    now = timezone.now()
    if urgency == "overdue":
        qs = qs.filter(status__in=ACTIVE_STATUSES, queue_rank__lte=int(now.timestamp() * 1000))
    elif urgency in ("h48", "h24", "h6"):
        hours = {"h48": 48, "h24": 24, "h6": 6}[urgency]
        limit = int((now + timedelta(hours=hours)).timestamp() * 1000)
        qs = qs.filter(status__in=ACTIVE_STATUSES, queue_rank__lte=limit)
    text = (q or "").strip()
    if text:
        digits = "".join(ch for ch in text if ch.isdigit())
        match = (
            Q(public_id__iexact=text) | Q(deposit_id__iexact=text) | Q(case_reference__iexact=text)
            | Q(payer_name__icontains=text)
        )  # fmt: skip
        if digits:
            match |= Q(payer_document__contains=digits)
        qs = qs.filter(match)
    return qs


# ------------------------------------------------------------------------------ decisions
def _justification(text: str) -> str:
    cleaned = " ".join((text or "").split())
    if len(cleaned) < 10:
        raise AppError("invalid_input", fields={"justification": "justification_required"})
    return cleaned[:2000]


def accept(membership: Membership, public_id: str, *, justification: str, evidence_note: str = "") -> MedCase:
    """Accept the claim: the refund is due within 24 hours and goes out now, in parts if only part of
    it is held and available (the rest follows as the balance allows: `advance`, ticked per client)."""
    return _decide(membership, public_id, accepted=True, justification=justification, evidence=evidence_note)


def reject(membership: Membership, public_id: str, *, justification: str, evidence_note: str = "") -> MedCase:
    """Reject the claim: the block is lifted."""
    return _decide(membership, public_id, accepted=False, justification=justification, evidence=evidence_note)


def _decide(
    membership: Membership, public_id: str, *, accepted: bool, justification: str, evidence: str
) -> MedCase:
    _staff(membership)
    reason = _justification(justification)
    case = access_case(membership, public_id)
    with schema_context(case.tenant.schema_name), transaction.atomic():
        Deposit.objects.select_for_update().filter(public_id=case.deposit_id).first()  # lock order
        locked = MedCase.objects.select_for_update().select_related("tenant").get(pk=case.pk)
        if locked.status != MedStatus.OPEN:
            raise AppError("med_not_open", status=409, status_now=locked.status)
        if accepted and not MedEvidence.objects.filter(case=locked).exists():
            # Money leaves on an acceptance: it stands on evidence attached to the case. A rejection
            # lifts the block and needs the justification only.
            raise AppError("med_evidence_required", status=422, fields={"evidence": "med_evidence_required"})
        now = timezone.now()
        locked.decided_by = membership.user
        locked.decided_at = now
        locked.justification = reason
        locked.evidence_note = " ".join((evidence or "").split())[:2000]
        if accepted:
            locked.status = MedStatus.REFUNDING
            locked.refund_due_at = now + REFUND_TIME
            locked.warned_level = 0
            locked.queue_rank = _rank(locked)
            locked.save()
            _audit("accepted", locked, actor=membership.user, justification=reason,
                   evidence=locked.evidence_note)  # fmt: skip
            _advance(locked)
        else:
            locked.save()
            _close(locked, MedStatus.REJECTED, actor=membership.user, justification=reason)
        notices.decided(locked)
        locked.bank_report = "pending"
        locked.save(update_fields=["bank_report", "updated_at"])
        from med.tasks import report_decision  # the actor module imports these services

        enqueue_on_commit(report_decision, locked.public_id)
    locked.refresh_from_db()
    return locked


def _close(case: MedCase, status: str, *, actor: User | None, cancel_reason: str = "", **data: Any) -> None:
    """Close the case and lift what it still holds (in the deposit's schema, under its locks)."""
    released = case.held_amount
    _release(case, released, "release")
    case.status = status
    case.cancel_reason = cancel_reason
    case.closed_at = timezone.now()
    case.queue_rank = _rank(case)
    case.save()
    _audit(status, case, actor=actor, released=released, cancel_reason=cancel_reason, **data)


def _decider(case: MedCase) -> Membership:
    """Refund parts are made on behalf of the staff member who accepted the case."""
    member = (
        Membership.objects.select_related("user", "tenant")
        .filter(user_id=case.decided_by_id or 0, tenant__kind=TenantKind.PLATFORM)
        .first()
    )
    if member is None:  # pragma: no cover - a decided case always has its decider's membership
        raise AppError("med_not_open", status=409, status_now=case.status)
    return member


def _advance(case: MedCase) -> None:
    """One step of a refunding case (under the deposit's and the case's row locks, in its tenant's
    schema): see how its refund parts went, block more of what the claim still needs as the balance
    allows, send what is held as the next refund part, and complete the case once its parts are
    confirmed. Runs after the acceptance and on every tick; a repeat finds nothing more to do."""
    parts = list(case.parts.all())
    statuses = dict(
        Refund.objects.filter(public_id__in=[p.refund_id for p in parts]).values_list("public_id", "status")
    )
    committed = confirmed = 0
    for part in parts:
        status = statuses.get(part.refund_id, part.status)
        if status != part.status:
            part.status = status
            part.save(update_fields=["status"])
        if status != RefundStatus.FAILED:
            committed += part.amount
        if status == RefundStatus.CONFIRMED:
            confirmed += part.amount
    case.refunded_amount = committed
    case.refund_confirmed = confirmed
    deposit = Deposit.objects.get(public_id=case.deposit_id)
    still_refundable = max(0, (deposit.paid_amount or deposit.amount) - deposit.refunded_amount)
    needed = min(case.amount - committed, still_refundable)
    _hold_more(case, needed - case.held_amount)
    part_amount = min(case.held_amount, needed)
    if part_amount > 0:
        seq = len(parts) + 1
        _release(case, part_amount, f"part:{seq}")
        refund, _ = refunds.create_refund_once(
            _decider(case), deposit,
            refunds.RefundInput(part_amount, f"MED {case.case_reference} ({seq})"),
            idempotency_key=f"med:{case.public_id}:{seq}", med_case=case.public_id,
        )  # fmt: skip
        MedRefundPart.objects.create(case=case, seq=seq, refund_id=refund.public_id, amount=part_amount)
        case.refunded_amount += part_amount
        _audit("refund_part", case, seq=seq, refund=refund.public_id, amount=part_amount)
        committed += part_amount
    case.save()
    if confirmed >= case.amount or (committed == confirmed and still_refundable == 0 and confirmed > 0):
        _close(case, MedStatus.COMPLETED, actor=None, refunded=confirmed)
        notices.completed(case)


def advance_refunding(now: datetime | None = None) -> int:
    """Per client tenant (the periodic job): move every refunding case of this schema a step on."""
    count = 0
    ids = list(
        MedCase.objects.filter(tenant__schema_name=current_schema(), status=MedStatus.REFUNDING)
        .order_by("queue_rank", "id")
        .values_list("pk", "deposit_id")[:500]
    )
    for pk, deposit_id in ids:
        with transaction.atomic():
            Deposit.objects.select_for_update().filter(public_id=deposit_id).first()
            case = MedCase.objects.select_for_update().select_related("tenant").get(pk=pk)
            if case.status != MedStatus.REFUNDING:
                continue
            _advance(case)
            count += 1
    return count


def warn_deadlines(now: datetime | None = None) -> int:
    """Tell staff once per level as a case's deadline comes near (48, 24, 6 hours) and when it passes."""
    moment = now or timezone.now()
    count = 0
    horizon = int((moment + WARNINGS[0]).timestamp() * 1000)
    near = MedCase.objects.filter(
        tenant__schema_name=current_schema(), status__in=ACTIVE_STATUSES, queue_rank__lte=horizon
    ).values_list("pk", flat=True)[:500]
    for pk in list(near):
        with transaction.atomic():
            case = MedCase.objects.select_for_update().select_related("tenant").get(pk=pk)
            level = warning_level(case, moment)
            if level <= case.warned_level:
                continue
            case.warned_level = level
            case.save(update_fields=["warned_level", "updated_at"])
            _audit("deadline_warning", case, level=URGENCY[level])
            notices.deadline(case, URGENCY[level])
            count += 1
    return count


def refund_statuses(case: MedCase) -> dict[str, str]:
    """The refunds of the case's parts as they are now (read in the client's schema)."""
    ids = [p.refund_id for p in case.parts.all()]
    if not ids:
        return {}
    with schema_context(case.tenant.schema_name):
        return dict(Refund.objects.filter(public_id__in=ids).values_list("public_id", "status"))


# ------------------------------------------------------------------------------- evidence
def check_evidence(content: bytes) -> str:
    """The content type of an evidence upload, by its bytes, or why it is refused."""
    if len(content) > MAX_EVIDENCE_BYTES:
        raise AppError("file_too_large", status=400, megabytes=MAX_EVIDENCE_BYTES // (1024 * 1024))
    if not content:
        raise AppError("invalid_input", status=422, fields={"file": "empty_file"})
    content_type = sniff(content)
    if content_type not in EVIDENCE_TYPES:
        raise AppError("unsupported_document_type", status=422, fields={"file": "unsupported_document_type"})
    return content_type


def add_evidence(membership: Membership, public_id: str, *, name: str, content: bytes) -> MedEvidence:
    """Staff attach a file to an open case: checked by its content, stored in the client's schema (as
    the client's other files), listed on the case; audited."""
    _staff(membership)
    case = access_case(membership, public_id)
    content_type = check_evidence(content)
    with transaction.atomic():
        locked = MedCase.objects.select_for_update().select_related("tenant").get(pk=case.pk)
        if locked.status != MedStatus.OPEN:
            raise AppError("med_not_open", status=409, status_now=locked.status)
        if MedEvidence.objects.filter(case=locked).count() >= MAX_EVIDENCE_FILES:
            raise AppError("too_many_evidence_files", status=422, limit=MAX_EVIDENCE_FILES)
        with schema_context(locked.tenant.schema_name):
            stored = files.save_file(category="med_evidence", name=name or "evidence", content=content,
                                     content_type=content_type, owner_id=membership.user_id)  # fmt: skip
        evidence = MedEvidence.objects.create(
            public_id=new_public_id("medev"), case=locked, name=stored.name, content_type=content_type,
            size=stored.size, stored_id=stored.public_id, uploaded_by=membership.user,
        )  # fmt: skip
        _audit("evidence_added", locked, actor=membership.user, evidence=evidence.public_id,
               name=evidence.name, size=evidence.size, content_type=content_type)  # fmt: skip
    return evidence


def evidence_of(case: MedCase) -> list[MedEvidence]:
    return list(MedEvidence.objects.filter(case=case).select_related("uploaded_by"))


def may_see_evidence(membership: Membership) -> bool:
    """Evidence is the desk's: staff who see the case (the client reads the outcome, not the file)."""
    return membership.tenant.kind == TenantKind.PLATFORM


def evidence_response(membership: Membership, public_id: str, evidence_id: str) -> FileResponse:
    """Serve one evidence file of a case the staff member sees (404 otherwise), from the client's schema."""
    _staff(membership)
    case = access_case(membership, public_id)
    evidence = MedEvidence.objects.filter(case=case, public_id=evidence_id).first()
    if evidence is None:
        raise NotFoundError
    with schema_context(case.tenant.schema_name):
        stored = StoredFile.objects.filter(public_id=evidence.stored_id).first()
        if stored is None:
            raise NotFoundError
        try:
            return files.file_response(stored)
        except FileNotFoundError as exc:  # the row outlived its bytes (a restored database): not a 500
            raise NotFoundError from exc


# ------------------------------------------------------------------ the decision, to the bank
def decision_report(case: MedCase) -> MedDecisionReport:
    accepted = case.status in (MedStatus.REFUNDING, MedStatus.COMPLETED)
    return MedDecisionReport(
        case_reference=case.case_reference, charge_reference=case.deposit_id,
        decision=MedDecision.ACCEPTED if accepted else MedDecision.REJECTED,
        refunded_amount=case.amount if accepted else 0, currency=case.currency,
        reason=case.justification, decided_at=case.decided_at or case.updated_at,
        idempotency_key=f"med-decision:{case.public_id}",
    )  # fmt: skip


def report_decision_now(public_id: str) -> str:
    """Tell the provider of the decision on a case (the worker's job, after the decision commits).
    Idempotent: a case already told is not told again (a duplicate delivery of the job), and the
    provider keeps one decision per idempotency key (a retry after a lost answer). A timeout or a
    provider's error raises, for dramatiq to retry; a provider that takes no reports is recorded as
    such. Answers the case's `bank_report` after the call."""
    case = MedCase.objects.select_related("tenant").filter(public_id=public_id).first()
    if case is None or case.bank_report in ("", "informed", "not_supported"):
        return case.bank_report if case is not None else "unknown_case"
    with transaction.atomic():
        MedCase.objects.filter(pk=case.pk).update(bank_report_attempts=F("bank_report_attempts") + 1)
    config = gateway.effective_config(PluginKind.PROVIDER, case.provider, case.tenant)
    provider = get_registry().provider(case.provider)
    outcome = "informed"
    try:
        provider.report_med_decision(decision_report(case), config)
    except PluginError as exc:
        if exc.code != "med_decisions_not_supported":
            logger.warning("MED decision of %s not taken by %s: %s", case.public_id, case.provider, exc.code)
            raise
        outcome = "not_supported"
    with transaction.atomic():
        locked = MedCase.objects.select_for_update().select_related("tenant").get(pk=case.pk)
        if locked.bank_report != "pending":
            return str(locked.bank_report)
        locked.bank_report = outcome
        if outcome == "informed":
            locked.bank_informed_at = timezone.now()
        locked.save(update_fields=["bank_report", "bank_informed_at", "updated_at"])
        action = "bank_informed" if outcome == "informed" else "bank_report_not_supported"
        decision = decision_report(locked).decision.value
        _audit(action, locked, decision=decision, attempts=locked.bank_report_attempts)
    return outcome


REPORT_AGAIN_AFTER = timedelta(minutes=10)  # a decision the job has not told the bank by then


def report_pending_decisions(now: datetime | None = None) -> int:
    """Per client tenant (the periodic job): tell the bank of decisions still pending after the job's
    own retries (the bank was away for long). Answers how many were told now."""
    cutoff = (now or timezone.now()) - REPORT_AGAIN_AFTER
    pending = MedCase.objects.filter(
        tenant__schema_name=current_schema(), bank_report="pending", decided_at__lte=cutoff
    ).values_list("public_id", flat=True)[:100]
    told = 0
    for public_id in list(pending):
        try:
            told += report_decision_now(public_id) == "informed"
        except (PluginError, TimeoutError, OSError) as exc:
            logger.warning("MED decision of %s still not told: %s", public_id, exc)
    return told
