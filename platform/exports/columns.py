"""The columns of an export: a value name of the queryset, its kind (how each writer formats it) and its
header per language."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

# Kinds of column: how each writer formats it.
TEXT, MONEY, DATETIME, DATE, INTEGER = "text", "money", "datetime", "date", "integer"


@dataclass(frozen=True)
class Column:
    field: str  # the queryset's value name
    kind: str
    title: Mapping[str, str]  # header, per language


def col(field: str, kind: str, pt: str, en: str) -> Column:
    return Column(field, kind, {"pt-BR": pt, "en": en})
