"""Statements of ledger accounts, external adjustments (maker-checker) and client balances.

Object access goes through one helper per model: `access_account` (a ledger account a staff member
may read), `access_adjustment` (an adjustment of a client they may see), `balance_rows` (balances of
the clients they may see). Statements and balances are staff tools (platform admin and financial):
any other membership is refused, and a client's accounts follow `visible_tenants`."""

from __future__ import annotations

import base64
import json
from collections import defaultdict
from dataclasses import dataclass
from datetime import UTC, date, datetime
from typing import Any

from django.db import connection, transaction
from django.db.models import BigIntegerField, Case, Count, F, Q, QuerySet, Sum, Value, When
from django.utils import timezone
from django.utils.dateparse import parse_datetime

from access.scoped import ALL_TENANTS_ROLES, visible_tenants
from accounts.models import Membership
from audit import services as audit
from core.dates import day_end, day_start
from core.errors import AppError, ForbiddenError, NotFoundError
from core.ids import new_public_id
from core.pagination import PAGE_SIZES
from ledger import services as ledger
from ledger.models import CREDIT_NORMAL, TENANT_KINDS, AccountKind, LedgerAccount
from statements.models import Adjustment, AdjustmentStatus, Direction
from stats.services import Period
from tenants.models import Tenant, TenantKind

CURRENCIES = ("BRL", "USD")
MAX_REASON = 1000
MAX_AMOUNT = 10**13  # R$ 100 billion in centavos: beyond any real adjustment, far below bigint
ADJUSTMENT_KINDS = {Direction.CREDIT: "external_credit", Direction.DEBIT: "external_debit"}


def _staff(membership: Membership) -> None:
    if membership.tenant.kind != TenantKind.PLATFORM:
        raise ForbiddenError


# ------------------------------------------------------------------------------------------ accounts
def accounts_for(membership: Membership) -> QuerySet[LedgerAccount]:
    """Ledger accounts the member may read: the accounts of the clients they see; the platform's own
    accounts (fee revenue, provider clearing, partner commission, external adjustments) only for the
    roles that see every client."""
    _staff(membership)
    clients = Q(kind__in=[*TENANT_KINDS, AccountKind.CUSTOMER_WALLET], tenant__in=visible_tenants(membership))
    if membership.role in ALL_TENANTS_ROLES:
        clients |= ~Q(kind__in=[*TENANT_KINDS, AccountKind.CUSTOMER_WALLET])
    return LedgerAccount.objects.filter(clients).select_related("tenant")


def access_account(membership: Membership, code: str) -> LedgerAccount:
    _staff(membership)
    if not code:
        raise AppError("invalid_input", fields={"account": "required"})
    found = accounts_for(membership).filter(code=code).first()
    if found is None:
        raise NotFoundError
    return found


def account_list(membership: Membership, client: str) -> list[LedgerAccount]:
    """A client's balance accounts (by slug), or, for `platform`, the platform's accounts."""
    qs = accounts_for(membership)
    if client == "platform":
        qs = qs.exclude(kind__in=[*TENANT_KINDS, AccountKind.CUSTOMER_WALLET])
    else:
        qs = qs.filter(tenant__slug=client, kind__in=list(TENANT_KINDS))
    return list(qs.order_by("kind", "currency", "code")[:200])


def shown(account: LedgerAccount, amount: int) -> int:
    """An amount as a person reads it on this account (credit-normal accounts flipped)."""
    return -amount if account.kind in CREDIT_NORMAL else amount


# ----------------------------------------------------------------------------------------- statement
@dataclass(frozen=True)
class StatementLine:
    id: int
    posted_at: datetime
    kind: str
    reference: str
    memo: str
    amount: int
    balance: int


@dataclass(frozen=True)
class Statement:
    account: LedgerAccount
    date_from: date
    date_to: date
    opening_balance: int
    closing_balance: int
    lines: list[StatementLine]
    next_cursor: str | None


# One round trip: the account's balance just before the period's start and end (the opening and
# closing balances: two index probes) and one keyset page of its postings (a range scan of the same
# index from a row comparison); a page with no posting still answers one row with both balances.
STATEMENT_SQL = """
WITH bounds AS (
    SELECT
        (SELECT balance_after FROM ledger_posting WHERE account_id = %(account)s AND posted_at < %(start)s
         ORDER BY posted_at DESC, id DESC LIMIT 1) AS opening,
        (SELECT balance_after FROM ledger_posting WHERE account_id = %(account)s AND posted_at < %(end)s
         ORDER BY posted_at DESC, id DESC LIMIT 1) AS closing
)
SELECT bounds.opening, bounds.closing, page.id, page.posted_at, page.amount, page.balance_after, page.kind,
       page.reference, page.memo
FROM bounds LEFT JOIN LATERAL (
    SELECT p.id, p.posted_at, p.amount, p.balance_after, e.kind, e.reference, e.memo
    FROM ledger_posting p JOIN ledger_journalentry e ON e.id = p.entry_id
    WHERE p.account_id = %(account)s AND p.posted_at >= %(start)s AND p.posted_at < %(end)s
      AND (p.posted_at, p.id) > (%(after_at)s, %(after_id)s)
    ORDER BY p.posted_at, p.id
    LIMIT %(limit)s
) page ON true
ORDER BY page.posted_at, page.id
"""
FAR_FUTURE = datetime(9999, 1, 1, tzinfo=UTC)


