"""Write the API's OpenAPI document (the frontend's TypeScript types are generated from it)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandParser


def openapi_document() -> dict[str, Any]:
    from config.api import api

    return dict(api.get_openapi_schema())


def render() -> str:
    return json.dumps(openapi_document(), indent=2, sort_keys=True, ensure_ascii=False) + "\n"


class Command(BaseCommand):
    help = "Write the OpenAPI document to PATH (default: frontend/openapi.json)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("path", nargs="?", default="frontend/openapi.json")

    def handle(self, *args: Any, **options: Any) -> None:
        path = Path(options["path"])
        path.write_text(render(), encoding="utf-8")
        self.stdout.write(f"Wrote {path}")
