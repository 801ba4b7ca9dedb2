"""Cloning the template (tenants.clone) and the spare schemas renamed at provisioning (tenants.spares).

A clone must be the template object for object (names included: migrations drop and rename them by
name) and must point at nothing of the template (a foreign key or an identity sequence left there would
tie two tenants' rows together).
"""

from __future__ import annotations

import pytest
from django.db import DatabaseError, connection, transaction
from django.test import override_settings
from django_tenants.utils import schema_context, schema_exists

from core.models import HealthProbe
from tenants import clone, spares
from tenants.models import Tenant
from tenants.services import create_tenant
from tenants.template import sync_template, template_schema
from tests.tenants.helpers import describe, reaches_into

pytestmark = pytest.mark.django_db


def test_a_clone_is_the_template_object_for_object_and_points_at_nothing_of_it() -> None:
    template = template_schema()
    clone.clone(template, "clonecheck")
    copy, original = describe("clonecheck"), describe(template)
    assert original["columns"]
    assert original["triggers"]  # the audit trail's append-only rule is among what is compared
    for kind in original:
        assert copy[kind] == original[kind], kind
    assert reaches_into("clonecheck", template) == set()
    # The identity sequences are the clone's own: a row there does not move the template's.
    with connection.cursor() as cursor:
        cursor.execute("SELECT last_value FROM pg_sequences WHERE schemaname = %s", [template])
        before = sorted(row[0] for row in cursor.fetchall() if row[0] is not None)
    with schema_context("clonecheck"):
        HealthProbe.objects.create(token="clone-only")
    with connection.cursor() as cursor:
        cursor.execute("SELECT last_value FROM pg_sequences WHERE schemaname = %s", [template])
        assert sorted(row[0] for row in cursor.fetchall() if row[0] is not None) == before
    with schema_context(template):
        assert not HealthProbe.objects.filter(token="clone-only").exists()


def test_the_clone_refuses_what_it_cannot_copy_before_writing_anything() -> None:
    with connection.cursor() as cursor:
        cursor.execute("CREATE SCHEMA cloneview")
        cursor.execute("CREATE TABLE cloneview.t (id integer)")
        cursor.execute("CREATE VIEW cloneview.v AS SELECT id FROM cloneview.t")
    with pytest.raises(DatabaseError) as refused, transaction.atomic():
        clone.clone("cloneview", "cloneviewcopy")
    assert getattr(refused.value.__cause__, "sqlstate", None) == clone.UNSUPPORTED
    assert not schema_exists("cloneviewcopy")


@override_settings(TENANT_SPARE_SCHEMAS=2)
def test_provisioning_renames_a_spare_and_the_tenant_gets_the_template() -> None:
    assert spares.top_up() == 2
    ready = spares.spare_names()
    assert len(ready) == 2
    assert not Tenant.objects.filter(schema_name__in=ready).exists()  # no host or job reaches a spare

    first = create_tenant(slug="sparea", name="Spare A", kind="client")
    second = create_tenant(slug="spareb", name="Spare B", kind="client")
    assert spares.spare_names() == []  # each took one, a different one
    template = describe(template_schema())
    for tenant in (first, second):
        assert describe(tenant.schema_name) == template
        assert reaches_into(tenant.schema_name, template_schema()) == set()
    # Two tenants made from spares share nothing.
    with schema_context("sparea"):
        HealthProbe.objects.create(token="only-in-a")
    with schema_context("spareb"):
        assert not HealthProbe.objects.filter(token="only-in-a").exists()
    # With the pool empty, provisioning clones.
    third = create_tenant(slug="sparec", name="Spare C", kind="client")
    assert describe(third.schema_name) == template
    assert spares.top_up() == 2


@override_settings(TENANT_SPARE_SCHEMAS=1)
def test_a_provisioning_that_fails_leaves_the_spare_in_the_pool() -> None:
    spares.top_up()
    (spare,) = spares.spare_names()
    claimed: list[str] = []

    def provision_then_fail() -> None:
        with transaction.atomic():
            create_tenant(slug="sparefail", name="Fails", kind="client")
            claimed.extend(spares.spare_names())
            raise RuntimeError("the owner's membership failed")

    with pytest.raises(RuntimeError):
        provision_then_fail()
    assert claimed == []  # the spare was taken inside the transaction
    assert spares.spare_names() == [spare]
    assert not schema_exists("sparefail")


@override_settings(TENANT_SPARE_SCHEMAS=1)
def test_a_template_sync_drops_the_spares_made_before_it() -> None:
    spares.top_up()
    assert len(spares.spare_names()) == 1
    sync_template()
    assert spares.spare_names() == []


@override_settings(TENANT_SPARE_SCHEMAS=1)
def test_the_workers_top_up_fills_the_pool_once() -> None:
    from core.tasks import top_up_spare_schemas

    top_up_spare_schemas.fn()
    top_up_spare_schemas.fn()  # the pool is full: a second message adds nothing
    assert len(spares.spare_names()) == 1


@override_settings(TENANT_SPARE_SCHEMAS=1)
def test_a_half_made_spare_is_never_claimed_and_the_next_top_up_drops_it() -> None:
    """A schema named like a spare but not marked ready (made outside a top-up's transaction, or by an
    older version, and left unfinished) is neither handed out nor counted."""
    half = spares.PREFIX + "halfmade"
    with connection.cursor() as cursor:
        cursor.execute(f'CREATE SCHEMA "{half}"')
        cursor.execute(
            f'CREATE TABLE "{half}".core_healthprobe (LIKE "{template_schema()}".core_healthprobe)'
        )
    assert spares.ready_names() == []
    assert spares.claim("neverclaimed") is None
    tenant = create_tenant(slug="halfmadeok", name="Half made", kind="client")
    assert describe(tenant.schema_name) == describe(template_schema())  # cloned, not the half-made one
    assert spares.spare_names() == [half]

    assert spares.top_up() == 1
    (ready,) = spares.ready_names()
    assert spares.spare_names() == [ready]  # the half-made one is gone
    assert describe(ready) == describe(template_schema())
    taken = create_tenant(slug="halfmadespare", name="From a spare", kind="client")
    assert spares.spare_names() == []
    with connection.cursor() as cursor:  # the marker went with the rename
        cursor.execute("SELECT obj_description(%s::regnamespace, 'pg_namespace')", [taken.schema_name])
        assert cursor.fetchone() == (None,)
