"""The committed OpenAPI document (frontend/openapi.json, source of the TypeScript types) is current."""

from __future__ import annotations

from pathlib import Path

from ops.management.commands.export_openapi import render

ROOT = Path(__file__).resolve().parents[2]


def test_the_committed_openapi_document_is_current() -> None:
    committed = (ROOT / "frontend" / "openapi.json").read_text(encoding="utf-8")
    assert committed == render(), "run `make openapi`, then commit openapi.json and the generated types"


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


def test_schema_names_are_unique_across_apps() -> None:
    """ninja names OpenAPI components by class name: two `ClientOut`s silently become one."""
    import ast
    from collections import Counter

    names: Counter[str] = Counter()
    for path in (ROOT / "platform").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef) and any(
                isinstance(base, ast.Name) and base.id in {"Schema", "BaseModel"} for base in node.bases
            ):
                names[node.name] += 1
    assert [name for name, count in names.items() if count > 1] == []
