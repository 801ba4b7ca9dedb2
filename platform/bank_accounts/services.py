"""Bank accounts: validation of a beneficiary (document, bank, agency/account, check digits, PIX key),
create, list and soft delete, and the one scoped loader (`access_bank_account`).

Who owns what: a client company's accounts (owner "company") are managed under clients/withdraws;
a customer's own accounts (owner "customer", the customer's user id) under contas-bancarias.
"""

from __future__ import annotations

import re
from dataclasses import asdict, dataclass

from django.db import transaction
from django.db.models import QuerySet
from django.utils import timezone

from accounts.models import Membership
from accounts.roles import Role
from audit import services as audit
from bank_accounts.models import AccountType, BankAccount, OwnerKind
from brazil import banks
from brazil.documents import validate_document
from brazil.errors import BankError, DocumentError, PixError
from brazil.pix import PixKeyType, normalize_pix_key
from core import idempotency
from core.errors import AppError, NotFoundError
from core.ids import new_public_id
from tenants.models import TenantKind
from tenants.tenancy import current_schema

_AGENCY = re.compile(r"[0-9]{1,5}")
_ISPB = re.compile(r"[0-9]{8}")
_COMPE = re.compile(r"[0-9]{1,3}")
_ACCOUNT = re.compile(r"[0-9]{1,20}")
_DIGIT = re.compile(r"[0-9A-Z]{1,2}")
_AGENCY_DIGIT = re.compile(r"[0-9A-Z]")
_ACCOUNT_TYPES = frozenset(AccountType.values)  # once: a TextChoices' .values builds a list per call
_PIX_KEY_TYPES = frozenset(t.value for t in PixKeyType)
_OPERATION = re.compile(r"[0-9]{3}")


@dataclass(frozen=True)
class BeneficiaryInput:
    """A beneficiary as typed: a bank account, and/or a PIX key."""

    holder_name: str
    holder_document: str
    bank_ispb: str = ""
    bank_compe: str = ""
    agency: str = ""
    agency_digit: str = ""
    account: str = ""
    account_digit: str = ""
    account_type: str = ""
    operation: str = ""
    pix_key: str = ""
    pix_key_type: str = ""  # optional hint (e.g. a phone typed without +55); guessed when empty


@dataclass(frozen=True)
class Beneficiary:
    """A validated beneficiary in normal form (what a payout snapshots)."""

    holder_name: str
    holder_document: str
    bank_ispb: str = ""
    bank_compe: str = ""
    bank_name: str = ""
    agency: str = ""
    agency_digit: str = ""
    account: str = ""
    account_digit: str = ""
    account_type: str = ""
    operation: str = ""
    pix_key: str = ""
    pix_key_type: str = ""

    @property
    def has_account(self) -> bool:
        return bool(self.bank_ispb and self.agency and self.account)


def _invalid(fields: dict[str, str]) -> AppError:
    return AppError("bank_account_invalid", status=400, fields=fields)


def _bank(data: BeneficiaryInput, errors: dict[str, str]) -> banks.Bank | None:
    ispb, compe = data.bank_ispb.strip(), data.bank_compe.strip()
    if ispb:
        found = banks.bank_by_ispb(ispb) if _ISPB.fullmatch(ispb) else None
        if found is None:
            errors["bank_ispb"] = "unknown_bank"
        elif compe and found.compe != compe.zfill(3):
            errors["bank_compe"] = "does_not_match_ispb"
        return found
    if compe:
        found = banks.bank_by_compe(compe) if _COMPE.fullmatch(compe) else None
        if found is None:
            errors["bank_compe"] = "unknown_bank"
        return found
    errors["bank_ispb"] = "required"
    return None


