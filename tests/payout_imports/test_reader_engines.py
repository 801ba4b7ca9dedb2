"""The XLSX readers agree: the XML reader, python-calamine (the bulk path for shared strings) and
openpyxl (the project's spreadsheet library) give the same rows for the example spreadsheet and the
edge files, inline or shared strings; a bad file is refused with the same code whichever reads it;
and validating in forked children gives the rows one process gives. No database."""

from __future__ import annotations

import datetime
import io
import os
import re
import zipfile
from decimal import Decimal
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from openpyxl import load_workbook
from openpyxl.utils.datetime import to_excel

from core.errors import AppError
from payout_imports import reader, validate
from payout_imports.example import example_xlsx
from payout_imports.reader import Cell, Invalid, Number, Table, read_xlsx
from tests.payout_imports.helpers import HEADER, PIX, TED, xlsx_bytes
from tests.support.xlsx import as_shared_strings

ENGINES = ("xml", "calamine")


def trimmed(rows: Any) -> list[tuple[int, list[tuple[str, str]]]]:
    """The non-empty rows, trailing empty cells cut (calamine pads rows to the sheet's width)."""
    out = []
    for line, found in rows:
        cells = list(found)
        while cells and cells[-1] == "":
            cells.pop()
        if cells:
            out.append((line, [(type(cell).__name__, str(cell)) for cell in cells]))
    return out


def with_openpyxl(content: bytes) -> list[tuple[int, list[tuple[str, str]]]]:
    """openpyxl's read of the sheet, each value as the readers give it: numbers (a date too: the readers
    take no styles, a date-formatted cell is its serial number) as their text, booleans and errors as
    an invalid type."""
    sheet = load_workbook(io.BytesIO(content), read_only=True, data_only=True).worksheets[0]
    rows = []
    for line, values in enumerate(sheet.iter_rows(values_only=True), start=sheet.min_row):
        cells: list[Cell] = []
        for value in values:
            if value is None:
                cells.append("")
            elif isinstance(value, bool):
                cells.append(Invalid("boolean"))
            elif isinstance(value, datetime.datetime | datetime.date):
                cells.append(reader._calamine_value(to_excel(value)))
            elif isinstance(value, int | float):
                cells.append(reader._calamine_value(value))
            elif value in ("#N/A", "#DIV/0!", "#VALUE!", "#REF!", "#NAME?", "#NUM!", "#NULL!"):
                cells.append(Invalid("error"))
            else:
                cells.append(str(value))
        rows.append((line, cells))
    return trimmed(rows)


def _edge_rows() -> list[list[Any]]:
    return [
        TED,
        PIX,
        [],  # an empty row: skipped, the next keeps its line number
        ["Numbers", "n@example.com", 52998224725, 1234.56, 1, "1234-3", 567890, "corrente", ""],
        ["Whole", "w@example.com", 11222333000181, 250, 0.1 + 0.2, None, None, None, "w@example.com"],
        [
            "Dates",
            "d@example.com",
            datetime.date(2024, 1, 2),
            datetime.datetime(2024, 1, 2, 3, 4),  # noqa: DTZ001 (a spreadsheet's dates are naive)
            "",
            "",
            "",
            "",
            "",
        ],
        ["A boolean", "b@example.com", "529.982.247-25", True, "", "", "", "", "b@example.com"],
        [
            "  Spaces & <marks> \"quoted\" 'x'  ",
            "",
            "11.222.333/0001-81",
            "R$ 1.234,56",
            "",
            "",
            "",
            "",
            "k@x.com",
        ],
        ["Acentuação ção Ñ 🙂", "", "529.982.247-25", "-5", "", "", "", "", "+5511999998888"],
        [None, None, "only a document"],
    ]


def _files() -> dict[str, bytes]:
    edge = xlsx_bytes(_edge_rows())
    workbook = load_workbook(io.BytesIO(xlsx_bytes([TED, PIX])))  # the table starting at B3
    workbook.active.insert_rows(1, 2)
    workbook.active.insert_cols(1)
    moved = io.BytesIO()
    workbook.save(moved)
    files = {"example": example_xlsx(), "edge": edge, "moved": moved.getvalue()}
    files.update({f"{name}-shared": as_shared_strings(content) for name, content in list(files.items())})
    return files


FILES = _files()


@pytest.mark.parametrize("name", sorted(FILES))
def test_the_readers_give_openpyxls_rows(name: str) -> None:
    content = FILES[name]
    expected = with_openpyxl(content)
    assert expected, name
    for engine in ENGINES:
        assert trimmed(read_xlsx(content, engine)) == expected, engine


