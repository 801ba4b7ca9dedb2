"""Writing CNAB 240 payment remittances and reading their returns: the layout (240-character records,
batches per method, trailers counted and summed), the shared vectors' return, and refusals."""

from __future__ import annotations

import json
from datetime import UTC, date, datetime
from pathlib import Path
from typing import Any

import pytest

from brazil.cnab240 import (
    BATCH_HEADER,
    BATCH_TRAILER,
    FILE_HEADER,
    FILE_TRAILER,
    SEGMENT_A,
    SEGMENT_B,
    build_record,
    parse_file,
)
from brazil.cnab240_payments import (
    Company,
    Payment,
    ReturnRecord,
    build_remittance,
    build_return,
    occurrence_codes,
    read_return,
)
from brazil.cnab240_remittance import read_remittance
from brazil.errors import CnabError

VECTORS_PATH = Path(__file__).resolve().parents[2] / ".." / "shared" / "domain" / "vectors.json"
STRUCTURE: dict[str, Any] = json.loads(VECTORS_PATH.read_text(encoding="utf-8"))["cnab240_structure"][0]
COMPANY = Company(
    bank="341", document="11222333000181", name="Cofre Pagamentos", agency="1234", account="56789"
)
TED = Payment(
    "CF0000000000000000A1",
    "ted",
    "Ana Souza",
    "52998224725",
    123_456,
    bank="001",
    agency="1234",
    agency_dv="3",
    account="567890",
    account_dv="0",
)
PIX = Payment(
    "CF0000000000000000B2",
    "pix",
    "Bruno Lima",
    "11222333000181",
    25_000,
    pix_key="bruno@example.com",
    pix_key_type="email",
)
PIX2 = Payment(
    "CF0000000000000000C3", "pix", "Caio Reis", "52998224725", 990, pix_key="52998224725", pix_key_type="cpf"
)
AT = datetime(2026, 11, 27, 10, 15, 0, tzinfo=UTC)
PAY_ON = date(2026, 11, 27)


def remittance() -> str:
    return build_remittance(COMPANY, [PIX, TED, PIX2], sequence=7, generated_at=AT, pay_on=PAY_ON)


def test_the_remittance_follows_the_layout_one_batch_per_method_with_counted_trailers() -> None:
    text = remittance()
    lines = text.split("\r\n")
    assert lines[-1] == ""  # CRLF after every record, the last one too
    assert all(len(line) == 240 for line in lines[:-1])
    records = parse_file(text)
    layouts = [layout.name for layout, _ in records]
    assert layouts == [
        "file_header",
        "batch_header",
        "segment_a",
        "segment_b",
        "batch_trailer",  # TED
        "batch_header",
        "segment_a",
        "segment_b",
        "segment_a",
        "segment_b",
        "batch_trailer",  # PIX
        "file_trailer",
    ]
    header = records[0][1]
    assert (header["file_code"], header["sequence"], header["generated_on"]) == ("1", 7, PAY_ON)
    assert [v["payment_method"] for layout, v in records if layout is BATCH_HEADER] == ["41", "45"]
    trailers = [v for layout, v in records if layout is BATCH_TRAILER]
    assert [(t["record_count"], t["total_centavos"]) for t in trailers] == [(4, 123_456), (6, 25_990)]
    assert records[-1][1]["batch_count"] == 2
    assert records[-1][1]["record_count"] == len(records)
    ted = records[2][1]
    assert (ted["payee_bank"], ted["payee_agency"], ted["payee_account"], ted["payee_account_dv"]) == (
        "001",
        "01234",
        "000000567890",
        "0",
    )
    assert (ted["company_reference"], ted["amount_centavos"], ted["clearing_code"]) == (
        TED.reference,
        123_456,
        "018",
    )
    pix = [v for layout, v in records if layout is SEGMENT_B][1]
    assert (pix["pix_initiation"], pix["pix_key"], pix["payee_document"]) == (
        "02",
        "BRUNO@EXAMPLE.COM",
        "11222333000181",
    )
    # the remittance reader (the payout imports' third format) reads it back, trailers checked
    read = read_remittance(text)
    assert [(p.reference, p.amount, p.pix_key) for p in read] == [
        (TED.reference, 123_456, ""),
        (PIX.reference, 25_000, "bruno@example.com"),
        (PIX2.reference, 990, "52998224725"),
    ]


def test_a_reference_longer_than_the_field_is_refused() -> None:
    long = Payment("X" * 21, "pix", "Ana", "52998224725", 100, pix_key="a@b.co", pix_key_type="email")
    with pytest.raises(CnabError) as caught:
        build_remittance(COMPANY, [long], sequence=1, generated_at=AT, pay_on=PAY_ON)
    assert caught.value.code == "cnab_value_too_long"


