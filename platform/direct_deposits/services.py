"""PIX keys of a client and the money sent to them with no charge (direct deposits).

Keys: `check_pix_key` validates (the DICT rules of brazil.pix) and `add_pix_key` writes the client's row and
the platform's directory row in one transaction, under a lock of the client (at most MAX_KEYS), then
registers the key with the bank that serves the client's PIX when it registers keys (plugin API 1.1);
a bank's refusal undoes the key. A credit on a key comes through the webhook inbox (`apply_pix_credit`,
kind "pix_credit", found by the key in gateway.PixKeyDirectory) and becomes a deposit through
payments.services.receive_direct_deposit, the path of every deposit (fee, ledger, settlement).
"""

from __future__ import annotations

import logging
import uuid
from dataclasses import dataclass
from datetime import date
from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import Q, QuerySet

from access.scoped import visible_tenants
from accounts.models import Membership
from accounts.roles import Role
from audit import services as audit
from brazil.documents import validate_document
from brazil.errors import DocumentError, PixError
from brazil.pix import PixKeyType, normalize_pix_key
from core.dates import day_end, day_start
from core.errors import AppError, NotFoundError
from core.ids import new_public_id
from direct_deposits.models import MAX_KEYS, KeyType, PixKey
from gateway import services as gateway
from gateway.models import PixKeyDirectory, PluginKind, TransactionIndex
from gateway.registry import get_registry
from payments.models import Deposit
from payments.services import DirectCredit, receive_direct_deposit
from plugin_api import BankProvider, PixKeyRegistration, PluginError, ProviderEvent
from tenants.models import Tenant, TenantKind
from tenants.tenancy import current_schema

logger = logging.getLogger("cofre.direct_deposits")


def _client(membership: Membership) -> Tenant:
    """The host's client tenant, the member's own: anything else has no keys to show (404)."""
    tenant = membership.tenant
    if tenant.kind != TenantKind.CLIENT or tenant.schema_name != current_schema():
        raise NotFoundError
    return tenant


def keys_for(membership: Membership) -> QuerySet[PixKey]:
    """The keys of the member's own client (the connection is in its schema)."""
    _client(membership)
    return PixKey.objects.all()


def access_pix_key(membership: Membership, public_id: str) -> PixKey:
    """The one way to load a key on a user's behalf: this host's client only, else 404."""
    found = keys_for(membership).filter(public_id=public_id).first()
    if found is None:
        raise NotFoundError
    return found


def check_pix_key(key_type: str, key: str) -> tuple[str, str]:
    """The key in DICT form and its type, or 400 invalid_input with the field's reason. A random key
    (evp) left empty is drawn here (a lower-case UUID, as DICT makes them)."""
    if key_type not in KeyType.values:
        raise AppError("invalid_input", fields={"key_type": "invalid_choice"})
    text = key.strip()
    if key_type == KeyType.EVP and not text:
        text = str(uuid.uuid4())
    if not text:
        raise AppError("invalid_input", fields={"key": "required"})
    try:
        parsed = normalize_pix_key(text, PixKeyType(key_type))
    except PixError as exc:
        raise AppError(
            "invalid_input", fields={"key": f"pix_key_{exc.params.get('reason', 'format')}"}
        ) from exc
    return parsed.value, parsed.type.value


def add_pix_key(membership: Membership, key_type: str, key: str) -> PixKey:
    """Register a key of the member's client: validated, at most MAX_KEYS (422 pix_key_limit), unique
    across the platform (409 pix_key_taken), then registered at the bank (422 pix_key_refused)."""
    tenant = _client(membership)
    value, kind = check_pix_key(key_type, key)
    bank = _bank_for(tenant)  # before anything is written: a misconfigured bank refuses here (409)
    try:
        with transaction.atomic():
            # One client's keys are counted under a lock of its tenant row: two adds at once cannot
            # both take the 20th place.
            Tenant.objects.select_for_update().filter(pk=tenant.pk).first()
            if PixKey.objects.count() >= MAX_KEYS:
                raise AppError("pix_key_limit", status=422, limit=MAX_KEYS, fields={"key": "pix_key_limit"})
            if PixKeyDirectory.objects.filter(key=value).exists():
                raise AppError("pix_key_taken", status=409, fields={"key": "pix_key_taken"})
            row = PixKey.objects.create(
                public_id=new_public_id("pxk"), key=value, key_type=kind, created_by_id=membership.user_id,
                provider=bank[0] if bank else "",
            )  # fmt: skip
            PixKeyDirectory.objects.create(key=value, key_type=kind, tenant=tenant, public_id=row.public_id)
            audit.record("pix_key.created", actor=membership.user, target=row, data={"key_type": kind})
    except IntegrityError as exc:  # the same key added elsewhere at the same moment
        raise AppError("pix_key_taken", status=409, fields={"key": "pix_key_taken"}) from exc
    if bank is not None and not _register_at_bank(bank, row):
        with transaction.atomic():
            PixKeyDirectory.objects.filter(public_id=row.public_id).delete()
            row.delete()
        raise AppError("pix_key_refused", status=422, fields={"key": "pix_key_refused"})
    return row


Bank = tuple[str, BankProvider, dict[str, Any]]


