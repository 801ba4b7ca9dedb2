"""CPF and CNPJ: validation, normalisation, formatting and the LGPD mask.

Normalised forms: CPF = 11 digits; CNPJ = 14 upper-case characters (12 alphanumerics + 2 check
digits: the alphanumeric CNPJ issued from July 2026, IN RFB 2.229/2024).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from operator import mul
from typing import Literal

from brazil.errors import DocumentError

DocumentKind = Literal["cpf", "cnpj"]

# Punctuation people type or paste around documents: "390.533.447-05", "12.ABC.345/01DE-35".
_SEPARATORS = re.compile(r"[\s./-]")
_CPF_FORMAT = re.compile(r"[0-9]{11}")
_CNPJ_FORMAT = re.compile(r"[0-9A-Z]{12}[0-9]{2}")

_CPF_WEIGHTS_1 = range(10, 1, -1)  # 10..2 over the 9 base digits
_CPF_BASE = re.compile(r"[0-9]{9}")
_CNPJ_BASE = re.compile(r"[0-9A-Z]{12}")
_CPF_WEIGHTS_2 = range(11, 1, -1)  # 11..2 over base + first check digit
_CNPJ_WEIGHTS_1 = (5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2)
_CNPJ_WEIGHTS_2 = (6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2)


@dataclass(frozen=True, slots=True)
class Document:
    """A valid CPF or CNPJ in normalised form."""

    kind: DocumentKind
    value: str

    @property
    def formatted(self) -> str:
        """Punctuated form: ``390.533.447-05`` or ``12.ABC.345/01DE-35``."""
        return _format_cpf(self.value) if self.kind == "cpf" else _format_cnpj(self.value)

    @property
    def masked(self) -> str:
        """Display form safe for logs and screens: a CPF is masked, a CNPJ is public data."""
        return _mask_cpf(self.value) if self.kind == "cpf" else _format_cnpj(self.value)


def strip_document(text: str) -> str:
    """Remove punctuation and spaces and upper-case; does not validate."""
    if text.isdigit() and text.isascii():  # already bare (a spreadsheet's column of documents)
        return text
    return _SEPARATORS.sub("", text).upper()


def _mod11_dv(values: Sequence[int], weights: Sequence[int]) -> int:
    # Receita Federal rule shared by CPF and CNPJ: remainder 0 or 1 -> 0, otherwise 11 - remainder.
    if len(values) != len(weights):
        raise ValueError("values and weights differ in length")
    remainder = sum(map(mul, values, weights)) % 11
    return 0 if remainder < 2 else 11 - remainder


def _char_value(char: str) -> int:
    # Alphanumeric CNPJ: each character is worth its ASCII code minus 48 ('0' -> 0, 'A' -> 17).
    return ord(char) - 48


def _is_repeated(value: str) -> bool:
    # 000.000.000-00, 111.111.111-11 ... pass the checksum but are never issued.
    return len(set(value)) == 1


def cpf_check_digits(base: str) -> str:
    """The two check digits for a 9-digit CPF base."""
    if not _CPF_BASE.fullmatch(base):
        raise DocumentError("invalid_cpf", "CPF base must be 9 digits", reason="format")
    return _cpf_dv(base)


# The same sums over the base's ASCII codes ('0' is 48), less 48 times the weights: no int() per digit
_CPF_CODES_1 = (tuple(_CPF_WEIGHTS_1), 48 * sum(_CPF_WEIGHTS_1))
_CPF_CODES_2 = (tuple(_CPF_WEIGHTS_2)[:9], 48 * sum(tuple(_CPF_WEIGHTS_2)[:9]))


def _cpf_dv(base: str) -> str:
    """The check digits of a base of 9 ASCII digits (checked by the caller)."""
    codes = base.encode("ascii")
    weights, offset = _CPF_CODES_1
    remainder = (sum(map(mul, codes, weights)) - offset) % 11
    first = 0 if remainder < 2 else 11 - remainder
    weights, offset = _CPF_CODES_2
    remainder = (sum(map(mul, codes, weights)) - offset + 2 * first) % 11  # the last weight is 2
    return f"{first}{0 if remainder < 2 else 11 - remainder}"


def cnpj_check_digits(base: str) -> str:
    """The two check digits for a 12-character CNPJ base (digits or upper-case letters)."""
    if not _CNPJ_BASE.fullmatch(base):
        raise DocumentError("invalid_cnpj", "CNPJ base must be 12 characters", reason="format")
    values = [_char_value(c) for c in base]
    first = _mod11_dv(values, _CNPJ_WEIGHTS_1)
    second = _mod11_dv([*values, first], _CNPJ_WEIGHTS_2)
    return f"{first}{second}"


def validate_cpf(text: str) -> str:
    """Return the CPF as 11 digits or raise ``DocumentError(code="invalid_cpf")``."""
    return _checked_cpf(strip_document(text))


def _checked_cpf(value: str) -> str:
    if not _CPF_FORMAT.fullmatch(value):
        raise DocumentError("invalid_cpf", "CPF must have 11 digits", reason="format")
    if _is_repeated(value):
        raise DocumentError("invalid_cpf", "CPF with all digits equal", reason="repeated")
    if _cpf_dv(value[:9]) != value[9:]:  # value is 11 digits here
        raise DocumentError("invalid_cpf", "CPF check digits do not match", reason="checksum")
    return value


def validate_cnpj(text: str) -> str:
    """Return the CNPJ as 14 upper-case characters or raise ``DocumentError(code="invalid_cnpj")``."""
    return _checked_cnpj(strip_document(text))


def _checked_cnpj(value: str) -> str:
    if not _CNPJ_FORMAT.fullmatch(value):
        raise DocumentError("invalid_cnpj", "CNPJ must have 14 characters", reason="format")
    if _is_repeated(value):
        raise DocumentError("invalid_cnpj", "CNPJ with all characters equal", reason="repeated")
    if cnpj_check_digits(value[:12]) != value[12:]:
        raise DocumentError("invalid_cnpj", "CNPJ check digits do not match", reason="checksum")
    return value


def is_valid_cpf(text: str) -> bool:
    """True when ``text`` is a valid CPF (punctuation allowed)."""
    try:
        validate_cpf(text)
    except DocumentError:
        return False
    return True


def is_valid_cnpj(text: str) -> bool:
    """True when ``text`` is a valid CNPJ, numeric or alphanumeric (punctuation allowed)."""
    try:
        validate_cnpj(text)
    except DocumentError:
        return False
    return True


def _format_cpf(value: str) -> str:
    return f"{value[:3]}.{value[3:6]}.{value[6:9]}-{value[9:]}"


def _format_cnpj(value: str) -> str:
    return f"{value[:2]}.{value[2:5]}.{value[5:8]}/{value[8:12]}-{value[12:]}"


def _mask_cpf(value: str) -> str:
    # Usual LGPD display mask: only the middle six digits are shown.
    return f"***.{value[3:6]}.{value[6:9]}-**"


def format_cpf(text: str) -> str:
    """Validate and punctuate a CPF: ``390.533.447-05``."""
    return _format_cpf(validate_cpf(text))


def format_cnpj(text: str) -> str:
    """Validate and punctuate a CNPJ: ``12.ABC.345/01DE-35``."""
    return _format_cnpj(validate_cnpj(text))


def mask_cpf(text: str) -> str:
    """LGPD mask of a CPF: ``***.456.789-**``. Checks the format only, so stored data always masks."""
    value = strip_document(text)
    if not _CPF_FORMAT.fullmatch(value):
        raise DocumentError("invalid_cpf", "CPF must have 11 digits", reason="format")
    return _mask_cpf(value)


def validate_document(text: str) -> Document:
    """Classify and validate a CPF (11 digits) or CNPJ (14 characters) by its normalised length."""
    value = strip_document(text)
    if len(value) == 11:
        return Document("cpf", _checked_cpf(value))
    if len(value) == 14:
        return Document("cnpj", _checked_cnpj(value))
    raise DocumentError("invalid_document", "Not a CPF or CNPJ", reason="length", length=len(value))
