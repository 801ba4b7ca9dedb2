"""What a file is, by its content (never by its name or the type a browser claims)."""

from __future__ import annotations

import io
import zipfile

PDF = "application/pdf"
PNG = "image/png"
JPEG = "image/jpeg"
WEBP = "image/webp"
XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
CSV = "text/csv"


MAGIC = ((b"%PDF-", PDF), (b"\x89PNG\r\n\x1a\n", PNG), (b"\xff\xd8\xff", JPEG))


def sniff(content: bytes) -> str | None:
    """The content type of `content` among PDF, PNG, JPEG, WebP, XLSX and CSV text, or None."""
    for magic, content_type in MAGIC:
        if content.startswith(magic):
            return content_type
    if content[:4] == b"RIFF" and content[8:12] == b"WEBP":
        return WEBP
    if content.startswith(b"PK\x03\x04"):
        return XLSX if _is_xlsx(content) else None
    if content and _is_text(content[:65536]):
        return CSV
    return None


def _is_xlsx(content: bytes) -> bool:
    try:
        with zipfile.ZipFile(io.BytesIO(content)) as archive:
            names = set(archive.namelist())
    except (zipfile.BadZipFile, ValueError):
        return False
    return "[Content_Types].xml" in names and any(name.startswith("xl/") for name in names)


def _is_text(head: bytes) -> bool:
    if b"\x00" in head:
        return False
    try:
        head.decode("utf-8")
    except UnicodeDecodeError as cut:
        # A multi-byte character cut at the end of the sample is still text; anything else may be
        # Latin-1 (Brazilian spreadsheets), which has no invalid bytes but control characters.
        if cut.start < len(head) - 3:
            return all(byte >= 0x20 or byte in b"\t\r\n" for byte in head)
    return True
