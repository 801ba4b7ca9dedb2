"""CNAB 240 layouts: the structure facts in the shared vectors and generated round trips."""

from __future__ import annotations

import json
import random
import string
from datetime import date, timedelta
from pathlib import Path
from typing import Any

import pytest

from brazil.cnab240 import (
    BATCH_HEADER,
    BATCH_TRAILER,
    FILE_HEADER,
    FILE_TRAILER,
    LAYOUTS,
    SEGMENT_A,
    Field,
    RecordLayout,
    Value,
    build_record,
    layout_for,
    parse_file,
    parse_record,
)
from brazil.errors import CnabError

VECTORS_PATH = Path(__file__).resolve().parents[2] / ".." / "shared" / "domain" / "vectors.json"
VECTORS: dict[str, Any] = json.loads(VECTORS_PATH.read_text(encoding="utf-8"))
STRUCTURES = VECTORS["cnab240_structure"]


def _file_from(case: dict[str, Any]) -> list[str]:
    ddmmaaaa = case["segA_data_pagamento_ddmmaaaa"]
    payment_date = date(int(ddmmaaaa[4:]), int(ddmmaaaa[2:4]), int(ddmmaaaa[:2]))
    amount = case["segA_valor_centavos"]
    return [
        build_record(FILE_HEADER, {"bank": "341", "file_code": case["header_remessa_retorno_pos143"]}),
        build_record(
            BATCH_HEADER,
            {
                "bank": "341",
                "batch": 1,
                "operation": case["lote_operacao"],
                "service_type": case["tipo_servico"],
                "payment_method": case["forma_lancamento"],
            },
        ),
        build_record(
            SEGMENT_A,
            {
                "bank": "341",
                "batch": 1,
                "record_number": 1,
                "payee_bank": case["segA_banco_favorecido"],
                "payee_name": "R C de M Almeida",
                "payment_date": payment_date,
                "amount_centavos": amount,
                "occurrences": case["segA_ocorrencias_231_240"],
            },
        ),
        build_record(
            BATCH_TRAILER,
            {
                "bank": "341",
                "batch": 1,
                "record_count": case["trailer_lote_qtd_registros"],
                "total_centavos": case["trailer_lote_soma_centavos"],
            },
        ),
        build_record(
            FILE_TRAILER,
            {
                "bank": "341",
                "batch_count": case["trailer_arquivo_qtd_lotes"],
                "record_count": case["trailer_arquivo_qtd_registros"],
            },
        ),
    ]


@pytest.mark.parametrize("case", STRUCTURES, ids=lambda c: c["source"])
def test_vector_values_land_on_febraban_positions(case: dict[str, Any]) -> None:
    lines = _file_from(case)
    header, batch, detail, batch_trailer, trailer = lines
    assert all(len(line) == 240 for line in lines)
    # Positions below come from the FEBRABAN manual (1-based), not from the layout tables.
    assert "".join(line[7] for line in lines) == case["record_types"]
    assert header[142] == case["header_remessa_retorno_pos143"]
    assert batch[8] == case["lote_operacao"]
    assert batch[9:11] == case["tipo_servico"]
    assert batch[11:13] == case["forma_lancamento"]
    assert detail[13] == "A"
    assert detail[20:23] == case["segA_banco_favorecido"]
    assert detail[93:101] == case["segA_data_pagamento_ddmmaaaa"]
    assert int(detail[119:134]) == case["segA_valor_centavos"]
    assert detail[230:240].rstrip() == case["segA_ocorrencias_231_240"]
    assert int(batch_trailer[17:23]) == case["trailer_lote_qtd_registros"]
    assert int(batch_trailer[23:41]) == case["trailer_lote_soma_centavos"]
    assert int(trailer[17:23]) == case["trailer_arquivo_qtd_lotes"]
    assert int(trailer[23:29]) == case["trailer_arquivo_qtd_registros"]
    assert trailer[3:7] == "9999"


@pytest.mark.parametrize("case", STRUCTURES, ids=lambda c: c["source"])
def test_vector_file_parses_back(case: dict[str, Any]) -> None:
    records = parse_file("\r\n".join(_file_from(case)) + "\r\n")
    expected = (FILE_HEADER, BATCH_HEADER, SEGMENT_A, BATCH_TRAILER, FILE_TRAILER)
    assert [layout.name for layout, _ in records] == [layout.name for layout in expected]
    (_, header), (_, batch), (_, detail), (_, batch_trailer), (_, trailer) = records
    assert header["file_code"] == case["header_remessa_retorno_pos143"]
    assert (batch["operation"], batch["service_type"], batch["payment_method"]) == (
        case["lote_operacao"],
        case["tipo_servico"],
        case["forma_lancamento"],
    )
    assert detail["payee_bank"] == case["segA_banco_favorecido"]
    assert detail["payment_date"] == date(2012, 11, 22)
    assert detail["amount_centavos"] == case["segA_valor_centavos"]
    assert detail["occurrences"] == case["segA_ocorrencias_231_240"]
    assert detail["payee_name"] == "R C DE M ALMEIDA"
    assert batch_trailer["record_count"] == case["trailer_lote_qtd_registros"]
    assert batch_trailer["total_centavos"] == case["trailer_lote_soma_centavos"]
    assert (trailer["batch_count"], trailer["record_count"]) == (
        case["trailer_arquivo_qtd_lotes"],
        case["trailer_arquivo_qtd_registros"],
    )
    # A batch counts its header, details and trailer; the file counts every record.
    assert batch_trailer["record_count"] == len(records) - 2
    assert trailer["record_count"] == len(records)


