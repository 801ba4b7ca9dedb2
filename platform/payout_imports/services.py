"""Payout imports: preview (read, validate, store the rows; nothing moves), confirm (each ok row
becomes a manual payout through payouts.services, the same check_/do_ path as a single payout), cancel,
and the scoped loader.

Idempotency: a row's payout carries the key `import:<import id>:<line>`, so a confirm retried (twice,
at once, or after a worker died mid-way) meets the payouts already made and never pays a row twice;
the same file (by its SHA-256) is imported once until that import is canceled.
"""

from __future__ import annotations

import hashlib
import logging
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from datetime import timedelta
from typing import Any

import orjson
from django.db import IntegrityError, connection, transaction
from django.db.models import Count, Q, QuerySet, Sum
from django.utils import timezone

from accounts.models import Membership
from audit.services import record as audit
from bank_accounts.services import BeneficiaryInput
from core.errors import AppError, NotFoundError
from core.ids import new_public_id
from core.jobs import enqueue_on_commit
from core.messages import MESSAGES, message
from files import sniff
from files.services import save_file
from payout_imports.models import ImportStatus, PayoutImport, PayoutImportRow, RowOutcome
from payout_imports.reader import Cell, Table, read_table
from payout_imports.validate import Row, validated_blocks, without_cyclic_gc
from payouts import services as payouts
from payouts.models import PayoutKind
from tenants.models import Tenant, TenantKind
from tenants.tenancy import current_schema, current_tenant

logger = logging.getLogger("cofre.payout_imports")

ROUTE = "clients/manual-withdraws"
INLINE_ROWS = 200  # confirm at most this many rows in the request; more run as a job with progress
STALE_CONFIRM = timedelta(minutes=2)  # a confirm with no progress for this long is resumed
PROGRESS_EVERY = 100
COPY_BLOCK = 5_000
ROW_COLUMNS = (
    "payout_import_id",
    "line",
    "ok",
    "errors",
    "data",
    "amount",
    "outcome",
    "reason",
    "payout_public_id",
)


# ------------------------------------------------------------------------------------ messages
def row_error_message(code: str, params: dict[str, Any]) -> str:
    key = f"import_row_{code}"
    return message(key, **params) if key in MESSAGES else message("import_row_invalid")


def reason_message(code: str) -> str:
    return message(code) if code in MESSAGES else message("import_not_submitted")


# -------------------------------------------------------------------------------------- scope
# Staff import on a client's behalf (employee/payout-requests, admin/payout-requests): they pass the
# client `for_client` (a tenant access.scoped let them see) and work inside its schema; the client's
# own users pass nothing and work in their own.
def _check_home(membership: Membership, for_client: Tenant | None = None) -> None:
    if for_client is not None:
        if (
            membership.tenant.kind != TenantKind.PLATFORM
            or for_client.kind != TenantKind.CLIENT
            or for_client.schema_name != current_schema()
        ):
            raise NotFoundError
        return
    if membership.tenant.kind != TenantKind.CLIENT or membership.tenant.schema_name != current_schema():
        raise NotFoundError


def _check_manual(membership: Membership, for_client: Tenant | None) -> None:
    """The client's users need the manual withdraws route; staff were checked on their own route."""
    if for_client is None:
        payouts.check_kind(membership, PayoutKind.MANUAL, write=True)


def _acting(membership: Membership, for_client: Tenant | None) -> dict[str, Any]:
    """What the audit entries say of who acted: staff acting for the client, by slug."""
    if for_client is None:
        return {}
    return {"acting_for": for_client.slug, "staff_role": membership.role}


def imports_of(membership: Membership, for_client: Tenant | None = None) -> QuerySet[PayoutImport]:
    _check_home(membership, for_client)
    return PayoutImport.objects.all()


@contextmanager
def access_import(
    membership: Membership, public_id: str, for_client: Tenant | None = None
) -> Iterator[PayoutImport]:
    """The one way to load an import on a user's behalf: their own tenant's (staff: the client's they
    act for); 404 otherwise."""
    found = imports_of(membership, for_client).filter(public_id=public_id).first()
    if found is None:
        raise NotFoundError
    yield found


