"""Helpers for tests that drive the sandbox bank without a worker or HTTP.

    from cofre_sandbox_bank.testing import deliver_now, sign, tokenize

`deliver_now(reference)` returns the pending webhooks of a charge, payout or refund as (headers, body),
already applied to the bank's books and signed; `sign(secret, body, timestamp)` builds a signature
header (e.g. a stale one); `tokenize(number)` makes a card token as the browser would;
`return_for(remittance, rejected={reference: "AN"})` is the bank's CNAB 240 return for a remittance it
was sent (every line paid unless rejected with an occurrence code).
"""

from __future__ import annotations

from datetime import date

from cofre_sandbox_bank.batch_files import make_return
from cofre_sandbox_bank.cards import card_brand, check_card
from cofre_sandbox_bank.delivery import deliver_now
from cofre_sandbox_bank.models import SandboxCardToken
from cofre_sandbox_bank.webhooks import SIGNATURE_HEADER, sign, signed_headers

__all__ = ["SIGNATURE_HEADER", "deliver_now", "return_for", "sign", "signed_headers", "tokenize"]


def return_for(
    remittance: bytes, rejected: dict[str, str] | None = None, paid_on: date | None = None
) -> bytes:
    """The sandbox bank's return file for `remittance`: paid, or refused with `rejected`'s codes."""
    return make_return(remittance, rejected=rejected, paid_on=paid_on or date.today())  # noqa: DTZ011


def tokenize(number: str, *, exp_month: int = 12, exp_year: int | None = None, cvv: str = "") -> str:
    """A card token for a test card (4000000000000002 declines), as POST /sandbox-bank/tokens makes."""
    cvv = cvv or ("1234" if card_brand(number) == "amex" else "123")
    year = exp_year or date.today().year + 3  # noqa: DTZ011  (a year three years ahead, any zone)
    card = check_card(number, exp_month, year, cvv, "Test Holder")
    return SandboxCardToken.issue(card).token
