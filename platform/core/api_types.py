"""Field types the API's input schemas share, and the parser of its JSON bodies.

pydantic's lax mode reads more than the OpenAPI document promises; these types take only what it
says, each refusal a field code in a 400 `invalid_input` (through core.api_errors), and the document
is unchanged (the generative test in tests/api checks that answers and document agree):
- `Centavos`: money is integer centavos, and only a JSON integer is one (lax mode takes `true` as 1,
  `"1500"` as 1500 and `15.0` as 15): `integer_centavos`. `BasisPoints` (a fee's percentage part)
  likewise: `integer_basis_points`.
- `JsonBool`: `true` or `false` only (lax mode takes `0`, `"yes"` or `"off"`): `boolean_expected`.
- `IsoDate`: a date as `YYYY-MM-DD` (lax mode also reads `0` or `1700000000` as a Unix time):
  `invalid_date`.
`ObjectBodyParser` refuses a JSON body that is not an object (every operation's body is one):
ninja's Schema would read `[null, null]` or `"AAA"` as an object with every field missing, and accept
it. The refusal is a 400 `malformed_request`.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import date
from typing import Annotated, Any

from django.http import HttpRequest
from ninja.params import functions as param
from ninja.parser import Parser
from pydantic import BeforeValidator
from pydantic_core import PydanticCustomError


def integers_only(code: str) -> Callable[[object], object]:
    def check(value: object) -> object:
        if isinstance(value, bool) or not isinstance(value, int):
            raise PydanticCustomError(code, code)
        return value

    return check


Centavos = Annotated[int, BeforeValidator(integers_only("integer_centavos"))]
BasisPoints = Annotated[int, BeforeValidator(integers_only("integer_basis_points"))]


def booleans_only(value: object) -> object:
    if not isinstance(value, bool):
        raise PydanticCustomError("boolean_expected", "boolean_expected")
    return value


JsonBool = Annotated[bool, BeforeValidator(booleans_only)]


def iso_date(value: object) -> object:
    if isinstance(value, date):
        return value
    if isinstance(value, str) and len(value) == 10:
        try:
            return date.fromisoformat(value)
        except ValueError:
            pass
    raise PydanticCustomError("invalid_date", "invalid_date")


IsoDate = Annotated[date, BeforeValidator(iso_date)]


class ObjectBodyParser(Parser):
    """ninja's JSON parser, for bodies that must be a JSON object. Anything else is a parse error,
    which core.api_errors answers as 400 `malformed_request`."""

    def parse_body(self, request: HttpRequest) -> dict[str, Any]:
        data = json.loads(request.body)
        if not isinstance(data, dict):
            raise ValueError("the body is not a JSON object")
        return data


# The optional `Idempotency-Key` header of every create (core.idempotency).
IdempotencyKey = Annotated[
    str | None,
    param.Header(
        None,
        alias="Idempotency-Key",
        description="Optional (printable ASCII, at most 100 characters). A retry with the same key and "
        "the same body answers the first result again and creates nothing; the same key with another "
        "body is a 409 idempotency_conflict. Keys are kept per tenant and create operation.",
    ),
]
