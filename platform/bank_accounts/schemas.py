"""API shapes of bank accounts and the bank list."""

from __future__ import annotations

from datetime import datetime
from typing import Literal

from ninja import Schema
from pydantic import Field

AccountTypeLiteral = Literal["checking", "savings", "payment"]
PixKeyTypeLiteral = Literal["cpf", "cnpj", "phone", "email", "evp", ""]


class BankOut(Schema):
    ispb: str
    compe: str | None
    name: str


class BankAccountIn(Schema):
    holder_name: str = Field(min_length=2, max_length=200)
    holder_document: str = Field(min_length=11, max_length=20, description="CPF or CNPJ")
    bank_ispb: str = Field(default="", max_length=8, description="ISPB (8 digits); or give bank_compe")
    bank_compe: str = Field(default="", max_length=3, description="COMPE code (3 digits)")
    agency: str = Field(max_length=5)
    agency_digit: str = Field(default="", max_length=1)
    account: str = Field(max_length=20)
    account_digit: str = Field(max_length=2)
    account_type: AccountTypeLiteral
    operation: str = Field(default="", max_length=3, description="Caixa's account operation (e.g. 013)")
    pix_key: str = Field(default="", max_length=77, description="Any PIX key type (CPF, CNPJ, phone, ...)")
    pix_key_type: PixKeyTypeLiteral = Field(default="", description="Optional: guessed from the key")


class BankAccountOut(Schema):
    id: str
    owner: Literal["company", "customer"]
    holder_name: str
    holder_document: str
    bank: BankOut
    agency: str
    agency_digit: str
    account: str
    account_digit: str
    account_type: str
    operation: str
    pix_key: str
    pix_key_type: str
    created_at: datetime
