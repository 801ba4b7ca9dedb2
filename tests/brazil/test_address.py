"""Brazilian states and zipcodes (CEP)."""

import pytest

from brazil.address import STATES, AddressError, normalize_state, normalize_zipcode


def test_there_are_27_federative_units() -> None:
    assert len(STATES) == 27
    assert {"SP", "RJ", "DF", "TO"} <= STATES


@pytest.mark.parametrize(
    ("text", "value"), [("01310-100", "01310100"), ("01.310-100", "01310100"), (" 01310100 ", "01310100")]
)
def test_zipcodes_are_normalised(text: str, value: str) -> None:
    assert normalize_zipcode(text) == value


@pytest.mark.parametrize("text", ["", "1234", "0131010A", "013101000"])
def test_bad_zipcodes_are_refused(text: str) -> None:
    with pytest.raises(AddressError) as exc:
        normalize_zipcode(text)
    assert exc.value.code == "invalid_zipcode"


def test_states() -> None:
    assert normalize_state(" sp ") == "SP"
    with pytest.raises(AddressError):
        normalize_state("XX")
