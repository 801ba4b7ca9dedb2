"""Receipts ("Deposit Paid with receipt"): what a printable receipt of a paid deposit or of a
settlement shows, and its authentication code.

The authentication code is an HMAC-SHA256 (keyed by the server's secret, salted per kind of receipt)
of the receipt's facts: the tenant, the record's id and the figures that were paid. The same facts
always give the same code; anyone changing a figure on a printed copy cannot make a matching code
(the platform recomputes it from the record to check a copy). Only the facts that cannot change once
paid go into a deposit's code (not its status); a settlement's figures are its current ones (a
settlement of today may still grow, and its code with it).

Loaded only through payments.services.access_deposit / payments.api.access_settlement (this host's
tenant, else 404), or by staff through `staff_deposit_receipt` / `staff_settlement_receipt` (a client
the staff member may see, access.scoped): a receipt of another tenant's record does not exist for the
caller.

Issued when the money moves, in its transaction: a deposit's code when it is confirmed
(`issue_deposit`), a settlement's each time a deposit is added to it (`issue_settlement`: its figures,
hence its code, change); the pointer row (gateway.ReceiptCode) is written then, never on a GET (reading
a receipt writes nothing). `backfill` issues the codes of a schema's records paid before (migration
payments 0008).
"""

from __future__ import annotations

import re
from datetime import UTC, datetime
from typing import Any

from django.utils import timezone
from django.utils.crypto import constant_time_compare, salted_hmac
from django_tenants.utils import tenant_context

from access.scoped import access_tenant_by_slug
from accounts.models import Membership
from brazil.business_days import sao_paulo_date
from brazil.documents import validate_document
from brazil.errors import DocumentError
from core.errors import AppError, NotFoundError
from files.models import LOGO_CATEGORY, StoredFile
from gateway.models import ReceiptCode
from payments.models import Deposit, DepositStatus, Settlement
from payments.settlements import settled_nets
from tenants.models import Tenant, TenantKind

PAID_STATUSES = frozenset(
    {DepositStatus.CONFIRMED.value, DepositStatus.PAID_TO_CLIENT.value, DepositStatus.REFUNDED.value}
)
RECEIPT_DEPOSITS = 500  # a settlement's receipt lists at most this many payments (its count says all)


def _code(kind: str, facts: list[object]) -> str:
    value = "|".join("" if fact is None else str(fact) for fact in facts)
    digest = salted_hmac(f"cofre.receipt.{kind}.v1", value, algorithm="sha256").hexdigest()[:32].upper()
    return "-".join(digest[i : i + 4] for i in range(0, 32, 4))


def _moment(value: datetime | None) -> str | None:
    return value.astimezone(UTC).isoformat() if value else None


# The columns a code is made of (and the record's public id).
DEPOSIT_FACTS = (
    "public_id",
    "method",
    "currency",
    "amount",
    "paid_amount",
    "fee",
    "payer_document",
    "confirmed_at",
)
SETTLEMENT_FACTS = ("public_id", "day", "method", "currency", "count", "gross", "fee", "net")


def deposit_code(tenant: Tenant, deposit: Deposit) -> str:
    return _code(
        "deposit",
        [tenant.schema_name, deposit.public_id, deposit.method, deposit.currency,
         deposit.paid_amount or deposit.amount, deposit.fee, deposit.payer_document,
         _moment(deposit.confirmed_at)],
    )  # fmt: skip


def settlement_code(tenant: Tenant, settlement: Settlement) -> str:
    return _code(
        "settlement",
        [tenant.schema_name, settlement.public_id, settlement.day.isoformat(), settlement.method,
         settlement.currency, settlement.count, settlement.gross, settlement.fee, settlement.net],
    )  # fmt: skip


LOGO_URL = "/api/company/logo"  # company.api: served to the company's own members only


def company(tenant: Tenant) -> dict[str, str | None]:
    """Who issues the receipt; `logo_url` when the company uploaded a logo (clients/config). Read in
    the tenant's own schema (the receipt's)."""
    has_logo = StoredFile.objects.filter(category=LOGO_CATEGORY).exists()
    return {"name": tenant.name, "slug": tenant.slug, "logo_url": LOGO_URL if has_logo else None}


