"""Reading a CNAB 240 payment remittance: the payments of a good file, and each malformed file refused
with its line."""

from __future__ import annotations

import pytest

from brazil.cnab240_remittance import RemittancePayment, looks_like_cnab240, read_remittance
from brazil.errors import CnabError
from tests.support.cnab240 import Batch, Boleto, Remittance, Transfer

TED = Transfer(
    "Ana Souza",
    "52998224725",
    123_456,
    bank="001",
    agency="1234",
    agency_dv="3",
    account="567890",
    account_dv="0",
    reference="PAG-1",
)
PIX = Transfer("Bruno Lima", "11222333000181", 25_000, pix_key="bruno@example.com")
BOLETO = Boleto("Luz SA", "34191790010104351004791020150008291070026000", 9_990)


def good() -> Remittance:
    return Remittance([Batch([TED]), Batch([PIX], payment_method="45"), Batch([BOLETO], payment_method="31")])


def refused(text: str) -> CnabError:
    with pytest.raises(CnabError) as caught:
        read_remittance(text)
    return caught.value


def test_a_good_file_gives_each_payment_as_a_spreadsheet_row() -> None:
    payments = read_remittance(good().text())
    assert payments == [
        RemittancePayment(
            line=3,
            segment="A",
            name="ANA SOUZA",
            document="52998224725",
            bank="001",
            agency="1234-3",
            account="567890-0",
            amount=123_456,
            reference="PAG-1",
        ),
        RemittancePayment(
            line=7,
            segment="A",
            name="BRUNO LIMA",
            document="11222333000181",
            pix_key="bruno@example.com",
            amount=25_000,
        ),
        RemittancePayment(line=11, segment="J", name="LUZ SA", amount=9_990, barcode=BOLETO.barcode),
    ]
    assert sum(p.amount for p in payments) == 123_456 + 25_000 + 9_990


def test_detection_is_by_content() -> None:
    assert looks_like_cnab240(good().text())
    assert looks_like_cnab240("\ufeff" + good().text())
    assert not looks_like_cnab240("nome;valor\r\nAna;10,00\r\n")
    assert not looks_like_cnab240("9" * 240)  # a record, but not a file header


def test_a_record_of_the_wrong_length_is_refused_with_its_line() -> None:
    lines = good().records()
    lines[2] = lines[2][:239]
    error = refused("\n".join(lines))
    assert (error.code, error.params["line"], error.params["length"]) == ("cnab_invalid_length", 3, 239)


def test_an_unknown_record_type_or_segment_is_refused_with_its_line() -> None:
    lines = good().records()
    lines[3] = lines[3][:7] + "7" + lines[3][8:]
    error = refused("\n".join(lines))
    assert (error.code, error.params["line"]) == ("cnab_unsupported_record", 4)
    lines = good().records()
    lines[2] = lines[2][:13] + "O" + lines[2][14:]
    error = refused("\n".join(lines))
    assert (error.code, error.params["line"]) == ("cnab_unsupported_record", 3)


def test_a_bad_number_is_refused_with_its_line() -> None:
    lines = good().records()
    lines[2] = lines[2][:119] + "00000000000001X" + lines[2][134:]
    error = refused("\n".join(lines))
    assert (error.code, error.params["line"]) == ("cnab_invalid_value", 3)


@pytest.mark.parametrize(
    ("batch", "code"),
    [
        (Batch([TED], count=5), "cnab_batch_count_mismatch"),
        (Batch([TED], total=123_455), "cnab_batch_total_mismatch"),
    ],
)
def test_a_batch_trailer_that_disagrees_with_its_details_is_refused(batch: Batch, code: str) -> None:
    error = refused(Remittance([batch]).text())
    assert (error.code, error.params["line"]) == (code, 5)


def test_a_file_trailer_that_disagrees_is_refused() -> None:
    lines = good().records()
    lines[-1] = lines[-1][:17] + "000002" + lines[-1][23:]
    error = refused("\n".join(lines))
    assert (error.code, error.params["line"]) == ("cnab_file_count_mismatch", len(lines))


def test_records_out_of_place_are_refused() -> None:
    lines = good().records()
    assert refused("\n".join(lines[1:])).params == {"record": "batch_header", "line": 1}
    without_batch_header = [lines[0], *lines[2:]]
    assert refused("\n".join(without_batch_header)).code == "cnab_unexpected_record"
    b_first = [*lines[:2], lines[3], lines[2], *lines[4:]]
    error = refused("\n".join(b_first))
    assert (error.code, error.params["line"]) == ("cnab_unexpected_record", 3)
    after_end = [*lines, lines[1]]
    assert refused("\n".join(after_end)).params["line"] == len(after_end)


def test_a_file_cut_short_or_a_return_file_is_refused() -> None:
    lines = good().records()
    assert refused("\n".join(lines[:-1])).code == "cnab_missing_trailer"
    assert refused("\n".join(lines[:3])).code == "cnab_missing_trailer"
    error = refused(Remittance([Batch([TED])], file_code="2").text())
    assert (error.code, error.params["line"]) == ("cnab_not_a_remittance", 1)
