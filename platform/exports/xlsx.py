"""A streaming XLSX writer: rows go straight into the sheet's deflate stream inside the zip, so
memory is one batch whatever the number of rows, and each row costs one string join (openpyxl's
write-only mode builds an object per cell and an XML element per cell: several times slower; see
`make bench-exports`).

What it writes is plain SpreadsheetML that Excel, LibreOffice and openpyxl read: inline strings (no
shared-string table to keep in memory), money as numbers with a currency number format per row's
currency, instants and dates as serial numbers with date formats, a header row on every sheet, and
a new sheet after `sheet_rows` data rows (Excel's limit is 1,048,576 rows a sheet, header included).
Strings are neutralised like the CSV's (a leading `=`, `+`, `-`, `@`, tab or CR gets a `'`).
"""

from __future__ import annotations

import zipfile
from collections.abc import Iterable, Sequence
from typing import IO, Any

MAX_SHEET_ROWS = 1_048_575  # data rows; plus the header: Excel's 1,048,576

FORMULA_FIRST = ("=", "+", "-", "@", "\t", "\r")
# XML text: the three markup characters escaped, the control characters XML 1.0 forbids dropped
_XML = {ord("&"): "&amp;", ord("<"): "&lt;", ord(">"): "&gt;"} | {
    c: None for c in range(32) if c not in (9, 10, 13)
}

# Number formats (ids from 164 are custom) and the cell styles (xf) that use them.
NUM_FMTS = {
    164: "dd/mm/yyyy hh:mm:ss",
    165: "dd/mm/yyyy",
    166: '"R$" #,##0.00;-"R$" #,##0.00',
    167: '"US$" #,##0.00;-"US$" #,##0.00',
    168: '"€" #,##0.00;-"€" #,##0.00',
    169: "#,##0.00",
}
STYLE_DATETIME, STYLE_DATE, STYLE_MONEY = 1, 2, 6  # STYLE_MONEY: a currency without its own format
MONEY_STYLES = {"BRL": 3, "USD": 4, "EUR": 5}
XFS = (0, 164, 165, 166, 167, 168, 169)  # style index -> numFmtId

STYLES_XML = (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
    '<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">'
    f'<numFmts count="{len(NUM_FMTS)}">'
    + "".join(
        f'<numFmt numFmtId="{i}" formatCode="{_x}"/>'
        for i, _x in ((i, f.replace('"', "&quot;")) for i, f in NUM_FMTS.items())
    )
    + "</numFmts>"
    '<fonts count="1"><font><sz val="11"/><name val="Calibri"/></font></fonts>'
    '<fills count="2"><fill><patternFill patternType="none"/></fill>'
    '<fill><patternFill patternType="gray125"/></fill></fills>'
    '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>'
    '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>'
    f'<cellXfs count="{len(XFS)}">'
    + "".join(
        f'<xf numFmtId="{n}" fontId="0" fillId="0" borderId="0" xfId="0"'
        + (' applyNumberFormat="1"/>' if n else "/>")
        for n in XFS
    )
    + "</cellXfs>"
    '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>'
    "</styleSheet>"
)

SHEET_HEAD = (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
    '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">'
    '<sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" '
    'state="frozen"/></sheetView></sheetViews><sheetData>'
)
SHEET_TAIL = "</sheetData></worksheet>"


def text_cell(value: str) -> str:
    if value.startswith(FORMULA_FIRST):
        value = "'" + value
    return f'<c t="inlineStr"><is><t xml:space="preserve">{value.translate(_XML)}</t></is></c>'


def money_text(centavos: int) -> str:
    sign = "-" if centavos < 0 else ""
    units, cents = divmod(abs(centavos), 100)
    return f"{sign}{units}.{cents:02d}"


