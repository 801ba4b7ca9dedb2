"""Interleaved 2 of 5 encoding and SVG rendering."""

from __future__ import annotations

import json
import random
import re
import string
from pathlib import Path
from typing import Any

import pytest

from brazil.errors import BarcodeError, BoletoError
from brazil.itf import (
    START,
    STOP,
    boleto_barcode_svg,
    decode_itf_elements,
    itf_elements,
    itf_modules,
    itf_svg,
    itf_widths,
)

VECTORS_PATH = Path(__file__).resolve().parents[2] / ".." / "shared" / "domain" / "vectors.json"
VECTORS: dict[str, Any] = json.loads(VECTORS_PATH.read_text(encoding="utf-8"))
BARCODES = [case["barcode"] for case in VECTORS["boleto_cobranca"]["valid"]] + [
    case["barcode"] for case in VECTORS["boleto_arrecadacao"]["valid"]
]

_RECT = re.compile(r'<rect x="(\d+)" y="0" width="(\d+)" height="([0-9.]+)"/>')


def _svg_modules(svg: str, quiet_zone: int) -> str:
    """Rebuild the 1/0 module string from the bars drawn in the SVG."""
    modules: list[str] = []
    for x, width, _height in _RECT.findall(svg):
        start = int(x) - quiet_zone
        modules.extend("0" * (start - len(modules)))
        modules.extend("1" * int(width))
    return "".join(modules)


def test_hand_encoded_pair() -> None:
    # "12": bars take 1 = wnnnw, spaces take 2 = nwnnw; narrow 1 module, wide 3.
    start = ["1", "0", "1", "0"]  # narrow bar, narrow space, narrow bar, narrow space
    pair = ["111", "0", "1", "000", "1", "0", "1", "0", "111", "000"]  # bar w,n,n,n,w / space n,w,n,n,w
    stop = ["111", "0", "1"]  # wide bar, narrow space, narrow bar
    expected = "".join(start + pair + stop)
    assert itf_modules("12") == expected
    assert itf_elements("12") == "nnnn" + "wnnwnnnnww" + "wnn"


def test_every_digit_has_two_wide_of_five() -> None:
    for digit in string.digits:
        elements = itf_elements(digit + digit)[len(START) : -len(STOP)]
        assert elements[0::2] == elements[1::2]
        assert elements[0::2].count("w") == 2
        assert len(elements) == 10
    patterns = {itf_elements(d + "0")[len(START) : -len(STOP)][0::2] for d in string.digits}
    assert len(patterns) == 10


@pytest.mark.parametrize("barcode", BARCODES)
def test_boleto_barcode_has_febraban_length(barcode: str) -> None:
    modules = itf_modules(barcode)
    assert len(modules) == 405  # 89 wide * 3 + 138 narrow
    assert round(len(modules) * 0.254, 2) == 102.87  # ~103 mm on paper
    assert decode_itf_elements(itf_elements(barcode)) == barcode


def test_widths_alternate_bar_and_space() -> None:
    widths = itf_widths("0123456789", narrow=2, wide=5)
    assert set(widths) == {2, 5}
    assert len(widths) == len(START) + 10 * 5 + len(STOP)
    assert itf_modules("0123456789", narrow=2, wide=5).startswith("11001100")


def test_random_digit_strings_round_trip() -> None:
    rng = random.Random(12)
    for _ in range(500):
        digits = "".join(rng.choices(string.digits, k=2 * rng.randrange(1, 30)))
        elements = itf_elements(digits)
        assert decode_itf_elements(elements) == digits
        assert len(itf_modules(digits)) == sum(itf_widths(digits))


@pytest.mark.parametrize("digits", ["", "123", "12a4", "١٢"])
def test_invalid_data(digits: str) -> None:
    with pytest.raises(BarcodeError) as caught:
        itf_elements(digits)
    assert caught.value.code == "itf_invalid_data"


@pytest.mark.parametrize(("narrow", "wide"), [(1, 1), (1, 4), (2, 3), (0, 0)])
def test_wide_to_narrow_ratio_must_be_2_to_3(narrow: int, wide: int) -> None:
    with pytest.raises(BarcodeError) as caught:
        itf_widths("12", narrow=narrow, wide=wide)
    assert caught.value.code == "itf_invalid_ratio"


@pytest.mark.parametrize(
    "elements", ["", "nnnnwnn", "nnnn" + "wwwwwnnnnn" + "wnn", "wnnnwnnwnnnnwwwnn", "nnnn" + "w" * 10 + "wnn"]
)
def test_decode_rejects_bad_patterns(elements: str) -> None:
    with pytest.raises(BarcodeError):
        decode_itf_elements(elements)


@pytest.mark.parametrize("barcode", BARCODES)
def test_svg_draws_the_encoded_bars(barcode: str) -> None:
    svg = boleto_barcode_svg(barcode)
    assert svg.startswith('<svg xmlns="http://www.w3.org/2000/svg" width="107.95mm" height="13mm"')
    assert 'viewBox="0 0 425 51.181"' in svg
    assert f'aria-label="{barcode}"' in svg
    assert _svg_modules(svg, quiet_zone=10) == itf_modules(barcode)
    assert len(_RECT.findall(svg)) == 2 + 22 * 5 + 2  # start, five bars per digit pair, stop


def test_svg_options() -> None:
    svg = itf_svg("1234", narrow=2, wide=5, module_mm=0.1, height_mm=10, quiet_zone=0)
    assert 'height="10mm"' in svg
    assert 'viewBox="0 0 ' in svg
    assert _svg_modules(svg, quiet_zone=0) == itf_modules("1234", narrow=2, wide=5)
    with pytest.raises(BarcodeError):
        itf_svg("1234", module_mm=0)


def test_boleto_svg_validates_the_barcode() -> None:
    barcode = BARCODES[0]
    wrong_dv = barcode[:4] + ("1" if barcode[4] != "1" else "2") + barcode[5:]
    with pytest.raises(BoletoError) as caught:
        boleto_barcode_svg(wrong_dv)
    assert caught.value.code == "boleto_invalid_check_digit"
    with pytest.raises(BoletoError):
        boleto_barcode_svg(barcode[:-1])
