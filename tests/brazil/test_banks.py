"""Participant list, Banco Central CSV parsing and account check digits."""

from __future__ import annotations

import json
import random
import re
import string
from pathlib import Path
from typing import Any

import pytest

from brazil.banks import (
    PARTICIPANTS_FILE,
    Bank,
    account_check_digit,
    agency_check_digit,
    banco_do_brasil_dv,
    bank_by_compe,
    bank_by_ispb,
    bradesco_dv,
    check_account,
    itau_account_dv,
    load_participants,
    parse_bcb_participants,
    participants_csv,
)
from brazil.documents import validate_cnpj
from brazil.errors import BankError

VECTORS_PATH = Path(__file__).resolve().parents[2] / ".." / "shared" / "domain" / "vectors.json"
VECTORS: dict[str, Any] = json.loads(VECTORS_PATH.read_text(encoding="utf-8"))
BANK_ROWS = VECTORS["banks_compe_ispb"]["rows"]
DV_CASES = VECTORS["bank_account_dv"]

STR_HEADER = (
    "ISPB,Nome_Reduzido,Número_Código,Participa_da_Compe,Acesso_Principal,Nome_Extenso,Início_da_Operação"
)


def _dv_case(case: str) -> tuple[str, str, str]:
    """Split "BB agency 1584", "Itau 2545/02366", "Bradesco account 0301357" into (bank, kind, number)."""
    match = re.fullmatch(r"(BB|Itau|Bradesco) (?:(agency|account) )?([0-9/]+) -> \w", case)
    assert match is not None, case
    return match[1], match[2] or "account", match[3]


# --- account check digits -------------------------------------------------------------------------


@pytest.mark.parametrize("case", DV_CASES, ids=lambda c: c["case"])
def test_account_dv_vectors(case: dict[str, str]) -> None:
    bank, kind, number = _dv_case(case["case"])
    compe = {"BB": "001", "Itau": "341", "Bradesco": "237"}[bank]
    if bank == "Itau":
        agency, account = number.split("/")
        assert itau_account_dv(agency, account) == case["expected_dv"]
        assert account_check_digit(compe, agency, account) == case["expected_dv"]
        check_account(compe=compe, agency=agency, account=account, account_dv=case["expected_dv"])
        return
    function = banco_do_brasil_dv if bank == "BB" else bradesco_dv
    assert function(number) == case["expected_dv"]
    if kind == "agency":
        assert agency_check_digit(compe, number) == case["expected_dv"]
    else:
        assert account_check_digit(compe, "0001", number) == case["expected_dv"]


def _reference_mod11(number: str, weights_from_left: list[int]) -> int:
    return 11 - sum(int(c) * w for c, w in zip(number, weights_from_left, strict=True)) % 11


def test_banco_do_brasil_accounts_agree_with_weights_9_to_2() -> None:
    rng = random.Random(1)
    seen = set()
    for _ in range(2000):
        account = "".join(rng.choices(string.digits, k=8))
        dv = _reference_mod11(account, [9, 8, 7, 6, 5, 4, 3, 2])
        expected = {10: "X", 11: "0"}.get(dv, str(dv))
        assert banco_do_brasil_dv(account) == expected
        assert account_check_digit("001", "1234", account.lstrip("0") or "0") == expected  # padding-neutral
        seen.add(expected)
    assert seen == set("0123456789X")


def test_bradesco_accounts_agree_with_weights_2_7_6_5_4_3_2() -> None:
    rng = random.Random(2)
    for _ in range(2000):
        account = "".join(rng.choices(string.digits, k=7))
        dv = _reference_mod11(account, [2, 7, 6, 5, 4, 3, 2])
        assert bradesco_dv(account) == {10: "P", 11: "0"}.get(dv, str(dv))


def test_check_account_accepts_lower_case_letters_and_rejects_wrong_dv() -> None:
    check_account(compe="001", agency="1584", agency_dv="9", account="10089934", account_dv="x")
    with pytest.raises(BankError) as caught:
        check_account(compe="001", agency="1584", agency_dv="9", account="10089934", account_dv="0")
    assert caught.value.code == "bank_invalid_account_dv"
    with pytest.raises(BankError) as caught:
        check_account(compe="237", agency="1425", agency_dv="8", account="0301357", account_dv="P")
    assert caught.value.code == "bank_invalid_agency_dv"


def test_unknown_rules_and_bad_numbers() -> None:
    with pytest.raises(BankError) as caught:
        account_check_digit("104", "0001", "123")
    assert caught.value.code == "bank_dv_rule_unknown"
    with pytest.raises(BankError) as caught:
        agency_check_digit("341", "2545")
    assert caught.value.code == "bank_dv_rule_unknown"
    for agency in ("12345", "12a4", ""):
        with pytest.raises(BankError) as caught:
            agency_check_digit("001", agency)
        assert caught.value.code == "bank_invalid_number"


# --- participant list -----------------------------------------------------------------------------


@pytest.mark.parametrize("row", BANK_ROWS, ids=lambda r: r["compe"])
def test_vector_banks_are_shipped(row: dict[str, Any]) -> None:
    bank = load_participants()[row["ispb"]]
    assert bank == Bank(compe=row["compe"], ispb=row["ispb"], name=row["short_name"])
    assert bank_by_compe(row["compe"]) == bank
    assert bank_by_ispb(row["ispb"]) == bank


@pytest.mark.parametrize("row", BANK_ROWS, ids=lambda r: r["compe"])
def test_vector_ispb_is_the_cnpj_root(row: dict[str, Any]) -> None:
    assert row["cnpj_valid"] is True
    assert validate_cnpj(row["cnpj"])[:8] == row["ispb"]