def _account_fields(data: BeneficiaryInput, errors: dict[str, str]) -> dict[str, str]:
    agency = data.agency.strip()
    agency_digit = data.agency_digit.strip().upper()
    account = data.account.strip()
    account_digit = data.account_digit.strip().upper()
    operation = data.operation.strip()
    if not _AGENCY.fullmatch(agency):
        errors["agency"] = "required" if not agency else "invalid_format"
    if agency_digit and not _AGENCY_DIGIT.fullmatch(agency_digit):
        errors["agency_digit"] = "invalid_format"
    if not _ACCOUNT.fullmatch(account):
        errors["account"] = "required" if not account else "invalid_format"
    if not _DIGIT.fullmatch(account_digit):
        errors["account_digit"] = "required" if not account_digit else "invalid_format"
    if data.account_type not in _ACCOUNT_TYPES:
        errors["account_type"] = "required" if not data.account_type else "invalid_choice"
    if operation and not _OPERATION.fullmatch(operation):
        errors["operation"] = "invalid_format"
    return {
        "agency": agency,
        "agency_digit": agency_digit,
        "account": account,
        "account_digit": account_digit,
        "account_type": data.account_type,
        "operation": operation,
    }


def _check_digits(bank: banks.Bank, fields: dict[str, str], errors: dict[str, str]) -> None:
    """Check agency/account digits for the banks whose rule is known (BB, Bradesco, Itaú)."""
    if bank.compe is None:
        return
    try:
        banks.check_account(
            compe=bank.compe,
            agency=fields["agency"],
            account=fields["account"],
            account_dv=fields["account_digit"],
            agency_dv=fields["agency_digit"] or None,
        )
    except BankError as exc:
        if exc.code == "bank_invalid_agency_dv":
            errors["agency_digit"] = "check_digit_mismatch"
        elif exc.code == "bank_invalid_account_dv":
            errors["account_digit"] = "check_digit_mismatch"
        elif exc.code == "bank_invalid_number":
            errors[str(exc.params.get("field", "account"))] = "too_long_for_bank"
        # bank_dv_rule_unknown: no public rule for this bank, the bank itself will check


def clean_beneficiary(data: BeneficiaryInput, *, require_account: bool, require_pix: bool) -> Beneficiary:
    """Validate and normalise; raise AppError("bank_account_invalid", fields=...) listing every problem."""
    errors: dict[str, str] = {}
    name = " ".join(data.holder_name.split())
    if len(name) < 2:
        errors["holder_name"] = "required"
    document = ""
    try:
        document = validate_document(data.holder_document).value
    except DocumentError as exc:
        errors["holder_document"] = exc.code
    pix_key = pix_type = ""
    if data.pix_key_type and data.pix_key_type not in _PIX_KEY_TYPES:
        errors["pix_key_type"] = "invalid_choice"
    elif data.pix_key.strip():
        try:
            key = normalize_pix_key(
                data.pix_key, PixKeyType(data.pix_key_type) if data.pix_key_type else None
            )
            pix_key, pix_type = key.value, key.type.value
        except PixError as exc:
            errors["pix_key"] = str(exc.params.get("reason", exc.code))
    elif require_pix:
        errors["pix_key"] = "required"
    wants_account = require_account or any(
        (data.bank_ispb, data.bank_compe, data.agency, data.account, data.account_digit)
    )
    bank: banks.Bank | None = None
    fields = dict.fromkeys(
        ("agency", "agency_digit", "account", "account_digit", "account_type", "operation"), ""
    )
    if wants_account:
        bank = _bank(data, errors)
        fields = _account_fields(data, errors)
        if bank is not None and not errors:
            _check_digits(bank, fields, errors)
    if errors:
        raise _invalid(errors)
    return Beneficiary(
        holder_name=name,
        holder_document=document,
        bank_ispb=bank.ispb if bank else "",
        bank_compe=(bank.compe or "") if bank else "",
        bank_name=bank.name if bank else "",
        pix_key=pix_key,
        pix_key_type=pix_type,
        **fields,
    )


def beneficiary_of(account: BankAccount) -> Beneficiary:
    return Beneficiary(
        holder_name=account.holder_name,
        holder_document=account.holder_document,
        bank_ispb=account.bank_ispb,
        bank_compe=account.bank_compe,
        bank_name=account.bank_name,
        agency=account.agency,
        agency_digit=account.agency_digit,
        account=account.account,
        account_digit=account.account_digit,
        account_type=account.account_type,
        operation=account.operation,
        pix_key=account.pix_key,
        pix_key_type=account.pix_key_type,
    )