def test_the_shared_strings_copies_are_read_by_calamine() -> None:
    """The helper writes what Excel writes, and that is what the bulk path takes."""
    for name in ("example-shared", "edge-shared"):
        archive = zipfile.ZipFile(io.BytesIO(FILES[name]))
        sheet = archive.read("xl/worksheets/sheet1.xml").decode()
        assert 't="s"' in sheet
        assert "<is>" not in sheet  # openpyxl's empty cells stay t="inlineStr" with no text
        assert reader._calamine_rows(archive, "xl/worksheets/sheet1.xml", sheet) is not None


def _numbers_of(content: bytes, engine: str) -> list[Decimal]:
    return [
        Decimal(cell) for _line, cells in read_xlsx(content, engine) for cell in cells if type(cell) is Number
    ]


def test_numbers_keep_their_value() -> None:
    content = FILES["edge-shared"]
    assert _numbers_of(content, "calamine") == _numbers_of(content, "xml")
    assert Decimal("1234.56") in _numbers_of(content, "calamine")


def _sheet_xml(content: bytes, change: Any) -> bytes:
    source = zipfile.ZipFile(io.BytesIO(content))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as target:
        for info in source.infolist():
            data = source.read(info.filename)
            if info.filename == "xl/worksheets/sheet1.xml":
                data = change(data.decode()).encode()
            target.writestr(info.filename, data)
    return out.getvalue()


# Shapes calamine would read otherwise (or allocate for): the XML reader reads them, same rows.
ODD = {
    "an error cell": lambda xml: xml.replace('<c r="D2" t="s">', '<c r="D2" t="e">', 1),
    "a note far to the right": lambda xml: xml.replace(
        "</row>", '<c r="ZZ2" t="inlineStr"><is><t>far</t></is></c></row>', 2
    ),
    "a cell at the last row": lambda xml: xml.replace(
        "</sheetData>",
        '<row r="1048576"><c r="A1048576" t="inlineStr"><is><t>x</t></is></c></row></sheetData>',
    ),
    "a huge declared dimension": lambda xml: re.sub(
        r"<dimension [^>]*>", '<dimension ref="A1:XFD1048576"/>', xml
    ),
    "cells without references": lambda xml: xml.replace('<c r="A3" ', "<c "),
}


@pytest.mark.parametrize("shape", sorted(ODD))
def test_odd_shapes_read_alike(shape: str) -> None:
    content = _sheet_xml(FILES["edge-shared"], ODD[shape])
    assert trimmed(read_xlsx(content, "calamine"))[:60] == trimmed(read_xlsx(content, "xml"))[:60]


def _formula() -> bytes:
    return xlsx_bytes([[*PIX[:3], "=10+5", *PIX[4:]]])


def _zip_bomb() -> bytes:
    """A sheet whose deflated stream holds far more than its entry declares."""
    content = bytearray(xlsx_bytes([PIX]))
    at = content.find(b"PK\x01\x02")
    while at >= 0:
        if content[at + 46 : at + 46 + 24] == b"xl/worksheets/sheet1.xml":
            content[at + 24 : at + 28] = (0xFFFFFFF0).to_bytes(4, "little")
        at = content.find(b"PK\x01\x02", at + 4)
    return bytes(content)


def _zip_of(parts: dict[str, str]) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as archive:
        for name, text in parts.items():
            archive.writestr(name, text)
    return out.getvalue()


REFUSED = {
    "formula": (_formula(), "formulas_not_allowed"),
    "merged header": (xlsx_bytes([PIX], merge="A1:B1"), "merged_header_cells"),
    "merged data": (xlsx_bytes([PIX, TED], merge="A2:A3"), "merged_cells"),
    "zip bomb": (_zip_bomb(), "zip_bomb"),
    "a docx": (b"PK\x03\x04" + b"\x00" * 100, "not_a_spreadsheet"),
    "no workbook": (_zip_of({"[Content_Types].xml": "<Types/>"}), "not_a_spreadsheet"),
}


@pytest.mark.parametrize("name", sorted(REFUSED))
@pytest.mark.parametrize("shared", [False, True], ids=["inline", "shared"])
def test_bad_files_are_refused_alike(name: str, shared: bool) -> None:
    content, code = REFUSED[name]
    if shared and name in ("formula", "merged header", "merged data"):
        content = as_shared_strings(content)
    for engine in ENGINES:
        with pytest.raises(AppError) as refused:
            list(read_xlsx(content, engine))
        assert refused.value.code == code, engine
    with pytest.raises(AppError) as refused:
        list(reader.read_table(content).rows)
    assert refused.value.code == code


