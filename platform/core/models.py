"""Core models: the worker's proof of life, written by a real dramatiq message."""

from __future__ import annotations

from django.db import models


class HealthProbe(models.Model):
    """One row per health/probe message processed by a worker, in the schema it was sent from."""

    token = models.CharField(max_length=64, unique=True)
    processed_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return self.token


class IdempotentRequest(models.Model):
    """The answer of a create call made with an `Idempotency-Key` (core.idempotency.idempotent), in the
    schema of the tenant it was made on: the same key with the same request answers it again; with
    another request, 409 idempotency_conflict. For the creates whose record has no key of its own (the
    older ones keep theirs on the record). The answer is sealed (core.crypto): some are shown once (an
    API key's token, a new client's one-time password)."""

    operation = models.CharField(max_length=80)  # e.g. "pix_keys.create"
    key = models.CharField(max_length=100)
    request_hash = models.CharField(max_length=64)  # sha256 of the operation, the caller and the input
    status_code = models.PositiveSmallIntegerField()
    response = models.JSONField()  # sealed
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=("operation", "key"), name="core_idempotent_request_key")
        ]

    def __str__(self) -> str:
        return f"{self.operation}:{self.key}"
