"""Boleto barcodes and typed lines (FEBRABAN).

Two families share the 44-digit barcode:

* bank boleto ("boleto de cobrança"): bank(3) currency(1) DV(1) due factor(4) amount(10) free(25);
  its typed line has 47 digits in five fields. The product issues these.
* utility/tax boleto ("arrecadação"): starts with 8; product(1) segment(1) value id(1) DV(1)
  value(11) company(4, or CNPJ root(8) for segment 6) free(25 or 21); typed line of 48 digits.
  The product only reads these (e.g. bills paid in a payout batch).

Amounts are integer centavos. Separators (spaces, dots, hyphens) are accepted on input.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from typing import Literal
from zoneinfo import ZoneInfo

from brazil.errors import BoletoError

CURRENCY_BRL = "9"
MAX_AMOUNT_CENTAVOS = 9_999_999_999  # ten digits in the barcode
MAX_UTILITY_VALUE = 99_999_999_999  # eleven digits in the barcode

# Due-date factor: days since 1997-10-07, kept in 1000..9999. On 2025-02-22 the factor wrapped
# back to 1000 (FEBRABAN), so a factor names one date per 9000-day cycle.
_FACTOR_BASE = date(1997, 10, 7)
_FIRST_FACTOR = 1000
_LAST_FACTOR = 9999
_CYCLE_DAYS = _LAST_FACTOR - _FIRST_FACTOR + 1
# Banks resolve the cycle with a window around today: 3000 days back, 5500 ahead.
WINDOW_DAYS_BEFORE = 3000
WINDOW_DAYS_AFTER = 5500

_SAO_PAULO = ZoneInfo("America/Sao_Paulo")
_SEPARATORS = re.compile(r"[\s.\-]")
_DIGITS = re.compile(r"[0-9]*")

DvAlgorithm = Literal["mod10", "mod11"]

# FEBRABAN "Layout Padrão de Arrecadação", segment identification (barcode position 2).
UTILITY_SEGMENTS: dict[str, str] = {
    "1": "Prefeituras",
    "2": "Saneamento",
    "3": "Energia eletrica e gas",
    "4": "Telecomunicacoes",
    "5": "Orgaos governamentais",
    "6": "Carnes e assemelhados (CNPJ)",
    "7": "Multas de transito",
    "9": "Uso exclusivo do banco",
}


@dataclass(frozen=True, slots=True)
class BankBoleto:
    """A decoded bank boleto ("cobrança")."""

    barcode: str
    bank: str
    currency: str
    general_dv: str
    due_factor: int
    due_date: date | None
    amount_centavos: int
    free_field: str

    @property
    def typed_line(self) -> str:
        """The 47-digit typed line."""
        return bank_barcode_to_typed_line(self.barcode)

    @property
    def formatted_typed_line(self) -> str:
        """``AAABC.CCCCX DDDDD.DDDDDY EEEEE.EEEEEZ K UUUUVVVVVVVVVV``."""
        return format_typed_line(self.typed_line)


@dataclass(frozen=True, slots=True)
class UtilityBoleto:
    """A decoded utility/tax boleto ("arrecadação")."""

    barcode: str
    segment: str
    value_id: str
    dv_algorithm: DvAlgorithm
    general_dv: str
    value: int
    amount_centavos: int | None  # None when the value is a reference quantity (value id 7 or 9)
    company_id: str
    free_field: str

    @property
    def segment_name(self) -> str | None:
        """FEBRABAN segment name, None for a segment the layout does not define."""
        return UTILITY_SEGMENTS.get(self.segment)

    @property
    def typed_line(self) -> str:
        """The 48-digit typed line."""
        return utility_barcode_to_typed_line(self.barcode)

    @property
    def formatted_typed_line(self) -> str:
        """``NNNNNNNNNNN-D NNNNNNNNNNN-D NNNNNNNNNNN-D NNNNNNNNNNN-D``."""
        return format_typed_line(self.typed_line)


# --- check digits -------------------------------------------------------------------------


def mod10_dv(digits: str) -> str:
    """Mod 10 DV: weights 2,1,2,... from the right, digits of each product summed."""
    total = 0
    for index, char in enumerate(reversed(digits)):
        product = int(char) * (2 if index % 2 == 0 else 1)
        total += product // 10 + product % 10
    return str((10 - total % 10) % 10)


def _mod11_sum(digits: str) -> int:
    # Weights 2..9 repeating from the right, as both FEBRABAN layouts define.
    return sum(int(char) * (2 + index % 8) for index, char in enumerate(reversed(digits)))


def general_dv(digits: str) -> str:
    """Bank boleto general DV over the 43 other digits: 11 - (sum mod 11); 0, 10 and 11 become 1."""
    dv = 11 - _mod11_sum(digits) % 11
    return "1" if dv in (0, 10, 11) else str(dv)


def utility_mod11_dv(digits: str) -> str:
    """Arrecadação mod 11 DV: 11 - (sum mod 11); 10 and 11 become 0."""
    dv = 11 - _mod11_sum(digits) % 11
    return "0" if dv >= 10 else str(dv)


def _utility_dv(digits: str, algorithm: DvAlgorithm) -> str:
    return mod10_dv(digits) if algorithm == "mod10" else utility_mod11_dv(digits)


def utility_dv_algorithm(value_id: str) -> DvAlgorithm:
    """Barcode digit 3 picks the rule: 6/7 -> mod 10, 8/9 -> mod 11."""
    if value_id in ("6", "7"):
        return "mod10"
    if value_id in ("8", "9"):
        return "mod11"
    raise BoletoError("boleto_invalid_value_id", "Value id must be 6, 7, 8 or 9", value_id=value_id)


# --- due-date factor ----------------------------------------------------------------------


def due_date_factor(due_date: date | None) -> int:
    """Factor for a due date (0 = no due date). Dates from 2025-02-22 use the new cycle."""
    if due_date is None:
        return 0
    days = (due_date - _FACTOR_BASE).days
    if days < _FIRST_FACTOR:
        raise BoletoError(
            "boleto_due_date_out_of_range", "Due date before 2000-07-03", due_date=due_date.isoformat()
        )
    return (days - _FIRST_FACTOR) % _CYCLE_DAYS + _FIRST_FACTOR


def due_date_from_factor(factor: int, *, reference: date) -> date | None:
    """Date for a factor: the only cycle inside [reference - 3000, reference + 5500] days."""
    if factor == 0:
        return None
    if not _FIRST_FACTOR <= factor <= _LAST_FACTOR:
        raise BoletoError("boleto_invalid_due_factor", "Due factor out of range", factor=factor)
    earliest = reference - timedelta(days=WINDOW_DAYS_BEFORE)
    behind = (earliest - _FACTOR_BASE).days - factor
    cycle = max(0, -(-behind // _CYCLE_DAYS))  # first cycle not before the window opens
    candidate = _FACTOR_BASE + timedelta(days=factor + cycle * _CYCLE_DAYS)
    if (candidate - reference).days > WINDOW_DAYS_AFTER:
        raise BoletoError(
            "boleto_due_date_outside_window",
            "No due date for this factor near the reference date",
            factor=factor,
            reference=reference.isoformat(),
        )
    return candidate


def _today() -> date:
    return datetime.now(_SAO_PAULO).date()


# --- input checks -------------------------------------------------------------------------


def _clean(text: str) -> str:
    digits = _SEPARATORS.sub("", text)
    if not _DIGITS.fullmatch(digits):
        raise BoletoError("boleto_invalid_characters", "Only digits and separators are allowed")
    return digits


def _require_digits(value: str, length: int, code: str) -> None:
    if len(value) != length or not _DIGITS.fullmatch(value):
        raise BoletoError(code, f"Expected {length} digits", length=length)


def _require_length(digits: str, length: int) -> None:
    if len(digits) != length:
        raise BoletoError(
            "boleto_invalid_length", f"Expected {length} digits", length=len(digits), expected=length
        )


def _require_int(value: int, maximum: int, code: str) -> None:
    # bool is an int subclass and a float would lose centavos: accept exactly int.
    if type(value) is not int or not 0 <= value <= maximum:
        raise BoletoError(code, "Amount must be an integer number of centavos in range", maximum=maximum)


# --- bank boleto --------------------------------------------------------------------------


def build_barcode(
    *,
    bank: str,
    due_date: date | None,
    amount_centavos: int,
    free_field: str,
    currency: str = CURRENCY_BRL,
) -> str:
    """The 44-digit barcode of a bank boleto; ``amount_centavos`` 0 leaves the amount open."""
    _require_digits(bank, 3, "boleto_invalid_bank_code")
    if currency != CURRENCY_BRL:
        raise BoletoError("boleto_unsupported_currency", "Only BRL (9) is supported", currency=currency)
    _require_int(amount_centavos, MAX_AMOUNT_CENTAVOS, "boleto_invalid_amount")
    _require_digits(free_field, 25, "boleto_invalid_free_field")
    body = f"{bank}{currency}{due_date_factor(due_date):04d}{amount_centavos:010d}{free_field}"
    return body[:4] + general_dv(body) + body[4:]


def _check_bank_barcode(barcode: str) -> None:
    _require_length(barcode, 44)
    if barcode[3] != CURRENCY_BRL:
        raise BoletoError("boleto_unsupported_currency", "Only BRL (9) is supported", currency=barcode[3])
    if general_dv(barcode[:4] + barcode[5:]) != barcode[4]:
        raise BoletoError("boleto_invalid_check_digit", "General check digit does not match")
    factor = int(barcode[5:9])
    if factor != 0 and not _FIRST_FACTOR <= factor <= _LAST_FACTOR:
        raise BoletoError("boleto_invalid_due_factor", "Due factor out of range", factor=factor)


def parse_bank_barcode(barcode: str, *, reference: date | None = None) -> BankBoleto:
    """Validate and decode a bank boleto barcode; the due date is resolved around ``reference``."""
    barcode = _clean(barcode)
    _check_bank_barcode(barcode)
    factor = int(barcode[5:9])
    return BankBoleto(
        barcode=barcode,
        bank=barcode[:3],
        currency=barcode[3],
        general_dv=barcode[4],
        due_factor=factor,
        due_date=due_date_from_factor(factor, reference=reference or _today()),
        amount_centavos=int(barcode[9:19]),
        free_field=barcode[19:],
    )


def bank_barcode_to_typed_line(barcode: str) -> str:
    """47-digit typed line: three mod-10 checked fields, the general DV, then factor + amount."""
    barcode = _clean(barcode)
    _check_bank_barcode(barcode)
    fields = (barcode[:4] + barcode[19:24], barcode[24:34], barcode[34:44])
    checked = "".join(field + mod10_dv(field) for field in fields)
    return checked + barcode[4] + barcode[5:19]


def bank_typed_line_to_barcode(line: str) -> str:
    """Barcode from a 47-digit typed line, checking every field DV and the general DV."""
    line = _clean(line)
    _require_length(line, 47)
    for number, (start, end) in enumerate(((0, 9), (10, 20), (21, 31)), start=1):
        if mod10_dv(line[start:end]) != line[end]:
            raise BoletoError("boleto_invalid_field_check_digit", "Field DV does not match", field=number)
    barcode = line[:4] + line[32] + line[33:47] + line[4:9] + line[10:20] + line[21:31]
    _check_bank_barcode(barcode)
    return barcode


# --- utility boleto (arrecadação) ---------------------------------------------------------


def build_utility_barcode(
    *, segment: str, value_id: str, value: int, company_id: str, free_field: str
) -> str:
    """44-digit arrecadação barcode (for fixtures and tests: the product does not issue these)."""
    _require_digits(segment, 1, "boleto_invalid_segment")
    algorithm = utility_dv_algorithm(value_id)
    _require_int(value, MAX_UTILITY_VALUE, "boleto_invalid_amount")
    company_length = 8 if segment == "6" else 4
    _require_digits(company_id, company_length, "boleto_invalid_company_id")
    _require_digits(free_field, 29 - company_length, "boleto_invalid_free_field")
    body = f"8{segment}{value_id}{value:011d}{company_id}{free_field}"
    return body[:3] + _utility_dv(body, algorithm) + body[3:]


def _check_utility_barcode(barcode: str) -> DvAlgorithm:
    _require_length(barcode, 44)
    if barcode[0] != "8":
        raise BoletoError("boleto_invalid_product", "Arrecadação barcodes start with 8")
    algorithm = utility_dv_algorithm(barcode[2])
    if _utility_dv(barcode[:3] + barcode[4:], algorithm) != barcode[3]:
        raise BoletoError("boleto_invalid_check_digit", "General check digit does not match")
    return algorithm


def parse_utility_barcode(barcode: str) -> UtilityBoleto:
    """Validate and decode an arrecadação barcode."""
    barcode = _clean(barcode)
    algorithm = _check_utility_barcode(barcode)
    value = int(barcode[4:15])
    company_end = 23 if barcode[1] == "6" else 19
    return UtilityBoleto(
        barcode=barcode,
        segment=barcode[1],
        value_id=barcode[2],
        dv_algorithm=algorithm,
        general_dv=barcode[3],
        value=value,
        amount_centavos=value if barcode[2] in ("6", "8") else None,
        company_id=barcode[15:company_end],
        free_field=barcode[company_end:],
    )


def utility_barcode_to_typed_line(barcode: str) -> str:
    """48-digit typed line: four blocks of 11 barcode digits, each followed by its DV."""
    barcode = _clean(barcode)
    algorithm = _check_utility_barcode(barcode)
    blocks = (barcode[i : i + 11] for i in range(0, 44, 11))
    return "".join(block + _utility_dv(block, algorithm) for block in blocks)


def utility_typed_line_to_barcode(line: str) -> str:
    """Barcode from a 48-digit typed line, checking every block DV and the general DV."""
    line = _clean(line)
    _require_length(line, 48)
    if line[0] != "8":
        raise BoletoError("boleto_invalid_product", "Arrecadação typed lines start with 8")
    algorithm = utility_dv_algorithm(line[2])
    for number, start in enumerate(range(0, 48, 12), start=1):
        if _utility_dv(line[start : start + 11], algorithm) != line[start + 11]:
            raise BoletoError("boleto_invalid_field_check_digit", "Block DV does not match", field=number)
    barcode = "".join(line[start : start + 11] for start in range(0, 48, 12))
    _check_utility_barcode(barcode)
    return barcode


# --- either family ------------------------------------------------------------------------


def barcode_to_typed_line(barcode: str) -> str:
    """Typed line for a bank (47 digits) or arrecadação (48 digits) barcode."""
    digits = _clean(barcode)
    if digits.startswith("8"):
        return utility_barcode_to_typed_line(digits)
    return bank_barcode_to_typed_line(digits)


def typed_line_to_barcode(line: str) -> str:
    """Barcode for a 47-digit (bank) or 48-digit (arrecadação) typed line."""
    digits = _clean(line)
    if len(digits) == 47:
        return bank_typed_line_to_barcode(digits)
    if len(digits) == 48:
        return utility_typed_line_to_barcode(digits)
    raise BoletoError("boleto_invalid_length", "A typed line has 47 or 48 digits", length=len(digits))


def validate_barcode(barcode: str) -> str:
    """Check a 44-digit barcode of either family (length, currency/product, check digit)."""
    digits = _clean(barcode)
    if digits.startswith("8"):
        _check_utility_barcode(digits)
    else:
        _check_bank_barcode(digits)
    return digits


def parse_boleto(text: str, *, reference: date | None = None) -> BankBoleto | UtilityBoleto:
    """Read a barcode (44 digits) or typed line (47/48 digits), punctuated or not, and validate it."""
    digits = _clean(text)
    if len(digits) == 44:
        barcode = digits
    elif len(digits) in (47, 48):
        barcode = typed_line_to_barcode(digits)
    else:
        raise BoletoError("boleto_invalid_length", "Expected 44, 47 or 48 digits", length=len(digits))
    if barcode.startswith("8"):
        return parse_utility_barcode(barcode)
    return parse_bank_barcode(barcode, reference=reference)


def format_typed_line(line: str) -> str:
    """Punctuate a 47-digit (bank) or 48-digit (arrecadação) typed line."""
    digits = _clean(line)
    if len(digits) == 47:
        d = digits
        return f"{d[:5]}.{d[5:10]} {d[10:15]}.{d[15:21]} {d[21:26]}.{d[26:32]} {d[32]} {d[33:]}"
    if len(digits) == 48:
        return " ".join(f"{digits[i : i + 11]}-{digits[i + 11]}" for i in range(0, 48, 12))
    raise BoletoError("boleto_invalid_length", "A typed line has 47 or 48 digits", length=len(digits))
