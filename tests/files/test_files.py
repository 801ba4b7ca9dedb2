"""Stored files: bytes and row in the tenant's own schema, served safely, expired, swept, sniffed."""

from __future__ import annotations

import io
import os
import time
import zipfile
from datetime import timedelta

import pytest
from django.utils import timezone
from django_tenants.utils import schema_context

from files import services
from files.models import StoredFile
from files.sniff import CSV, JPEG, PDF, PNG, WEBP, XLSX, sniff

pytestmark = pytest.mark.django_db


def test_a_file_is_stored_under_its_tenants_schema_and_read_back() -> None:
    with schema_context("acme"):
        stored = services.save_file(
            category="export",
            name="Relatório de março.csv",
            content=b"a;b\n1;2\n",
            content_type=CSV,
            owner_id=7,
        )
        assert stored.storage_key.startswith("acme/export/")
        assert stored.name == "Relatorio_de_marco.csv"
        assert (stored.size, len(stored.sha256)) == (8, 64)
        assert b"".join(services.iter_bytes(stored)) == b"a;b\n1;2\n"
    with schema_context("beta"):
        assert not StoredFile.objects.filter(public_id=stored.public_id).exists()
        with pytest.raises(PermissionError):
            services.open_file(stored)  # a row carried into another schema reads nothing


def test_a_download_is_an_attachment_never_sniffed_nor_cached() -> None:
    with schema_context("acme"):
        stored = services.save_file(
            category="export", name="x.csv", content=b"<script>alert(1)</script>", content_type=CSV
        )
        response = services.file_response(stored)
        assert response["Content-Disposition"] == 'attachment; filename="x.csv"'
        assert response["X-Content-Type-Options"] == "nosniff"
        assert response["Cache-Control"] == "private, no-store"
        assert "sandbox" in response["Content-Security-Policy"]
        assert b"".join(response.streaming_content) == b"<script>alert(1)</script>"  # type: ignore[arg-type]


def test_expired_files_are_purged_with_their_bytes(
    django_capture_on_commit_callbacks: pytest.FixtureRequest,
) -> None:
    with schema_context("acme"):
        old = services.save_file(category="export", name="old.csv", content=b"1", content_type=CSV,
                                 expires_at=timezone.now() - timedelta(minutes=1))  # fmt: skip
        fresh = services.save_file(category="export", name="new.csv", content=b"2", content_type=CSV,
                                   expires_at=timezone.now() + timedelta(days=1))  # fmt: skip
        with django_capture_on_commit_callbacks(execute=True):  # type: ignore[operator]
            assert services.purge_expired() == 1
        assert not services.storage().exists(old.storage_key)
        assert services.storage().exists(fresh.storage_key)
        assert list(StoredFile.objects.filter(category="export").values_list("name", flat=True)) == [
            "new.csv"
        ]


def test_bytes_left_without_a_row_are_swept_once_old() -> None:
    with schema_context("acme"):
        kept = services.save_file(category="kyc", name="id.pdf", content=b"%PDF-1.4", content_type=PDF)
        orphan = services.storage().save("acme/kyc/orphan-test", io.BytesIO(b"left behind"))
        assert services.sweep_orphans() == 0  # too young: its transaction may still commit
        old = time.time() - 7200
        os.utime(services.storage().path(orphan), (old, old))
        assert services.sweep_orphans() == 1
        assert not services.storage().exists(orphan)
        assert services.storage().exists(kept.storage_key)


def xlsx_bytes() -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr("[Content_Types].xml", "<Types/>")
        archive.writestr("xl/workbook.xml", "<workbook/>")
    return buffer.getvalue()


@pytest.mark.parametrize(
    ("content", "expected"),
    [
        (b"%PDF-1.7\n...", PDF),
        (b"\x89PNG\r\n\x1a\n....", PNG),
        (b"\xff\xd8\xff\xe0....", JPEG),
        (b"RIFF\x00\x00\x00\x00WEBPVP8 ", WEBP),
        (xlsx_bytes(), XLSX),
        ("nome;valor\nJoão;1,50\n".encode(), CSV),
        ("nome;valor\nJoão;1,50\n".encode("latin-1"), CSV),
        (b"PK\x03\x04not really a zip", None),
        (b"MZ\x90\x00\x03\x00\x00\x00\x04", None),  # an executable
        (b"", None),
    ],
)
def test_files_are_known_by_their_content(content: bytes, expected: str | None) -> None:
    assert sniff(content) == expected
