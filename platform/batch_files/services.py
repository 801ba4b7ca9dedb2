"""Money out by file: CNAB 240 remittances of approved payouts for a provider bank, and the bank's
returns confirming or rejecting each payout, reconciled by our 20-character reference.

Generating (`generate_remittance`) takes the provider's lock (a transaction advisory lock: one
generation per provider at a time), then, client by client, locks the approved payouts of that
provider that are in no file yet (FOR UPDATE: a payout being canceled or submitted meanwhile is seen in
its new status), asks the provider's plugin for the file (`BankProvider.build_remittance`, plugin API
1.2), stores it in the platform's schema (files app) and moves each payout to `pending` ("sent":
accepted for payment) through `payouts.services.transition_payout`, all in one transaction. A payout
is in one file at most (`BatchItem` unique on tenant + payout, besides the lock); calling again sends
only what is new (`no_payouts_to_send` when nothing is).

Reading a return (`read_return`) asks the plugin to parse it (`BankProvider.read_return`; a bad file
is refused whole, nothing applied), then applies each line through `payouts.services.apply_payout_state`,
the function the bank's webhooks go through: "confirmed" confirms (ledger: held -> provider clearing
and fee revenue), "failed" cancels (the hold is released), "processing" keeps it pending. Items are
locked in reference order; an unknown reference, a reference twice in the file, or an amount that is
not the item's are reported per line and change nothing; the same file read again (or at the same
time) finds every payout already moved and moves no money twice.

Simulating a return (`simulate_return`, plugin API 1.3) is for a test bank only (the sandbox; never in
production: `BankProvider.simulates_returns`): the provider answers one of its remittances as the
chosen outcome says (`BankProvider.simulate_return`) and the file is read like any return, so a demo
completes the file cycle; simulating again gives the same file, read as a duplicate (no money twice).
"""

from __future__ import annotations

import hashlib
import secrets
import zlib
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from django.db import connection, transaction
from django.db.models import Max, QuerySet
from django.utils import timezone
from django_tenants.utils import schema_context

from access.scoped import access_tenant_by_slug, visible_tenants
from accounts.models import Membership
from audit.services import record as audit
from batch_files.models import BatchFile, BatchItem, BatchKind, ItemStatus, LineOutcome, ReturnLine
from brazil.business_days import next_business_day
from core.errors import AppError, NotFoundError
from core.ids import new_public_id
from files.services import open_file, save_file
from gateway import services as gateway
from gateway.models import PluginKind
from gateway.registry import get_registry
from payouts import services as payouts
from payouts.models import Payout, PayoutStatus
from plugin_api import (
    BankProvider,
    PayoutState,
    PluginError,
    Remittance,
    RemittanceItem,
    ReturnItem,
    SimulatedReturn,
)
from tenants.models import Tenant, TenantKind

ROUTE = "admin/batch-files"
MAX_RETURN_BYTES = 10 * 1024 * 1024
MAX_ITEMS = 5_000  # payouts in one remittance (more wait for the next file)
SOURCE = "batch_file"
_OUTCOMES = {
    PayoutState.CONFIRMED: LineOutcome.CONFIRMED,
    PayoutState.FAILED: LineOutcome.REJECTED,
    PayoutState.PROCESSING: LineOutcome.PROCESSING,
}
_ITEM_STATUS = {
    PayoutState.CONFIRMED: ItemStatus.CONFIRMED,
    PayoutState.FAILED: ItemStatus.REJECTED,
    PayoutState.PROCESSING: ItemStatus.PROCESSING,
}


# -------------------------------------------------------------------------------------- scope
def _check_staff(membership: Membership) -> None:
    if membership.tenant.kind != TenantKind.PLATFORM:
        raise NotFoundError


def batches_of(membership: Membership) -> QuerySet[BatchFile]:
    """The files a staff member may see: every file (the platform's own account at the bank)."""
    _check_staff(membership)
    return BatchFile.objects.select_related("client")


@contextmanager
def access_batch(membership: Membership, public_id: str) -> Iterator[BatchFile]:
    """The one way to load a batch file on a user's behalf; 404 otherwise."""
    found = batches_of(membership).filter(public_id=public_id).first()
    if found is None:
        raise NotFoundError
    yield found


