"""`Idempotency-Key` on every create call (payouts have their own, required, variant).

Two ways, one rule (the same key with the same request answers the first result; with another request,
409 `idempotency_conflict`, translated; the header is optional: without it every call creates):

- a record that keeps its key (deposits, refunds, bank accounts, webhook endpoints, exports, wallet
  deposits): the model carries `idempotency_key` (unique, null when none was sent) and `request_hash`
  (sha256 of what was asked and who asked), and `create_once` answers the record made first (200);
- every other create (PIX keys, partner clients, customer notes, KYC documents, restrictions, API
  keys, adjustments, members, notices, tenants, alert notes, payout imports): the view is wrapped in
  `idempotent(operation)`, which runs it and stores its answer (status and body, sealed) in
  core.models.IdempotentRequest in the same transaction, keyed by (operation, key) in the tenant's
  schema; a repeat answers that stored answer (same status, same body) without running the view again.
  Two requests with one key at once: the second's insert fails on the unique key, its own writes roll
  back with it, and it answers the first's.
"""

from __future__ import annotations

import hashlib
import inspect
import json
import re
from collections.abc import Callable
from datetime import datetime, timedelta
from functools import wraps
from typing import Any, Protocol, TypeVar

from django.conf import settings
from django.core.files.uploadedfile import UploadedFile
from django.db import IntegrityError, models, transaction
from django.http import HttpRequest, HttpResponse
from django.utils import timezone
from ninja.responses import NinjaJSONEncoder, Status
from pydantic import BaseModel

from core.crypto import seal, unseal
from core.errors import AppError

KEY_RE = re.compile(r"[\x21-\x7e]{1,100}")  # printable ASCII, no spaces (as payouts')


class _Idempotent(Protocol):
    request_hash: str


M = TypeVar("M", bound=models.Model)


def optional_key(key: str | None) -> str | None:
    """The key sent (stripped), None when none was; a malformed one is a field error."""
    key = (key or "").strip()
    if not key:
        return None
    if not KEY_RE.fullmatch(key):
        raise AppError("invalid_input", fields={"Idempotency-Key": "invalid_format"})
    return key


def fingerprint(content: dict[str, Any]) -> str:
    """SHA-256 of what the request asks for (and who asks): a reused key must carry the same."""
    return hashlib.sha256(json.dumps(content, sort_keys=True, default=str).encode()).hexdigest()


def replay(queryset: models.QuerySet[M], key: str | None, request_hash: str) -> M | None:
    """The record already made with `key` (None when new); another request with it is a 409."""
    if key is None:
        return None
    existing = queryset.filter(idempotency_key=key).first()
    if existing is not None and getattr(existing, "request_hash", None) != request_hash:
        raise AppError("idempotency_conflict", status=409)
    return existing


def create_once(
    queryset: models.QuerySet[M],
    key: str | None,
    content: dict[str, Any],
    create: Callable[[str | None, str], M],
) -> tuple[M, bool]:
    """`create(key, request_hash)` unless `key` was seen: (record, created). The same key with the same
    `content` answers the first record, also when both arrive at once (the unique key makes the second
    insert fail, and the first answers); with other content, 409 `idempotency_conflict`. `content` is
    what is asked and by whom. `create` writes in its own transaction."""
    key = optional_key(key)
    request_hash = fingerprint(content) if key else ""
    existing = replay(queryset, key, request_hash)
    if existing is not None:
        return existing, False
    try:
        return create(key, request_hash), True
    except IntegrityError:
        winner = replay(queryset, key, request_hash)
        if winner is None:
            raise
        return winner, False


# ---------------------------------------------------------------------------- creates without a key
F = TypeVar("F", bound=Callable[..., Any])
HEADER_PARAM = "idempotency_key"


