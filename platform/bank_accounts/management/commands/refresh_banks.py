"""Load Banco Central's participant list(s) into the bank list shipped with Cofre."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from brazil import banks
from brazil.errors import BankError


def merge(lists: list[list[banks.Bank]]) -> list[banks.Bank]:
    """One participant per ISPB; a later file fills in a COMPE code an earlier one lacked (the SPI
    list has PIX-only institutions without one, the STR list has the codes)."""
    merged: dict[str, banks.Bank] = {}
    for participants in lists:
        for bank in participants:
            known = merged.get(bank.ispb)
            if known is None or (known.compe is None and bank.compe is not None):
                merged[bank.ispb] = bank
    return list(merged.values())


class Command(BaseCommand):
    help = (
        "Read Banco Central's STR and/or SPI participant CSV files (PATH...) and write the shipped "
        "participant list (brazil/data/participants.csv, or --output)."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("paths", nargs="+", type=Path, metavar="PATH")
        parser.add_argument("--output", type=Path, default=banks.PARTICIPANTS_FILE)

    def handle(self, *args: Any, **options: Any) -> None:
        lists = []
        for path in map(Path, options["paths"]):
            try:
                lists.append(banks.parse_bcb_participants(path.read_bytes()))
            except OSError as exc:
                raise CommandError(f"{path}: {exc.strerror}") from exc
            except BankError as exc:
                raise CommandError(f"{path}: {exc.code} {exc.params}") from exc
        participants = merge(lists)
        if not participants:
            raise CommandError("no participants found: the list was not changed")
        output = Path(options["output"])
        output.write_text(banks.participants_csv(participants), encoding="utf-8")
        banks.reload_participants()  # this process reads the new list
        with_compe = sum(1 for bank in participants if bank.compe)
        self.stdout.write(f"{len(participants)} participants ({with_compe} with a COMPE code) -> {output}")
