"""Create the demo tenants and one demo user per role (idempotent)."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand

from core.demo import DEMO_PASSWORD, seed_demo


class Command(BaseCommand):
    help = "Seed demo tenants (acme, beta, orbita) and one user per role; safe to run again."

    def handle(self, *args: Any, **options: Any) -> None:
        report = seed_demo()
        if report.created:
            self.stdout.write(f"Created {len(report.created)} demo records.")
        else:
            self.stdout.write("Demo data already present; nothing changed.")
        port = settings.PORT
        self.stdout.write(f"\nDemo logins (password: {DEMO_PASSWORD}):")
        for role, email, host in report.logins:
            self.stdout.write(f"  {role:<22} {email:<36} http://{host}:{port}/plataforma/login")
