"""Create or migrate the template schema new tenants are cloned from."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand

from tenants.template import sync_template


class Command(BaseCommand):
    help = "Create or migrate the tenant template schema (run after migrate_schemas)."

    def handle(self, *args: Any, **options: Any) -> None:
        name = sync_template(verbosity=options.get("verbosity", 1) - 1)
        self.stdout.write(f"Template schema {name} is up to date.")
