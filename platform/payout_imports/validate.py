"""Validate the rows of a payout import: each row becomes the normalised request a payout takes, or a
list of errors (field, code, params) worded in the reader's language when answered (messages.py).

Bank data and PIX keys are checked by `bank_accounts.clean_beneficiary`, the same rule a single
payout's inline beneficiary goes through; its field codes are mapped onto the spreadsheet's columns.
"""

from __future__ import annotations

import gc
import os
import pickle
import re
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from functools import lru_cache
from typing import Any

from bank_accounts.services import BeneficiaryInput, clean_beneficiary
from core.errors import AppError
from payout_imports.reader import Cell, Invalid, Number, Table, header_key
from payouts.services import MAX_AMOUNT

_AMOUNT = re.compile(r"[0-9]+(?:\.[0-9]{1,2})?")
_THOUSANDS_DOT = re.compile(r"[0-9]{1,3}(?:\.[0-9]{3})+")
_BRAZILIAN_AMOUNT = re.compile(r"(?:R\$ ?)?([0-9]{1,3}(?:\.[0-9]{3})*|[0-9]+),([0-9]{2})")
_EMAIL = re.compile(r"[^@\s]+@[^@\s]+\.[^@\s]+")
_BANK = re.compile(r"\s*([0-9]{1,8})\b")
ACCOUNT_TYPES = {
    "checking": "checking", "corrente": "checking", "conta_corrente": "checking", "cc": "checking",
    "savings": "savings", "poupanca": "savings", "conta_poupanca": "savings", "cp": "savings",
    "payment": "payment", "pagamento": "payment", "conta_pagamento": "payment", "pg": "payment",
}  # fmt: skip
# clean_beneficiary's fields -> the spreadsheet's columns
FIELD_COLUMNS = {
    "holder_name": "name", "holder_document": "document", "bank_ispb": "bank", "bank_compe": "bank",
    "agency": "agency", "agency_digit": "agency", "account": "account", "account_digit": "account",
    "account_type": "account_type", "operation": "account", "pix_key": "pix_key", "pix_key_type": "pix_key",
}  # fmt: skip


@dataclass
class Row:
    line: int
    data: dict[str, Any]  # the normalised request (what confirm pays); partial when errors
    errors: list[dict[str, Any]] = field(default_factory=list)  # {"field", "code", "params"}
    amount: int = 0

    @property
    def ok(self) -> bool:
        return not self.errors


def _text(cell: Cell) -> str:
    return " ".join(cell.split()) if cell else ""  # every cell is a str (Number, Invalid too)


def parse_amount(cell: Cell) -> int | str:
    """Integer centavos, or an error code. Takes 1234.56, 1234,56, 1.234,56, R$ 1.234,56, and numeric
    cells (float artefacts of a spreadsheet within a hundredth of a centavo are rounded)."""
    if isinstance(cell, Invalid):
        return "invalid_type"
    if isinstance(cell, Number):
        return _number_amount(cell)
    common = _BRAZILIAN_AMOUNT.fullmatch(cell)
    if common:  # "R$ 1.234,56", "1234,56": what text_amount makes of them, sooner
        return int(common.group(1).replace(".", "")) * 100 + int(common.group(2))
    return text_amount(cell)


def text_amount(cell: str) -> int | str:
    text = str(cell).replace("R$", "").replace("\u00a0", "").replace(" ", "").strip()
    if not text:
        return "required"
    negative = text.startswith("-")
    text = _decimal_point(text.lstrip("-+"))
    if not _AMOUNT.fullmatch(text):
        return "invalid_amount"
    whole, _, fraction = text.partition(".")
    cents = int(whole) * 100 + int((fraction + "00")[:2])
    return -cents if negative else cents


def _number_amount(cell: Number) -> int | str:
    try:
        value = Decimal(cell) * 100
    except InvalidOperation:
        return "invalid_amount"
    cents = value.quantize(Decimal(1))
    return int(cents) if abs(value - cents) <= Decimal("0.01") else "invalid_amount"


def _decimal_point(text: str) -> str:
    """The amount with "." as its decimal point and no thousands separators."""
    if "," in text and "." in text:
        if text.rfind(",") > text.rfind("."):  # 1.234,56
            return text.replace(".", "").replace(",", ".")
        return text.replace(",", "")  # 1,234.56
    if "," in text:
        return text.replace(",", "") if text.count(",") > 1 else text.replace(",", ".")
    if _THOUSANDS_DOT.fullmatch(text):  # 1.234 (three digits after a dot: thousands)
        return text.replace(".", "")
    return text


def _document(cell: Cell) -> str:
    if isinstance(cell, Number):  # a CPF typed as a number lost its leading zeros
        digits = cell.split(".")[0]
        return digits.zfill(11) if len(digits) <= 11 else digits.zfill(14)
    return _text(cell)


def _split_digit(text: str) -> tuple[str, str]:
    """ "1234-5" -> ("1234", "5"); without a dash, no digit."""
    text = text.replace(" ", "")
    if "-" in text:
        number, _, digit = text.rpartition("-")
        return number, digit
    return text, ""


