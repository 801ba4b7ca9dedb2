"""Job messages that are not in Redis yet: written in the transaction that makes them, or when Redis
refused them; a relay moves them to Redis (outbox.relay)."""

from __future__ import annotations

from django.db import models


class OutboxMessage(models.Model):
    # The broker's Redis namespace the message belongs to: a relay only moves its own namespace's
    # messages (a test run's private workers never take another run's or `make run`'s).
    namespace = models.CharField(max_length=100)
    actor_name = models.CharField(max_length=100)
    message = models.TextField()  # JSON: the actor's args, kwargs and send options (the tenant schema)
    # When it becomes due (a delayed message keeps its delay: the relay sends what is left of it).
    eta = models.DateTimeField()
    # A relay leaves a message alone until then: the transaction's own commit hook sends it first.
    relay_after = models.DateTimeField()
    attempts = models.PositiveIntegerField(default=0)
    last_error = models.CharField(max_length=200, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        indexes = [models.Index(fields=["namespace", "relay_after"], name="outbox_due")]

    def __str__(self) -> str:
        return f"{self.actor_name} #{self.pk}"
