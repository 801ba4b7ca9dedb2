"""KYC onboarding: the client fills in its file and submits it; staff review, approve or reject it.

One service function per change, each in one transaction with its audit entries (the platform's
trail and the client's own) and its notifications. The status moves only through `TRANSITIONS` (data,
tested exhaustively): anything else is a 409 `kyc_transition_refused` saying the status now.
The client edits its file only while it is a draft or rejected (`kyc_locked` otherwise).

Documents are checked by their content (PDF, PNG or JPEG, at most MAX_DOCUMENT_BYTES) and stored as
files of the client's own schema (files.services): the row here names them by public id, so staff
read them by entering that schema, and no other client's host can reach them.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, timedelta
from typing import Any

from django.db import transaction
from django.db.models import Count, Q, QuerySet
from django.http import FileResponse
from django.utils import timezone
from django_tenants.utils import get_public_schema_name, schema_context

from access.scoped import visible_tenants
from accounts.models import Membership
from audit import services as audit
from brazil.documents import validate_cnpj, validate_cpf
from brazil.errors import DocumentError
from core.errors import AppError, ForbiddenError, NotFoundError
from core.ids import new_public_id
from files import services as files
from files.models import StoredFile
from files.sniff import JPEG, PDF, PNG, sniff
from kyc import notices
from kyc.models import DocumentKind, KycDocument, KycFile, KycStatus
from platform_settings import services as platform_settings
from tenants.models import Tenant, TenantKind
from tenants.tenancy import current_schema

S = KycStatus
MAX_DOCUMENT_BYTES = 10 * 1024 * 1024
MAX_DOCUMENTS = 30
ACCEPTED_TYPES = (PDF, PNG, JPEG)
REQUIRED_DOCUMENTS = (DocumentKind.ARTICLES, DocumentKind.ID, DocumentKind.PROOF_OF_ADDRESS)
EDITABLE = (S.DRAFT, S.REJECTED, S.REVIEW_DUE)
EXPIRING_WITHIN = timedelta(days=30)  # an approved file whose review is due this soon is "expiring"
REMINDERS = ((30, 1), (7, 2))  # days before the review date -> the reminder's level (each sent once)
DEFAULT_REVIEW_AFTER = timedelta(days=365)
PERSON_ROLES = ("representative", "owner")
FULL_SHARE_BP = 10_000  # 100 %

# action -> (the statuses it leaves from, the status it reaches)
TRANSITIONS: dict[str, tuple[frozenset[str], str]] = {
    "submit": (frozenset({S.DRAFT, S.REJECTED, S.REVIEW_DUE}), S.PENDING),
    "start_review": (frozenset({S.PENDING}), S.UNDER_REVIEW),
    "approve": (frozenset({S.PENDING, S.UNDER_REVIEW}), S.APPROVED),
    "reject": (frozenset({S.PENDING, S.UNDER_REVIEW}), S.REJECTED),
    "come_due": (frozenset({S.APPROVED}), S.REVIEW_DUE),  # the periodic review date has come (job)
    "reopen": (frozenset({S.APPROVED}), S.REVIEW_DUE),  # staff reopen it, with a reason
}


def next_status(current: str, action: str) -> str:
    """The status `action` takes a file in `current` to, or a 409 saying why not."""
    sources, target = TRANSITIONS[action]
    if current not in sources:
        raise AppError("kyc_transition_refused", status=409, status_now=current, action=action)
    return target


# ------------------------------------------------------------------------------------- access
def _blank(tenant: Tenant) -> KycFile:
    return KycFile(tenant=tenant, status=S.DRAFT, changed_at=timezone.now())


def file_of(tenant: Tenant, *, lock: bool = False) -> KycFile:
    """The client's file (created as an empty draft on first use)."""
    with schema_context(get_public_schema_name()):
        qs = KycFile.objects.select_related("tenant")
        if lock:
            qs = qs.select_for_update()
        found = qs.filter(tenant=tenant).first()
        if found is None:
            KycFile.objects.bulk_create([_blank(tenant)], ignore_conflicts=True)
            found = qs.get(tenant=tenant)
        return found


def _own_tenant(membership: Membership) -> Tenant:
    """A client's member, on its own host: its tenant (anything else: 404)."""
    tenant = membership.tenant
    if tenant.kind != TenantKind.CLIENT or tenant.schema_name != current_schema():
        raise NotFoundError
    return tenant


