"""Each kind's value in one normal form, so a restriction and a movement compare by equality (one
indexed lookup): CPF/CNPJ digits (validated), PIX keys in DICT form, bank accounts as
`bank/agency/account` (COMPE code, agency without its check digit, account with its check digit, no
leading zeros), e-mails lower-cased, phones in E.164."""

from __future__ import annotations

import re

from brazil import banks
from brazil.documents import validate_document
from brazil.errors import DocumentError, PixError
from brazil.pix import PixKeyType, normalize_pix_key
from core.errors import AppError

_EMAIL_RE = re.compile(r"[^@\s]+@[^@\s]+\.[^@\s]+")
_E164_RE = re.compile(r"\+[1-9][0-9]{7,14}")
_PHONE_PUNCTUATION = re.compile(r"[\s()\-.]")


def _invalid(code: str) -> AppError:
    return AppError("invalid_input", fields={"value": code})


def normalize(kind: str, value: str) -> str:
    """The normal form of `value` for `kind`; AppError(invalid_input, fields.value) when it is not one."""
    text = (value or "").strip()
    if not text:
        raise _invalid("required")
    if kind == "document":
        try:
            return validate_document(text).value
        except DocumentError as exc:
            raise _invalid(exc.code) from exc
    if kind == "pix_key":
        try:
            return normalize_pix_key(text).value
        except PixError as exc:
            raise _invalid("invalid_pix_key") from exc
    if kind == "email":
        email = text.lower()
        if len(email) > 120 or not _EMAIL_RE.fullmatch(email):
            raise _invalid("invalid_email")
        return email
    if kind == "phone":
        return normalize_phone(text)
    if kind == "bank_account":
        return _bank_account(text)
    raise AppError("invalid_input", fields={"kind": "invalid_choice"})


def normalize_phone(text: str) -> str:
    digits = _PHONE_PUNCTUATION.sub("", text)
    if digits.startswith("+"):
        phone = digits
    elif len(digits) in (10, 11):  # a Brazilian number typed without its country code
        phone = f"+55{digits}"
    else:
        phone = f"+{digits}"
    if not _E164_RE.fullmatch(phone):
        raise _invalid("invalid_phone")
    return phone


def _bank_account(text: str) -> str:
    parts = [part.strip() for part in text.split("/")]
    if len(parts) != 3:
        raise _invalid("bank_agency_account")
    bank, agency, account = parts
    code = bank_code(bank)
    if code is None:
        raise _invalid("unknown_bank")
    agency_digits = re.sub(r"\D", "", agency.split("-")[0])
    account_chars = re.sub(r"[^0-9X]", "", account.upper())
    if not agency_digits or len(agency_digits) > 5 or not account_chars or len(account_chars) > 22:
        raise _invalid("bank_agency_account")
    return account_key(code, agency_digits, account_chars)


def bank_code(bank: str) -> str | None:
    """A bank by its COMPE code (3 digits) or ISPB (8 digits), as its COMPE code (else its ISPB)."""
    digits = re.sub(r"\D", "", bank)
    found = None
    if len(digits) == 8:
        found = banks.bank_by_ispb(digits)
    elif 0 < len(digits) <= 3:
        found = banks.bank_by_compe(digits.zfill(3))
    if found is None:
        return None
    return found.compe or found.ispb


def account_key(bank: str, agency: str, account: str) -> str:
    """bank/agency/account with no leading zeros in agency and account (0012 and 12 are one agency)."""
    return f"{bank}/{agency.lstrip('0') or '0'}/{account.lstrip('0') or '0'}"


def pix_key_parties(key: str, key_type: str) -> list[tuple[str, str]]:
    """What a PIX key (already in DICT form) names: the key itself, and the document, e-mail or phone
    it is made of (a key equal to a restricted CPF is that CPF)."""
    parties = [("pix_key", key)]
    if key_type in (PixKeyType.CPF, PixKeyType.CNPJ):
        parties.append(("document", key))
    elif key_type == PixKeyType.EMAIL:
        parties.append(("email", key.lower()))
    elif key_type == PixKeyType.PHONE:
        parties.append(("phone", key))
    return parties
