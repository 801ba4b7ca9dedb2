"""Interleaved 2 of 5 (ITF): the symbology printed on boletos, drawn as SVG in pure Python.

Each pair of digits becomes five bars (first digit) interleaved with five spaces (second digit),
two of each five wide. A start pattern (narrow bar, space, bar, space) opens and a stop pattern
(wide bar, narrow space, narrow bar) closes. FEBRABAN's boleto: narrow element 0.254 mm, wide
three times narrow, 13 mm high, which makes the 44-digit barcode 103 mm long.
"""

from __future__ import annotations

import re

from brazil.boleto import validate_barcode
from brazil.errors import BarcodeError

NARROW = "n"
WIDE = "w"
# Widths of the five elements for each digit (ISO/IEC 16390).
_DIGIT_PATTERNS = (
    "nnwwn",
    "wnnnw",
    "nwnnw",
    "wwnnn",
    "nnwnw",
    "wnwnn",
    "nwwnn",
    "nnnww",
    "wnnwn",
    "nwnwn",
)
_PATTERN_DIGITS = {pattern: str(digit) for digit, pattern in enumerate(_DIGIT_PATTERNS)}
START = "nnnn"
STOP = "wnn"

BOLETO_MODULE_MM = 0.254
BOLETO_HEIGHT_MM = 13.0
QUIET_ZONE_MODULES = 10  # ITF needs a quiet zone of at least ten narrow elements each side


def itf_elements(digits: str) -> str:
    """Element widths (``n``/``w``) alternating bar, space, bar... starting with a bar."""
    if not digits or len(digits) % 2 or not re.fullmatch(r"[0-9]+", digits):
        raise BarcodeError("itf_invalid_data", "ITF encodes a non-empty, even number of digits")
    pairs = []
    for index in range(0, len(digits), 2):
        bars = _DIGIT_PATTERNS[int(digits[index])]
        spaces = _DIGIT_PATTERNS[int(digits[index + 1])]
        pairs.append("".join(bar + space for bar, space in zip(bars, spaces, strict=True)))
    return START + "".join(pairs) + STOP


def decode_itf_elements(elements: str) -> str:
    """Digits from an element sequence produced by :func:`itf_elements` (checks start/stop)."""
    body = elements.removeprefix(START).removesuffix(STOP)
    if len(body) != len(elements) - len(START) - len(STOP) or not body or len(body) % 10:
        raise BarcodeError("itf_invalid_pattern", "Missing start/stop pattern or truncated data")
    digits = []
    for offset in range(0, len(body), 10):
        chunk = body[offset : offset + 10]
        for pattern in (chunk[0::2], chunk[1::2]):
            if pattern not in _PATTERN_DIGITS:
                raise BarcodeError("itf_invalid_pattern", "Unknown digit pattern", offset=offset)
            digits.append(_PATTERN_DIGITS[pattern])
    return "".join(digits)


def _check_ratio(narrow: int, wide: int) -> None:
    # ITF readers expect a wide:narrow ratio between 2:1 and 3:1.
    if narrow < 1 or not 2 * narrow <= wide <= 3 * narrow:
        raise BarcodeError("itf_invalid_ratio", "Wide must be 2 to 3 times narrow", narrow=narrow, wide=wide)


def itf_widths(digits: str, *, narrow: int = 1, wide: int = 3) -> list[int]:
    """Element widths in modules, alternating bar and space, starting with a bar."""
    _check_ratio(narrow, wide)
    return [wide if element == WIDE else narrow for element in itf_elements(digits)]


def itf_modules(digits: str, *, narrow: int = 1, wide: int = 3) -> str:
    """One character per module: ``1`` for bar, ``0`` for space (no quiet zone)."""
    widths = itf_widths(digits, narrow=narrow, wide=wide)
    return "".join(("1" if index % 2 == 0 else "0") * width for index, width in enumerate(widths))


def _number(value: float) -> str:
    return f"{value:.3f}".rstrip("0").rstrip(".")


def itf_svg(
    digits: str,
    *,
    narrow: int = 1,
    wide: int = 3,
    module_mm: float = BOLETO_MODULE_MM,
    height_mm: float = BOLETO_HEIGHT_MM,
    quiet_zone: int = QUIET_ZONE_MODULES,
) -> str:
    """SVG document drawing ``digits`` in ITF; the user unit is one module, sized in millimetres."""
    if module_mm <= 0 or height_mm <= 0 or quiet_zone < 0:
        raise BarcodeError("itf_invalid_size", "Module, height and quiet zone must be positive")
    widths = itf_widths(digits, narrow=narrow, wide=wide)
    total = sum(widths) + 2 * quiet_zone
    height = _number(height_mm / module_mm)
    bars = []
    x = quiet_zone
    for index, width in enumerate(widths):
        if index % 2 == 0:
            bars.append(f'<rect x="{x}" y="0" width="{width}" height="{height}"/>')
        x += width
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{_number(total * module_mm)}mm" '
        f'height="{_number(height_mm)}mm" viewBox="0 0 {total} {height}" '
        f'shape-rendering="crispEdges" role="img" aria-label="{digits}">'
        f'<rect width="{total}" height="{height}" fill="#fff"/>'
        f'<g fill="#000">{"".join(bars)}</g></svg>'
    )


def boleto_barcode_svg(
    barcode: str, *, module_mm: float = BOLETO_MODULE_MM, height_mm: float = BOLETO_HEIGHT_MM
) -> str:
    """SVG of a validated 44-digit boleto barcode (bank or arrecadação), FEBRABAN proportions."""
    return itf_svg(validate_barcode(barcode), module_mm=module_mm, height_mm=height_mm)
