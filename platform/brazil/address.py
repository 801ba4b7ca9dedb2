"""Brazilian postal addresses: the 27 federative units (UF) and the 8-digit CEP."""

from __future__ import annotations

import re

from brazil.errors import DomainError

STATES = frozenset(
    [
        "AC",
        "AL",
        "AP",
        "AM",
        "BA",
        "CE",
        "DF",
        "ES",
        "GO",
        "MA",
        "MT",
        "MS",
        "MG",
        "PA",
        "PB",
        "PR",
        "PE",
        "PI",
        "RJ",
        "RN",
        "RS",
        "RO",
        "RR",
        "SC",
        "SP",
        "SE",
        "TO",
    ]
)
_ZIPCODE_SEPARATORS = re.compile(r"[\s.\-]")


class AddressError(DomainError):
    """An invalid state or zipcode; `code` is invalid_state or invalid_zipcode."""


def normalize_zipcode(zipcode: str) -> str:
    """ "01310-100" -> "01310100"; AddressError("invalid_zipcode") unless 8 digits remain."""
    digits = _ZIPCODE_SEPARATORS.sub("", zipcode)
    if not re.fullmatch(r"[0-9]{8}", digits):
        raise AddressError("invalid_zipcode")
    return digits


def normalize_state(state: str) -> str:
    """ " sp " -> "SP"; AddressError("invalid_state") unless it is one of the 27 UFs."""
    value = state.strip().upper()
    if value not in STATES:
        raise AddressError("invalid_state")
    return value
