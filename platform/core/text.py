"""Text helpers shared by the apps (neutral: no model, no app of its own)."""

from __future__ import annotations

import unicodedata


def search_text(name: str) -> str:
    """Lower case without accents: what name search indexes and matches."""
    decomposed = unicodedata.normalize("NFKD", name)
    return "".join(c for c in decomposed if not unicodedata.combining(c)).lower().strip()
