"""Webhooks to merchants (tenant schema): the endpoints a client configures, the events its money
records produced, one delivery per (endpoint, event) and every attempt of it.

Events and deliveries are written by `webhooks.services.emit` in the transaction of the money change
(`payments.records.record_change`): a rolled-back change sends nothing, a committed one cannot lose
its event. The worker (`webhooks.tasks.deliver_endpoint`) sends each endpoint's deliveries in order.
"""

from __future__ import annotations

from django.contrib.postgres.fields import ArrayField
from django.db import models


class EndpointStatus(models.TextChoices):
    ACTIVE = "active", "Active"
    PAUSED = "paused", "Paused"  # by the client, or by itself after a run of failures


class WebhookEndpoint(models.Model):
    public_id = models.CharField(max_length=32, unique=True)  # "we_…": in the API and URLs
    # Idempotency-Key of the create call (core.idempotency): null when none was sent
    idempotency_key = models.CharField(max_length=100, null=True, blank=True, unique=True)
    request_hash = models.CharField(max_length=64, blank=True, default="")
    url = models.URLField(max_length=500)
    events = ArrayField(models.CharField(max_length=40))
    status = models.CharField(max_length=10, choices=EndpointStatus.choices, default=EndpointStatus.ACTIVE)
    paused_reason = models.CharField(max_length=20, blank=True)  # "manual" | "failures"
    # Sealed with core.crypto ({"$encrypted": token}); the previous secret signs too until it expires.
    secret = models.JSONField()
    previous_secret = models.JSONField(null=True, blank=True)
    previous_secret_expires_at = models.DateTimeField(null=True, blank=True)
    consecutive_failures = models.IntegerField(default=0)
    created_by_id = models.BigIntegerField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ("-created_at", "-id")

    def __str__(self) -> str:
        return f"{self.public_id} {self.url}"


class WebhookEvent(models.Model):
    public_id = models.CharField(max_length=32, unique=True)  # "evt_…": the id a merchant dedupes on
    type = models.CharField(max_length=40)
    object_id = models.CharField(max_length=40)  # the public id of the deposit, payout or refund
    data = models.JSONField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ("id",)

    def __str__(self) -> str:
        return f"{self.public_id} {self.type}"


class DeliveryStatus(models.TextChoices):
    PENDING = "pending", "Pending"  # waiting its turn, or a retry after a failure
    SUCCEEDED = "succeeded", "Succeeded"
    FAILED = "failed", "Failed"  # failed at least once and waits for its retry (or the endpoint's resume)


class WebhookDelivery(models.Model):
    public_id = models.CharField(max_length=32, unique=True)  # "wd_…"
    endpoint = models.ForeignKey(WebhookEndpoint, on_delete=models.CASCADE, related_name="deliveries")
    event = models.ForeignKey(WebhookEvent, on_delete=models.CASCADE, related_name="deliveries")
    status = models.CharField(max_length=10, choices=DeliveryStatus.choices, default=DeliveryStatus.PENDING)
    attempts = models.IntegerField(default=0)
    next_attempt_at = models.DateTimeField()
    last_status_code = models.IntegerField(null=True, blank=True)
    last_latency_ms = models.IntegerField(null=True, blank=True)
    last_error = models.CharField(max_length=200, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    delivered_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ("-id",)
        constraints = (models.UniqueConstraint(fields=("endpoint", "event"), name="webhook_delivery_once"),)
        indexes = (
            # the head of an endpoint's queue: its oldest delivery not yet succeeded
            models.Index(
                fields=("endpoint", "id"), name="webhook_delivery_open",
                condition=~models.Q(status="succeeded"),
            ),
        )  # fmt: skip

    def __str__(self) -> str:
        return f"{self.public_id} {self.status}"


class WebhookAttempt(models.Model):
    delivery = models.ForeignKey(WebhookDelivery, on_delete=models.CASCADE, related_name="attempt_rows")
    number = models.IntegerField()
    manual = models.BooleanField(default=False)  # a resend by hand
    status_code = models.IntegerField(null=True, blank=True)
    latency_ms = models.IntegerField()
    error = models.CharField(max_length=200, blank=True)
    request_headers = models.JSONField(default=dict)
    request_body = models.TextField()
    response_body = models.TextField(blank=True)  # cut at WEBHOOK_BODY_LIMIT
    succeeded = models.BooleanField(default=False)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ("-id",)

    def __str__(self) -> str:
        return f"attempt {self.number} of {self.delivery_id}"
