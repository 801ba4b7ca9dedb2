"""Banks: participant list (COMPE code, ISPB, short name) and account check digits.

ISPB (8 digits) identifies an institution in PIX and STR; COMPE (3 digits) is the older clearing
code that not every institution has. Banco do Brasil's ISPB is ``00000000``: it is a real value,
never an "empty" one.
"""

from __future__ import annotations

import csv
import functools
import io
import re
import unicodedata
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from operator import mul
from pathlib import Path

from brazil.boleto import mod10_dv
from brazil.errors import BankError

PARTICIPANTS_FILE = Path(__file__).resolve().parent / "data" / "participants.csv"
_FIELDS = ("ispb", "compe", "name")
_ISPB = re.compile(r"[0-9]{8}")
_COMPE = re.compile(r"[0-9]{3}")


@dataclass(frozen=True, slots=True)
class Bank:
    """A payment-system participant."""

    compe: str | None
    ispb: str
    name: str


# --- participant list ---------------------------------------------------------------------


def _bank(ispb: str, compe: str | None, name: str, *, line: int) -> Bank:
    if not _ISPB.fullmatch(ispb) or (compe is not None and not _COMPE.fullmatch(compe)) or not name:
        raise BankError("bank_participants_invalid_row", "Invalid participant row", line=line)
    return Bank(compe=compe, ispb=ispb, name=name)


def _read_participants(text: str) -> list[Bank]:
    rows = list(csv.reader(io.StringIO(text)))
    if not rows or tuple(rows[0]) != _FIELDS:
        raise BankError("bank_participants_invalid_header", "Expected columns ispb,compe,name")
    banks = []
    for line, row in enumerate(rows[1:], start=2):
        if not row:
            continue
        if len(row) != len(_FIELDS):
            raise BankError("bank_participants_invalid_row", "Invalid participant row", line=line)
        ispb, compe, name = row
        banks.append(_bank(ispb, compe or None, name, line=line))
    return banks


@functools.cache
def _shipped_participants() -> tuple[Bank, ...]:
    return tuple(_read_participants(PARTICIPANTS_FILE.read_text(encoding="utf-8")))


def load_participants(path: Path | None = None) -> dict[str, Bank]:
    """Participants by ISPB, from ``path`` or the list shipped with the package."""
    if path is None:
        banks: Iterable[Bank] = _shipped_participants()
    else:
        banks = _read_participants(path.read_text(encoding="utf-8"))
    return {bank.ispb: bank for bank in banks}


def bank_by_compe(code: str | int, participants: Mapping[str, Bank] | None = None) -> Bank | None:
    """The participant with this COMPE code (``"1"``, ``1`` and ``"001"`` are the same), or None."""
    compe = str(code).strip().zfill(3)
    if participants is None:
        return _shipped_by_compe().get(compe)
    return next((bank for bank in participants.values() if bank.compe == compe), None)


@functools.cache
def _shipped_by_compe() -> dict[str, Bank]:
    found: dict[str, Bank] = {}
    for bank in _shipped_participants():
        if bank.compe is not None:
            found.setdefault(bank.compe, bank)  # the first, as the scan above finds it
    return found


def bank_by_ispb(ispb: str, participants: Mapping[str, Bank] | None = None) -> Bank | None:
    """The participant with this ISPB, or None."""
    return (participants if participants is not None else _shipped_by_ispb()).get(ispb)


@functools.cache
def _shipped_by_ispb() -> dict[str, Bank]:
    return load_participants()


def reload_participants() -> None:
    """Read the shipped list again (after refresh_banks rewrote it), with its indexes."""
    _shipped_participants.cache_clear()
    _shipped_by_compe.cache_clear()
    _shipped_by_ispb.cache_clear()


def participants_csv(banks: Iterable[Bank]) -> str:
    """The package's participant file format (``ispb,compe,name``), sorted by COMPE then ISPB."""
    output = io.StringIO()
    writer = csv.writer(output, lineterminator="\n")
    writer.writerow(_FIELDS)
    ordered = sorted(banks, key=lambda bank: (bank.compe is None, bank.compe or "", bank.ispb))
    writer.writerows((bank.ispb, bank.compe or "", bank.name) for bank in ordered)
    return output.getvalue()


# --- Banco Central participant files ------------------------------------------------------


def _decode(data: str | bytes) -> str:
    if isinstance(data, str):
        return data.lstrip("\ufeff")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        # Older BCB downloads are Windows-1252.
        return data.decode("cp1252")


def _column_key(name: str) -> str:
    # "Número_Código" -> "numero_codigo": BCB headers vary in accents, case and spacing.
    ascii_name = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
    return re.sub(r"[\s_]+", "_", ascii_name.strip().lower())