class XlsxWriter:
    """Write rows of values (per column kind: text, money in centavos, datetime/date as serial
    numbers, integer) into an XLSX on `out`; `close()` finishes the workbook."""

    def __init__(
        self,
        out: IO[bytes],
        *,
        header: Sequence[str],
        kinds: Sequence[str],
        currency_at: int | None = None,
        sheet_name: str = "Sheet",
        sheet_rows: int = MAX_SHEET_ROWS,
        compresslevel: int = 1,
    ) -> None:
        self.zip = zipfile.ZipFile(out, "w", compression=zipfile.ZIP_DEFLATED, compresslevel=compresslevel)
        self.header = "".join(text_cell(h) for h in header)
        self.kinds = list(kinds)
        self.currency_at = currency_at
        self.sheet_name = sheet_name
        self.sheet_rows = sheet_rows
        self.sheets = 0
        self.row = 0  # rows in the current sheet, header included
        self.stream: IO[bytes] | None = None

    def _new_sheet(self) -> None:
        self._end_sheet()
        self.sheets += 1
        self.stream = self.zip.open(f"xl/worksheets/sheet{self.sheets}.xml", "w", force_zip64=True)
        self.stream.write(f'{SHEET_HEAD}<row r="1">{self.header}</row>'.encode())
        self.row = 1

    def _end_sheet(self) -> None:
        if self.stream is not None:
            self.stream.write(SHEET_TAIL.encode())
            self.stream.close()
            self.stream = None

    def write_rows(self, rows: Iterable[Sequence[Any]]) -> None:
        kinds = self.kinds
        currency_at = self.currency_at
        parts: list[str] = []
        for values in rows:
            if self.stream is None or self.row > self.sheet_rows:
                if parts:
                    assert self.stream is not None
                    self.stream.write("".join(parts).encode())
                    parts = []
                self._new_sheet()
            self.row += 1
            money_style = MONEY_STYLES.get(values[currency_at], STYLE_MONEY) if currency_at is not None else 6
            parts.append(f'<row r="{self.row}">')
            for kind, value in zip(kinds, values, strict=True):
                if value is None or value == "":
                    parts.append("<c/>")
                elif kind == "text":
                    parts.append(text_cell(str(value)))
                elif kind == "money":
                    parts.append(f'<c s="{money_style}"><v>{money_text(value)}</v></c>')
                elif kind == "datetime":
                    parts.append(f'<c s="{STYLE_DATETIME}"><v>{value!r}</v></c>')
                elif kind == "date":
                    parts.append(f'<c s="{STYLE_DATE}"><v>{value}</v></c>')
                else:
                    parts.append(f"<c><v>{value}</v></c>")
            parts.append("</row>")
        if parts:
            assert self.stream is not None
            self.stream.write("".join(parts).encode())

    def close(self) -> None:
        if self.stream is None and self.sheets == 0:
            self._new_sheet()  # an empty export still has its header
        self._end_sheet()
        names = [self.sheet_name if i == 1 else f"{self.sheet_name} {i}" for i in range(1, self.sheets + 1)]
        ns = "http://schemas.openxmlformats.org/"
        self.zip.writestr(
            "[Content_Types].xml",
            '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
            f'<Types xmlns="{ns}package/2006/content-types">'
            '<Default Extension="rels" '
            'ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
            '<Default Extension="xml" ContentType="application/xml"/>'
            '<Override PartName="/xl/workbook.xml" '
            'ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>'
            '<Override PartName="/xl/styles.xml" '
            'ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>'
            + "".join(
                f'<Override PartName="/xl/worksheets/sheet{i}.xml" '
                'ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>'
                for i in range(1, self.sheets + 1)
            )
            + "</Types>",
        )
        self.zip.writestr(
            "_rels/.rels",
            '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
            f'<Relationships xmlns="{ns}package/2006/relationships">'
            f'<Relationship Id="rId1" Type="{ns}officeDocument/2006/relationships/officeDocument" '
            'Target="xl/workbook.xml"/></Relationships>',
        )
        self.zip.writestr(
            "xl/workbook.xml",
            '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
            f'<workbook xmlns="{ns}spreadsheetml/2006/main" '
            f'xmlns:r="{ns}officeDocument/2006/relationships"><sheets>'
            + "".join(
                f'<sheet name="{name.translate(_XML)}" sheetId="{i}" r:id="rId{i}"/>'
                for i, name in enumerate(names, start=1)
            )
            + "</sheets></workbook>",
        )
        self.zip.writestr(
            "xl/_rels/workbook.xml.rels",
            '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
            f'<Relationships xmlns="{ns}package/2006/relationships">'
            + "".join(
                f'<Relationship Id="rId{i}" Type="{ns}officeDocument/2006/relationships/worksheet" '
                f'Target="worksheets/sheet{i}.xml"/>'
                for i in range(1, self.sheets + 1)
            )
            + f'<Relationship Id="rId{self.sheets + 1}" Type="{ns}officeDocument/2006/relationships/styles" '
            'Target="styles.xml"/></Relationships>',
        )
        self.zip.writestr("xl/styles.xml", STYLES_XML)
        self.zip.close()
