"""The committed OpenAPI document (frontend/openapi.json, the source of the TypeScript types) matches the API."""

from __future__ import annotations

from pathlib import Path

from core.management.commands.export_openapi import render

ROOT = Path(__file__).resolve().parents[2]


def test_the_committed_openapi_document_is_current() -> None:
    committed = (ROOT / "frontend" / "openapi.json").read_text(encoding="utf-8")
    assert committed == render(), "run `make openapi` and commit frontend/openapi.json and the generated types"


def test_every_operation_has_a_tag() -> None:
    import json

    document = json.loads(render())
    missing = [
        f"{method.upper()} {path}"
        for path, methods in document["paths"].items()
        for method, operation in methods.items()
        if not operation.get("tags")
    ]
    assert missing == []