# ------------------------------------------------------------------------------------- preview
def check_preview(
    membership: Membership, content: bytes, for_client: Tenant | None = None
) -> tuple[Table, list[tuple[int, list[Cell]]], str]:
    """Read an upload: its table, every data row (cells), its digest. Writes nothing; raises AppError
    (400) on a bad file, 409 `duplicate_import` when the same file was imported and not canceled. The
    rows are validated as do_preview stores them."""
    _check_home(membership, for_client)
    _check_manual(membership, for_client)
    digest = hashlib.sha256(content).hexdigest()
    _check_duplicate(digest)
    with without_cyclic_gc():
        table = read_table(content)
        items = list(table.rows)
    if not items:
        raise AppError("empty_file", status=400)
    return table, items, digest


def _check_duplicate(digest: str) -> None:
    earlier = PayoutImport.objects.filter(sha256=digest).exclude(status=ImportStatus.CANCELED).first()
    if earlier is not None:
        raise AppError("duplicate_import", status=409, import_id=earlier.public_id,
                       fields={"import_id": earlier.public_id})  # fmt: skip


def do_preview(
    membership: Membership,
    *,
    name: str,
    content: bytes,
    table: Table,
    items: list[tuple[int, list[Cell]]],
    digest: str,
    for_client: Tenant | None = None,
) -> tuple[PayoutImport, list[Row]]:
    """Validate the rows and store the file, the import and its rows in one transaction: each block of
    validated rows goes out by COPY while the next one is checked (the server takes it in meanwhile),
    and the import's totals are set once every row is in. Validation raises no AppError (a row's
    problems are its errors); anything else rolls everything back."""
    file_format = table.format
    rows: list[Row] = []
    try:
        with transaction.atomic():
            stored = save_file(
                category="payout_import", name=name or f"import.{file_format}", content=content,
                content_type=sniff.XLSX if file_format == "xlsx" else sniff.CSV, owner_id=membership.user_id,
            )  # fmt: skip
            payout_import = PayoutImport.objects.create(
                public_id=new_public_id("imp"), file=stored, file_name=stored.name, file_format=file_format,
                sha256=digest, created_by_id=membership.user_id,
            )  # fmt: skip
            _copy_rows(
                payout_import,
                _kept(validated_blocks(items, table.columns, table.row_errors, COPY_BLOCK), rows),
            )
            ok = [row for row in rows if row.ok]
            payout_import.total_rows, payout_import.ok_rows = len(rows), len(ok)
            payout_import.error_rows, payout_import.amount = (
                len(rows) - len(ok),
                sum(row.amount for row in ok),
            )
            payout_import.save(update_fields=["total_rows", "ok_rows", "error_rows", "amount", "updated_at"])
            audit("payout_import.previewed", actor=membership.user, target=payout_import,
                  data={"id": payout_import.public_id, "rows": len(rows), "ok": len(ok),
                        "amount": payout_import.amount, "sha256": digest,
                        **_acting(membership, for_client)})  # fmt: skip
    except IntegrityError:
        _check_duplicate(digest)  # the same file uploaded at the same time: the other one won
        raise
    return payout_import, rows


def _kept(blocks: Iterable[list[Row]], rows: list[Row]) -> Iterator[list[Row]]:
    for block in blocks:
        rows.extend(block)
        yield block


def _copy_rows(payout_import: PayoutImport, blocks: Iterable[list[Row]]) -> None:
    """COPY the rows in PostgreSQL's text format, written as blocks of lines in bytes (psycopg's
    write_row adapts each value of each row in turn). JSON from orjson has no raw tab or newline; its
    backslashes are doubled for COPY."""
    table = PayoutImportRow._meta.db_table
    pk = payout_import.pk
    dumps = orjson.dumps

    def field(value: Any) -> bytes:
        return dumps(value).replace(b"\\", b"\\\\")

    with (
        connection.cursor() as cursor,
        cursor.cursor.copy(
            f"COPY {table} ({', '.join(ROW_COLUMNS)}) FROM STDIN"  # our own table and columns
        ) as copy,
    ):
        for block in blocks:
            for start in range(0, len(block), COPY_BLOCK):
                copy.write(
                    b"".join(
                        b"%d\t%d\t%s\t%s\t%s\t%d\t\t\t\n"
                        % (
                            pk,
                            row.line,
                            b"t" if row.ok else b"f",
                            field(row.errors) if row.errors else b"[]",
                            field(row.data),
                            row.amount,
                        )
                        for row in block[start : start + COPY_BLOCK]
                    )
                )


