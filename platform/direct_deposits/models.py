"""The client's PIX keys (tenant schema). Each key is also in the platform's directory
(gateway.PixKeyDirectory, public schema), written in the same transaction: a key belongs to one client."""

from __future__ import annotations

from django.db import models

MAX_KEYS = 20  # DICT: at most 20 keys per company account


class KeyType(models.TextChoices):
    CPF = "cpf", "CPF"
    CNPJ = "cnpj", "CNPJ"
    EMAIL = "email", "E-mail"
    PHONE = "phone", "Phone"
    EVP = "evp", "Random key"


class PixKey(models.Model):
    public_id = models.CharField(max_length=32, unique=True)
    key = models.CharField(max_length=77, unique=True)  # DICT form
    key_type = models.CharField(max_length=5, choices=KeyType.choices)
    provider = models.CharField(max_length=40, blank=True)  # the bank it is registered at, if any
    created_by_id = models.BigIntegerField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ("created_at", "id")

    def __str__(self) -> str:
        return self.public_id
