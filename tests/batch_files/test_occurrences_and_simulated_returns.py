"""What the bank's occurrence codes mean, in the reader's language (every code of the FEBRABAN table the
library knows, "Unknown code" otherwise, up to five a line), and the sandbox bank's simulated return
of a remittance (plugin API 1.3): generate -> simulate -> payouts confirmed or canceled, the ledger
balanced, the same simulated return twice moving money once; never for a real bank or in production;
the bank's own HTTP test mode (`POST /sandbox-bank/returns`)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.test import override_settings
from django.utils import timezone

from batch_files.models import BatchFile
from brazil.cnab240_payments import (
    OCCURRENCE_TABLE,
    OCCURRENCES,
    build_return,
    describe_occurrences,
    occurrence_description,
)
from plugin_api import BankProvider, PluginError, SimulatedReturn
from tests.batch_files.test_batch_files_api import (
    FEE,
    PROVIDER,
    approved,
    auto_approving,
    download,
    generate,
    status,
    upload_return,
)
from tests.payouts.helpers import balance, clearing_balance, logged
from tests.support.http import ApiClient

pytestmark = pytest.mark.django_db


@pytest.fixture
def acme() -> ApiClient:
    return auto_approving("acme")


@pytest.fixture
def admin() -> ApiClient:
    return logged("public", "admin")


def simulate(admin: ApiClient, remittance_id: str, outcome: str) -> Any:
    return admin.post_json(f"/api/batch-files/{remittance_id}/simulated-returns", {"outcome": outcome})


# ---------------------------------------------------------------------------------- occurrences
def test_every_code_the_library_knows_has_a_portuguese_and_an_english_description() -> None:
    assert {"00", "01", "AG", "AN", "AR", "BD", "HF", "PJ", "PM"} <= set(OCCURRENCE_TABLE)
    for code, (portuguese, english) in OCCURRENCE_TABLE.items():
        assert len(code) == 2, code
        assert portuguese.strip(), code
        assert english.strip(), code
        assert portuguese != english, code
        assert OCCURRENCES[code] == english
    assert occurrence_description("AN") == "Conta Corrente/DV/Conta de Pagamento do Favorecido Inválido"
    assert occurrence_description("pj", "en") == "PIX key not registered in DICT"
    assert occurrence_description("X9") is None
    assert describe_occurrences(("00", "X9"), "en") == [
        ("00", "Credit or debit made (paid)", True),
        ("X9", "Unknown code", False),
    ]
    assert describe_occurrences(("X9",), "pt-BR") == [("X9", "Código desconhecido", False)]


def test_the_api_describes_each_occurrence_code_in_the_readers_language(
    acme: ApiClient, admin: ApiClient
) -> None:
    paid, refused, odd = approved(acme, 10_000), approved(acme, 20_000), approved(acme, 30_000)
    batch = generate(admin).json()
    refs = {i["payout_id"]: i["reference"] for i in batch["items"]}
    remittance = download(admin, batch).decode("ascii")
    # one line refused with two codes (agency and account), one with a code outside the table
    returned = build_return(
        remittance, paid_on=timezone.localdate(), rejected={refs[refused]: "AGAN", refs[odd]: "X9"}
    )
    answer = upload_return(admin, returned.encode())
    assert answer.status_code == 201, answer.content
    lines = {r["payout_id"]: r for r in answer.json()["results"]}  # answered in English (the client's)
    assert lines[paid]["occurrences"] == "00"  # the raw field stays
    assert lines[paid]["occurrence_list"] == [
        {"code": "00", "label": "Credit or debit made (paid)", "known": True}
    ]
    assert lines[refused]["occurrence_list"] == [
        {"code": "AG", "label": "Branch/account/check digit invalid", "known": True},
        {"code": "AN", "label": "Beneficiary's account/check digit/payment account invalid", "known": True},
    ]
    assert lines[odd]["occurrence_list"] == [{"code": "X9", "label": "Unknown code", "known": False}]

    in_portuguese = admin.get(f"/api/batch-files/{answer.json()['id']}", HTTP_ACCEPT_LANGUAGE="pt-BR").json()
    lines = {r["payout_id"]: r for r in in_portuguese["results"]}
    assert [o["label"] for o in lines[refused]["occurrence_list"]] == [
        "Agência/Conta Corrente/DV Inválido",
        "Conta Corrente/DV/Conta de Pagamento do Favorecido Inválido",
    ]
    assert lines[paid]["occurrence_list"][0]["label"] == "Crédito ou Débito Efetivado"
    assert lines[odd]["occurrence_list"][0]["label"] == "Código desconhecido"
    # the remittance's own lines carry the bank's last answer too
    items = admin.get(f"/api/batch-files/{batch['id']}", HTTP_ACCEPT_LANGUAGE="pt-BR").json()["items"]
    by_payout = {i["payout_id"]: i for i in items}
    assert by_payout[refused]["occurrences"] == "AGAN"
    assert [o["code"] for o in by_payout[refused]["occurrence_list"]] == ["AG", "AN"]
    assert by_payout[paid]["occurrence_list"][0]["label"] == "Crédito ou Débito Efetivado"


# ----------------------------------------------------------------------------- simulated returns
def test_a_simulated_return_settles_and_rejects_the_remittances_payouts_once(
    acme: ApiClient, admin: ApiClient
) -> None:
    first, second, third = approved(acme, 10_000), approved(acme, 20_000), approved(acme, 30_000)
    start, bank_start = balance("acme"), clearing_balance()
    batch = generate(admin).json()
    lines = sorted(batch["items"], key=lambda i: i["line"])
    paid = [lines[0]["payout_id"], lines[2]["payout_id"]]
    refused = lines[1]["payout_id"]  # every second line of the file
    assert {first, second, third} == {*paid, refused}

    response = simulate(admin, batch["id"], "some_rejected")
    assert response.status_code == 201, response.content
    answer = response.json()
    assert (answer["kind"], answer["provider"], answer["lines"]) == ("return", PROVIDER, 3)
    assert answer["summary"] == {"confirmed": 2, "rejected": 1}
    assert answer["file_name"].endswith(".ret")
    outcome = {r["payout_id"]: (r["outcome"], r["occurrences"]) for r in answer["results"]}
    assert outcome == {
        paid[0]: ("confirmed", "00"),
        paid[1]: ("confirmed", "00"),
        refused: ("rejected", "PJ"),  # a PIX to a key: the key is not in DICT
    }
    assert [status("acme", p) for p in paid] == ["confirmed", "confirmed"]
    assert status("acme", refused) == "canceled"
    amounts = {i["payout_id"]: i["amount"] for i in lines}
    paid_total = sum(amounts[p] for p in paid)
    after = balance("acme")
    assert after["held"] == start["held"] - sum(a + FEE for a in amounts.values())
    assert after["available"] == start["available"] + amounts[refused] + FEE
    assert bank_start - clearing_balance() == paid_total
    # the file itself is kept and offered for download, a CNAB 240 return the upload reads too
    content = download(admin, answer)
    assert content.decode("ascii").splitlines()[0][142] == "2"

    again = simulate(admin, batch["id"], "some_rejected")  # the same file: read, nothing moves
    assert again.status_code == 201, again.content
    assert again.json()["duplicate_of"] == answer["id"]
    assert again.json()["summary"] == {"already_applied": 3}
    other = simulate(admin, batch["id"], "all_rejected")  # a contradicting answer later: stale
    assert other.status_code == 201, other.content
    assert set(other.json()["summary"]) <= {"stale", "already_applied"}
    uploaded = upload_return(admin, content)  # and the downloaded file loaded by hand
    assert uploaded.json()["summary"] == {"already_applied": 3}
    assert balance("acme") == after
    assert bank_start - clearing_balance() == paid_total
    assert [status("acme", p) for p in paid] == ["confirmed", "confirmed"]
    assert status("acme", refused) == "canceled"


def test_a_scheduled_answer_keeps_the_payouts_pending(acme: ApiClient, admin: ApiClient) -> None:
    payout = approved(acme, 10_000)
    batch = generate(admin).json()
    before = balance("acme")
    answer = simulate(admin, batch["id"], "scheduled").json()
    assert answer["summary"] == {"processing": 1}
    assert answer["results"][0]["occurrence_list"][0]["code"] == "BD"
    assert status("acme", payout) == "pending"
    assert balance("acme") == before
    paid = simulate(admin, batch["id"], "all_paid").json()
    assert paid["summary"] == {"confirmed": 1}
    assert status("acme", payout) == "confirmed"


def test_a_simulation_is_refused_for_a_return_a_bad_outcome_and_in_production(
    acme: ApiClient, admin: ApiClient
) -> None:
    payout = approved(acme)
    batch = generate(admin).json()
    read = simulate(admin, batch["id"], "all_paid").json()
    files = BatchFile.objects.count()
    not_remittance = simulate(admin, read["id"], "all_paid")
    assert not_remittance.status_code == 400
    assert not_remittance.json()["code"] == "not_a_remittance"
    bad = simulate(admin, batch["id"], "everything_lost")
    assert bad.status_code == 400, bad.content
    assert bad.json()["code"] == "invalid_input"
    assert "outcome" in bad.json()["fields"]
    assert simulate(admin, "bat_nope", "all_paid").status_code == 404
    with override_settings(COFRE_ENV="production"):
        refused = admin.post_json(
            f"/api/batch-files/{batch['id']}/simulated-returns",
            {"outcome": "all_paid"},
            HTTP_ACCEPT_LANGUAGE="pt-BR",
        )
        assert refused.status_code == 400
        assert refused.json()["code"] == "return_simulation_not_supported"
        assert refused.json()["message"].startswith("Este banco não simula retornos")
        providers = admin.get("/api/batch-files/providers").json()
        assert {"code": PROVIDER, "name": "Sandbox bank", "simulates_returns": False} in providers
    assert BatchFile.objects.count() == files
    assert status("acme", payout) == "confirmed"


@pytest.mark.parametrize(
    ("slug", "role"), [("acme", "client"), ("orbita", "partner"), ("public", "employee")]
)
def test_only_staff_who_run_batch_files_may_simulate(
    acme: ApiClient, admin: ApiClient, slug: str, role: str
) -> None:
    payout = approved(acme)
    batch = generate(admin).json()
    response = simulate(logged(slug, role), batch["id"], "all_paid")
    assert response.status_code in (403, 404), response.content
    assert status("acme", payout) == "pending"


def test_a_provider_of_an_older_api_does_not_simulate() -> None:
    class OldBank(BankProvider):
        code = "old_bank"
        name = "Old bank"
        methods = frozenset({"pix"})
        batch_payouts = True

        def create_charge(self, request: Any, artifacts: Any, config: Any) -> Any:
            raise NotImplementedError

        def fetch_charge(self, provider_reference: str, config: Any) -> Any:
            raise NotImplementedError

        def parse_webhook(self, headers: Any, body: bytes, config: Any) -> Any:
            raise NotImplementedError

    old = OldBank()
    assert old.simulates_returns({}) is False
    with pytest.raises(PluginError) as caught:
        old.simulate_return(b"", SimulatedReturn.ALL_PAID, {})
    assert caught.value.code == "return_simulation_not_supported"


# ------------------------------------------------------------------- the bank's HTTP test mode
def test_the_sandbox_bank_answers_a_remittance_over_http(acme: ApiClient, admin: ApiClient) -> None:
    first, second = approved(acme, 10_000), approved(acme, 20_000)
    batch = generate(admin).json()
    refs = {i["payout_id"]: i["reference"] for i in batch["items"]}
    remittance = download(admin, batch).decode("ascii")
    bank = ApiClient("public")
    response = bank.post(
        "/sandbox-bank/returns",
        json.dumps({"remittance": remittance, "rejected": {refs[second]: "PM"}}),
        content_type="application/json",
    )
    assert response.status_code == 200, response.content
    assert response["Content-Type"].startswith("text/plain")
    assert "attachment" in response["Content-Disposition"]
    answer = upload_return(admin, response.content)
    assert answer.status_code == 201, answer.content
    outcome = {r["payout_id"]: (r["outcome"], r["occurrences"]) for r in answer.json()["results"]}
    assert outcome == {first: ("confirmed", "00"), second: ("rejected", "PM")}

    by_outcome = bank.post(
        "/sandbox-bank/returns",
        json.dumps({"remittance": remittance, "outcome": "all_rejected"}),
        content_type="application/json",
    )
    assert by_outcome.status_code == 200
    assert by_outcome.content.count(b"PJ") == 2  # both PIX to a key, refused
    for body, field in (
        ({"remittance": "not a remittance"}, "file"),
        ({"remittance": remittance, "outcome": "lost"}, "outcome"),
        ({}, "remittance"),
    ):
        bad = bank.post("/sandbox-bank/returns", json.dumps(body), content_type="application/json")
        assert bad.status_code == 400, bad.content
        assert bad.json()["field"] == field
    with override_settings(COFRE_ENV="production"):
        hidden = bank.post(
            "/sandbox-bank/returns", json.dumps({"remittance": remittance}), content_type="application/json"
        )
        assert hidden.status_code == 404
