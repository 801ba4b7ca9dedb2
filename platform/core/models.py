"""Core models: the worker's proof of life, written by a real dramatiq message."""

from __future__ import annotations

from django.db import models


class HealthProbe(models.Model):
    """One row per health/probe message processed by a worker, in the schema it was sent from."""

    token = models.CharField(max_length=64, unique=True)
    processed_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return self.token
