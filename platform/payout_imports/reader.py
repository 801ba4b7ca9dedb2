"""Read a spreadsheet of payout requests (CSV or XLSX) into a header and rows of cells, refusing files
that are not what they claim, or that could harm the server, before anything is written.

XLSX is read from the zip's XML directly (regular expressions over the sheet, never a DOM): openpyxl's
read-only mode reads about 7,000 rows/s here, and the import must validate 100,000 rows in under
5 s. What is refused, with its code (each a 400 with a translated message, nothing written):

- `not_a_spreadsheet`: neither CSV text nor an XLSX package (by content, never by name);
- `password_protected`: an encrypted OOXML file (a CFB container with an EncryptedPackage), or a
  zip with encrypted entries; `legacy_xls`: an old binary .xls;
- `zip_bomb`: the sizes the zip directory declares (which bound what is inflated) add up to more
  than MAX_UNCOMPRESSED, or too many entries;
- a CNAB 240 payment remittance (told by its first record, whatever the file's name) is a third format:
  each payment (segment A with its B, or J) is a row with a spreadsheet's cells; a malformed file is
  refused with the CNAB code (`cnab_invalid_length`, `cnab_batch_total_mismatch`, ...) and its `line`;
- `too_many_rows` over MAX_ROWS data rows; `formulas_not_allowed` (a cell with a formula);
  `merged_cells` (merged header or data cells); `missing_headers`, `duplicate_headers`, `empty_file`.
"""

from __future__ import annotations

import csv
import html
import io
import re
import unicodedata
import zipfile
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from brazil.cnab240_remittance import RemittancePayment, looks_like_cnab240, read_remittance
from brazil.errors import CnabError
from core.errors import AppError
from files import sniff

MAX_UPLOAD_BYTES = 20 * 1024 * 1024
MAX_UNCOMPRESSED = 256 * 1024 * 1024
MAX_ZIP_ENTRIES = 500
MAX_ROWS = 100_000
MAX_COLUMNS = 50

CFB_MAGIC = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"
ENCRYPTED_PACKAGE = "EncryptedPackage".encode("utf-16-le")


class Number(str):
    """A numeric XLSX cell, as the number's text ("1234.56", "52998224725")."""

    __slots__ = ()


class Invalid(str):
    """An XLSX cell of a type no column takes (a boolean, an error such as #N/A): its type."""

    __slots__ = ()


Cell = str  # str, Number or Invalid


def refuse(code: str, **params: object) -> AppError:
    return AppError(code, status=400, **params)


# ---------------------------------------------------------------------------------------- columns
FIELDS = ("name", "email", "document", "amount", "bank", "agency", "account", "account_type", "pix_key")
ALIASES: dict[str, str] = {}
for _field, _names in {
    "name": ("name", "nome", "beneficiario", "favorecido", "nome_do_beneficiario", "nome_completo"),
    "email": ("email", "e_mail"),
    "document": (
        "document",
        "documento",
        "cpf",
        "cnpj",
        "cpf_cnpj",
        "cpf_ou_cnpj",
        "cpf_cnpj_do_beneficiario",
    ),
    "amount": ("amount", "valor", "value", "valor_r", "quantia"),
    "bank": ("bank", "banco", "bank_code", "codigo_do_banco", "cod_banco"),
    "agency": ("agency", "agencia", "branch"),
    "account": ("account", "conta", "numero_da_conta", "account_number"),
    "account_type": ("account_type", "tipo_de_conta", "tipo_conta", "tipo"),
    "pix_key": ("pix_key", "chave_pix", "pix", "chave"),
}.items():
    for _name in _names:
        ALIASES[_name] = _field


def header_key(text: str) -> str:
    folded = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode().lower()
    return re.sub(r"[^a-z0-9]+", "_", folded).strip("_")


@dataclass
class Table:
    """A spreadsheet read: which column holds each field, and the rows (line number, cells)."""

    format: str  # "csv" | "xlsx" | "cnab"
    columns: dict[str, int]
    rows: Iterator[tuple[int, list[Cell]]]
    # errors the file itself gives a row (by line): a CNAB boleto payment is no payout
    row_errors: dict[int, list[dict[str, object]]] = field(default_factory=dict)