def _encode(at: datetime, pk: int) -> str:
    return base64.urlsafe_b64encode(json.dumps([at.isoformat(), pk]).encode()).decode().rstrip("=")


def _decode(cursor: str) -> tuple[datetime, int]:
    try:
        raw, pk = json.loads(base64.urlsafe_b64decode((cursor + "=" * (-len(cursor) % 4)).encode()))
        at = parse_datetime(raw) if isinstance(raw, str) else None
        if at is None or timezone.is_naive(at) or isinstance(pk, bool) or not isinstance(pk, int):
            raise ValueError("not our cursor")
        if not 0 < pk < 2**63:
            raise ValueError("not a row id")
        return at, pk
    except (ValueError, TypeError) as exc:
        raise AppError("invalid_cursor", fields={"cursor": "invalid"}) from exc


def check_cursor(cursor: str) -> None:
    """400 `invalid_cursor` unless `cursor` is one of a statement page's."""
    _decode(cursor)


def statement_params(
    account: LedgerAccount, start: datetime, end: datetime | None, after: tuple[datetime, int], size: int
) -> dict[str, Any]:
    return {
        "account": account.pk,
        "start": start,
        "end": end or FAR_FUTURE,
        "after_at": after[0],
        "after_id": after[1],
        "limit": size + 1,
    }


def statement(
    account: LedgerAccount, *, date_from: date, date_to: date, cursor: str | None, size: int
) -> Statement:
    """One page of `account`'s postings in [date_from, date_to] (São Paulo days, `to` inclusive), with
    the period's opening and closing balances and each posting's running balance (as a person reads
    them). One round trip, three index probes on (account, posted_at, id) whatever the depth or period."""
    if date_from > date_to:
        raise AppError("invalid_input", fields={"date_to": "before_date_from"})
    if size not in PAGE_SIZES:
        raise AppError("invalid_input", fields={"per_page": "invalid"})
    opening, closing, lines, next_cursor = page_between(
        account, day_start(date_from), day_end(date_to), cursor=cursor, size=size
    )
    return Statement(
        account=account,
        date_from=date_from,
        date_to=date_to,
        opening_balance=opening,
        closing_balance=closing,
        lines=lines,
        next_cursor=next_cursor,
    )


def page_between(
    account: LedgerAccount, start: datetime, end: datetime | None, *, cursor: str | None, size: int
) -> tuple[int, int, list[StatementLine], str | None]:
    """(opening, closing, lines, next cursor) of `account`'s postings in [start, end) as a person reads
    them: the opening is the running balance of the last posting before `start`, the closing that of the
    last before `end`, each line's balance its own running balance (all written with the posting)."""
    after = _decode(cursor) if cursor else (start, 0)
    params = statement_params(account, start, end, after, size)
    with connection.cursor() as db:
        db.execute(STATEMENT_SQL, params)
        rows = db.fetchall()
    opening, closing = (int(rows[0][0] or 0), int(rows[0][1] or 0)) if rows else (0, 0)
    found = [row[2:] for row in rows if row[2] is not None]
    lines = [
        StatementLine(
            id=pk,
            posted_at=at,
            kind=kind,
            reference=reference,
            memo=memo,
            amount=shown(account, amount),
            balance=shown(account, balance),
        )
        for pk, at, amount, balance, kind, reference, memo in found[:size]
    ]
    next_cursor = _encode(lines[-1].posted_at, lines[-1].id) if len(found) > size else None
    return shown(account, opening), shown(account, closing), lines, next_cursor


# --------------------------------------------------------------------------------------- adjustments
def adjustments_for(membership: Membership) -> QuerySet[Adjustment]:
    _staff(membership)
    return Adjustment.objects.filter(tenant__in=visible_tenants(membership)).select_related(
        "tenant", "proposed_by", "decided_by", "entry"
    )