def validate_row(line: int, cells: list[Cell], columns: dict[str, int]) -> Row:
    count = len(cells)
    values = {field: cells[index] if index < count else "" for field, index in columns.items()}
    cell = values.get
    errors: list[dict[str, Any]] = []

    def error(column: str, code: str, **params: object) -> None:
        if not any(e["field"] == column for e in errors):  # one error per column
            errors.append({"field": column, "code": code, "params": params})

    if Invalid in map(type, cells):  # a boolean or error cell somewhere in the row (rare)
        for field, value in values.items():
            if field != "amount" and type(value) is Invalid:
                error(field, "invalid_type")
    name = _text(cell("name", ""))
    if len(name) > 200:
        error("name", "too_long", limit=200)
    email = _text(cell("email", ""))
    if email and (len(email) > 254 or not _EMAIL.fullmatch(email)):
        error("email", "invalid_email")
    amount = parse_amount(cell("amount", ""))
    if isinstance(amount, str):
        error("amount", amount)
        amount = 0
    elif not 0 < amount <= MAX_AMOUNT:
        error("amount", "amount_out_of_range")
    method, beneficiary = _beneficiary(name, cell, error)
    data: dict[str, Any] = {"name": name, "email": email, "amount": amount, "method": method}
    try:
        clean = clean_beneficiary(beneficiary, require_account=method == "ted", require_pix=method == "pix")
    except AppError as exc:
        _beneficiary_errors(exc, has_document=bool(_text(cell("document", ""))), error=error)
    else:
        data.update(
            document=clean.holder_document, name=clean.holder_name, bank_ispb=clean.bank_ispb,
            bank_compe=clean.bank_compe, bank_name=clean.bank_name, agency=clean.agency,
            agency_digit=clean.agency_digit, account=clean.account, account_digit=clean.account_digit,
            account_type=clean.account_type, pix_key=clean.pix_key, pix_key_type=clean.pix_key_type,
        )  # fmt: skip
    return Row(line=line, data=data, errors=errors, amount=amount if not errors else 0)


def _beneficiary(name: str, get: Any, error: Any) -> tuple[str, BeneficiaryInput]:
    """The payout's method and its beneficiary as typed: a PIX key when the row has one, else the bank
    account (bank code or ISPB, agency-digit, account-digit, account type)."""

    cell = get

    document = _document(cell("document", ""))
    pix_key = _text(cell("pix_key", ""))
    if pix_key:
        return "pix", BeneficiaryInput(holder_name=name, holder_document=document, pix_key=pix_key)
    bank = _text(cell("bank", ""))
    agency, agency_digit = _split_digit(_text(cell("agency", "")))
    account, account_digit = _split_digit(_text(cell("account", "")))
    if not (bank or agency or account):
        error("pix_key", "pix_key_or_bank_required")
    raw_type = _text(cell("account_type", ""))
    account_type = _account_type(raw_type)
    if raw_type and not account_type:
        error("account_type", "invalid_choice")
    found = _BANK.match(bank)
    code = found.group(1) if found else bank
    return "ted", BeneficiaryInput(
        holder_name=name, holder_document=document,
        bank_ispb=code if len(code) == 8 else "", bank_compe=code if len(code) != 8 else "",
        agency=agency, agency_digit=agency_digit, account=account, account_digit=account_digit,
        account_type=account_type or "checking",
    )  # fmt: skip


@lru_cache(maxsize=256)
def _account_type(raw: str) -> str:
    return ACCOUNT_TYPES.get(header_key(raw), "")


def _beneficiary_errors(exc: AppError, *, has_document: bool, error: Any) -> None:
    """clean_beneficiary's field codes, on the spreadsheet's columns."""
    fields: dict[str, str] = dict(exc.params.get("fields") or {})  # type: ignore[call-overload]
    for name, code in fields.items():
        column = FIELD_COLUMNS.get(name, name)
        if column == "document":
            error(column, "required" if code == "required" or not has_document else "invalid_document")
        elif column == "pix_key" and code not in ("required", "invalid_choice"):
            error(column, "invalid_pix_key")
        else:
            error(column, code)


def duplicate_key(row: Row) -> tuple[Any, ...]:
    d = row.data
    destination = d.get("pix_key") or (
        d.get("bank_ispb"),
        d.get("agency"),
        d.get("account"),
        d.get("account_digit"),
    )
    return (d.get("document"), d.get("amount"), destination)


def validate_table(table: Table) -> list[Row]:
    """Every data row validated; a row repeating an earlier one (same document, amount and destination)
    is flagged `duplicate_row` (it would pay the same person twice). The rows are read here first, so
    a bad file is refused here."""
    with without_cyclic_gc():
        items = list(table.rows)
    return [row for block in validated_blocks(items, table.columns, table.row_errors) for row in block]


