"""Start a plugin from the kit's template: `manage.py startplugin acme_pay --kind payment_method`."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from ops.plugin_template import KINDS, TemplateError, write_plugin


class Command(BaseCommand):
    help = (
        "Write a new plugin package (entry point, hook implementations, config schema, README and a "
        "contract-kit test) to DIRECTORY/cofre-<name>; install it with `pip install -e`."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("name", help="the plugin's code and entry-point name, e.g. acme_pay")
        parser.add_argument("--kind", choices=KINDS, default="payment_method")
        parser.add_argument("--directory", default=".", help="where to write it (default: here)")

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            root = write_plugin(options["name"], options["kind"], Path(options["directory"]))
        except TemplateError as exc:
            raise CommandError(str(exc)) from exc
        self.stdout.write(f"Wrote {root}")
        self.stdout.write(f"Install it: .venv/bin/pip install -e {root}")
        self.stdout.write(f"Test it:    .venv/bin/python -m pytest -c pyproject.toml {root / 'tests'}")