# --- layouts --------------------------------------------------------------------------------------


@pytest.mark.parametrize("layout", LAYOUTS, ids=lambda layout: layout.name)
def test_layouts_cover_240_positions_with_unique_names(layout: RecordLayout) -> None:
    assert sum(field.length for field in layout.fields) == 240
    assert len({field.name for field in layout.fields}) == len(layout.fields)
    assert layout.field("bank").start == 1
    assert layout.fields[-1].end == 240


def test_invalid_layouts_are_refused() -> None:
    with pytest.raises(CnabError):
        RecordLayout("gap", (Field("a", 1, 10, "alpha"), Field("b", 12, 240, "alpha")))
    with pytest.raises(CnabError):
        RecordLayout("short", (Field("a", 1, 239, "alpha"),))


def _random_value(rng: random.Random, field: Field) -> Value:
    if field.default is not None:
        return field.default
    if field.kind == "alpha":
        text = "".join(
            rng.choices(string.ascii_uppercase + string.digits + " ", k=rng.randrange(field.length + 1))
        )
        return text.rstrip()
    if field.kind == "digits":
        return "".join(rng.choices(string.digits, k=field.length))
    if field.kind == "int":
        return rng.randrange(10 ** min(field.length, 15))
    return rng.choice([None, date(2000, 1, 1) + timedelta(days=rng.randrange(20000))])


@pytest.mark.parametrize("layout", LAYOUTS, ids=lambda layout: layout.name)
def test_generated_records_round_trip(layout: RecordLayout) -> None:
    rng = random.Random(layout.name)
    for _ in range(200):
        values = {field.name: _random_value(rng, field) for field in layout.fields}
        record = build_record(layout, values)
        assert len(record) == 240
        assert layout_for(record) is layout
        assert parse_record(record) == values


# --- formatting rules -----------------------------------------------------------------------------


def test_text_is_upper_case_ascii_and_numbers_zero_filled() -> None:
    record = build_record(SEGMENT_A, {"payee_name": "José Açaí", "amount_centavos": 15, "payee_bank": "1"})
    assert record[43:73] == "JOSE ACAI".ljust(30)
    assert record[119:134] == "000000000000015"
    assert record[20:23] == "001"
    assert record[101:104] == "BRL"
    assert record[93:101] == "00000000"  # no date


@pytest.mark.parametrize(
    ("values", "code"),
    [
        ({"payee_name": "X" * 31}, "cnab_value_too_long"),
        ({"amount_centavos": 10**15}, "cnab_value_too_long"),
        ({"amount_centavos": -1}, "cnab_invalid_value"),
        ({"amount_centavos": 1.5}, "cnab_invalid_value"),
        ({"amount_centavos": True}, "cnab_invalid_value"),
        ({"payee_bank": "0a1"}, "cnab_invalid_value"),
        ({"payment_date": "22112012"}, "cnab_invalid_value"),
        ({"no_such_field": "1"}, "cnab_unknown_field"),
    ],
)
def test_build_rejects_bad_values(values: dict[str, Any], code: str) -> None:
    with pytest.raises(CnabError) as caught:
        build_record(SEGMENT_A, values)
    assert caught.value.code == code


def test_parse_rejects_bad_records() -> None:
    detail = build_record(SEGMENT_A, {"payment_date": date(2012, 11, 22)})
    with pytest.raises(CnabError) as caught:
        parse_record(detail[:239])
    assert caught.value.code == "cnab_invalid_length"
    with pytest.raises(CnabError) as caught:
        parse_record(detail[:13] + "O" + detail[14:])
    assert caught.value.code == "cnab_unsupported_record"
    with pytest.raises(CnabError) as caught:
        parse_record(detail[:93] + "31022012" + detail[101:])
    assert caught.value.code == "cnab_invalid_value"
    with pytest.raises(CnabError) as caught:
        parse_record(detail[:119] + "00000000000001X" + detail[134:])
    assert caught.value.code == "cnab_invalid_value"
    with pytest.raises(CnabError) as caught:
        parse_record(detail, BATCH_TRAILER)
    assert caught.value.code == "cnab_wrong_layout"
    with pytest.raises(CnabError) as caught:
        layout_for("7" * 240)
    assert caught.value.code == "cnab_unsupported_record"


def test_blank_numeric_fields_parse_as_none() -> None:
    header = build_record(BATCH_HEADER, {"service_payment_form": None})
    blanked = header[:222] + "  " + header[224:]
    assert parse_record(blanked)["service_payment_form"] is None