def test_password_protected_and_legacy_files_are_refused() -> None:
    encrypted = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + "EncryptedPackage".encode("utf-16-le") + b"\x00" * 512
    for content, code in ((encrypted, "password_protected"), (encrypted[:8] + b"\x00" * 600, "legacy_xls")):
        with pytest.raises(AppError) as refused:
            reader.read_table(content)
        assert refused.value.code == code


# ------------------------------------------------------------------------------- validated in parallel
def _table_rows(count: int) -> list[tuple[int, list[Cell]]]:
    """Good rows with bad and repeated ones among them."""
    from brazil.documents import cpf_check_digits

    rows: list[tuple[int, list[Cell]]] = []
    for n in range(count):
        base = f"{100000000 + n * 7:09d}"
        cpf = base + cpf_check_digits(base)
        row = [
            f"Pessoa {n}",
            f"p{n}@example.com",
            cpf,
            f"{n % 90 + 1},00",
            "",
            "",
            "",
            "",
            f"p{n}@example.com",
        ]
        if n % 7 == 3:
            row[2] = "123.456.789-00"
        if n % 11 == 5:
            row[3] = "dez reais"
        if n % 13 == 0:
            row[:] = ["Ana", "", "529.982.247-25", "1.234,56", "001", "1234-3", "567890-0", "corrente", ""]
        rows.append((n + 2, list(row)))
    return rows


def _as_tuples(rows: list[validate.Row]) -> list[tuple[Any, ...]]:
    return [(r.line, r.data, r.errors, r.amount) for r in rows]


def test_validating_in_children_gives_the_rows_one_process_gives(monkeypatch: pytest.MonkeyPatch) -> None:
    items = _table_rows(3_000)
    columns = {field: index for index, field in enumerate(reader.FIELDS)}
    alone = validate.validate_table(Table("csv", columns, iter(items)))
    assert {e["code"] for r in alone for e in r.errors} >= {
        "duplicate_row",
        "invalid_document",
        "invalid_amount",
    }
    monkeypatch.setattr(validate, "PARALLEL_ROWS", 100)
    monkeypatch.setattr(validate, "_workers", lambda: 3)
    forked: list[int] = []
    real_fork = validate._fork

    def counted(*args: Any) -> tuple[int, int] | None:
        forked.append(1)
        return real_fork(*args)

    monkeypatch.setattr(validate, "_fork", counted)
    assert _as_tuples(validate.validate_table(Table("csv", columns, iter(items)))) == _as_tuples(alone)
    assert len(forked) == 2
    # a child that could not start (or died): its slice is validated here
    monkeypatch.setattr(validate, "_fork", lambda *args: None)
    assert _as_tuples(validate.validate_table(Table("csv", columns, iter(items)))) == _as_tuples(alone)


def test_a_child_that_dies_costs_only_time(monkeypatch: pytest.MonkeyPatch) -> None:
    items = _table_rows(400)
    columns = {field: index for index, field in enumerate(reader.FIELDS)}
    alone = validate.validate_table(Table("csv", columns, iter(items)))
    monkeypatch.setattr(validate, "PARALLEL_ROWS", 100)
    monkeypatch.setattr(validate, "_workers", lambda: 2)
    real_rows = validate._validate_rows
    parent = os.getpid()

    def dying(*args: Any) -> list[validate.Row]:
        if os.getpid() != parent:
            os._exit(9)
        return real_rows(*args)

    monkeypatch.setattr(validate, "_validate_rows", dying)
    assert _as_tuples(validate.validate_table(Table("csv", columns, iter(items)))) == _as_tuples(alone)


def test_the_header_is_what_the_readers_find() -> None:
    for engine in ENGINES:
        assert next(iter(read_xlsx(FILES["edge-shared"], engine)))[1][: len(HEADER)] == HEADER


@settings(max_examples=3000, deadline=None)
@given(
    st.text(alphabet="0123456789.,R$ -+\u00a0a", max_size=16)
    | st.from_regex(r"(R\$ ?)?[0-9]{1,3}(\.[0-9]{3}){0,3},[0-9]{2}", fullmatch=True)
    | st.from_regex(r"(R\$ ?)?-?[0-9]{1,9}([.,][0-9]{1,3})?", fullmatch=True)
)
def test_the_common_amounts_shortcut_answers_as_the_general_path(text: str) -> None:
    assert validate.parse_amount(text) == validate.text_amount(text)