def _columns(header: list[Cell]) -> dict[str, int]:
    columns: dict[str, int] = {}
    duplicated: list[str] = []
    for index, title in enumerate(header):
        field = ALIASES.get(header_key(str(title)))
        if field is None:
            continue
        if field in columns:
            duplicated.append(field)
        columns[field] = index
    if duplicated:
        raise refuse("duplicate_headers", columns=", ".join(duplicated))
    missing = [f for f in ("name", "document", "amount") if f not in columns]
    if "pix_key" not in columns:
        missing += [f for f in ("bank", "agency", "account") if f not in columns]
    if missing:
        raise refuse("missing_headers", columns=", ".join(missing))
    return columns


def _with_header(format_: str, rows: Iterator[tuple[int, list[Cell]]]) -> Table:
    for _line, cells in rows:
        if any(str(cell).strip() for cell in cells):
            return Table(format_, _columns(cells), _limited(rows))
    raise refuse("empty_file")


def _limited(rows: Iterator[tuple[int, list[Cell]]]) -> Iterator[tuple[int, list[Cell]]]:
    """The data rows, empty ones skipped; refused past MAX_ROWS."""
    count = 0
    for line, cells in rows:
        # every cell is a str (Number and Invalid too): map/any stay in C for the common full row
        if not any(cells) or not any(map(str.strip, cells)):
            continue
        count += 1
        if count > MAX_ROWS:
            raise refuse("too_many_rows", limit=f"{MAX_ROWS:,}".replace(",", "."))
        yield line, cells


# ------------------------------------------------------------------------------------------- entry
def read_table(content: bytes) -> Table:
    """The table in `content` (CSV or XLSX, told by content). Raises AppError (400) on a bad file;
    the rows are read lazily: iterating them may raise too (too many rows, a formula in a CSV)."""
    if not content:
        raise refuse("empty_file")
    if len(content) > MAX_UPLOAD_BYTES:
        raise refuse("file_too_large", megabytes=MAX_UPLOAD_BYTES // (1024 * 1024))
    if content.startswith(CFB_MAGIC):
        raise refuse("password_protected" if ENCRYPTED_PACKAGE in content else "legacy_xls")
    if content.startswith(b"PK\x03\x04"):
        return _with_header("xlsx", read_xlsx(content))
    if looks_like_cnab240(decode_text(content[:256])):
        return read_cnab(content)
    kind = sniff.sniff(content)
    if kind != sniff.CSV:
        raise refuse("not_a_spreadsheet")
    return _with_header("csv", read_csv(content))


# ---------------------------------------------------------------------------------------- CNAB 240
CNAB_COLUMNS = {name: index for index, name in enumerate(FIELDS)}


def _cnab_cells(payment: RemittancePayment) -> list[Cell]:
    amount = f"{payment.amount // 100}.{payment.amount % 100:02d}"
    cells = {"name": payment.name, "document": payment.document, "amount": amount, "bank": payment.bank,
             "agency": payment.agency, "account": payment.account, "pix_key": payment.pix_key}  # fmt: skip
    return [cells.get(name, "") for name in FIELDS]


def read_cnab(content: bytes) -> Table:
    """A CNAB 240 remittance as a table; every record checked before a row is answered."""
    text = decode_text(content)
    if "\x00" in text:
        raise refuse("not_a_spreadsheet")
    try:
        payments = read_remittance(text)
    except CnabError as exc:
        line = exc.params.get("line", 0)
        raise refuse(exc.code, **exc.params, fields={"file": exc.code, "line": str(line)}) from exc
    if not payments:
        raise refuse("empty_file")
    if len(payments) > MAX_ROWS:
        raise refuse("too_many_rows", limit=f"{MAX_ROWS:,}".replace(",", "."))
    row_errors: dict[int, list[dict[str, object]]] = {
        p.line: [{"field": "", "code": "boleto_not_supported", "params": {}}]
        for p in payments
        if p.segment == "J"
    }
    rows = ((p.line, _cnab_cells(p)) for p in payments)
    return Table("cnab", CNAB_COLUMNS, rows, row_errors)


# --------------------------------------------------------------------------------------------- CSV
def decode_text(content: bytes) -> str:
    if content.startswith(b"\xef\xbb\xbf"):
        content = content[3:]
    try:
        return content.decode("utf-8")
    except UnicodeDecodeError:
        return content.decode("latin-1")


def read_csv(content: bytes) -> Iterator[tuple[int, list[Cell]]]:
    text = decode_text(content)
    if "\x00" in text:  # binary, whatever its first bytes looked like (and never storable as JSON)
        raise refuse("not_a_spreadsheet")
    first = text.split("\n", 1)[0]
    delimiter = ";" if first.count(";") >= first.count(",") and ";" in first else ","
    if delimiter not in first and "\t" in first:
        delimiter = "\t"
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter)

    def rows() -> Iterator[tuple[int, list[Cell]]]:
        try:
            for cells in reader:
                if len(cells) > MAX_COLUMNS:
                    raise refuse("too_many_columns", limit=MAX_COLUMNS)
                for cell in cells:
                    if cell.startswith("="):
                        raise refuse("formulas_not_allowed", cell=f"{reader.line_num}")
                yield reader.line_num, cells
        except csv.Error as exc:
            raise refuse("not_a_spreadsheet") from exc

    return rows()