def test_the_return_answers_each_payment_paid_or_refused_with_its_occurrence() -> None:
    returned = build_return(remittance(), rejected={PIX.reference: "AN"}, paid_on=PAY_ON)
    assert all(len(line) == 240 for line in returned.splitlines())
    assert parse_file(returned)[0][1]["file_code"] == "2"
    records = read_return(returned)
    assert [(r.reference, r.occurrences, r.paid, r.accepted) for r in records] == [
        (TED.reference, ("00",), True, True),
        (PIX.reference, ("AN",), False, False),
        (PIX2.reference, ("00",), True, True),
    ]
    assert records[0].effective_date == PAY_ON
    assert records[0].amount == 123_456
    assert records[1].effective_date is None


def test_the_shared_vector_return_reads_as_accepted_not_yet_paid() -> None:
    """vectors.json: an Itaú SISPAG return, one segment A answered "BD" (scheduled), trailers 3 and 5."""
    raw = STRUCTURE["segA_data_pagamento_ddmmaaaa"]
    day = date(int(raw[4:]), int(raw[2:4]), int(raw[:2]))
    cents = STRUCTURE["segA_valor_centavos"]
    company = {"bank": "341", "company_document_type": "2", "company_document": "11222333000181"}
    records = [
        build_record(FILE_HEADER, {**company, "file_code": STRUCTURE["header_remessa_retorno_pos143"]}),
        build_record(
            BATCH_HEADER,
            {
                **company,
                "batch": 1,
                "operation": STRUCTURE["lote_operacao"],
                "service_type": STRUCTURE["tipo_servico"],
                "payment_method": STRUCTURE["forma_lancamento"],
            },
        ),
        build_record(
            SEGMENT_A,
            {
                "bank": "341",
                "batch": 1,
                "record_number": 1,
                "payee_bank": STRUCTURE["segA_banco_favorecido"],
                "payment_date": day,
                "amount_centavos": cents,
                "company_reference": "REF1",
                "occurrences": STRUCTURE["segA_ocorrencias_231_240"],
            },
        ),
        build_record(
            BATCH_TRAILER,
            {
                "bank": "341",
                "batch": 1,
                "record_count": STRUCTURE["trailer_lote_qtd_registros"],
                "total_centavos": STRUCTURE["trailer_lote_soma_centavos"],
            },
        ),
        build_record(
            FILE_TRAILER,
            {
                "bank": "341",
                "batch_count": STRUCTURE["trailer_arquivo_qtd_lotes"],
                "record_count": STRUCTURE["trailer_arquivo_qtd_registros"],
            },
        ),
    ]
    text = "\r\n".join(records)
    assert "".join(r[7] for r in records) == STRUCTURE["record_types"]
    assert records[0][142] == "2"
    assert records[2][230:232] == "BD"
    assert read_return(text) == [
        ReturnRecord(line=3, reference="REF1", amount=cents, occurrences=("BD",), bank_reference="")
    ]
    assert read_return(text)[0].accepted
    assert not read_return(text)[0].paid


@pytest.mark.parametrize(
    ("mangle", "code"),
    [
        (lambda t: t, "cnab_not_a_return"),  # a remittance is not a return
        (lambda t: t.replace("\r\n", "X\r\n", 1), "cnab_invalid_length"),
        (lambda t: "\r\n".join(t.split("\r\n")[:-2]), "cnab_missing_trailer"),
    ],
)
def test_a_bad_return_is_refused_with_its_line(mangle: Any, code: str) -> None:
    text = remittance()
    if code != "cnab_not_a_return":
        text = build_return(text, paid_on=PAY_ON)
    with pytest.raises(CnabError) as caught:
        read_return(mangle(text))
    assert caught.value.code == code
    assert int(caught.value.params["line"]) >= 1


def test_a_return_whose_batch_total_was_changed_is_refused() -> None:
    lines = build_return(remittance(), paid_on=PAY_ON).split("\r\n")
    trailer = lines[4]
    lines[4] = trailer[:23] + "9".zfill(18) + trailer[41:]
    with pytest.raises(CnabError) as caught:
        read_return("\r\n".join(lines))
    assert (caught.value.code, caught.value.params["line"]) == ("cnab_batch_total_mismatch", 5)


def test_occurrence_codes_are_pairs_blanks_dropped() -> None:
    assert occurrence_codes("00") == ("00",)
    assert occurrence_codes("AGAN      ") == ("AG", "AN")
    assert occurrence_codes("") == ()