def validated_blocks(
    items: list[tuple[int, list[Cell]]],
    columns: dict[str, int],
    row_errors: dict[int, list[dict[str, Any]]],
    size: int = 5_000,
) -> Iterator[list[Row]]:
    """The rows validated and flagged `duplicate_row`, in order, `size` at a time (the preview stores
    a block while the next one is checked); all in one block when validated in parallel."""
    seen: dict[tuple[Any, ...], int] = {}
    with without_cyclic_gc():
        if len(items) >= PARALLEL_ROWS and hasattr(os, "fork") and _workers() >= 2:
            blocks: Iterator[list[Row]] = iter([validate_in_parallel(items, columns, row_errors)])
        else:
            blocks = (
                _validate_rows(items[at : at + size], columns, row_errors)
                for at in range(0, len(items), size)
            )
        for rows in blocks:
            for row in rows:
                if row.ok:
                    line = row.line
                    first = seen.setdefault(duplicate_key(row), line)
                    if first != line:
                        row.errors.append({"field": "", "code": "duplicate_row", "params": {"line": first}})
                        row.amount = 0
            yield rows


def _validate_rows(
    items: list[tuple[int, list[Cell]]], columns: dict[str, int], row_errors: dict[int, list[dict[str, Any]]]
) -> list[Row]:
    rows: list[Row] = []
    append = rows.append
    for line, cells in items:
        row = validate_row(line, cells, columns)
        if line in row_errors:  # the file's own verdict on the row replaces the cells' errors
            row.errors = list(row_errors[line])
            row.amount = 0
        append(row)
    return rows


# ------------------------------------------------------------------------------------ in parallel
# A row's check is pure Python (CPF/CNPJ, PIX key, bank and check digits) and holds the GIL: 100,000
# rows take seconds on one core. From PARALLEL_ROWS rows on, while a core is idle (the load average,
# less this process, below the cores we may use; on a busy machine a second process only splits our
# own share of it), the table is cut into one slice per core (at most MAX_WORKERS): each slice past
# the first is validated in a child forked from this process (it inherits the rows and the loaded
# code, touches no connection, and leaves by os._exit), which sends its rows back pickled through a
# pipe while this process validates the first slice. A child that fails (killed, out of memory)
# costs only time: its slice is validated here.
PARALLEL_ROWS = 20_000
MAX_WORKERS = 4


def _workers() -> int:
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
    others = max(0.0, os.getloadavg()[0] - 1) if hasattr(os, "getloadavg") else 0.0  # less this process
    idle = cores - int(others)
    return max(1, min(cores, idle, MAX_WORKERS))


def validate_in_parallel(
    items: list[tuple[int, list[Cell]]],
    columns: dict[str, int],
    row_errors: dict[int, list[dict[str, Any]]],
) -> list[Row]:
    with without_cyclic_gc():
        workers = _workers() if len(items) >= PARALLEL_ROWS and hasattr(os, "fork") else 1
        if workers < 2:
            return _validate_rows(items, columns, row_errors)
        size = -(-len(items) // workers)
        slices = [items[start : start + size] for start in range(0, len(items), size)]
        children = [_fork(part, columns, row_errors) for part in slices[1:]]
        rows = _validate_rows(slices[0], columns, row_errors)
        for part, child in zip(slices[1:], children, strict=True):
            rows.extend(_collect(child) or _validate_rows(part, columns, row_errors))
        return rows


@contextmanager
def without_cyclic_gc() -> Iterator[None]:
    """The cyclic garbage collector paused: reading and validating 100,000 rows makes millions of lists
    and dicts (none in a cycle), which would set it off again and again over everything alive."""
    collecting = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if collecting:
            gc.enable()


def _fork(
    part: list[tuple[int, list[Cell]]], columns: dict[str, int], row_errors: dict[int, list[dict[str, Any]]]
) -> tuple[int, int] | None:
    """A child validating `part`: (its pid, the pipe's end to read), or None when it could not start."""
    try:
        read_end, write_end = os.pipe()
    except OSError:
        return None
    try:
        pid = os.fork()
    except OSError:
        os.close(read_end)
        os.close(write_end)
        return None
    if pid == 0:  # the child: validate, write, leave without running anything of the parent's
        code = 1
        try:
            os.close(read_end)
            rows = _validate_rows(part, columns, row_errors)
            payload = pickle.dumps([(r.line, r.data, r.errors, r.amount) for r in rows], protocol=5)
            view = memoryview(payload)
            while view:
                view = view[os.write(write_end, view) :]
            code = 0
        finally:
            os._exit(code)
    os.close(write_end)
    return pid, read_end


def _collect(child: tuple[int, int] | None) -> list[Row] | None:
    """The child's rows, or None when it did not finish well."""
    if child is None:
        return None
    pid, read_end = child
    chunks = []
    try:
        while chunk := os.read(read_end, 1 << 20):
            chunks.append(chunk)
    finally:
        os.close(read_end)
        _pid, status = os.waitpid(pid, 0)
    if not os.WIFEXITED(status) or os.WEXITSTATUS(status) != 0:
        return None
    found = pickle.loads(b"".join(chunks))  # noqa: S301 (written by our own fork, never by a user)
    return [Row(line, data, errors, amount) for line, data, errors, amount in found]