def _bank_for(tenant: Tenant) -> Bank | None:
    """The bank serving the client's PIX when it registers keys (code, provider, configuration); None
    when it does not (the key is Cofre's only)."""
    try:
        code = gateway.provider_for(tenant, "pix")
    except AppError:
        return None
    provider = get_registry().provider(code)
    if not provider.registers_pix_keys:
        return None
    return code, provider, gateway.effective_config(PluginKind.PROVIDER, code, None)


def _register_at_bank(bank: Bank, row: PixKey) -> bool:
    """Register the key with the bank (called outside any transaction, as every call to a bank); False
    when the bank refused it or could not be reached."""
    code, provider, config = bank
    try:
        provider.register_pix_key(PixKeyRegistration(row.key, row.key_type, row.public_id), config)
    except PluginError as exc:
        logger.warning("provider %s refused PIX key %s: %s", code, row.public_id, exc.code)
        return False
    except Exception:  # an outside system failing: the key is not kept half-registered
        logger.exception("provider %s failed registering PIX key %s", code, row.public_id)
        return False
    return True


def remove_pix_key(membership: Membership, public_id: str) -> None:
    """Remove a key of the member's client (asked for confirmation on the screen; audited). Deposits it
    received stay as they are."""
    row = access_pix_key(membership, public_id)
    with transaction.atomic():
        PixKeyDirectory.objects.filter(public_id=row.public_id).delete()
        audit.record("pix_key.removed", actor=membership.user, target=row, data={"key_type": row.key_type})
        row.delete()
    if row.provider:
        try:
            provider = get_registry().provider(row.provider)
            provider.remove_pix_key(
                row.key, gateway.effective_config(PluginKind.PROVIDER, row.provider, None)
            )
        except Exception:  # the bank keeps a key Cofre no longer routes: its credits are unknown_reference
            logger.exception("provider %s failed removing PIX key %s", row.provider, row.public_id)


# ----------------------------------------------------------------------------- credits
def apply_pix_credit(provider_code: str, event: ProviderEvent) -> str:
    """A verified "pix_credit" event, in the schema of the key's client (the inbox calls it inside its
    row's transaction: the same event twice has one effect; the same end-to-end id twice, one deposit)."""
    key = PixKey.objects.filter(key=event.reference).first()
    if key is None:
        return "unknown_reference"
    currency = event.currency or "BRL"
    if type(event.amount) is not int or event.amount <= 0 or currency != "BRL":
        return "ignored_invalid"
    _, created = receive_direct_deposit(
        DirectCredit(
            provider=provider_code, key=key.key, end_to_end_id=event.provider_reference, amount=event.amount,
            currency=currency, payer_name=event.payer_name, payer_document=event.payer_document,
            event_id=event.event_id,
        )
    )  # fmt: skip
    return "applied" if created else "duplicate"


# ----------------------------------------------------------------------------- lists
@dataclass(frozen=True)
class DirectFilters:
    status: tuple[str, ...] = ()
    key: str = ""
    client: str = ""  # staff: a client's slug
    date_from: date | None = None
    date_to: date | None = None
    q: str = ""


def _document(term: str) -> str:
    try:
        return validate_document(term).value
    except DocumentError:
        return ""


def direct_deposits_for(membership: Membership, f: DirectFilters) -> QuerySet[Deposit]:
    """The direct deposits of the member's own client, filtered. A customer of the client sees the
    company's keys but none of these: they are other payers' money (a customer sees only its own)."""
    _client(membership)
    if membership.role == Role.CUSTOMER:
        return Deposit.objects.none()
    qs = Deposit.objects.filter(direct=True)
    if f.status:
        qs = qs.filter(status__in=f.status)
    if f.key:
        qs = qs.filter(pix_key=f.key)
    if f.date_from:
        qs = qs.filter(created_at__gte=day_start(f.date_from))
    if f.date_to and (end := day_end(f.date_to)):
        qs = qs.filter(created_at__lt=end)
    term = f.q.strip()
    if term:
        document = _document(term)
        qs = (
            qs.filter(payer_document=document)
            if document
            else qs.filter(
                Q(public_id=term.lower()) | Q(provider_reference=term) | Q(payer_name__istartswith=term)
            )
        )
    return qs


def staff_direct_deposits(membership: Membership, f: DirectFilters) -> QuerySet[TransactionIndex]:
    """employee/direct_deposits: direct deposits of every client the member may see, from the index."""
    qs = TransactionIndex.objects.filter(
        direct=True, kind="deposit", tenant__in=visible_tenants(membership)
    ).select_related("tenant")
    if f.status:
        qs = qs.filter(status__in=f.status)
    if f.client:
        qs = qs.filter(tenant__slug=f.client)
    if f.key:
        qs = qs.filter(destination=f.key)
    if f.date_from:
        qs = qs.filter(created_at__gte=day_start(f.date_from))
    if f.date_to and (end := day_end(f.date_to)):
        qs = qs.filter(created_at__lt=end)
    term = f.q.strip()
    if term:
        document = _document(term)
        qs = (
            qs.filter(document=document)
            if document
            else qs.filter(Q(public_id=term.lower()) | Q(provider_reference=term) | Q(name__istartswith=term))
        )
    return qs