# ------------------------------------------------------------------------------ ownership
def _client_tenant(membership: Membership) -> None:
    if membership.tenant.kind != TenantKind.CLIENT or membership.tenant.schema_name != current_schema():
        raise NotFoundError


def owner_of(membership: Membership) -> tuple[str, int | None]:
    """Whose accounts this member manages: a customer their own, anyone else the company's."""
    if membership.role == Role.CUSTOMER:
        return OwnerKind.CUSTOMER, membership.user_id
    return OwnerKind.COMPANY, None


def owner_filter(membership: Membership) -> dict[str, object]:
    owner_kind, owner_user_id = owner_of(membership)
    found: dict[str, object] = {"owner_kind": owner_kind}
    if owner_user_id is not None:
        found["owner_user_id"] = owner_user_id
    return found


def list_bank_accounts(membership: Membership) -> QuerySet[BankAccount]:
    _client_tenant(membership)
    return BankAccount.objects.filter(is_active=True, **owner_filter(membership)).order_by(
        "-created_at", "-id"
    )


def company_bank_accounts() -> QuerySet[BankAccount]:
    """The client company's active accounts (staff choose one when generating a withdraw)."""
    return BankAccount.objects.filter(is_active=True, owner_kind=OwnerKind.COMPANY).order_by("-created_at")


def create_bank_account(
    membership: Membership,
    data: BeneficiaryInput,
    *,
    idempotency_key: str | None = None,
    request_hash: str = "",
) -> BankAccount:
    _client_tenant(membership)
    clean = clean_beneficiary(data, require_account=True, require_pix=False)
    owner_kind, owner_user_id = owner_of(membership)
    with transaction.atomic():
        account = BankAccount.objects.create(
            public_id=new_public_id("bac"),
            owner_kind=owner_kind,
            owner_user_id=owner_user_id,
            holder_name=clean.holder_name,
            holder_document=clean.holder_document,
            bank_ispb=clean.bank_ispb,
            bank_compe=clean.bank_compe,
            bank_name=clean.bank_name,
            agency=clean.agency,
            agency_digit=clean.agency_digit,
            account=clean.account,
            account_digit=clean.account_digit,
            account_type=clean.account_type,
            operation=clean.operation,
            pix_key=clean.pix_key,
            pix_key_type=clean.pix_key_type,
            created_by_id=membership.user_id,
            idempotency_key=idempotency_key,
            request_hash=request_hash,
        )
        audit.record(
            "bank_account.created", actor=membership.user, target=account, data={"bank": clean.bank_ispb}
        )
    return account


def create_bank_account_once(
    membership: Membership, data: BeneficiaryInput, *, idempotency_key: str | None
) -> tuple[BankAccount, bool]:
    """`create_bank_account` honouring an optional Idempotency-Key: (account, created)."""
    _client_tenant(membership)  # before the key is looked up: other schemas have no such table
    return idempotency.create_once(
        BankAccount.objects.all(),
        idempotency_key,
        {**asdict(data), "creator": membership.user_id},
        lambda key, request_hash: create_bank_account(
            membership, data, idempotency_key=key, request_hash=request_hash
        ),
    )


def access_bank_account(membership: Membership, public_id: str) -> BankAccount:
    """The one way to load a bank account on a user's behalf: this host's tenant, the member's own
    (a customer's accounts, or the company's), active; else 404."""
    _client_tenant(membership)
    found = BankAccount.objects.filter(
        public_id=public_id, is_active=True, **owner_filter(membership)
    ).first()
    if found is None:
        raise NotFoundError
    return found


def delete_bank_account(membership: Membership, account: BankAccount) -> None:
    """Soft delete: payouts keep their snapshot; the account is no longer offered."""
    with transaction.atomic():
        BankAccount.objects.filter(pk=account.pk).update(is_active=False, deleted_at=timezone.now())
        audit.record("bank_account.deleted", actor=membership.user, target=account)
