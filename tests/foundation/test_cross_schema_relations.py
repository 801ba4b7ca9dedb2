"""Relations from the public schema into a model that also lives in every tenant schema.

Such a model's ids overlap between schemas. When a row of it is deleted in a tenant's schema, Django's
deletion collector follows every reverse relation by table name, and a public-only table is found
through the search path: a PROTECT or CASCADE from public would then act on the public row that
happens to share the tenant row's id (refuse the deletion, or delete a public row). Such a relation
must leave the rule to the database (DO_NOTHING), whose foreign key points at the public table only.
"""

from __future__ import annotations

import pytest
from django.apps import apps
from django.conf import settings
from django.db import models
from django_tenants.utils import schema_context

from batch_files.models import BatchFile, BatchKind
from files import services
from files.models import StoredFile

pytestmark = pytest.mark.django_db


def test_no_public_only_model_lets_django_follow_a_relation_into_a_model_of_both_schemas() -> None:
    shared = {name.rsplit(".", 1)[-1] for name in settings.SHARED_APPS}
    tenant = {name.rsplit(".", 1)[-1] for name in settings.TENANT_APPS}
    in_both = shared & tenant
    assert "files" in in_both  # the case this rule was written for
    offending = [
        f"{model._meta.label}.{field.name} ({getattr(field.remote_field.on_delete, '__name__', '?')})"
        for model in apps.get_models()
        if model._meta.app_label in shared - tenant
        for field in model._meta.concrete_fields
        if isinstance(field, models.ForeignKey)
        and field.related_model._meta.app_label in in_both
        and field.remote_field.on_delete is not models.DO_NOTHING
    ]
    assert offending == []


def test_a_tenants_file_is_deleted_though_a_public_batch_file_keeps_the_public_file_of_the_same_id() -> None:
    with schema_context("public"):
        kept = services.save_file(
            category="batch_return", name="retorno.ret", content=b"0" * 240, content_type="text/plain"
        )
        BatchFile.objects.create(
            public_id="ret_crossschema", kind=BatchKind.RETURN, provider="sandbox_bank", file=kept,
            file_name=kept.name, sha256=kept.sha256,
        )  # fmt: skip
    with schema_context("acme"):
        if not StoredFile.objects.filter(pk=kept.pk).exists():
            logo = services.save_file(
                category="logo", name="logo.png", content=b"png", content_type="image/png"
            )
            StoredFile.objects.filter(pk=logo.pk).update(id=kept.pk)  # the same id as the public file
        StoredFile.objects.filter(pk=kept.pk).delete()  # was ProtectedError (a 500 on removing a logo)
        assert not StoredFile.objects.filter(pk=kept.pk).exists()
    with schema_context("public"):
        assert StoredFile.objects.filter(pk=kept.pk).exists()  # the public file the batch file keeps
        assert BatchFile.objects.get(public_id="ret_crossschema").file_id == kept.pk