def deposit_receipt(tenant: Tenant, deposit: Deposit) -> dict[str, Any]:
    """The receipt of a paid deposit (confirmed, paid to the client, or refunded after it was paid);
    409 receipt_not_paid otherwise."""
    if deposit.status not in PAID_STATUSES or deposit.confirmed_at is None:
        raise AppError("receipt_not_paid", status=409, status_name=deposit.status)
    paid = deposit.paid_amount or deposit.amount
    settlement = deposit.settlement.public_id if deposit.settlement_id and deposit.settlement else None
    return {
        "kind": "deposit",
        "id": deposit.public_id,
        "authentication_code": deposit_code(tenant, deposit),
        "issued_at": timezone.now(),
        "company": company(tenant),
        "payer": {
            "name": deposit.payer_name,
            "document": deposit.payer_document,
            "email": deposit.payer_email,
        },
        "status": deposit.status,
        "method": deposit.method,
        "currency": deposit.currency,
        "amount": paid,
        "fee": deposit.fee,
        "net": paid - deposit.fee,
        "refunded_amount": deposit.refunded_amount,
        "description": deposit.description,
        "created_at": deposit.created_at,
        "confirmed_at": deposit.confirmed_at,
        "due_date": deposit.due_date,
        "settle_on": deposit.settle_on,
        "settled_at": deposit.settled_at,
        "provider_reference": deposit.provider_reference,
        "txid": deposit.txid or None,
        "settlement_id": settlement,
    }


def settlement_receipt(tenant: Tenant, settlement: Settlement) -> dict[str, Any]:
    """The receipt of a settlement with (the first RECEIPT_DEPOSITS of) its payments, each with what
    its settlement credited to available (from the ledger)."""
    deposits = list(
        Deposit.objects.filter(settlement=settlement)
        .only("public_id", "payer_name", "payer_document", "amount", "paid_amount", "fee", "confirmed_at")
        .order_by("created_at", "pk")[:RECEIPT_DEPOSITS]
    )
    nets = settled_nets(tenant, [d.public_id for d in deposits])
    return {
        "kind": "settlement",
        "id": settlement.public_id,
        "authentication_code": settlement_code(tenant, settlement),
        "issued_at": timezone.now(),
        "company": company(tenant),
        "date": settlement.day,
        "method": settlement.method,
        "currency": settlement.currency,
        "count": settlement.count,
        "gross": settlement.gross,
        "fee": settlement.fee,
        "net": settlement.net,
        "created_at": settlement.created_at,
        "updated_at": settlement.updated_at,
        "deposits": [
            {
                "id": d.public_id,
                "payer_name": d.payer_name,
                "payer_document": d.payer_document,
                "amount": d.paid_amount or d.amount,
                "fee": d.fee,
                "net": nets.get(d.public_id, 0),
                "confirmed_at": d.confirmed_at,
            }
            for d in deposits
        ],
        "deposits_truncated": settlement.count > len(deposits),
    }


# ------------------------------------------------------------------------------------- staff
def _staff_client(membership: Membership, client: str) -> Tenant:
    """A client tenant the staff member may see (access.scoped), else 404 (never another's)."""
    if membership.tenant.kind != TenantKind.PLATFORM:
        raise NotFoundError
    tenant = access_tenant_by_slug(membership, client)
    if tenant.kind != TenantKind.CLIENT:
        raise NotFoundError
    return tenant


def staff_deposit_receipt(membership: Membership, client: str, deposit_id: str) -> dict[str, Any]:
    """The receipt of `client`'s paid deposit, for staff who may see that client (read only)."""
    tenant = _staff_client(membership, client)
    with tenant_context(tenant):
        deposit = Deposit.objects.select_related("settlement").filter(public_id=deposit_id).first()
        if deposit is None:
            raise NotFoundError
        return deposit_receipt(tenant, deposit)


def staff_settlement_receipt(membership: Membership, client: str, settlement_id: str) -> dict[str, Any]:
    """The receipt of one of `client`'s settlements, for staff who may see that client (read only)."""
    tenant = _staff_client(membership, client)
    with tenant_context(tenant):
        found = Settlement.objects.filter(public_id=settlement_id).first()
        if found is None:
            raise NotFoundError
        return settlement_receipt(tenant, found)


# ------------------------------------------------------------------------------------ the verifier
# GET /api/receipts/verify?code=...: anyone holding a printed receipt asks whether its code is genuine.
# The code leads to its record (gateway.ReceiptCode, written when the receipt is issued); the answer is
# genuine only when the code recomputed from the record today is the one asked about, and it says the
# minimum: the kind, the amount, the day and a masked payer (deposit) or beneficiary (settlement).
_CODE = re.compile(r"[0-9A-F]{32}")