# -------------------------------------------------------------------------------------------- XLSX
_SHEET = re.compile(r'<(?:\w+:)?sheet\b[^>]*?\br:id="([^"]+)"')
_REL = re.compile(r"<Relationship\b([^>]*)/?>")
_SI = re.compile(r"<si>(.*?)</si>|<si/>", re.S)
_T = re.compile(r"<t(?:\s[^>]*)?>(.*?)</t>|<t/>", re.S)
_MERGE = re.compile(r'<mergeCell\b[^>]*\bref="([A-Z]+)([0-9]+)(?::([A-Z]+)([0-9]+))?"')
_FORMULA = re.compile(r"<f[\s>/]")
# The cell shapes Excel, LibreOffice and openpyxl write: r first, an optional style, a type, a value.
_FAST_CELL = re.compile(
    r'<c r="([A-Z]{1,3})[0-9]+"(?: s="[0-9]+")?(?: t="(\w+)")?(?: s="[0-9]+")?'
    r"(?: ?/>|>(?:<v>([^<]*)</v>|<is><t>([^<]*)</t></is>)?</c>)"
)
_COLUMNS = {chr(65 + n): n for n in range(26)}
_R_COL_ROW = re.compile(r'\br="([A-Z]+[0-9]+)"')
_R_ROW = re.compile(r'\br="([0-9]+)"')
_R_COL = re.compile(r'\br="([A-Z]+)[0-9]*"')
_V = re.compile(r"<v>(.*?)</v>", re.S)


def _xml_text(raw: str) -> str:
    return html.unescape(raw) if "&" in raw else raw


def _column_index(letters: str, cache: dict[str, int] = {}) -> int:  # noqa: B006 (a cache)
    index = cache.get(letters)
    if index is None:
        index = 0
        for char in letters:
            index = index * 26 + ord(char) - 64
        index -= 1
        cache[letters] = index
    return index