def client_in_scope(membership: Membership, slug: str) -> Tenant:
    tenant = access_tenant_by_slug(membership, slug)
    if tenant.kind != TenantKind.CLIENT:
        raise NotFoundError
    return tenant


def batch_provider(code: str) -> tuple[BankProvider, dict[str, object]]:
    """The provider `code` with its platform configuration; 400 when it cannot pay by file."""
    try:
        provider = get_registry().provider(code)
    except PluginError as exc:
        raise AppError("unknown_provider", status=400, fields={"provider": "unknown_provider"}) from exc
    if not provider.batch_payouts:
        raise AppError(
            "batch_files_not_supported", status=400, fields={"provider": "batch_files_not_supported"}
        )
    return provider, gateway.effective_config(PluginKind.PROVIDER, code, None)


def _plugin_error(exc: PluginError) -> AppError:
    return AppError(exc.code, status=400, fields={exc.field or "file": exc.code}, **exc.params)


# --------------------------------------------------------------------------------- remittance
@dataclass
class _Chosen:
    tenant: Tenant
    payout: Payout
    reference: str


def _new_reference() -> str:
    return f"CF{secrets.token_hex(9).upper()}"  # 20 characters, CNAB "seu número"


def _lock_provider(code: str) -> None:
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT pg_advisory_xact_lock(%s, %s)", [0x62617463, zlib.crc32(code.encode()) & 0x7FFFFFFF]
        )


def _choose(code: str, tenants: list[Tenant]) -> list[_Chosen]:
    chosen: list[_Chosen] = []
    for tenant in tenants:
        with schema_context(tenant.schema_name):
            approved = list(
                Payout.objects.select_for_update(of=("self",))
                .filter(status=PayoutStatus.APPROVED, provider=code, currency="BRL")
                .order_by("approved_at", "id")[: MAX_ITEMS - len(chosen)]
            )
        # Approved payouts are in no file (a file sends them on to pending); the unique item is the net.
        sent = set(
            BatchItem.objects.filter(
                tenant=tenant, payout_public_id__in=[p.public_id for p in approved]
            ).values_list("payout_public_id", flat=True)
        )
        chosen += [_Chosen(tenant, p, _new_reference()) for p in approved if p.public_id not in sent]
        if len(chosen) >= MAX_ITEMS:
            break
    return chosen


def generate_remittance(
    membership: Membership, provider_code: str, client: Tenant | None = None
) -> BatchFile:
    """Write the remittance of `provider_code`'s approved payouts (of `client`, else of every client)
    and mark them sent, in one transaction. 409 `no_payouts_to_send` when there is nothing new."""
    _check_staff(membership)
    provider, config = batch_provider(provider_code)
    tenants = (
        [client]
        if client is not None
        else list(visible_tenants(membership).filter(kind=TenantKind.CLIENT).order_by("pk"))
    )
    with transaction.atomic():
        _lock_provider(provider_code)
        chosen = _choose(provider_code, tenants)
        if not chosen:
            raise AppError("no_payouts_to_send", status=409)
        last = BatchFile.objects.filter(kind=BatchKind.REMITTANCE, provider=provider_code).aggregate(
            n=Max("sequence")
        )
        sequence = (last["n"] or 0) + 1
        now = timezone.now()
        remittance = Remittance(
            reference=new_public_id("bat"),
            sequence=sequence,
            created_at=timezone.localtime(now),
            pay_on=next_business_day(timezone.localdate(now)),
            items=tuple(RemittanceItem(c.reference, payouts.payout_request(c.payout)) for c in chosen),
        )
        try:
            written = provider.build_remittance(remittance, config)
        except PluginError as exc:
            raise _plugin_error(exc) from exc
        lines = _segment_a_lines(written.content)
        with schema_context("public"):
            stored = save_file(
                category="batch_remittance",
                name=written.name,
                content=written.content,
                content_type=written.content_type,
                owner_id=membership.user_id,
            )
        batch = BatchFile.objects.create(
            public_id=remittance.reference,
            kind=BatchKind.REMITTANCE,
            provider=provider_code,
            client=client,
            sequence=sequence,
            file=stored,
            file_name=stored.name,
            sha256=stored.sha256,
            lines=len(chosen),
            amount=sum(c.payout.amount for c in chosen),
            created_by_id=membership.user_id,
        )
        BatchItem.objects.bulk_create(
            BatchItem(
                batch=batch,
                reference=c.reference,
                tenant=c.tenant,
                payout_public_id=c.payout.public_id,
                line=lines.get(c.reference, 0),
                amount=c.payout.amount,
                method=c.payout.method,
                beneficiary_name=c.payout.beneficiary_name,
                bank=c.payout.bank_name or c.payout.bank_compe or c.payout.pix_key[:200],
            )
            for c in chosen
        )
        for c in chosen:
            with schema_context(c.tenant.schema_name):
                payouts.transition_payout(
                    c.payout,
                    PayoutStatus.PENDING,
                    source=SOURCE,
                    actor=membership.user,
                    note=f"{batch.public_id} {c.reference}",
                )
        audit(
            "batch_file.remittance_generated",
            actor=membership.user,
            target=batch,
            data={
                "id": batch.public_id,
                "provider": provider_code,
                "client": client.slug if client else "",
                "lines": batch.lines,
                "amount": batch.amount,
                "sha256": batch.sha256,
            },
        )
    return batch


