"""XLSX as other programs write it (stdlib only: the benchmarks use it too)."""

from __future__ import annotations

import io
import re
import zipfile

_INLINE_CELL = re.compile(
    r'<c r="([A-Z]+[0-9]+)"((?: s="[0-9]+")?) t="inlineStr">'
    r'<is><t(?: xml:space="preserve")?>([^<]*)</t></is></c>'
)


def as_shared_strings(content: bytes) -> bytes:
    """The XLSX (as openpyxl writes it: inline strings) with its text in a shared-strings table, as
    Excel, LibreOffice and Google Sheets write it."""
    strings: dict[str, int] = {}

    def shared(match: re.Match[str]) -> str:
        index = strings.setdefault(match.group(3), len(strings))
        return f'<c r="{match.group(1)}"{match.group(2)} t="s"><v>{index}</v></c>'

    source = zipfile.ZipFile(io.BytesIO(content))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as target:
        for info in source.infolist():
            data = source.read(info.filename)
            if info.filename.startswith("xl/worksheets/sheet"):
                data = _INLINE_CELL.sub(shared, data.decode()).encode()
            elif info.filename == "[Content_Types].xml":
                data = data.replace(
                    b"</Types>",
                    b'<Override PartName="/xl/sharedStrings.xml" ContentType="application/'
                    b'vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/></Types>',
                )
            elif info.filename == "xl/_rels/workbook.xml.rels":
                data = data.replace(
                    b"</Relationships>",
                    b'<Relationship Id="rIdShared" Type="http://schemas.openxmlformats.org/officeDocument/'
                    b'2006/relationships/sharedStrings" Target="sharedStrings.xml"/></Relationships>',
                )
            target.writestr(info.filename, data)
        items = "".join(f'<si><t xml:space="preserve">{text}</t></si>' for text in strings)
        target.writestr(
            "xl/sharedStrings.xml",
            '<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" '
            f'count="{len(strings)}" uniqueCount="{len(strings)}">{items}</sst>',
        )
    return out.getvalue()
