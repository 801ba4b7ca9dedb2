"""Monthly invoices of the fees each client paid (admin/invoices).

An invoice is one client and one São Paulo calendar month: the fees the platform earned from that
client in it, read from the ledger's own fee postings (every credit to the platform's `fee_revenue`
account, and to a partner's `partner_commission` account, whose entry names the client: a linked
client's fee is split between the two in its entry, ledger.commission, and the client paid all of
it), grouped into lines by kind (deposit or payout), method and
currency. The ledger is the books: a fee is on the invoice of the month it was charged (a deposit's
fee when it was confirmed, a payout's when it was paid), never a month it was merely created in, and
the sums are integer centavos. Reais and dollars are separate lines and separate totals: nothing adds
them. Nothing is stored: an invoice is a view of the books, so it cannot drift from them.

- number: `FAT-YYYYMM-<client id, 6 digits>`, the same for the same client and month, forever;
- status: `open` for the current São Paulo month (fees still arrive), `closed` for a past one;
  a month in the future has no invoice (400).
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import date
from typing import Any

from django.db import connection
from django.utils import timezone

from core.dates import day_start
from core.errors import AppError, NotFoundError
from gateway.models import TransactionIndex
from ledger.models import AccountKind, JournalEntry, LedgerAccount, Posting
from tenants.models import Tenant

NUMBER = re.compile(r"^FAT-(\d{4})(\d{2})-(\d{6,})$")
MONTH = re.compile(r"^(\d{4})-(\d{2})$")
# What a fee posting's entry kind says the fee was for, when the transaction index does not know it.
ENTRY_KINDS = {"deposit_confirmed": "deposit", "payout_confirmed": "payout"}
# The accounts a client's fee is credited to: the platform's revenue and its partner's commission.
FEE_KINDS = [AccountKind.FEE_REVENUE.value, AccountKind.PARTNER_COMMISSION.value]


@dataclass(frozen=True)
class Line:
    kind: str  # deposit | payout | other
    method: str
    currency: str
    count: int  # the movements that paid a fee
    fee: int  # centavos


@dataclass(frozen=True)
class Invoice:
    tenant: Tenant
    month: date  # the first day of the month
    lines: tuple[Line, ...] = field(default=())

    @property
    def number(self) -> str:
        return invoice_number(self.tenant.pk, self.month)

    @property
    def status(self) -> str:
        return "open" if self.month == current_month() else "closed"

    @property
    def period_end(self) -> date:
        return last_day(self.month)

    def totals(self) -> list[dict[str, int | str]]:
        per: dict[str, list[int]] = defaultdict(lambda: [0, 0])
        for line in self.lines:
            per[line.currency][0] += line.count
            per[line.currency][1] += line.fee
        return [{"currency": c, "count": v[0], "fee": v[1]} for c, v in sorted(per.items())]


def current_month() -> date:
    return timezone.localdate().replace(day=1)


def next_month(month: date) -> date:
    return date(month.year + month.month // 12, month.month % 12 + 1, 1)


def last_day(month: date) -> date:
    return date.fromordinal(next_month(month).toordinal() - 1)


def invoice_number(tenant_id: int, month: date) -> str:
    return f"FAT-{month:%Y%m}-{tenant_id:06d}"


def parse_month(value: str) -> date:
    """`YYYY-MM` (a São Paulo month, not after the current one); 400 invalid_input otherwise."""
    found = MONTH.match(value.strip())
    month = None
    if found and 1 <= int(found.group(2)) <= 12 and int(found.group(1)) >= 2000:
        month = date(int(found.group(1)), int(found.group(2)), 1)
    if month is None:
        raise AppError("invalid_input", fields={"month": "invalid_month"})
    if month > current_month():
        raise AppError("invalid_input", fields={"month": "month_in_future"})
    return month


def parse_number(number: str) -> tuple[int, date]:
    """The client id and month an invoice number names; 404 for anything that is not one."""
    found = NUMBER.match(number)
    if not found or not 1 <= int(found.group(2)) <= 12 or int(found.group(1)) < 2000:
        raise NotFoundError
    month = date(int(found.group(1)), int(found.group(2)), 1)
    if month > current_month():
        raise NotFoundError
    return int(found.group(3)), month


def fee_lines(tenant_ids: Iterable[int], month: date) -> dict[int, tuple[Line, ...]]:
    """Each client's fee lines in `month`, from the ledger: one query over the fee postings of the
    month's São Paulo instants, joined to the transaction index for the kind and method."""
    ids = list(tenant_ids)
    if not ids:
        return {}
    sql = f"""
        SELECT e.tenant_id,
               COALESCE(ti.kind, e.kind) AS kind,
               COALESCE(ti.method, '') AS method,
               p.currency,
               COUNT(DISTINCT e.id) AS movements,
               -SUM(p.amount) AS fee
        FROM {Posting._meta.db_table} p
        JOIN {JournalEntry._meta.db_table} e ON e.id = p.entry_id
        JOIN {LedgerAccount._meta.db_table} a ON a.id = p.account_id
        LEFT JOIN {TransactionIndex._meta.db_table} ti ON ti.public_id = e.reference
        WHERE a.kind = ANY(%s) AND e.tenant_id = ANY(%s) AND e.created_at >= %s AND e.created_at < %s
        GROUP BY 1, 2, 3, 4
        HAVING SUM(p.amount) <> 0
    """  # noqa: S608 (table names are ours; every value is a parameter)
    params: list[Any] = [FEE_KINDS, ids, day_start(month), day_start(next_month(month))]
    out: dict[int, list[Line]] = defaultdict(list)
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        for tenant_id, source, method, currency, movements, fee in cursor.fetchall():
            kind = source if source in ("deposit", "payout") else ENTRY_KINDS.get(source, "other")
            out[tenant_id].append(Line(kind, method or "other", currency, int(movements), int(fee)))
    return {
        tenant_id: tuple(sorted(lines, key=lambda x: (x.currency, x.kind, x.method)))
        for tenant_id, lines in out.items()
    }


def invoices(tenants: Iterable[Tenant], month: date) -> list[Invoice]:
    """The month's invoices of `tenants` (the caller's scope): only clients that paid a fee in it,
    by client name."""
    by_id = {t.pk: t for t in tenants}
    lines = fee_lines(by_id, month)
    found = [Invoice(by_id[tenant_id], month, tenant_lines) for tenant_id, tenant_lines in lines.items()]
    return sorted(found, key=lambda inv: (inv.tenant.name.lower(), inv.tenant.pk))


def invoice(tenant: Tenant, month: date) -> Invoice:
    return Invoice(tenant, month, fee_lines([tenant.pk], month).get(tenant.pk, ()))
