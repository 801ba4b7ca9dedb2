"""The job that confirms a large import (rows beyond payout_imports.services.INLINE_ROWS)."""

from __future__ import annotations

import logging

import dramatiq

logger = logging.getLogger("cofre.payout_imports")


@dramatiq.actor(
    queue_name="default", max_retries=5, min_backoff=1000, max_backoff=60_000, time_limit=3_600_000
)
def confirm_import_job(import_pk: int) -> None:
    """Turn a confirming import's rows into payouts (in its tenant's schema). Idempotent: rows already
    done are skipped and each row's payout key makes a retry pay nothing twice."""
    from payout_imports import services

    outcome = services.run_confirm(import_pk)
    logger.info("payout import %s: %s", import_pk, outcome)