def test_shipped_list_is_consistent() -> None:
    banks = list(load_participants().values())
    assert len(banks) >= 20
    assert all(re.fullmatch(r"[0-9]{8}", bank.ispb) for bank in banks)
    compes = [bank.compe for bank in banks if bank.compe is not None]
    assert len(compes) == len(set(compes))
    assert PARTICIPANTS_FILE.read_text(encoding="utf-8") == participants_csv(banks)  # sorted, canonical


def test_banco_do_brasil_ispb_zero_is_a_real_value() -> None:
    bank = bank_by_ispb("00000000")
    assert bank is not None
    assert bank.compe == "001"


@pytest.mark.parametrize("code", ["1", 1, "001", " 001 "])
def test_compe_lookup_pads_codes(code: str | int) -> None:
    bank = bank_by_compe(code)
    assert bank is not None
    assert bank.ispb == "00000000"


def test_unknown_compe_and_ispb() -> None:
    assert bank_by_compe("999") is None
    assert bank_by_ispb("99999999") is None


def test_loaded_dict_is_a_copy() -> None:
    first = load_participants()
    first.clear()
    assert load_participants()


def test_custom_participant_file(tmp_path: Path) -> None:
    banks = [Bank("999", "12345678", "BCO TESTE S.A."), Bank(None, "87654321", "IP SEM COMPE")]
    path = tmp_path / "participants.csv"
    path.write_text(participants_csv(banks), encoding="utf-8")
    loaded = load_participants(path)
    assert loaded == {"12345678": banks[0], "87654321": banks[1]}
    assert bank_by_compe("999", loaded) == banks[0]
    assert bank_by_ispb("87654321", loaded) == banks[1]


@pytest.mark.parametrize(
    "text",
    [
        "compe,ispb,name\n001,00000000,X\n",
        "ispb,compe,name\n0000000,001,X\n",
        "ispb,compe,name\n00000000,1,X\n",
        "ispb,compe,name\n00000000,001\n",
    ],
)
def test_bad_participant_files_are_rejected(tmp_path: Path, text: str) -> None:
    path = tmp_path / "participants.csv"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(BankError):
        load_participants(path)


# --- Banco Central CSV --------------------------------------------------------------------------


def test_parse_str_participants_csv() -> None:
    text = "\n".join(
        [
            STR_HEADER,
            "00000000,BCO DO BRASIL S.A.,001,Sim,RSFN,Banco do Brasil S.A.,22/04/2002",
            '60701190,ITAÚ UNIBANCO S.A.,341,Sim,RSFN,"ITAÚ UNIBANCO S.A., SP",22/04/2002',
            "13370835,DOCK IP S.A.,n/a,Não,RSFN,DOCK INSTITUIÇÃO DE PAGAMENTO S.A.,26/09/2018",
            "",
        ]
    )
    assert parse_bcb_participants(text) == [
        Bank("001", "00000000", "BCO DO BRASIL S.A."),
        Bank("341", "60701190", "ITAÚ UNIBANCO S.A."),
        Bank(None, "13370835", "DOCK IP S.A."),
    ]


def test_parse_semicolon_bytes_with_bom_and_lost_zeros() -> None:
    text = (
        "ISPB;Nome_Reduzido;Número_Código;Participa_da_Compe\r\n"
        "0;BCO DO BRASIL S.A.;1;Sim\r\n"
        "360305;CAIXA ECONOMICA FEDERAL;104;Sim\r\n"
    )
    banks = parse_bcb_participants(("\ufeff" + text).encode("utf-8"))
    assert banks == [
        Bank("001", "00000000", "BCO DO BRASIL S.A."),
        Bank("104", "00360305", "CAIXA ECONOMICA FEDERAL"),
    ]


def test_parse_windows_1252_download() -> None:
    text = f"{STR_HEADER}\n60701190,ITAÚ UNIBANCO S.A.,341,Sim,RSFN,Itaú,22/04/2002\n"
    assert parse_bcb_participants(text.encode("cp1252")) == [Bank("341", "60701190", "ITAÚ UNIBANCO S.A.")]


def test_parse_spi_list_without_compe_column() -> None:
    text = (
        "ISPB;Nome;Nome_Reduzido;Modalidade_Participacao\n"
        "18236120;NU PAGAMENTOS S.A.;NU PAGAMENTOS - IP;PDCT\n"
    )
    assert parse_bcb_participants(text) == [Bank(None, "18236120", "NU PAGAMENTOS - IP")]


def test_parse_rejects_missing_columns_and_bad_rows() -> None:
    with pytest.raises(BankError) as caught:
        parse_bcb_participants("CNPJ,Nome\n1,X\n")
    assert caught.value.code == "bank_participants_invalid_header"
    with pytest.raises(BankError) as caught:
        parse_bcb_participants("")
    assert caught.value.code == "bank_participants_invalid_header"
    with pytest.raises(BankError) as caught:
        parse_bcb_participants(f"{STR_HEADER}\n00000000,BCO DO BRASIL S.A.,001\nABC,X,002\n")
    assert caught.value.code == "bank_participants_invalid_row"
    assert caught.value.params == {"line": 3}


def test_bcb_file_refresh_round_trip(tmp_path: Path) -> None:
    shipped = load_participants()
    lines = [STR_HEADER] + [
        f"{bank.ispb},{bank.name},{bank.compe or 'n/a'},Sim,RSFN,{bank.name},01/01/2002"
        for bank in shipped.values()
    ]
    refreshed = parse_bcb_participants("\n".join(lines))
    path = tmp_path / "participants.csv"
    path.write_text(participants_csv(refreshed), encoding="utf-8")
    assert load_participants(path) == shipped
