"""Bank accounts through the HTTP API: validation (document, bank, check digits, every PIX key type),
ownership (the company's under clients/withdraws, a customer's own under contas-bancarias), soft
delete; and the refresh_banks command."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command
from django_tenants.utils import schema_context

from bank_accounts.models import BankAccount
from brazil import banks
from tests.payouts.helpers import BB_ACCOUNT, logged

pytestmark = pytest.mark.django_db


def create(client: Any, **overrides: Any) -> Any:
    return client.post_json("/api/bank-accounts", {**BB_ACCOUNT, **overrides})


def test_a_client_registers_a_bank_account_in_normal_form() -> None:
    client = logged("acme", "client")
    response = create(client, pix_key="Ana.Souza@Example.com")
    assert response.status_code == 201, response.content
    body = response.json()
    assert body["id"].startswith("bac_")
    assert body["owner"] == "company"
    assert body["holder_document"] == "52998224725"
    assert body["bank"] == {"ispb": "00000000", "compe": "001", "name": "BCO DO BRASIL S.A."}
    assert (body["pix_key"], body["pix_key_type"]) == ("ana.souza@example.com", "email")
    assert client.get("/api/bank-accounts").json()[0]["id"] == body["id"]


@pytest.mark.parametrize(
    ("key", "key_type", "stored", "detected"),
    [
        ("529.982.247-25", "", "52998224725", "cpf"),
        ("11.222.333/0001-81", "", "11222333000181", "cnpj"),
        ("+55 11 99876-5432", "", "+5511998765432", "phone"),
        ("(11) 99876-5432", "phone", "+5511998765432", "phone"),
        ("ANA@EXAMPLE.COM", "", "ana@example.com", "email"),
        ("0F5D3A6E-1C2B-4D8E-9A7F-3B6C5D4E2A10", "", "0f5d3a6e-1c2b-4d8e-9a7f-3b6c5d4e2a10", "evp"),
    ],
)
def test_every_pix_key_type_is_validated_and_normalised(
    key: str, key_type: str, stored: str, detected: str
) -> None:
    client = logged("acme", "client")
    response = create(client, pix_key=key, pix_key_type=key_type)
    assert response.status_code == 201, response.content
    assert (response.json()["pix_key"], response.json()["pix_key_type"]) == (stored, detected)


@pytest.mark.parametrize(
    ("overrides", "field", "code"),
    [
        ({"holder_document": "111.111.111-11"}, "holder_document", "invalid_cpf"),
        ({"bank_compe": "999"}, "bank_compe", "unknown_bank"),
        ({"bank_compe": "", "bank_ispb": "12345678"}, "bank_ispb", "unknown_bank"),
        ({"bank_compe": "", "bank_ispb": ""}, "bank_ispb", "required"),
        ({"account_digit": "7"}, "account_digit", "check_digit_mismatch"),
        ({"agency_digit": "9"}, "agency_digit", "check_digit_mismatch"),
        ({"agency": "12a4"}, "agency", "invalid_format"),
        ({"pix_key": "111.111.111-11"}, "pix_key", "repeated"),
        ({"pix_key": "+1 555 0100"}, "pix_key", "not_brazilian_phone"),
        ({"pix_key": "not a key"}, "pix_key", "format"),
        ({"operation": "13"}, "operation", "invalid_format"),
    ],
)
def test_invalid_bank_details_are_refused_field_by_field(
    overrides: dict[str, str], field: str, code: str
) -> None:
    client = logged("acme", "client", language="pt-BR")
    response = create(client, **overrides)
    assert response.status_code == 400, response.content
    body = response.json()
    assert body["code"] == "bank_account_invalid"
    assert body["message"] == "Dados bancários inválidos: verifique os campos destacados."
    assert body["fields"][field] == code


def test_a_bank_without_a_public_digit_rule_is_accepted_as_typed() -> None:
    client = logged("acme", "client")
    response = create(
        client, bank_compe="260", agency="0001", agency_digit="", account="1234567", account_digit="8"
    )
    assert response.status_code == 201, response.content
    assert response.json()["bank"]["name"] == "NU PAGAMENTOS - IP"


def test_a_customer_sees_only_their_own_accounts_and_the_company_never_sees_them() -> None:
    customer = logged("acme", "customer")
    client = logged("acme", "client")
    own = create(customer).json()
    company = create(client).json()
    assert own["owner"] == "customer"
    mine = customer.get("/api/bank-accounts").json()
    assert own["id"] in [a["id"] for a in mine]
    assert {a["owner"] for a in mine} == {"customer"}
    assert company["id"] not in [a["id"] for a in mine]
    assert {a["owner"] for a in client.get("/api/bank-accounts").json()} == {"company"}
    assert customer.delete(f"/api/bank-accounts/{company['id']}").status_code == 404
    assert client.delete(f"/api/bank-accounts/{own['id']}").status_code == 404


def test_delete_is_soft_and_the_account_is_no_longer_offered() -> None:
    client = logged("acme", "client")
    account = create(client).json()
    assert client.delete(f"/api/bank-accounts/{account['id']}").status_code == 204
    assert account["id"] not in [a["id"] for a in client.get("/api/bank-accounts").json()]
    assert client.delete(f"/api/bank-accounts/{account['id']}").status_code == 404
    with schema_context("acme"):
        row = BankAccount.objects.get(public_id=account["id"])
        assert (row.is_active, row.deleted_at is not None) == (False, True)


def test_read_only_roles_list_but_do_not_register() -> None:
    analyst = logged("acme", "client_user_analyst")
    assert analyst.get("/api/bank-accounts").status_code == 200
    response = create(analyst)
    assert response.status_code == 403
    assert response.json()["code"] == "read_only_role"


def test_the_bank_list_is_served_to_members() -> None:
    body = logged("acme", "client").get("/api/banks").json()
    assert {"ispb": "00000000", "compe": "001", "name": "BCO DO BRASIL S.A."} in body
    # every participant of the shipped list, as it is (a PIX-only participant's code stays null)...
    participants = banks.load_participants()
    assert {b["ispb"]: (b["compe"], b["name"]) for b in body} == {
        ispb: (bank.compe, bank.name) for ispb, bank in participants.items()
    }
    assert len(body) == len(participants)
    # ...in COMPE code order, the participants without one last
    keys = [(b["compe"] is None, b["compe"] or "", b["ispb"]) for b in body]
    assert keys == sorted(keys)


# ------------------------------------------------------------------------------ refresh_banks
STR_CSV = (
    "ISPB;Nome_Reduzido;Número_Código;Participa_da_Compe;Acesso_Principal;Nome_Extenso;Início_da_Operação\n"
    "00000000;BCO DO BRASIL S.A.;001;Sim;RSFN;Banco do Brasil S.A.;22/04/2002\n"
    "360305;CAIXA ECONOMICA FEDERAL;104;Sim;RSFN;Caixa Econômica Federal;22/04/2002\n"
)
SPI_CSV = (
    "ISPB,Nome,Nome_Reduzido,Modalidade_Participacao,Tipo_Participacao\n"
    "00360305,CAIXA ECONOMICA FEDERAL,CAIXA ECONOMICA FEDERAL,PDCT,DRCT\n"
    "13370835,DOCK INSTITUIÇÃO DE PAGAMENTO S.A.,DOCK IP S.A.,PDCT,DRCT\n"
)


def test_refresh_banks_loads_banco_centrals_lists_into_the_participant_file(tmp_path: Path) -> None:
    str_file, spi_file = tmp_path / "str.csv", tmp_path / "spi.csv"
    str_file.write_bytes(STR_CSV.encode("cp1252"))  # older BCB downloads are Windows-1252
    spi_file.write_text(SPI_CSV, encoding="utf-8-sig")
    output = tmp_path / "participants.csv"
    call_command("refresh_banks", str(str_file), str(spi_file), output=str(output), stdout=open_devnull())
    loaded = banks.load_participants(output)
    assert loaded["00360305"].compe == "104"  # padded ISPB; the STR list's code kept over the SPI's none
    assert loaded["13370835"].compe is None
    assert loaded["00000000"].name == "BCO DO BRASIL S.A."
    assert len(loaded) == 3


def test_refresh_banks_refuses_a_file_that_is_not_a_participant_list(tmp_path: Path) -> None:
    from django.core.management.base import CommandError

    bad = tmp_path / "bad.csv"
    bad.write_text("name;code\nX;1\n", encoding="utf-8")
    with pytest.raises(CommandError, match="bank_participants_invalid_header"):
        call_command("refresh_banks", str(bad), output=str(tmp_path / "out.csv"))


def open_devnull() -> Any:
    import io

    return io.StringIO()
