"""Bank accounts of a client (tenant schema): the company's own and its customers' (beneficiaries of
payouts). Deleting one is soft: payouts keep their own snapshot of where the money went."""

from __future__ import annotations

from django.db import models


class AccountType(models.TextChoices):
    CHECKING = "checking", "Checking"
    SAVINGS = "savings", "Savings"
    PAYMENT = "payment", "Payment account"


class OwnerKind(models.TextChoices):
    COMPANY = "company", "The client company"  # clients/withdraws
    CUSTOMER = "customer", "A customer user"  # contas-bancarias: the customer's own accounts


class BankAccount(models.Model):
    """A beneficiary account. Deleting one is soft (`is_active`): payouts keep their own snapshot."""

    public_id = models.CharField(max_length=32, unique=True)
    # Idempotency-Key of the create call (core.idempotency): null when none was sent
    idempotency_key = models.CharField(max_length=100, null=True, blank=True, unique=True)
    request_hash = models.CharField(max_length=64, blank=True, default="")
    owner_kind = models.CharField(max_length=10, choices=OwnerKind.choices)
    owner_user_id = models.BigIntegerField(null=True, blank=True)  # the customer, for owner_kind=customer
    holder_name = models.CharField(max_length=200)
    holder_document = models.CharField(max_length=14)  # CPF (11) or CNPJ (14), normalised
    bank_ispb = models.CharField(max_length=8)
    bank_compe = models.CharField(max_length=3, blank=True)
    bank_name = models.CharField(max_length=200)
    agency = models.CharField(max_length=5)
    agency_digit = models.CharField(max_length=1, blank=True)
    account = models.CharField(max_length=20)
    account_digit = models.CharField(max_length=2)
    account_type = models.CharField(max_length=10, choices=AccountType.choices)
    # Caixa's 3-digit account "operação" (001 checking, 013 savings, ...); blank for other banks.
    operation = models.CharField(max_length=3, blank=True)
    pix_key = models.CharField(max_length=77, blank=True)  # DICT form
    pix_key_type = models.CharField(max_length=5, blank=True)  # cpf | cnpj | phone | email | evp
    is_active = models.BooleanField(default=True)
    created_by_id = models.BigIntegerField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    deleted_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        db_table = "payouts_bankaccount"  # the app's models came from `payouts` (migration payouts 0003)
        indexes = [
            models.Index(fields=("owner_kind", "owner_user_id", "is_active"), name="bankacct_owner_idx")
        ]

    def __str__(self) -> str:
        return self.public_id
