"""Create the demo tenants and one demo user per role (idempotent); `--money` adds demo money."""

from __future__ import annotations

import time
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandParser

from accounts.roles import STAFF_ROLES
from ops.demo import DEMO_PASSWORD, DEMO_TOTP_SECRET, seed_demo


class Command(BaseCommand):
    help = "Seed demo tenants (acme, beta, orbita) and one user per role; safe to run again."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--money",
            action="store_true",
            help="Also seed demo money (deposits, refunds, payouts of acme; deposits of beta) through the "
            "real services, once: a tenant that already has deposits is left alone. `make run` uses it; "
            "the test session does not.",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        report = seed_demo()
        if report.created:
            self.stdout.write(f"Created {len(report.created)} demo records.")
        else:
            self.stdout.write("Demo data already present; nothing changed.")
        if options["money"]:
            self.seed_money()
        port = settings.PORT
        self.stdout.write(f"\nDemo logins (password: {DEMO_PASSWORD}):")
        for role, email, host in report.logins:
            self.stdout.write(f"  {role:<22} {email:<36} http://{host}:{port}/plataforma/login")
        staff = ", ".join(sorted(STAFF_ROLES))
        self.stdout.write(
            f"\nTwo-step verification of the demo staff ({staff}): the authenticator secret is\n"
            f"  {DEMO_TOTP_SECRET}\n"
            "  (add it to any TOTP app, or: .venv/bin/python -c "
            f"\"import pyotp; print(pyotp.TOTP('{DEMO_TOTP_SECRET}').now())\")"
        )

    def seed_money(self) -> None:
        from ops.demo_money import seed_demo_money

        started = time.monotonic()
        money = seed_demo_money()
        if not money.changed:
            self.stdout.write("Demo money already present; nothing changed.")
            return
        parts = [
            f"{slug}: " + ", ".join(f"{count} {what}" for what, count in counts.items())
            for slug, counts in money.created.items()
        ]
        skipped = f" (left alone, already had money: {', '.join(money.skipped)})" if money.skipped else ""
        self.stdout.write(
            f"Created demo money in {time.monotonic() - started:.1f} s: {'; '.join(parts)}{skipped}."
        )
