"""Every error code the API can answer has its message in every interface language."""

from __future__ import annotations

import re
import string
from pathlib import Path

import pytest

from core.messages import LANGUAGES, MESSAGES

PLATFORM = Path(__file__).resolve().parents[2] / "platform"
# Codes given to AppError (and the helpers that build one), and to api_errors' error_body/json_error.
RAISED = re.compile(r"""(?:AppError|error_body|json_error)\(\s*["']([a-z_]+)["']""")


def raised_codes() -> set[str]:
    return {
        code
        for path in PLATFORM.rglob("*.py")
        if "migrations" not in path.parts
        for code in RAISED.findall(path.read_text())
    }


def placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


@pytest.mark.parametrize("code", sorted(MESSAGES))
def test_every_code_has_every_language_with_the_same_placeholders(code: str) -> None:
    texts = MESSAGES[code]
    assert set(texts) == set(LANGUAGES)
    assert all(texts[language].strip() for language in LANGUAGES)
    assert len({frozenset(placeholders(texts[language])) for language in LANGUAGES}) == 1


def test_every_code_the_platform_raises_has_a_message() -> None:
    codes = raised_codes()
    assert {"invalid_cursor", "request_too_large", "malformed_request"} <= codes  # the scan finds them
    assert sorted(codes - set(MESSAGES)) == []