def own_file(membership: Membership) -> KycFile:
    """The one way a client's member loads its KYC file: its own tenant's, nothing else."""
    return file_of(_own_tenant(membership))


def _staff(membership: Membership) -> None:
    if membership.tenant.kind != TenantKind.PLATFORM:
        raise ForbiddenError


def files_for(membership: Membership) -> QuerySet[KycFile]:
    """Staff: the files of the clients they may see."""
    _staff(membership)
    tenants = visible_tenants(membership).filter(kind=TenantKind.CLIENT)
    return KycFile.objects.select_related("tenant").filter(tenant__in=tenants)


def access_file(membership: Membership, slug: str) -> KycFile:
    """The one way staff load a client's file: outside their scope it does not exist (404). A client
    they see without a file yet answers an empty draft (created)."""
    _staff(membership)
    tenant = visible_tenants(membership).filter(kind=TenantKind.CLIENT, slug=slug).first()
    if tenant is None:
        raise NotFoundError
    return file_of(tenant)


def expiring_before(today: date | None = None) -> date:
    return (today or timezone.localdate()) + EXPIRING_WITHIN


def is_expiring(kyc: KycFile, today: date | None = None) -> bool:
    return (
        kyc.status == S.APPROVED
        and kyc.review_due_on is not None
        and kyc.review_due_on <= expiring_before(today)
    )


def filtered(qs: QuerySet[KycFile], *, status: list[str], client: str, q: str) -> QuerySet[KycFile]:
    if status:
        match = Q(status__in=[s for s in status if s != "expiring"])
        if "expiring" in status:
            match |= Q(status=S.APPROVED, review_due_on__lte=expiring_before())
        qs = qs.filter(match)
    if client:
        qs = qs.filter(tenant__slug=client)
    text = (q or "").strip()
    if text:
        digits = "".join(ch for ch in text.upper() if ch.isalnum())
        match = Q(legal_name__icontains=text) | Q(tenant__name__icontains=text) | Q(tenant__slug__iexact=text)
        if digits:
            match |= Q(cnpj__contains=digits)
        qs = qs.filter(match)
    return qs


# -------------------------------------------------------------------------------------- audit
def _audit(action: str, kyc: KycFile, *, actor: Any, **data: Any) -> None:
    """Every change goes to the platform's trail and the client's own."""
    payload = {"client": kyc.tenant.slug, "status": kyc.status, **data}
    for schema in (get_public_schema_name(), kyc.tenant.schema_name):
        with schema_context(schema):
            audit.record(f"kyc.{action}", actor=actor, target=kyc, data=payload)


# ------------------------------------------------------------------------------ the client's data
@dataclass(frozen=True)
class PersonInput:
    role: str
    name: str
    cpf: str
    share_bp: int | None  # the share owned, in basis points (10000 = 100 %); owners only


@dataclass(frozen=True)
class KycInput:
    legal_name: str
    trade_name: str
    cnpj: str
    people: list[PersonInput]


def _check_editable(kyc: KycFile) -> None:
    if kyc.status not in EDITABLE:
        raise AppError("kyc_locked", status=409, status_now=kyc.status)


def _clean_person(person: PersonInput, where: str, fields: dict[str, str]) -> dict[str, Any]:
    name = " ".join(person.name.split())
    if person.role not in PERSON_ROLES:
        fields[f"{where}.role"] = "invalid_choice"
    if not name:
        fields[f"{where}.name"] = "required"
    cpf = ""
    try:
        cpf = validate_cpf(person.cpf)
    except DocumentError:
        fields[f"{where}.cpf"] = "invalid_cpf"
    share_bp = person.share_bp or 0
    if not 0 <= share_bp <= FULL_SHARE_BP:
        fields[f"{where}.share_bp"] = "invalid_share"
    elif person.role == "owner" and share_bp <= 0:
        fields[f"{where}.share_bp"] = "share_required"
    return {"role": person.role, "name": name[:200], "cpf": cpf, "share_bp": share_bp}