def preview_import(
    membership: Membership, *, name: str, content: bytes, for_client: Tenant | None = None
) -> tuple[PayoutImport, list[Row]]:
    table, items, digest = check_preview(membership, content, for_client)
    return do_preview(
        membership, name=name, content=content, table=table, items=items, digest=digest,
        for_client=for_client,
    )  # fmt: skip


# ------------------------------------------------------------------------------------- confirm
def confirm_import(
    membership: Membership, payout_import: PayoutImport, for_client: Tenant | None = None
) -> PayoutImport:
    """Confirm a preview: its ok rows become payouts (at once up to INLINE_ROWS rows, else in a job).
    Confirming again (or at once) answers the import as it is; a confirm left without progress
    (a worker that died) is resumed, and the row keys make the resumed run pay nothing twice."""
    _check_manual(membership, for_client)
    from payout_imports.tasks import confirm_import_job

    with transaction.atomic():
        locked = PayoutImport.objects.select_for_update().get(pk=payout_import.pk)
        if locked.status == ImportStatus.CANCELED:
            raise AppError("import_canceled", status=409)
        if locked.status == ImportStatus.CONFIRMED:
            return locked
        if locked.status == ImportStatus.CONFIRMING and locked.updated_at > timezone.now() - STALE_CONFIRM:
            return locked
        resumed = locked.status == ImportStatus.CONFIRMING
        if not resumed:
            locked.status = ImportStatus.CONFIRMING
            locked.confirmed_by_membership_id = membership.pk
            locked.confirmed_at = timezone.now()
        locked.save(update_fields=["status", "confirmed_by_membership_id", "confirmed_at", "updated_at"])
        audit(
            "payout_import.resumed" if resumed else "payout_import.confirm_requested",
            actor=membership.user,
            target=locked,
            data={"id": locked.public_id, "rows": locked.ok_rows, "amount": locked.amount,
                  **_acting(membership, for_client)},
        )  # fmt: skip
        inline = locked.total_rows <= INLINE_ROWS
        if not inline:
            enqueue_on_commit(confirm_import_job, locked.pk)
    if inline:
        run_confirm(locked.pk)
    return PayoutImport.objects.get(pk=locked.pk)


def run_confirm(import_pk: int) -> str:
    """Turn the rows of a confirming import into payouts (the job's body, or inline). Idempotent."""
    payout_import = PayoutImport.objects.filter(pk=import_pk).first()
    if payout_import is None or payout_import.status != ImportStatus.CONFIRMING:
        return "skipped"
    membership = Membership.objects.select_related("tenant", "user").get(
        pk=payout_import.confirmed_by_membership_id or 0
    )
    PayoutImportRow.objects.filter(payout_import=payout_import, ok=False, outcome="").update(
        outcome=RowOutcome.NOT_SUBMITTED, reason="import_row_invalid"
    )
    pending = PayoutImportRow.objects.filter(payout_import=payout_import, ok=True, outcome="").order_by(
        "line"
    )
    for done, row in enumerate(pending.iterator(chunk_size=500), start=1):
        _confirm_row(membership, payout_import, row)
        if done % PROGRESS_EVERY == 0:
            _progress(payout_import)
    _finish(membership, payout_import)
    return "confirmed"


def _payout_input(row: PayoutImportRow, payout_import: PayoutImport) -> payouts.PayoutInput:
    d = row.data
    beneficiary = BeneficiaryInput(
        holder_name=d["name"], holder_document=d["document"], bank_ispb=d.get("bank_ispb", ""),
        bank_compe=d.get("bank_compe", ""), agency=d.get("agency", ""),
        agency_digit=d.get("agency_digit", ""),
        account=d.get("account", ""), account_digit=d.get("account_digit", ""),
        account_type=d.get("account_type", ""), pix_key=d.get("pix_key", ""),
        pix_key_type=d.get("pix_key_type", ""),
    )  # fmt: skip
    return payouts.PayoutInput(
        amount=row.amount, currency=payout_import.currency, method=d["method"], kind=PayoutKind.MANUAL,
        beneficiary=beneficiary, description=f"{payout_import.public_id} #{row.line}",
    )  # fmt: skip


