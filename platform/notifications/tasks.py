"""Notification jobs: deliver one rendered e-mail (notifications.mail)."""

from __future__ import annotations

import logging

import dramatiq
from django.conf import settings
from django.core.mail import EmailMultiAlternatives

logger = logging.getLogger("cofre.mail")


@dramatiq.actor(
    queue_name="default", max_retries=8, min_backoff=5_000, max_backoff=600_000, time_limit=120_000
)
def deliver_mail(to: list[str], subject: str, text: str, html: str) -> None:
    """Send one message through the configured backend; an SMTP error raises and dramatiq retries."""
    message = EmailMultiAlternatives(subject, text, settings.DEFAULT_FROM_EMAIL, to)
    message.attach_alternative(html, "text/html")
    message.send(fail_silently=False)
    logger.info("mail sent to %d recipient(s): %s", len(to), subject)