def clean_input(data: KycInput) -> dict[str, Any]:
    """The values to store, or every field's problem at once (422 `invalid_input`). A draft may be
    incomplete (`check_complete` asks for the rest at submission); what is given must be valid."""
    fields: dict[str, str] = {}
    cnpj = ""
    if data.cnpj.strip():
        try:
            cnpj = validate_cnpj(data.cnpj)
        except DocumentError:
            fields["cnpj"] = "invalid_cnpj"
    people: list[dict[str, Any]] = []
    seen: set[tuple[str, str]] = set()
    for index, person in enumerate(data.people):
        cleaned = _clean_person(person, f"people.{index}", fields)
        key = (cleaned["role"], cleaned["cpf"])
        if cleaned["cpf"] and key in seen:
            fields[f"people.{index}.cpf"] = "duplicate_person"
        seen.add(key)
        people.append(cleaned)
    if sum(p["share_bp"] for p in people if p["role"] == "owner") > FULL_SHARE_BP:
        fields["people"] = "shares_over_100"
    if fields:
        raise AppError("invalid_input", status=422, fields=fields)
    return {
        "legal_name": " ".join(data.legal_name.split())[:200],
        "trade_name": " ".join(data.trade_name.split())[:200],
        "cnpj": cnpj,
        "people": people,
    }


def save_data(membership: Membership, data: KycInput) -> KycFile:
    """Replace the company data and the people of the client's file (a draft or a rejected file)."""
    tenant = _own_tenant(membership)
    values = clean_input(data)
    with transaction.atomic():
        kyc = file_of(tenant, lock=True)
        _check_editable(kyc)
        before = {name: getattr(kyc, name) for name in values}
        for name, value in values.items():
            setattr(kyc, name, value)
        with schema_context(get_public_schema_name()):
            kyc.save()
        diff = audit.changes(_masked(before), _masked(values))
        if diff["after"]:
            _audit("saved", kyc, actor=membership.user, **diff)
    return kyc


def _masked(values: dict[str, Any]) -> dict[str, Any]:
    """What the trail keeps of the data: the people by role, name and share (CPFs stay in the file)."""
    people = [f"{p['role']}:{p['name']}:{p['share_bp']}" for p in values.get("people", [])]
    return {**values, "people": people}