def _columns(header: list[str]) -> tuple[int, int, int | None]:
    keys = {_column_key(name): index for index, name in enumerate(header)}
    name_index = keys.get("nome_reduzido", keys.get("nome"))
    if "ispb" not in keys or name_index is None:
        raise BankError("bank_participants_invalid_header", "Expected ISPB and Nome_Reduzido columns")
    return keys["ispb"], name_index, keys.get("numero_codigo")


def _cell(row: list[str], index: int | None) -> str:
    return row[index].strip() if index is not None and index < len(row) else ""


def parse_bcb_participants(data: str | bytes) -> list[Bank]:
    """Parse Banco Central's STR or SPI participant CSV (``ISPB;Nome_Reduzido;Número_Código;...``).

    The delimiter (``;`` or ``,``) is detected from the header. ISPBs that lost their leading
    zeros in a spreadsheet are padded back; a COMPE of ``n/a`` or empty becomes None.
    """
    text = _decode(data)
    first_line = next((line for line in text.splitlines() if line.strip()), "")
    delimiter = ";" if first_line.count(";") > first_line.count(",") else ","
    rows = [row for row in csv.reader(io.StringIO(text), delimiter=delimiter) if any(c.strip() for c in row)]
    if not rows:
        raise BankError("bank_participants_invalid_header", "Empty participant file")
    ispb_index, name_index, compe_index = _columns(rows[0])
    banks = []
    for line, row in enumerate(rows[1:], start=2):
        ispb = _cell(row, ispb_index)
        compe = _cell(row, compe_index)
        banks.append(
            _bank(
                ispb.zfill(8) if ispb.isdigit() else ispb,
                compe.zfill(3) if compe.isdigit() else None,
                _cell(row, name_index),
                line=line,
            )
        )
    return banks


# --- agency and account check digits ------------------------------------------------------


@functools.cache
def _weights(max_weight: int) -> tuple[int, ...]:
    # Weights 2..max_weight repeating, from the rightmost digit (long enough for any account number).
    cycle = range(2, max_weight + 1)
    return tuple(cycle[i % len(cycle)] for i in range(64))


def _mod11_remainder(digits: str, max_weight: int) -> int:
    total: int = sum(map(mul, map(int, reversed(digits)), _weights(max_weight)))
    return total % 11


def banco_do_brasil_dv(number: str) -> str:
    """Banco do Brasil agency or account DV: mod 11, weights 9..2 (2.. from the right); 10 -> X."""
    dv = 11 - _mod11_remainder(number, 9)
    return {10: "X", 11: "0"}.get(dv, str(dv))


def bradesco_dv(number: str) -> str:
    """Bradesco agency or account DV: mod 11, weights 2..7 from the right; 10 -> P, 11 -> 0."""
    dv = 11 - _mod11_remainder(number, 7)
    return {10: "P", 11: "0"}.get(dv, str(dv))


def itau_account_dv(agency: str, account: str) -> str:
    """Itaú account DV: mod 10 over agency (4 digits) + account (5 digits)."""
    return mod10_dv(agency + account)


def _digits(value: str, max_length: int, field: str) -> str:
    if not (0 < len(value) <= max_length and value.isascii() and value.isdigit()):
        raise BankError(
            "bank_invalid_number", "Agency or account: digits, up to the bank's length", field=field
        )
    return value.zfill(max_length)


@functools.lru_cache(maxsize=4096)  # a spreadsheet pays many accounts of few agencies
def agency_check_digit(compe: str, agency: str) -> str:
    """Agency DV for the banks whose rule is known (001, 237)."""
    if compe == "001":
        return banco_do_brasil_dv(_digits(agency, 4, "agency"))
    if compe == "237":
        return bradesco_dv(_digits(agency, 4, "agency"))
    raise BankError("bank_dv_rule_unknown", "No agency check-digit rule for this bank", compe=compe)


def account_check_digit(compe: str, agency: str, account: str) -> str:
    """Account DV for the banks whose rule is known (001, 237, 341)."""
    if compe == "001":
        return banco_do_brasil_dv(_digits(account, 8, "account"))
    if compe == "237":
        return bradesco_dv(_digits(account, 7, "account"))
    if compe == "341":
        return itau_account_dv(_digits(agency, 4, "agency"), _digits(account, 5, "account"))
    raise BankError("bank_dv_rule_unknown", "No account check-digit rule for this bank", compe=compe)


def check_account(
    *, compe: str, agency: str, account: str, account_dv: str, agency_dv: str | None = None
) -> None:
    """Raise ``BankError`` when a given DV does not match the bank's rule (letters: any case)."""
    if agency_dv is not None and agency_check_digit(compe, agency) != agency_dv.upper():
        raise BankError("bank_invalid_agency_dv", "Agency check digit does not match", compe=compe)
    if account_check_digit(compe, agency, account) != account_dv.upper():
        raise BankError("bank_invalid_account_dv", "Account check digit does not match", compe=compe)