def _point(tenant: Tenant, pointers: list[tuple[str, str, str]]) -> None:
    """Write (code, kind, public id) pointers of `tenant`'s receipts; a code already there stays."""
    ReceiptCode.objects.bulk_create(
        [
            ReceiptCode(code=code, tenant=tenant, kind=kind, public_id=public_id)
            for code, kind, public_id in pointers
        ],
        ignore_conflicts=True,
    )


def issue_deposit(tenant: Tenant, deposit: Deposit) -> str:
    """Issue the receipt of `deposit`, just confirmed (in the transaction that confirms it)."""
    code = deposit_code(tenant, deposit)
    _point(tenant, [(code, "deposit", deposit.public_id)])
    return code


def issue_settlement(tenant: Tenant, settlement: Settlement) -> str:
    """Issue the receipt of `settlement` as its figures are now (in the transaction that changed them)."""
    code = settlement_code(tenant, settlement)
    _point(tenant, [(code, "settlement", settlement.public_id)])
    return code


def backfill(tenant: Tenant, batch: int = 2000) -> int:
    """Issue the codes of the current schema's (`tenant`'s) paid deposits and settlements that have
    none yet (records paid before codes were written at issue); answers how many records were read."""
    read = 0
    paid = Deposit.objects.filter(confirmed_at__isnull=False).only(*DEPOSIT_FACTS).order_by("pk")
    chunk: list[tuple[str, str, str]] = []
    for deposit in paid.iterator(chunk_size=batch):
        chunk.append((deposit_code(tenant, deposit), "deposit", deposit.public_id))
        read += 1
        if len(chunk) >= batch:
            _point(tenant, chunk)
            chunk = []
    for item in Settlement.objects.only(*SETTLEMENT_FACTS).order_by("pk").iterator(chunk_size=batch):
        chunk.append((settlement_code(tenant, item), "settlement", item.public_id))
        read += 1
    for start in range(0, len(chunk), batch):
        _point(tenant, chunk[start : start + batch])
    return read


def normalized_code(text: str) -> str | None:
    """The code in its printed form (`XXXX-XXXX-...`, upper case), whatever the spacing and dashes a
    person typed; None when it cannot be a code."""
    digits = re.sub(r"[\s.-]", "", text).upper()
    if not _CODE.fullmatch(digits):
        return None
    return "-".join(digits[i : i + 4] for i in range(0, 32, 4))


def masked_name(name: str) -> str:
    """`João da Silva` -> `J*** d* S****`: enough to recognise, not to read."""
    return " ".join(word[0] + "*" * (len(word) - 1) for word in name.split())


def masked_document(document: str) -> str:
    try:
        return validate_document(document).masked
    except DocumentError:
        return ""


def verify(code: str) -> dict[str, Any]:
    """Whether `code` is a genuine receipt code and, if so, its minimum facts (see above)."""
    printed = normalized_code(code)
    pointer = ReceiptCode.objects.select_related("tenant").filter(code=printed).first() if printed else None
    if printed is None or pointer is None:
        return {"valid": False}
    tenant = pointer.tenant
    with tenant_context(tenant):
        if pointer.kind == "deposit":
            deposit = Deposit.objects.filter(public_id=pointer.public_id).first()
            if (
                deposit is None
                or deposit.confirmed_at is None
                or not constant_time_compare(deposit_code(tenant, deposit), printed)
            ):
                return {"valid": False}
            return {
                "valid": True,
                "kind": "deposit",
                "method": deposit.method,
                "currency": deposit.currency,
                "amount": deposit.paid_amount or deposit.amount,
                "date": sao_paulo_date(deposit.confirmed_at),
                "party": {
                    "name": masked_name(deposit.payer_name),
                    "document": masked_document(deposit.payer_document),
                },
            }
        settlement = Settlement.objects.filter(public_id=pointer.public_id).first()
        if settlement is None or not constant_time_compare(settlement_code(tenant, settlement), printed):
            return {"valid": False}
        return {
            "valid": True,
            "kind": "settlement",
            "method": settlement.method,
            "currency": settlement.currency,
            "amount": settlement.net,
            "date": settlement.day,
            "party": {"name": masked_name(tenant.name), "document": ""},
        }