# ---------------------------------------------------------------------------------- documents
def check_document(kind: str, content: bytes) -> str:
    """The content type of an upload, by its bytes, or the reason it is refused."""
    if kind not in DocumentKind.values:
        raise AppError("invalid_input", status=422, fields={"kind": "invalid_choice"})
    if len(content) > MAX_DOCUMENT_BYTES:
        raise AppError("file_too_large", status=400, megabytes=MAX_DOCUMENT_BYTES // (1024 * 1024))
    if not content:
        raise AppError("invalid_input", status=422, fields={"file": "empty_file"})
    content_type = sniff(content)
    if content_type not in ACCEPTED_TYPES:
        raise AppError("unsupported_document_type", status=422, fields={"file": "unsupported_document_type"})
    return content_type


def add_document(membership: Membership, *, kind: str, name: str, content: bytes) -> KycDocument:
    """Store an uploaded document in the client's schema and list it on its file."""
    tenant = _own_tenant(membership)
    content_type = check_document(kind, content)
    with transaction.atomic():
        kyc = file_of(tenant, lock=True)
        _check_editable(kyc)
        with schema_context(get_public_schema_name()):
            if kyc.documents.count() >= MAX_DOCUMENTS:
                raise AppError("too_many_documents", status=422, limit=MAX_DOCUMENTS)
        stored = files.save_file(
            category="kyc", name=name or f"{kind}.bin", content=content, content_type=content_type,
            owner_id=membership.user_id,
        )  # fmt: skip
        with schema_context(get_public_schema_name()):
            document = KycDocument.objects.create(
                public_id=new_public_id("kdoc"), kyc=kyc, kind=kind, name=stored.name,
                content_type=content_type, size=stored.size, stored_id=stored.public_id,
                uploaded_by_id=membership.user_id,
            )  # fmt: skip
        _audit("document_added", kyc, actor=membership.user, document=document.public_id, kind=kind,
               name=document.name, size=document.size)  # fmt: skip
    return document


def _document(kyc: KycFile, public_id: str) -> KycDocument:
    with schema_context(get_public_schema_name()):
        found = KycDocument.objects.filter(kyc=kyc, public_id=public_id).first()
    if found is None:
        raise NotFoundError
    return found


def delete_document(membership: Membership, public_id: str) -> None:
    tenant = _own_tenant(membership)
    with transaction.atomic():
        kyc = file_of(tenant, lock=True)
        document = _document(kyc, public_id)
        _check_editable(kyc)
        with schema_context(tenant.schema_name):
            stored = StoredFile.objects.filter(public_id=document.stored_id).first()
            if stored is not None:
                files.delete_file(stored)
        with schema_context(get_public_schema_name()):
            document.delete()
        _audit("document_deleted", kyc, actor=membership.user, document=public_id, kind=document.kind)


def documents_of(kyc: KycFile) -> list[KycDocument]:
    with schema_context(get_public_schema_name()):
        return list(kyc.documents.all())


def document_response(kyc: KycFile, public_id: str) -> FileResponse:
    """Serve one document of `kyc` (already loaded through the reader's scope) from its client's schema."""
    document = _document(kyc, public_id)
    with schema_context(kyc.tenant.schema_name):
        stored = StoredFile.objects.filter(public_id=document.stored_id).first()
        if stored is None:
            raise NotFoundError
        try:
            return files.file_response(stored)
        except FileNotFoundError as exc:  # the row outlived its bytes (a restored database): not a 500
            raise NotFoundError from exc


# ---------------------------------------------------------------------------------- transitions
def check_complete(kyc: KycFile) -> None:
    """What a file needs before review: company data, a representative, an owner, the documents."""
    fields: dict[str, str] = {}
    if not kyc.legal_name:
        fields["legal_name"] = "required"
    if not kyc.cnpj:
        fields["cnpj"] = "required"
    roles = {p["role"] for p in kyc.people}
    if "representative" not in roles:
        fields["representatives"] = "representative_required"
    if "owner" not in roles:
        fields["owners"] = "owner_required"
    kinds = {d.kind for d in documents_of(kyc)}
    for kind in REQUIRED_DOCUMENTS:
        if kind not in kinds:
            fields[f"documents.{kind}"] = "document_required"
    if fields:
        raise AppError("kyc_incomplete", status=422, fields=fields)


def _move(kyc: KycFile, action: str) -> str:
    before = kyc.status
    kyc.status = next_status(kyc.status, action)
    kyc.changed_at = timezone.now()
    return before


def submit(membership: Membership) -> KycFile:
    """The client sends its file for review (a draft, or a rejected file corrected)."""
    tenant = _own_tenant(membership)
    with transaction.atomic():
        kyc = file_of(tenant, lock=True)
        next_status(kyc.status, "submit")
        check_complete(kyc)
        before = _move(kyc, "submit")
        kyc.submitted_at = kyc.changed_at
        with schema_context(get_public_schema_name()):
            kyc.save()
        _audit("submitted", kyc, actor=membership.user, previous=before)
        notices.submitted(kyc)
    return kyc


def _decide(membership: Membership, slug: str, action: str, **changes: Any) -> KycFile:
    _staff(membership)
    tenant = access_file(membership, slug).tenant
    with transaction.atomic():
        kyc = file_of(tenant, lock=True)
        before = _move(kyc, action)
        for name, value in changes.items():
            setattr(kyc, name, value)
        if action != "start_review":
            kyc.decided_at = kyc.changed_at
            kyc.decided_by_id = membership.user_id
            kyc.decided_by_email = membership.user.email
        with schema_context(get_public_schema_name()):
            kyc.save()
        data = {k: (v.isoformat() if isinstance(v, date) else v) for k, v in changes.items()}
        _audit({"start_review": "review_started", "approve": "approved", "reject": "rejected"}[action], kyc,
               actor=membership.user, previous=before, **data)  # fmt: skip
        notices.decided(kyc)
    return kyc


def start_review(membership: Membership, slug: str) -> KycFile:
    return _decide(membership, slug, "start_review")


def _review_date(value: date | None) -> date:
    today = timezone.localdate()
    if value is None:
        return today + DEFAULT_REVIEW_AFTER
    if value <= today or value > today + timedelta(days=5 * 366):
        raise AppError("invalid_input", status=422, fields={"review_due_on": "review_date_out_of_range"})
    return value


def approve(membership: Membership, slug: str, *, review_due_on: date | None = None) -> KycFile:
    """Approve the file; its periodic review falls on `review_due_on` (a year on by default)."""
    return _decide(
        membership, slug, "approve", review_due_on=_review_date(review_due_on), rejection_reason="",
        reminders_sent=0, reopen_reason="",
    )  # fmt: skip


def reject(membership: Membership, slug: str, *, reason: str) -> KycFile:
    """Reject the file with the reason the client reads (it corrects the file and submits again)."""
    text = " ".join((reason or "").split())
    if len(text) < 10:
        raise AppError("invalid_input", status=422, fields={"reason": "reason_too_short"})
    return _decide(membership, slug, "reject", rejection_reason=text[:2000], review_due_on=None)


def set_review_date(membership: Membership, slug: str, *, review_due_on: date) -> KycFile:
    """Move the periodic review of an approved file."""
    _staff(membership)
    tenant = access_file(membership, slug).tenant
    when = _review_date(review_due_on)
    with transaction.atomic():
        kyc = file_of(tenant, lock=True)
        if kyc.status != S.APPROVED:
            raise AppError("kyc_transition_refused", status=409, status_now=kyc.status, action="review_date")
        before = kyc.review_due_on
        kyc.review_due_on = when
        with schema_context(get_public_schema_name()):
            kyc.save()
        _audit("review_date_set", kyc, actor=membership.user,
               before=before.isoformat() if before else None, after=when.isoformat())  # fmt: skip
    return kyc


def reopen(membership: Membership, slug: str, *, reason: str) -> KycFile:
    """Staff reopen an approved file before its review date, with the reason the client reads: it is
    `review_due` (the client updates it and submits it again)."""
    _staff(membership)
    text = " ".join((reason or "").split())
    if len(text) < 10:
        raise AppError("invalid_input", status=422, fields={"reason": "reason_too_short"})
    tenant = access_file(membership, slug).tenant
    with transaction.atomic():
        kyc = file_of(tenant, lock=True)
        before = _move(kyc, "reopen")
        kyc.reopen_reason = text[:2000]
        with schema_context(get_public_schema_name()):
            kyc.save()
        _audit("reopened", kyc, actor=membership.user, previous=before, reason=kyc.reopen_reason)
        notices.reopened(kyc, kyc.reopen_reason)
    return kyc


# ------------------------------------------------------------------------------ periodic review
def run_periodic_review(today: date | None = None) -> str:
    """The daily job, per client tenant (in its schema): an approved file whose review date has come is
    `review_due` (the client and the staff told); before it, the reminders of REMINDERS, each once.
    Idempotent: a second run the same day (or a retried one) finds nothing more to do. Answers what it
    did ("", "review_due", "reminder:30", "reminder:7")."""
    day = today or timezone.localdate()
    schema = current_schema()
    with transaction.atomic(), schema_context(get_public_schema_name()):
        kyc = (
            KycFile.objects.select_for_update()
            .select_related("tenant")
            .filter(tenant__schema_name=schema, status=S.APPROVED, review_due_on__isnull=False)
            .first()
        )
        if kyc is None or kyc.review_due_on is None:
            return ""
        left = (kyc.review_due_on - day).days
        if left <= 0:
            before = _move(kyc, "come_due")
            kyc.save()
            _audit(
                "review_due", kyc, actor=None, previous=before, review_due_on=kyc.review_due_on.isoformat()
            )
            notices.review_due(kyc)
            return "review_due"
        level, days = max(((lv, d) for d, lv in REMINDERS if left <= d), default=(0, 0))
        if level <= kyc.reminders_sent:
            return ""
        kyc.reminders_sent = level
        kyc.save(update_fields=["reminders_sent", "updated_at"])
        _audit("review_reminder", kyc, actor=None, days=days, review_due_on=kyc.review_due_on.isoformat())
        notices.reminder(kyc, left)
        return f"reminder:{days}"


# --------------------------------------------------------------------------------- enforcement
def is_approved(tenant: Tenant) -> bool:
    """Approved, or approved and due for its periodic review (the client keeps operating while it
    updates the file; a resubmitted file waits for the staff's decision again)."""
    with schema_context(get_public_schema_name()):
        return KycFile.objects.filter(tenant=tenant, status__in=(S.APPROVED, S.REVIEW_DUE)).exists()


def check_payouts_allowed(tenant: Tenant) -> None:
    """With the platform setting "payouts require approved KYC" on, a client whose file is not
    approved asks for no payout (422 `kyc_not_approved`)."""
    if platform_settings.current().payouts_require_kyc and not is_approved(tenant):
        raise AppError("kyc_not_approved", status=422)


def document_counts(file_ids: list[int]) -> dict[int, int]:
    rows = KycDocument.objects.filter(kyc_id__in=file_ids).values("kyc_id").annotate(n=Count("id"))
    return {row["kyc_id"]: row["n"] for row in rows}
