"""The Notifier helper KYC and the MED desk declare their notifications with: kinds registered in both
languages, the staff's and the client's links and roles, and a kind of another notifier refused."""

from __future__ import annotations

from datetime import date

import pytest

from kyc import notices as kyc_notices
from med import notices as med_notices
from notifications.kinds import kind_of
from notifications.models import Notification
from notifications.notifier import local_date
from notifications.services import rendered
from tenants.models import Tenant

pytestmark = pytest.mark.django_db


def test_both_apps_register_every_kind_they_declare() -> None:
    for notifier in (kyc_notices.NOTIFIER, med_notices.NOTIFIER):
        for kind in notifier.kinds:
            registered = kind_of(kind.code)
            assert registered is not None, kind.code
            assert set(registered.title) == {"pt-BR", "en"}


def test_the_client_and_the_staff_are_told_with_their_own_links_and_roles() -> None:
    acme = Tenant.objects.get(slug="acme")
    decision = {"pt-BR": "aceita", "en": "accepted", "_localized": "1"}
    med_notices.NOTIFIER.client(
        acme, med_notices.DECIDED_CLIENT, deposit="dep_1", amount="R$ 1,00", decision=decision
    )
    told = Notification.objects.filter(kind=med_notices.DECIDED_CLIENT, tenant=acme)
    assert {n.link for n in told} == {"clients/meds"}
    assert told.exists()
    assert {m.role for m in (n.user.memberships.get(tenant=acme) for n in told)} <= {
        "client",
        "client_user_admin",
    }
    assert rendered(told.first(), "en")[1] == "The contest of deposit dep_1 (R$ 1,00) was accepted."  # type: ignore[arg-type]
    kyc_notices.NOTIFIER.staff(kyc_notices.SUBMITTED_STAFF, client="Acme")
    staff = Notification.objects.filter(kind=kyc_notices.SUBMITTED_STAFF, tenant__schema_name="public")
    assert {n.link for n in staff} == {"admin/customers-kyc"}


def test_a_kind_of_another_notifier_is_refused_and_dates_read_per_language() -> None:
    with pytest.raises(ValueError, match="not one of this notifier"):
        kyc_notices.NOTIFIER.staff(med_notices.OPENED_STAFF, client="x")
    assert local_date(date(2026, 11, 28)) == {"pt-BR": "28/11/2026", "en": "11/28/2026", "_localized": "1"}
    assert local_date(None) == "—"