def row_key(payout_import: PayoutImport, line: int) -> str:
    return f"import:{payout_import.public_id}:{line}"


def _confirm_row(membership: Membership, payout_import: PayoutImport, row: PayoutImportRow) -> None:
    # staff confirming for a client create its payouts as staff do (the client's tenant passed)
    for_client = current_tenant() if membership.tenant.kind == TenantKind.PLATFORM else None
    try:
        with transaction.atomic():
            payout, _created = payouts.create_payout(
                membership,
                _payout_input(row, payout_import),
                idempotency_key=row_key(payout_import, row.line),
                tenant=for_client,
            )
            PayoutImportRow.objects.filter(pk=row.pk, outcome="").update(
                outcome=RowOutcome.CONFIRMED, payout_public_id=payout.public_id, reason=""
            )
    except AppError as exc:
        PayoutImportRow.objects.filter(pk=row.pk, outcome="").update(
            outcome=RowOutcome.NOT_SUBMITTED, reason=exc.code[:60]
        )


def _progress(payout_import: PayoutImport) -> None:
    done = PayoutImportRow.objects.filter(payout_import=payout_import).exclude(outcome="").count()
    PayoutImport.objects.filter(pk=payout_import.pk).update(processed_rows=done, updated_at=timezone.now())


def _finish(membership: Membership, payout_import: PayoutImport) -> None:
    with transaction.atomic():
        locked = PayoutImport.objects.select_for_update().get(pk=payout_import.pk)
        if locked.status != ImportStatus.CONFIRMING:
            return
        figures = PayoutImportRow.objects.filter(payout_import=locked).aggregate(
            submitted=Count("pk", filter=Q(outcome=RowOutcome.CONFIRMED)),
            not_submitted=Count("pk", filter=Q(outcome=RowOutcome.NOT_SUBMITTED)),
            amount=Sum("amount", filter=Q(outcome=RowOutcome.CONFIRMED)),
        )
        locked.submitted_rows = figures["submitted"]
        locked.not_submitted_rows = figures["not_submitted"]
        locked.submitted_amount = figures["amount"] or 0
        locked.processed_rows = locked.total_rows
        locked.status = ImportStatus.CONFIRMED
        locked.finished_at = timezone.now()
        locked.save()
        figures = {
            "id": locked.public_id,
            "submitted": locked.submitted_rows,
            "not_submitted": locked.not_submitted_rows,
            "amount": locked.submitted_amount,
        }
        if membership.tenant.kind == TenantKind.PLATFORM:  # staff acting for the client
            figures.update(acting_for=current_tenant().slug, staff_role=membership.role)
        audit("payout_import.confirmed", actor=membership.user, target=locked, data=figures)


# -------------------------------------------------------------------------------------- cancel
def cancel_import(
    membership: Membership, payout_import: PayoutImport, for_client: Tenant | None = None
) -> PayoutImport:
    """Drop a preview: its rows are deleted, the import stays (canceled) in the list and the trail."""
    _check_manual(membership, for_client)
    with transaction.atomic():
        locked = PayoutImport.objects.select_for_update().get(pk=payout_import.pk)
        if locked.status == ImportStatus.CANCELED:
            return locked
        if locked.status != ImportStatus.PREVIEW:
            raise AppError("import_not_cancelable", status=409)
        locked.rows.all().delete()
        locked.status = ImportStatus.CANCELED
        locked.finished_at = timezone.now()
        locked.save(update_fields=["status", "finished_at", "updated_at"])
        audit("payout_import.canceled", actor=membership.user, target=locked,
              data={"id": locked.public_id, **_acting(membership, for_client)})  # fmt: skip
    return locked


def failed(qs: QuerySet[PayoutImport]) -> QuerySet[PayoutImport]:
    """The "failed imports" tab: some row had an error or was not submitted."""
    return qs.filter(Q(error_rows__gt=0) | Q(not_submitted_rows__gt=0))
