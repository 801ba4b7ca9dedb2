"""Bank accounts and the bank list: /api/banks and /api/bank-accounts."""

# No `from __future__ import annotations` here: django-ninja reads the view annotations at runtime,
# through the access.guard wrappers, and cannot resolve postponed (string) annotations there.

from typing import Any

from django.http import HttpRequest
from ninja import Router
from ninja.responses import Status

from access.guard import any_member, membership_of, requires_route
from bank_accounts import services as bank_accounts
from bank_accounts.models import BankAccount
from bank_accounts.schemas import BankAccountIn, BankAccountOut, BankOut
from bank_accounts.services import BeneficiaryInput
from brazil.banks import load_participants
from core.api_types import IdempotencyKey

banks_router = Router(tags=["bank accounts"])
bank_accounts_router = Router(tags=["bank accounts"])

BANK_ACCOUNT_ROUTES = ("clients/withdraws", "contas-bancarias")
WALLET_ROUTE = "client/wallet-withdraws"  # its dialog lists the company's own accounts


def bank_out(ispb: str, compe: str, name: str) -> dict[str, Any] | None:
    if not ispb:
        return None
    return {"ispb": ispb, "compe": compe or None, "name": name}


def bank_account_out(a: BankAccount) -> dict[str, Any]:
    return {
        "id": a.public_id,
        "owner": a.owner_kind,
        "holder_name": a.holder_name,
        "holder_document": a.holder_document,
        "bank": bank_out(a.bank_ispb, a.bank_compe, a.bank_name),
        "agency": a.agency,
        "agency_digit": a.agency_digit,
        "account": a.account,
        "account_digit": a.account_digit,
        "account_type": a.account_type,
        "operation": a.operation,
        "pix_key": a.pix_key,
        "pix_key_type": a.pix_key_type,
        "created_at": a.created_at,
    }


# -------------------------------------------------------------------------------------- banks
@banks_router.get("", response=list[BankOut], summary="Payment-system participants (COMPE and ISPB)")
@any_member
def list_banks(request: HttpRequest) -> list[dict[str, Any]]:
    banks = sorted(load_participants().values(), key=lambda b: (b.compe is None, b.compe or "", b.ispb))
    return [{"ispb": b.ispb, "compe": b.compe, "name": b.name} for b in banks]


# ------------------------------------------------------------------------------ bank accounts
@bank_accounts_router.get("", response=list[BankAccountOut], summary="Bank accounts (a customer: own)")
@requires_route(*BANK_ACCOUNT_ROUTES, WALLET_ROUTE)
def list_bank_accounts(request: HttpRequest) -> list[dict[str, Any]]:
    return [bank_account_out(a) for a in bank_accounts.list_bank_accounts(membership_of(request))]


@bank_accounts_router.post(
    "",
    response={200: BankAccountOut, 201: BankAccountOut},
    summary="Register a bank account (200 when the Idempotency-Key was seen)",
)
@requires_route(*BANK_ACCOUNT_ROUTES, write=True)
def create_bank_account(
    request: HttpRequest, payload: BankAccountIn, idempotency_key: IdempotencyKey = None
) -> Status[dict[str, Any]]:
    account, created = bank_accounts.create_bank_account_once(
        membership_of(request), BeneficiaryInput(**payload.dict()), idempotency_key=idempotency_key
    )
    return Status(201 if created else 200, bank_account_out(account))


@bank_accounts_router.delete(
    "/{bank_account_id}", response={204: None}, summary="Remove a bank account (payouts keep theirs)"
)
@requires_route(*BANK_ACCOUNT_ROUTES, write=True)
def delete_bank_account(request: HttpRequest, bank_account_id: str) -> Status[None]:
    membership = membership_of(request)
    account = bank_accounts.access_bank_account(membership, bank_account_id)
    bank_accounts.delete_bank_account(membership, account)
    return Status(204, None)