def _open_zip(content: bytes) -> zipfile.ZipFile:
    try:
        archive = zipfile.ZipFile(io.BytesIO(content))
        infos = archive.infolist()
    except (zipfile.BadZipFile, ValueError, OSError) as exc:
        raise refuse("not_a_spreadsheet") from exc
    if len(infos) > MAX_ZIP_ENTRIES or sum(info.file_size for info in infos) > MAX_UNCOMPRESSED:
        raise refuse("zip_bomb", megabytes=MAX_UNCOMPRESSED // (1024 * 1024))
    if any(info.flag_bits & 0x1 for info in infos):
        raise refuse("password_protected")
    names = {info.filename for info in infos}
    if "[Content_Types].xml" not in names or "xl/workbook.xml" not in names:
        raise refuse("not_a_spreadsheet")
    return archive


def _read(archive: zipfile.ZipFile, name: str) -> str:
    try:
        return archive.read(name).decode("utf-8")
    except KeyError:
        return ""
    except (zipfile.BadZipFile, UnicodeDecodeError, OSError, EOFError, ValueError) as exc:
        raise refuse("not_a_spreadsheet") from exc


def _first_sheet(archive: zipfile.ZipFile) -> str:
    workbook = _read(archive, "xl/workbook.xml")
    rels = _read(archive, "xl/_rels/workbook.xml.rels")
    first = _SHEET.search(workbook)
    if first:
        for attrs in _REL.findall(rels):
            rid = re.search(r'\bId="([^"]+)"', attrs)
            target = re.search(r'\bTarget="([^"]+)"', attrs)
            if rid and target and rid.group(1) == first.group(1):
                path = target.group(1)
                return path.lstrip("/") if path.startswith("/") else f"xl/{path}"
    return "xl/worksheets/sheet1.xml"


def _shared_strings(archive: zipfile.ZipFile) -> list[str]:
    text = _read(archive, "xl/sharedStrings.xml")
    strings = []
    for match in _SI.finditer(text):
        body = match.group(1) or ""
        if "<rPh" in body:
            body = re.sub(r"<rPh\b.*?</rPh>", "", body, flags=re.S)
        strings.append(_xml_text("".join(part or "" for part in _T.findall(body))))
    return strings


def read_xlsx(content: bytes, engine: str = "auto") -> Iterator[tuple[int, list[Cell]]]:
    """The first sheet's rows. `engine` ("auto", "xml" or "calamine": the benchmark and the tests
    compare them) picks the cells' reader once the file has passed every check; "calamine" still
    falls back to the XML reader for a sheet calamine would not read as it does."""
    archive = _open_zip(content)
    sheet_name = _first_sheet(archive)
    sheet = _read(archive, sheet_name)
    if "<sheetData" not in sheet:
        raise refuse("not_a_spreadsheet")
    formula = _FORMULA.search(sheet)
    if formula:
        cell = _R_COL_ROW.search(sheet, sheet.rfind("<c ", 0, formula.start()))
        raise refuse("formulas_not_allowed", cell=cell.group(1) if cell else "?")
    first_row = _R_ROW.search(sheet[sheet.index("<sheetData") :])
    header_row = int(first_row.group(1)) if first_row else 1
    for match in _MERGE.finditer(sheet):
        rows = {int(match.group(2)), int(match.group(4) or match.group(2))}
        if header_row in rows or min(rows) < header_row < max(rows):
            raise refuse("merged_header_cells", cells=match.group(0).split('"')[1])
        raise refuse("merged_cells", cells=match.group(0).split('"')[1])
    # calamine pays off on shared strings (what Excel, LibreOffice and Google Sheets write: 1.23 s
    # against 1.66 s of CPU for 100,000 rows); inline strings (openpyxl's) the XML reader cuts faster
    # (1.47 s against 1.67 s), see bench/imports.py
    if engine == "calamine" or (engine == "auto" and 't="s"' in sheet):
        fast = _calamine_rows(archive, sheet_name, sheet)
        if fast is not None:
            return fast
    return _sheet_rows(sheet, _shared_strings(archive))


# ------------------------------------------------------------------------ XLSX, the bulk path
# python-calamine (Rust's calamine, maintained, binary wheels) reads shared strings faster than the
# regular expressions below (both several times openpyxl's read-only mode). It is given a copy of the
# package holding only what we inflated ourselves (so the sizes the zip declares bound it too), no
# styles (so a number with a date format stays the number, as the reader below reads it), no declared
# dimension or string counts (which it would size buffers by), and only sheets of the shapes it lays
# out as we do: every cell has its reference, no error cells (calamine reads them as empty) and
# nothing far away (calamine builds a dense grid from the first cell to the last). Anything else, or
# any error of calamine, is read by the reader below, which is the reference for what a cell holds.
_FAR_CELL = re.compile(r'<c r="(?:[A-Z]{2}|[A-Z]+(?:1[5-9][0-9]{4}|[2-9][0-9]{5}|[0-9]{7}))')
_PACKAGE_PARTS = frozenset(
    (
        "[Content_Types].xml",
        "_rels/.rels",
        "xl/workbook.xml",
        "xl/_rels/workbook.xml.rels",
        "xl/sharedStrings.xml",
    )
)


def _calamine_rows(
    archive: zipfile.ZipFile, sheet_name: str, sheet: str
) -> Iterator[tuple[int, list[Cell]]] | None:
    """The rows read by calamine, or None when the sheet is not one it reads as we do."""
    if (
        't="e"' in sheet
        or "<c>" in sheet
        or "<c/>" in sheet
        or sheet.count("<c ") != sheet.count('<c r="')
        or _FAR_CELL.search(sheet)
    ):
        return None
    try:
        from python_calamine import CalamineError, CalamineWorkbook

        package = io.BytesIO()
        with zipfile.ZipFile(package, "w", zipfile.ZIP_STORED) as copy:
            for info in archive.infolist():
                if info.filename == sheet_name:
                    copy.writestr(sheet_name, _without_dimension(sheet).encode("utf-8"))
                elif info.filename == "xl/sharedStrings.xml":
                    copy.writestr(info.filename, _without_counts(archive.read(info.filename)))
                elif info.filename in _PACKAGE_PARTS:
                    copy.writestr(info.filename, archive.read(info.filename))
        package.seek(0)
        # from A1: iter_rows starts its rows at row 1 but its columns at the first one used
        sheet_rows = CalamineWorkbook.from_filelike(package).get_sheet_by_index(0)
        grid = sheet_rows.to_python(skip_empty_area=False)
    except (
        CalamineError,
        zipfile.BadZipFile,
        NotImplementedError,
        RuntimeError,
        OSError,
        EOFError,
        ValueError,
    ):
        return None  # read below, which refuses what is broken with our codes
    return _calamine_cells(grid)


# What calamine would size its buffers by before reading a cell (a file may declare anything): gone
_DIMENSION = re.compile(r"<(?:\w+:)?dimension\b[^>]*>")
_SST_COUNTS = re.compile(rb'\s(?:uniqueCount|count)="[^"]*"')


def _without_dimension(sheet: str) -> str:
    head = sheet.find("<sheetData")
    return _DIMENSION.sub("", sheet[:head]) + sheet[head:]


def _without_counts(shared: bytes) -> bytes:
    head = shared.find(b">", shared.find(b"<sst")) + 1
    return _SST_COUNTS.sub(b"", shared[:head]) + shared[head:]


def _calamine_cells(rows: list[list[Any]]) -> Iterator[tuple[int, list[Cell]]]:
    plain = {str}
    for line, row in enumerate(rows, start=1):
        cells: list[Cell] = row if set(map(type, row)) == plain else list(map(_calamine_value, row))
        yield line, cells[:MAX_COLUMNS] if len(cells) > MAX_COLUMNS else cells


def _calamine_value(value: object) -> Cell:
    """A calamine value as the reader below reads the cell: numbers as their text."""
    if isinstance(value, bool):
        return _INVALID["b"]
    if isinstance(value, str):
        return value
    if isinstance(value, float):
        return Number(str(int(value)) if value.is_integer() and abs(value) < 1e16 else repr(value))
    if isinstance(value, int):
        return Number(str(value))
    return _DATE  # a date, time or duration (a t="d" cell; without styles no number is a date)


def _sheet_rows(sheet: str, shared: list[str]) -> Iterator[tuple[int, list[Cell]]]:
    """The rows of the sheet's XML, cut with str.split (C speed; regular expressions with lazy
    bodies cost three times more here): text never holds a raw "<" (it is escaped), so "<row " and
    "<c " start a row and a cell and nothing else inside sheetData."""
    start = sheet.index("<sheetData")
    end = sheet.find("</sheetData>", start)
    data = sheet[start : end if end >= 0 else len(sheet)]
    if "<c\n" in data or "<c\t" in data or "<row\n" in data or "<row\t" in data:
        raise refuse("not_a_spreadsheet")  # no writer we know lays cells out so
    line = 0
    for piece in data.split("<row ")[1:]:
        close = piece.find(">")
        row_attrs = piece[:close]
        found = _R_ROW.search(row_attrs)
        line = int(found.group(1)) if found else line + 1
        cells: list[Cell] = []
        if row_attrs.endswith("/"):
            yield line, cells
            continue
        body = piece[close + 1 :]
        fast = _FAST_CELL.findall(body)
        cells = _fast_cells(fast, shared) if len(fast) == body.count("<c ") else _cells(body, shared)
        yield line, cells


def _fast_cells(found: list[tuple[str, str, str, str]], shared: list[str]) -> list[Cell]:
    """A row whose every cell has a common shape, from the findall's tuples (cells in column order are
    appended; a gap or a cell out of order is placed)."""
    cells: list[Cell] = []
    append = cells.append
    column_of = _COLUMNS
    count = 0
    for letters, kind, number, text in found:
        index = column_of.get(letters)
        if index is None:
            index = _column_index(letters)
            if index >= MAX_COLUMNS:
                continue
        value: Cell
        if kind == "inlineStr":
            value = (html.unescape(text) if "&" in text else text) if text else ""
        elif kind == "s":
            value = _shared(shared, number)
        elif not kind or kind == "n":
            value = Number(number) if number else ""
        else:
            value = _typed_value(kind, number, shared)
        if index == count:
            append(value)
            count += 1
        else:
            _place(cells, index, value)
            count = len(cells)
    return cells


def _shared(shared: list[str], raw: str) -> str:
    try:
        return shared[int(raw)]
    except (ValueError, IndexError) as exc:
        raise refuse("not_a_spreadsheet") from exc


def _place(cells: list[Cell], index: int, value: Cell) -> None:
    if len(cells) <= index:
        cells.extend([""] * (index - len(cells)))
        cells.append(value)
    else:
        cells[index] = value


_INVALID = {"b": Invalid("boolean"), "e": Invalid("error")}
_DATE = Invalid("date")


def _typed_value(kind: str, raw: str, shared: list[str]) -> Cell:
    """A cell's value from its type and the text of its <v>."""
    if kind == "s":
        try:
            return shared[int(raw)]
        except (ValueError, IndexError) as exc:
            raise refuse("not_a_spreadsheet") from exc
    if kind in ("", "n"):
        return Number(raw) if raw else ""
    if kind == "str":
        return _xml_text(raw)
    return _INVALID.get(kind, _DATE)  # b, e, d (an ISO date)


def _cells(body: str, shared: list[str]) -> list[Cell]:
    """A row's cells of any shape (rich inline text, attributes in another order, ...)."""
    cells: list[Cell] = []
    position = 0
    for item in body.split("<c ")[1:]:
        gt = item.find(">")
        attrs = item[:gt]
        if attrs.startswith('r="'):
            ref = attrs[3 : attrs.find('"', 3)]
        else:
            found_ref = _R_COL.search(attrs)
            ref = found_ref.group(1) if found_ref else ""
        index = _column_index(ref.rstrip("0123456789")) if ref else position
        position = index + 1
        if index >= MAX_COLUMNS:
            continue  # far-away cells (notes beside the table) are not columns of ours
        if attrs.endswith("/"):
            value: Cell = ""
        else:
            inner = item[gt + 1 : item.rfind("</c>")]
            value = _cell_value(attrs, inner, shared) if inner else ""
        _place(cells, index, value)
    return cells


def _cell_value(attrs: str, inner: str, shared: list[str]) -> Cell:
    at = attrs.find(' t="')
    kind = attrs[at + 4 : attrs.index('"', at + 4)] if at >= 0 else "n"
    if kind == "inlineStr":
        if inner.startswith("<is><t>") and inner.endswith("</t></is>") and inner.count("<t") == 1:
            return _xml_text(inner[7:-9])
        return _xml_text("".join(part or "" for part in _T.findall(inner)))
    if inner.startswith("<v>") and inner.endswith("</v>"):
        return _typed_value(kind, inner[3:-4], shared)
    raw = _V.search(inner)
    return _typed_value(kind, raw.group(1) if raw else "", shared)