def _canonical(value: Any) -> Any:
    """A request's input as plain JSON for the fingerprint (an uploaded file by its content's hash)."""
    if isinstance(value, BaseModel):
        return value.model_dump(mode="json")
    if isinstance(value, UploadedFile):
        digest = hashlib.sha256()
        for chunk in value.chunks():
            digest.update(chunk)
        value.seek(0)
        return {"file": value.name, "size": value.size, "sha256": digest.hexdigest()}
    if isinstance(value, dict):
        return {str(k): _canonical(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_canonical(v) for v in value]
    return value


def _caller(request: HttpRequest) -> Any:
    membership = getattr(request, "membership", None)
    return getattr(membership, "user_id", None)


def _answer(result: Any) -> tuple[int, Any]:
    if isinstance(result, Status):
        return result.status_code, result.value
    return 200, result


def idempotent(operation: str) -> Callable[[F], F]:
    """Honour an optional `Idempotency-Key` header on a create view (see the module's docstring). Put it
    right above the view (under the route guards: a replay is answered only to who may call it)."""
    from core.api_types import IdempotencyKey
    from core.models import IdempotentRequest

    def decorate(view: F) -> F:
        signature = inspect.signature(view)
        takes_key = HEADER_PARAM in signature.parameters

        def stored(key: str, request_hash: str) -> Status[Any] | None:
            found = IdempotentRequest.objects.filter(operation=operation, key=key).first()
            if found is None:
                return None
            if found.request_hash != request_hash:
                raise AppError("idempotency_conflict", status=409)
            return Status(found.status_code, unseal(found.response))

        @wraps(view)
        def wrapper(request: HttpRequest, *args: Any, **kwargs: Any) -> Any:
            sent = kwargs.get(HEADER_PARAM) if takes_key else kwargs.pop(HEADER_PARAM, None)
            key = optional_key(sent)
            if key is None:
                return view(request, *args, **kwargs)
            # the input the view reads (ninja's temporal response object, for headers, is not input)
            given = {k: v for k, v in kwargs.items() if k != HEADER_PARAM and not isinstance(v, HttpResponse)}
            request_hash = fingerprint(
                {"operation": operation, "caller": _caller(request), "args": _canonical(list(args)),
                 "input": _canonical(given)}
            )  # fmt: skip
            replayed = stored(key, request_hash)
            if replayed is not None:
                return replayed
            try:
                with transaction.atomic():
                    status, value = _answer(view(request, *args, **kwargs))
                    body = json.loads(json.dumps(value, cls=NinjaJSONEncoder))
                    IdempotentRequest.objects.create(
                        operation=operation, key=key, request_hash=request_hash, status_code=status,
                        response=seal(body),
                    )  # fmt: skip
            except IntegrityError:
                winner = stored(key, request_hash)  # the same key committed first by another request
                if winner is None:
                    raise
                return winner
            return Status(status, body)

        if not takes_key:
            header = inspect.Parameter(
                HEADER_PARAM, inspect.Parameter.KEYWORD_ONLY, default=None, annotation=IdempotencyKey
            )
            wrapper.__signature__ = signature.replace(  # type: ignore[attr-defined]
                parameters=[*signature.parameters.values(), header]
            )
        wrapper.cofre_idempotent = operation  # type: ignore[attr-defined]
        return wrapper  # type: ignore[return-value]

    return decorate


# ------------------------------------------------------------------------------------ expiry
def purge_expired(now: datetime | None = None) -> int:
    """Delete the stored answers (core.models.IdempotentRequest) of the current schema older than
    settings.IDEMPOTENCY_KEEP_SECONDS (a day, as integrators expect of a key): after that the same key
    makes a new record. Run by the periodic job `idempotency` (core.tasks.idempotency_jobs) in every
    tenant and in public (staff's creates). Answers can hold what is shown once (a new API key's token),
    so they are kept no longer than a retry needs."""
    from core.models import IdempotentRequest

    cutoff = (now or timezone.now()) - timedelta(seconds=settings.IDEMPOTENCY_KEEP_SECONDS)
    deleted, _ = IdempotentRequest.objects.filter(created_at__lt=cutoff).delete()
    return deleted
