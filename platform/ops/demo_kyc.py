"""Demo KYC files: acme approved (its review due in a year), beta submitted and waiting in the staff's
queue, so both screens (client/kyc, admin/customers-kyc) have something in `make run`. Idempotent:
a client whose file has left the draft is left alone."""

from __future__ import annotations

from datetime import timedelta

from django.db import transaction
from django.utils import timezone
from django_tenants.utils import schema_context

from core.ids import new_public_id
from files import services as files
from files.sniff import PDF
from kyc.models import KycDocument, KycStatus
from kyc.services import REQUIRED_DOCUMENTS, file_of
from tenants.models import Tenant

# A minimal PDF (valid header and trailer): what the demo's documents hold.
DEMO_PDF = (
    b"%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n"
    b"2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n"
)

DEMO_KYC = {
    # slug: (status, legal name, CNPJ, people)
    "acme": (
        KycStatus.APPROVED,
        "Acme Pagamentos Ltda",
        "11222333000181",
        [
            {"role": "representative", "name": "Ana Souza", "cpf": "39053344705", "share_bp": 0},
            {"role": "owner", "name": "Ana Souza", "cpf": "39053344705", "share_bp": 6000},
            {"role": "owner", "name": "Bruno Lima", "cpf": "52998224725", "share_bp": 4000},
        ],
    ),
    "beta": (
        KycStatus.PENDING,
        "Beta Comércio S.A.",
        "60391947000100",
        [
            {"role": "representative", "name": "Carla Dias", "cpf": "11144477735", "share_bp": 0},
            {"role": "owner", "name": "Carla Dias", "cpf": "11144477735", "share_bp": 10000},
        ],
    ),
}


def seed_kyc(tenants: dict[str, Tenant]) -> list[str]:
    created = []
    for slug, (status, legal_name, cnpj, people) in DEMO_KYC.items():
        tenant = tenants[slug]
        with transaction.atomic():
            kyc = file_of(tenant, lock=True)
            if kyc.status != KycStatus.DRAFT:
                continue
            now = timezone.now()
            for kind in REQUIRED_DOCUMENTS:
                with schema_context(tenant.schema_name):
                    stored = files.save_file(
                        category="kyc", name=f"{kind}.pdf", content=DEMO_PDF, content_type=PDF
                    )
                KycDocument.objects.create(
                    public_id=new_public_id("kdoc"), kyc=kyc, kind=kind, name=stored.name, content_type=PDF,
                    size=stored.size, stored_id=stored.public_id,
                )  # fmt: skip
            kyc.legal_name, kyc.cnpj, kyc.people = legal_name, cnpj, people
            kyc.status, kyc.submitted_at, kyc.changed_at = status, now, now
            if status == KycStatus.APPROVED:
                kyc.decided_at, kyc.decided_by_email = now, "admin@demo.test"
                kyc.review_due_on = timezone.localdate() + timedelta(days=365)
            kyc.save()
            created.append(f"kyc {slug} ({status})")
    return created
