"""Fees: a percentage (basis points) plus a fixed amount, per client, method and currency.

Rounding rule (written down, tested): the percentage part is computed in integer arithmetic on
centavos and rounded half up to the nearest centavo: (amount * bp + 5000) // 10000. The fixed part is
added after rounding. The fee never exceeds the amount (the client never receives a negative net).
Lookup: the client's own rate for (method, currency), else the platform default, else zero.

Payouts are charged from the same table, keyed by the payout method's code: `payout_pix`, `payout_ted`
(`payout_fee_method`); deposits use the payment method's code (`pix`, `billet`, `card`, `wire`).
"""

from __future__ import annotations

from dataclasses import dataclass

from gateway.models import FeeRate
from tenants.models import Tenant

# The fee-rate method codes of payouts (one per withdraw method), beside the payment methods' codes.
PAYOUT_FEE_PREFIX = "payout_"
PAYOUT_FEE_METHODS = ("payout_pix", "payout_ted")


def payout_fee_method(withdraw_method: str) -> str:
    """The fee-rate method code of a payout made by `withdraw_method` ("pix" -> "payout_pix")."""
    return f"{PAYOUT_FEE_PREFIX}{withdraw_method}"


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
