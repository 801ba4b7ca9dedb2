"""Kinds of notification: what happened, in every interface language, registered by the app that
notifies.

A notification is stored as its kind and parameters (plus a link into the dashboard) and rendered in
the *reader's* language when it is read, so a staff member reading in English and a merchant reading
in Portuguese see the same event in their own words. Each app declares its kinds in its own module and
registers them when it starts (`AppConfig.ready`), the way periodic jobs and webhook handlers are:

    register_kind(
        "payout.review_waiting",
        type_id=NotificationType.WARNING,
        title={"pt-BR": "Saque aguardando aprovação", "en": "Payout waiting for approval"},
        content={"pt-BR": "{client}: {amount}", "en": "{client}: {amount}"},
    )

Parameters are plain JSON values filled into `str.format` placeholders; money is passed already
formatted for each language with `format_money` below (centavos never reach a reader).
A test checks that every registered kind has every language with the same placeholders.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from string import Formatter
from typing import Any

from notifications.models import NotificationType

LANGUAGES = ("pt-BR", "en")


@dataclass(frozen=True)
class NoticeKind:
    code: str
    type_id: int
    title: Mapping[str, str]
    content: Mapping[str, str]

    def render(self, language: str, params: Mapping[str, Any]) -> tuple[str, str]:
        lang = language if language in self.title else "pt-BR"
        values = {key: localized(value, lang) for key, value in params.items()}
        return self.title[lang].format(**values), self.content[lang].format(**values)


_kinds: dict[str, NoticeKind] = {}


def register_kind(
    code: str,
    *,
    title: Mapping[str, str],
    content: Mapping[str, str],
    type_id: int = NotificationType.INFO,
) -> NoticeKind:
    """Declare a kind (registering the same code again with the same texts is harmless: `ready` may run
    twice in tests). Every language must be present, with the same placeholders in each."""
    for texts in (title, content):
        if set(texts) != set(LANGUAGES):
            raise ValueError(f"notification kind {code!r} needs texts in {LANGUAGES}")
        fields = {lang: placeholders(text) for lang, text in texts.items()}
        if len({frozenset(f) for f in fields.values()}) != 1:
            raise ValueError(f"notification kind {code!r}: the languages use different placeholders")
    kind = NoticeKind(code, int(type_id), dict(title), dict(content))
    known = _kinds.get(code)
    if known is not None and known != kind:
        raise ValueError(f"notification kind {code!r} is already registered with other texts")
    _kinds[code] = kind
    return kind


def kind_of(code: str) -> NoticeKind | None:
    return _kinds.get(code)


def registered_kinds() -> list[NoticeKind]:
    return list(_kinds.values())


def placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in Formatter().parse(text) if name}


def format_money(amount: int, currency: str) -> dict[str, str]:
    """`amount` centavos as each language writes it (R$ 1.234,56 / R$1,234.56): a parameter value that
    `render` picks the reader's language from."""
    negative = amount < 0
    units, cents = divmod(abs(int(amount)), 100)
    symbol = {"BRL": "R$", "USD": "US$"}.get(currency, currency)
    grouped_en = f"{units:,}"
    pt = f"{symbol} {grouped_en.replace(',', '.')},{cents:02d}"
    en = f"{'$' if currency == 'USD' else symbol}{grouped_en}.{cents:02d}"
    if currency not in {"BRL", "USD"}:
        en = f"{currency} {grouped_en}.{cents:02d}"
    sign = "-" if negative else ""
    return {"pt-BR": sign + pt, "en": sign + en, "_localized": "1"}


def localized(value: Any, language: str) -> Any:
    """A parameter value in `language`: values made by `format_money` (or any dict carrying the
    `_localized` marker and one entry per language) are picked per language; others pass through."""
    if isinstance(value, dict) and value.get("_localized"):
        return value.get(language, value.get("pt-BR", ""))
    return value
