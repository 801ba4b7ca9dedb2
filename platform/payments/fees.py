"""Fees: a percentage (basis points) plus a fixed amount, per client, method and currency.

Rounding rule (written down, tested): the percentage part is computed in integer arithmetic on
centavos and rounded half up to the nearest centavo: (amount * bp + 5000) // 10000. The fixed part is
added after rounding. The fee never exceeds the amount (the client never receives a negative net).
Lookup: the client's own rate for (method, currency), else the platform default, else zero.
"""

from __future__ import annotations

from dataclasses import dataclass

from gateway.models import FeeRate
from tenants.models import Tenant


@dataclass(frozen=True)
class Rate:
    percent_bp: int
    fixed: int


def compute_fee(amount: int, rate: Rate) -> int:
    if amount <= 0:
        return 0
    percent_part = (amount * rate.percent_bp + 5000) // 10000
    return min(amount, percent_part + rate.fixed)


def rate_for(tenant: Tenant, method: str, currency: str) -> Rate:
    rates = FeeRate.objects.filter(method=method, currency=currency)
    row = rates.filter(tenant=tenant).first() or rates.filter(tenant__isnull=True).first()
    return Rate(row.percent_bp, row.fixed) if row is not None else Rate(0, 0)
