"""A fee's credit lines: the platform's fee revenue and the commission of the client's partners.

A partner (tenants.PartnerClient) earns `tenants.PartnerTerms.commission_bp` basis points of every
fee its linked client pays. The commission is booked in the same entry that recognises the fee (a
deposit's confirmation, a payout's confirmation), so it shares that entry's idempotency key: the fee
is credited as `fee - commission` to fee revenue and `commission` to the partner's
`partner_commission` account (`platform:partner_commission:{partner schema}:{currency}`, a
liability: owed to the partner). The rate is the one in force when the fee is booked; a rate changed
later applies to later fees only (booked entries are immutable).

commission = (fee * commission_bp + 5000) // 10000, the fee rounding rule (half up, integer
centavos). A client linked to several partners (rare: the screens link one) pays each its share in
link order, the shares capped at what is left of the fee, so the platform's part never goes below 0.

Both payments and payouts import this module (ledger sits below them in the layers).
"""

from __future__ import annotations

from dataclasses import dataclass

from ledger.models import AccountKind, LedgerAccount
from ledger.services import Line, platform_account
from tenants.models import PartnerClient, Tenant

FULL_RATE = 10_000  # basis points: all of the fee


def commission_of_fee(fee: int, commission_bp: int) -> int:
    """A partner's share of `fee` (centavos) at `commission_bp` basis points, rounded half up."""
    if fee <= 0 or commission_bp <= 0:
        return 0
    return (fee * min(commission_bp, FULL_RATE) + 5_000) // FULL_RATE


@dataclass(frozen=True)
class Share:
    partner: Tenant
    commission_bp: int


def partner_shares(client: Tenant) -> list[Share]:
    """The partners linked to `client` with a commission rate above 0, in link order (one query)."""
    links = (
        PartnerClient.objects.filter(client=client, partner__partner_terms__commission_bp__gt=0)
        .select_related("partner", "partner__partner_terms")
        .order_by("created_at", "pk")
    )
    return [Share(link.partner, int(link.partner.partner_terms.commission_bp)) for link in links]


def fee_accounts(client: Tenant, currency: str) -> list[LedgerAccount]:
    """Every account a fee of `client` in `currency` may credit (to lock them up front)."""
    return [
        platform_account(AccountKind.FEE_REVENUE, currency),
        *(
            platform_account(AccountKind.PARTNER_COMMISSION, currency, partner=share.partner)
            for share in partner_shares(client)
        ),
    ]


def fee_lines(client: Tenant, fee: int, currency: str) -> list[Line]:
    """The credit lines (negative amounts) that recognise `fee` paid by `client`: the partners'
    commissions and the rest as fee revenue; no line of 0 (none at all for a fee of 0)."""
    if fee <= 0:
        return []
    lines: list[Line] = []
    left = fee
    for share in partner_shares(client):
        commission = min(commission_of_fee(fee, share.commission_bp), left)
        if commission:
            account = platform_account(AccountKind.PARTNER_COMMISSION, currency, partner=share.partner)
            lines.append(Line(account, -commission))
            left -= commission
    if left:
        lines.insert(0, Line(platform_account(AccountKind.FEE_REVENUE, currency), -left))
    return lines
