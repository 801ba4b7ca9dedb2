"""Errors raised by the Brazilian payment rules.

Every error carries a stable machine-readable ``code`` and ``params`` so the API layer can
translate the message; the English text is only a developer aid. Params never hold a full CPF,
CNPJ or PIX key: they end up in logs and responses (LGPD).
"""

from __future__ import annotations

ParamValue = str | int


class DomainError(Exception):
    """Base class: a business rule was broken. ``code`` is stable; ``params`` fill the message."""

    def __init__(self, code: str, message: str = "", **params: ParamValue) -> None:
        self.code = code
        self.params: dict[str, ParamValue] = dict(params)
        super().__init__(message or code)

    def __repr__(self) -> str:
        return f"{type(self).__name__}(code={self.code!r}, params={self.params!r})"


class DocumentError(DomainError):
    """Invalid CPF or CNPJ."""


class BoletoError(DomainError):
    """Invalid boleto barcode, typed line or issuing data."""


class PixError(DomainError):
    """Invalid BR Code, PIX key, txid or end-to-end id."""


class BankError(DomainError):
    """Invalid bank code, participant file or account check digit."""


class BarcodeError(DomainError):
    """Data that cannot be drawn as an Interleaved 2 of 5 barcode."""


class CnabError(DomainError):
    """Invalid CNAB 240 record or field."""