def external_totals(
    tenants: QuerySet[Tenant] | Tenant, currency: str, period: Period
) -> dict[str, dict[str, int]]:
    """The home's external credits and debits (`stats.services.external`): confirmed adjustments of
    `tenants` (already the asker's scope, chosen by the stats API) in `currency`, created in the São
    Paulo days of `period` (`start`..`end` inclusive), as every statistic of the summary counts."""
    scope = Q(tenant=tenants) if isinstance(tenants, Tenant) else Q(tenant__in=tenants.values("pk"))
    qs = Adjustment.objects.filter(
        scope, status=AdjustmentStatus.CONFIRMED, currency=currency, created_at__gte=day_start(period.start)
    )
    end = day_end(period.end)
    if end is not None:
        qs = qs.filter(created_at__lt=end)
    answer = {"credits": {"count": 0, "amount": 0}, "debits": {"count": 0, "amount": 0}}
    for row in qs.order_by().values("direction").annotate(n=Count("id"), total=Sum("amount")):
        side = "credits" if row["direction"] == Direction.CREDIT else "debits"
        answer[side] = {"count": row["n"], "amount": row["total"] or 0}
    return answer


def access_adjustment(membership: Membership, public_id: str, *, lock: bool = False) -> Adjustment:
    qs = adjustments_for(membership)
    if lock:
        qs = qs.select_for_update(of=("self",))
    found = qs.filter(public_id=public_id).first()
    if found is None:
        raise NotFoundError
    return found


def _reason(text: str, field: str = "reason") -> str:
    reason = " ".join((text or "").split())
    if len(reason) < 3:
        raise AppError("invalid_input", fields={field: "required"})
    if len(reason) > MAX_REASON:
        raise AppError("invalid_input", fields={field: "too_long"})
    return reason


def _available(tenant: Tenant, currency: str) -> int:
    return ledger.tenant_balances(tenant, [currency])[0].available


def propose(
    membership: Membership, *, client: str, direction: str, amount: int, currency: str, reason: str
) -> Adjustment:
    """Propose a credit or debit of a client's available balance; nothing is posted yet. A debit larger
    than the available balance is refused now (and again, under the lock, at confirmation)."""
    _staff(membership)
    errors: dict[str, str] = {}
    if direction not in Direction.values:
        errors["direction"] = "invalid_choice"
    if currency not in CURRENCIES:
        errors["currency"] = "invalid_choice"
    if isinstance(amount, bool) or not 0 < amount <= MAX_AMOUNT:
        errors["amount"] = "out_of_range"
    tenant = visible_tenants(membership).filter(slug=client, kind=TenantKind.CLIENT).first()
    if tenant is None:
        errors["client"] = "not_found"
    if errors:
        raise AppError("invalid_input", fields=errors)
    assert tenant is not None
    clean = _reason(reason)
    if direction == Direction.DEBIT and amount > _available(tenant, currency):
        raise ledger.InsufficientFundsError
    with transaction.atomic():
        adjustment = Adjustment.objects.create(
            public_id=new_public_id("adj"), tenant=tenant, direction=direction, amount=amount,
            currency=currency, reason=clean, proposed_by=membership.user,
        )  # fmt: skip
        audit.record(
            "adjustment.proposed", actor=membership.user, target=adjustment,
            data={"id": adjustment.public_id, "client": tenant.slug, "direction": direction,
                  "amount": amount, "currency": currency, "reason": clean},
        )  # fmt: skip
    return adjustment


def _pending(adjustment: Adjustment) -> None:
    if adjustment.status != AdjustmentStatus.PROPOSED:
        raise AppError("adjustment_not_pending", status=409, status_now=adjustment.status)


def confirm(membership: Membership, public_id: str) -> Adjustment:
    """Another staff member confirms: one balanced entry between the client's available account and
    the platform's external adjustments account; a debit never takes the available balance below zero
    (checked under the account's row lock by the ledger)."""
    with transaction.atomic():
        adjustment = access_adjustment(membership, public_id, lock=True)
        _pending(adjustment)
        if adjustment.proposed_by_id == membership.user_id:
            raise ForbiddenError("adjustment_self_confirmation")
        tenant = adjustment.tenant
        available = ledger.tenant_account(tenant, AccountKind.AVAILABLE, adjustment.currency)
        external = ledger.platform_account(AccountKind.EXTERNAL_ADJUSTMENTS, adjustment.currency)
        sign = -1 if adjustment.direction == Direction.CREDIT else 1  # a credit to a liability: negative
        entry = ledger.post(
            f"adjustment:{adjustment.public_id}",
            ADJUSTMENT_KINDS[Direction(adjustment.direction)],
            [
                ledger.Line(available, sign * adjustment.amount),
                ledger.Line(external, -sign * adjustment.amount),
            ],
            tenant=tenant,
            reference=adjustment.public_id,
            memo=adjustment.reason[:200],
            no_overdraft=[available] if adjustment.direction == Direction.DEBIT else [],
        )
        adjustment.status = AdjustmentStatus.CONFIRMED
        adjustment.decided_by = membership.user
        adjustment.decided_at = timezone.now()
        adjustment.entry = entry
        adjustment.save(update_fields=["status", "decided_by", "decided_at", "entry"])
        audit.record(
            "adjustment.confirmed", actor=membership.user, target=adjustment,
            data={"id": adjustment.public_id, "entry": entry.idempotency_key},
        )  # fmt: skip
    return adjustment