def _segment_a_lines(content: bytes) -> dict[str, int]:
    """Our reference -> the line of its segment A (CNAB 240: positions 74-93 of a record "3...A")."""
    found: dict[str, int] = {}
    for number, raw in enumerate(content.decode("latin-1").splitlines(), start=1):
        if len(raw) >= 93 and raw[7] == "3" and raw[13] == "A":
            found[raw[73:93].strip()] = number
    return found


# ------------------------------------------------------------------------------------- return
@dataclass
class LineResult:
    line: int
    reference: str
    outcome: str
    occurrences: tuple[str, ...]
    amount: int
    item: BatchItem | None = None


def read_return(membership: Membership, provider_code: str, *, name: str, content: bytes) -> BatchFile:
    """Apply a return file of `provider_code`: each line confirms, rejects or keeps its payout pending."""
    _check_staff(membership)
    provider, config = batch_provider(provider_code)
    if not content:
        raise AppError("empty_file", status=400, fields={"file": "required"})
    if len(content) > MAX_RETURN_BYTES:
        raise AppError("file_too_large", status=400, megabytes=MAX_RETURN_BYTES // (1024 * 1024))
    try:
        answered = provider.read_return(content, config)
    except PluginError as exc:
        raise _plugin_error(exc) from exc
    digest = hashlib.sha256(content).hexdigest()
    earlier = (
        BatchFile.objects.filter(kind=BatchKind.RETURN, provider=provider_code, sha256=digest)
        .order_by("created_at")
        .first()
    )
    with transaction.atomic():
        with schema_context("public"):
            stored = save_file(
                category="batch_return",
                name=name or "return.ret",
                content=content,
                content_type="text/plain; charset=us-ascii",
                owner_id=membership.user_id,
            )
        batch = BatchFile.objects.create(
            public_id=new_public_id("ret"),
            kind=BatchKind.RETURN,
            provider=provider_code,
            file=stored,
            file_name=stored.name,
            sha256=digest,
            lines=len(answered),
            amount=sum(a.amount for a in answered),
            created_by_id=membership.user_id,
            duplicate_of=earlier.public_id if earlier else "",
        )
        results = _apply(batch, provider_code, answered)
        ReturnLine.objects.bulk_create(
            ReturnLine(
                return_file=batch,
                line=r.line,
                reference=r.reference[:20],
                item=r.item,
                outcome=r.outcome,
                occurrences="".join(r.occurrences)[:10],
                amount=r.amount,
            )
            for r in results
        )
        summary: dict[str, int] = {}
        for r in results:
            summary[r.outcome] = summary.get(r.outcome, 0) + 1
        batch.summary = summary
        batch.save(update_fields=["summary"])
        audit(
            "batch_file.return_read",
            actor=membership.user,
            target=batch,
            data={
                "id": batch.public_id,
                "provider": provider_code,
                "lines": batch.lines,
                "summary": summary,
                "sha256": digest,
                "duplicate_of": batch.duplicate_of,
            },
        )
    return batch


def simulates_returns(code: str) -> bool:
    """Whether the provider `code` (a bank that pays by file) can simulate the return of a remittance."""
    provider = get_registry().providers.get(code)
    if provider is None or not provider.batch_payouts:
        return False
    return provider.simulates_returns(gateway.effective_config(PluginKind.PROVIDER, code, None))


def simulate_return(membership: Membership, remittance_id: str, outcome: str) -> BatchFile:
    """Ask a test bank for its return of the remittance `remittance_id`, answered as `outcome`
    (SimulatedReturn), and read it as a return (`read_return`). 400 when the file is not a remittance
    or the bank cannot simulate (a real bank, the production profile)."""
    _check_staff(membership)
    try:
        chosen = SimulatedReturn(outcome)
    except ValueError as exc:
        raise AppError("invalid_input", fields={"outcome": "invalid_choice"}) from exc
    with access_batch(membership, remittance_id) as remittance:
        if remittance.kind != BatchKind.REMITTANCE:
            raise AppError("not_a_remittance", status=400)
        provider, config = batch_provider(remittance.provider)
        if not provider.simulates_returns(config):
            raise AppError("return_simulation_not_supported", status=400)
        with schema_context("public"), open_file(remittance.file) as handle:
            content = handle.read()
        try:
            written = provider.simulate_return(content, chosen, config)
        except PluginError as exc:
            raise _plugin_error(exc) from exc
        with transaction.atomic():
            batch = read_return(membership, remittance.provider, name=written.name, content=written.content)
            audit(
                "batch_file.return_simulated",
                actor=membership.user,
                target=batch,
                data={"id": batch.public_id, "remittance": remittance.public_id, "outcome": chosen.value},
            )
    return batch


def _apply(batch: BatchFile, provider_code: str, answered: list[ReturnItem]) -> list[LineResult]:
    results: dict[int, LineResult] = {}
    first: dict[str, ReturnItem] = {}
    for item in answered:
        if item.reference in first:
            results[item.line] = LineResult(
                item.line, item.reference, LineOutcome.DUPLICATE, item.occurrences, item.amount
            )
        else:
            first[item.reference] = item
    # Lock the items in reference order (two returns read at once never wait on each other in a cycle).
    for reference in sorted(first):
        answer = first[reference]
        results[answer.line] = _apply_line(batch, provider_code, answer)
    return [results[line] for line in sorted(results)]


def _apply_line(batch: BatchFile, provider_code: str, answer: ReturnItem) -> LineResult:
    result = LineResult(
        answer.line, answer.reference, LineOutcome.UNKNOWN_REFERENCE, answer.occurrences, answer.amount
    )
    item = (
        BatchItem.objects.select_for_update(of=("self",))
        .select_related("tenant")
        .filter(reference=answer.reference, batch__provider=provider_code)
        .first()
    )
    if item is None:
        return result
    result.item = item
    if item.amount != answer.amount:
        result.outcome = LineOutcome.AMOUNT_MISMATCH
        return result
    with schema_context(item.tenant.schema_name):
        payout = Payout.objects.filter(public_id=item.payout_public_id).first()
        if payout is None:  # pragma: no cover - a payout is never deleted
            result.outcome = LineOutcome.UNKNOWN_REFERENCE
            return result
        applied = payouts.apply_payout_state(
            payout,
            answer.state,
            source=SOURCE,
            provider_reference=answer.provider_reference,
            event_id=f"{batch.public_id}:{answer.line}",
            note=answer.reason or " ".join(answer.occurrences),
        )
    if applied == "applied":
        result.outcome = _OUTCOMES[answer.state]
    elif applied == "ignored_same_state":
        processing = answer.state == PayoutState.PROCESSING
        result.outcome = LineOutcome.PROCESSING if processing else LineOutcome.ALREADY_APPLIED
    else:
        result.outcome = LineOutcome.STALE
    if applied == "applied":
        item.status = _ITEM_STATUS[answer.state]
        item.occurrences = "".join(answer.occurrences)[:10]
        item.save(update_fields=["status", "occurrences", "updated_at"])
    return result
