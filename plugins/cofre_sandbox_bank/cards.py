"""The sandbox bank's card tokenization: what a provider's tokenization service does for the browser.

A card number goes in, a token comes out (with brand and last four digits); the number is checked
(Luhn, expiry, CVV) and then forgotten: it is never stored, logged or returned.

Test cards: 4000000000000002 is always declined ("card_declined"); any other valid number is
approved, e.g. 4111111111111111 (Visa), 5555555555554444 (Mastercard), 378282246310005 (Amex).
"""

from __future__ import annotations

import re
import secrets
from dataclasses import dataclass
from datetime import datetime
from zoneinfo import ZoneInfo

DECLINED_TEST_CARD = "4000000000000002"
_SAO_PAULO = ZoneInfo("America/Sao_Paulo")
_SEPARATORS = re.compile(r"[\s-]")
# Issuer prefixes, most specific first: Elo and Hipercard ranges overlap Visa's and Discover's.
_BRANDS: tuple[tuple[str, re.Pattern[str]], ...] = (
    (
        "elo",
        re.compile(
            r"(401178|401179|431274|438935|451416|457393|457631|457632|504175|506699|5067[0-7][0-9]"
            r"|509[0-9]{3}|627780|636297|636368|6500(3[1-35-9]|4[0-9]|5[01])|6504(0[5-9]|[1-3][0-9])"
            r"|6505(4[1-9]|[5-8][0-9]|9[0-8])|6509(0[1-9]|1[0-9]|20)|6516(5[2-9]|[67][0-9])|6550[0-5][0-9])"
        ),
    ),
    ("hipercard", re.compile(r"(606282|3841)")),
    ("amex", re.compile(r"3[47]")),
    ("diners", re.compile(r"(30[0-5]|36|38)")),
    ("jcb", re.compile(r"35(2[89]|[3-8][0-9])")),
    ("discover", re.compile(r"(6011|65|64[4-9])")),
    ("mastercard", re.compile(r"(5[1-5]|2(2[2-9][1-9]|2[3-9][0-9]|[3-6][0-9]{2}|7[01][0-9]|720))")),
    ("visa", re.compile(r"4")),
)


class CardDataError(ValueError):
    """Card data the tokenization service refuses: `code` is machine-readable, `field` names the input."""

    def __init__(self, code: str, field: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.field = field
        self.message = message


@dataclass(frozen=True)
class CardSummary:
    """What may be kept about a card: never its number."""

    brand: str
    last4: str
    exp_month: int
    exp_year: int
    declined: bool


def luhn_valid(digits: str) -> bool:
    """The Luhn (mod 10) check of a card number."""
    total = 0
    for index, char in enumerate(reversed(digits)):
        value = int(char)
        if index % 2 == 1:
            value = value * 2 - 9 if value > 4 else value * 2
        total += value
    return total % 10 == 0


def card_brand(digits: str) -> str:
    """The card's brand from its issuer prefix ("visa", "mastercard", "elo", ...; "unknown")."""
    return next((brand for brand, prefix in _BRANDS if prefix.match(digits)), "unknown")


def _int_field(value: object, field: str) -> int:
    if type(value) is int:
        return value
    if isinstance(value, str) and value.strip().isdigit():
        return int(value.strip())
    raise CardDataError("invalid_expiry", field, f"{field} must be a number")


def check_card(
    number: object, exp_month: object, exp_year: object, cvv: object, holder: object
) -> CardSummary:
    """Validate card data (the number is not kept) and summarize it, or raise CardDataError."""
    if not isinstance(number, str) or not number.strip():
        raise CardDataError("required", "number", "The card number is required")
    digits = _SEPARATORS.sub("", number)
    if not re.fullmatch(r"[0-9]{13,19}", digits):
        raise CardDataError("card_number_invalid", "number", "A card number has 13 to 19 digits")
    if not luhn_valid(digits):
        raise CardDataError("card_number_invalid", "number", "The card number fails its check digit (Luhn)")
    month = _int_field(exp_month, "exp_month")
    year = _int_field(exp_year, "exp_year")
    if year < 100:
        year += 2000  # "29" is 2029 on a card
    if not 1 <= month <= 12:
        raise CardDataError("invalid_expiry", "exp_month", "The expiry month must be 1 to 12")
    now = datetime.now(_SAO_PAULO)
    if (year, month) < (now.year, now.month):
        raise CardDataError("card_expired", "exp_year", "The card has expired")
    if year > now.year + 20:
        raise CardDataError("invalid_expiry", "exp_year", "The expiry year is too far ahead")
    brand = card_brand(digits)
    cvv_length = 4 if brand == "amex" else 3
    if not isinstance(cvv, str) or not re.fullmatch(rf"[0-9]{{{cvv_length}}}", cvv.strip()):
        raise CardDataError("cvv_invalid", "cvv", f"The security code has {cvv_length} digits")
    if not isinstance(holder, str) or not holder.strip():
        raise CardDataError("required", "holder", "The cardholder's name is required")
    return CardSummary(
        brand=brand, last4=digits[-4:], exp_month=month, exp_year=year, declined=digits == DECLINED_TEST_CARD
    )


def new_token() -> str:
    """A random token ("tok_" + 24 URL-safe characters)."""
    return "tok_" + secrets.token_urlsafe(18)