def reject(membership: Membership, public_id: str, reason: str) -> Adjustment:
    """Turn a proposal down with a reason (the proposer too: withdrawing it). Nothing is posted."""
    clean = _reason(reason)
    with transaction.atomic():
        adjustment = access_adjustment(membership, public_id, lock=True)
        _pending(adjustment)
        adjustment.status = AdjustmentStatus.REJECTED
        adjustment.decided_by = membership.user
        adjustment.decided_at = timezone.now()
        adjustment.reject_reason = clean
        adjustment.save(update_fields=["status", "decided_by", "decided_at", "reject_reason"])
        audit.record(
            "adjustment.rejected", actor=membership.user, target=adjustment,
            data={"id": adjustment.public_id, "reason": clean},
        )  # fmt: skip
    return adjustment


def filtered_adjustments(
    qs: QuerySet[Adjustment], *, status: str | None, client: str | None
) -> QuerySet[Adjustment]:
    if status:
        qs = qs.filter(status=status)
    if client:
        qs = qs.filter(tenant__slug=client)
    return qs


# ------------------------------------------------------------------------------------------ balances
@dataclass(frozen=True)
class BalanceRow:
    slug: str
    name: str
    currency: str
    available: int
    pending: int
    held: int


BALANCE_SORTS = ("name", "available", "pending", "held")
MAX_BALANCE_PAGE = 100_000


def page_number(cursor: str | None) -> int:
    """Balances page by number (a few thousand rows at most: one per client and currency); the cursor
    is the next page's number, opaque to the screen."""
    if not cursor:
        return 1
    if not cursor.isdigit() or not 1 <= int(cursor) <= MAX_BALANCE_PAGE:
        raise AppError("invalid_cursor", fields={"cursor": "invalid"})
    return int(cursor)


def _kind_sum(kind: str) -> Sum:
    # Liabilities: shown as -(sum of postings), i.e. -balance.
    return Sum(Case(When(kind=kind, then=-F("balance")), default=Value(0), output_field=BigIntegerField()))


def balance_rows(
    membership: Membership, *, q: str, currency: str | None, sort: str, page: int, size: int
) -> tuple[list[BalanceRow], int, dict[str, dict[str, int]]]:
    """Available, pending and held per client and currency (a page), the count of rows, and totals per
    currency over every matching row (reais never added to dollars)."""
    _staff(membership)
    field = sort.lstrip("-")
    if size not in PAGE_SIZES:
        raise AppError("invalid_input", fields={"per_page": "invalid"})
    if field not in BALANCE_SORTS:
        raise AppError("invalid_input", fields={"sort": "invalid"})
    qs = LedgerAccount.objects.filter(
        kind__in=list(TENANT_KINDS),
        tenant__in=visible_tenants(membership).filter(kind=TenantKind.CLIENT),
    )
    text = (q or "").strip()
    if text:
        qs = qs.filter(Q(tenant__name__icontains=text) | Q(tenant__slug__icontains=text))
    if currency:
        qs = qs.filter(currency=currency)
    grouped = qs.values("tenant__slug", "tenant__name", "currency").annotate(
        available=_kind_sum(AccountKind.AVAILABLE),
        pending=_kind_sum(AccountKind.PENDING),
        held=_kind_sum(AccountKind.HELD),
    )
    totals: dict[str, dict[str, int]] = defaultdict(lambda: {"available": 0, "pending": 0, "held": 0})
    for row in qs.values("currency", "kind").annotate(total=Sum("balance")):
        totals[row["currency"]][row["kind"]] += -int(row["total"] or 0)
    count = grouped.count()
    key = "tenant__name" if field == "name" else field
    order = (f"-{key}" if sort.startswith("-") else key, "tenant__slug", "currency")
    start = (page - 1) * size
    rows = [
        BalanceRow(
            slug=r["tenant__slug"],
            name=r["tenant__name"],
            currency=r["currency"],
            available=int(r["available"] or 0),
            pending=int(r["pending"] or 0),
            held=int(r["held"] or 0),
        )
        for r in grouped.order_by(*order)[start : start + size]
    ]
    return rows, count, {c: dict(v) for c, v in sorted(totals.items())}
