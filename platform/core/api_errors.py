"""Map every error to `{"code", "message"}` once, for the whole API. Nothing reaches a user as a bare 500.

`install` maps the exceptions raised while an operation runs (domain errors, validation, a request
body Django refuses to read); `ApiErrorMiddleware` turns the answers Django and ninja write themselves
under /api/ (an unknown address, a method an address does not take) into the same JSON body; and
`ErrorDocumentingAPI` declares that body (`ErrorOut`) as every operation's 4XX answer in the OpenAPI
document, so the document matches the answers (the generative test in tests/api checks it).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

import orjson
from django.core.exceptions import (
    RequestDataTooBig,
    SuspiciousOperation,
    TooManyFieldsSent,
    TooManyFilesSent,
)
from django.db import DataError, InterfaceError, OperationalError
from django.http import HttpRequest, HttpResponse, UnreadablePostError
from django.http.multipartparser import MultiPartParserError
from ninja import NinjaAPI, Schema
from ninja.errors import AuthenticationError, HttpError, ValidationError
from ninja.openapi.schema import OpenAPISchema
from redis.exceptions import RedisError

from core.errors import AppError
from core.messages import message
from plugin_api import PluginError

logger = logging.getLogger("cofre.api")


class ErrorOut(Schema):
    """Every error the API answers: a machine-readable code, a message in the request's language and,
    for input errors, a code per field."""

    code: str
    message: str
    fields: dict[str, str] | None = None


REF_TEMPLATE = "#/components/schemas/{model}"
ERROR_RESPONSE = {
    "description": "An error: `code`, `message` in the request's language, `fields` for input errors",
    "content": {"application/json": {"schema": {"$ref": "#/components/schemas/ErrorOut"}}},
}


class ErrorDocumentingAPI(NinjaAPI):
    """A NinjaAPI whose OpenAPI document gives every operation a 4XX answer of ErrorOut (an
    operation's own 4xx entries stay): any operation may answer 400 (input), 401, 403, 404, 405 or
    413, and the document says so."""

    def get_openapi_schema(
        self, *, path_prefix: str | None = None, path_params: dict[str, Any] | None = None
    ) -> OpenAPISchema:
        schema = super().get_openapi_schema(path_prefix=path_prefix, path_params=path_params)
        schemas = schema.setdefault("components", {}).setdefault("schemas", {})
        schemas.setdefault("ErrorOut", ErrorOut.model_json_schema(ref_template=REF_TEMPLATE))
        for methods in schema["paths"].values():
            for operation in methods.values():
                # status keys as the JSON document writes them ("200"), beside the range "4XX"
                responses = {str(status): answer for status, answer in operation["responses"].items()}
                responses.setdefault("4XX", ERROR_RESPONSE)
                operation["responses"] = responses
        return schema


UNPARSEABLE_BODY = "Cannot parse request body"  # ninja's HttpError text (ninja.params.models.BodyModel)


def error_body(code: str, **params: object) -> dict[str, Any]:
    return {"code": code, "message": message(code, **params)}


def json_error(code: str, status: int, **params: object) -> HttpResponse:
    """The API's error answer, for code outside an operation (middleware)."""
    body = orjson.dumps(error_body(code, **params))
    return HttpResponse(body, status=status, content_type="application/json; charset=utf-8")


# A data store that cannot answer now (PostgreSQL restarting, Redis away): a 503 the caller may retry,
# never a 500. core.views.server_error answers the same outside the API (e.g. in a middleware).
UNAVAILABLE = (OperationalError, InterfaceError, RedisError)
RETRY_AFTER_SECONDS = 5


def unavailable_response(request: HttpRequest, exc: BaseException) -> HttpResponse:
    logger.warning("503 on %s %s: %s: %s", request.method, request.path, type(exc).__name__, exc)
    response = json_error("service_unavailable", 503)
    response["Retry-After"] = str(RETRY_AFTER_SECONDS)
    return response


# pydantic's error types -> (message code, the ctx entry filled in as {limit}); pydantic's own text is
# English whatever the reader's language. Other types (a validator's own code) keep pydantic's text.
FIELD_ERRORS: dict[str, tuple[str, str | None]] = {
    "missing": ("field_required", None),
    "string_too_short": ("field_too_short", "min_length"),
    "too_short": ("field_too_short", "min_length"),
    "string_too_long": ("field_too_long", "max_length"),
    "too_long": ("field_too_long", "max_length"),
    "greater_than": ("field_greater_than", "gt"),
    "greater_than_equal": ("field_at_least", "ge"),
    "less_than": ("field_less_than", "lt"),
    "less_than_equal": ("field_at_most", "le"),
    "literal_error": ("field_choice", None),
    "enum": ("field_choice", None),
    "string_type": ("field_invalid", None),
    "string_pattern_mismatch": ("field_invalid", None),
    "int_type": ("field_invalid", None),
    "int_parsing": ("field_invalid", None),
    "int_from_float": ("field_invalid", None),
    "float_type": ("field_invalid", None),
    "float_parsing": ("field_invalid", None),
    "bool_type": ("field_invalid", None),
    "bool_parsing": ("field_invalid", None),
    "date_type": ("field_invalid", None),
    "date_parsing": ("field_invalid", None),
    "date_from_datetime_parsing": ("field_invalid", None),
    "datetime_type": ("field_invalid", None),
    "datetime_parsing": ("field_invalid", None),
    "datetime_from_date_parsing": ("field_invalid", None),
    "dict_type": ("field_invalid", None),
    "list_type": ("field_invalid", None),
    "model_type": ("field_invalid", None),
    "uuid_parsing": ("field_invalid", None),
    "decimal_parsing": ("field_invalid", None),
}


def field_message(err: dict[str, Any]) -> str:
    """A refused field in the request's language (a type not in FIELD_ERRORS keeps pydantic's text)."""
    known = FIELD_ERRORS.get(str(err.get("type", "")))
    if known is None:
        return str(err.get("msg", ""))
    code, limit = known
    ctx = err.get("ctx") or {}
    if limit is None:
        return message(code)
    if limit not in ctx:
        return str(err.get("msg", ""))
    if code == "field_too_short" and ctx[limit] == 1:
        return message("field_required")  # "at least 1 character": not empty
    return message(code, limit=ctx[limit])


def install(api: NinjaAPI) -> None:
    @api.exception_handler(OperationalError)
    @api.exception_handler(InterfaceError)
    @api.exception_handler(RedisError)
    def unavailable(request: HttpRequest, exc: Exception) -> HttpResponse:
        return unavailable_response(request, exc)

    @api.exception_handler(AppError)
    def app_error(request: HttpRequest, exc: AppError) -> HttpResponse:
        body = error_body(exc.code, **exc.params)
        if "fields" in exc.params:
            body["fields"] = exc.params["fields"]
        response = api.create_response(request, body, status=exc.status)
        retry_after = getattr(exc, "retry_after", None)
        if isinstance(retry_after, int):
            response["Retry-After"] = str(retry_after)
        return response

    @api.exception_handler(PluginError)
    def plugin_error(request: HttpRequest, exc: PluginError) -> HttpResponse:
        # A plugin refusing input (unknown provider, bad configuration value): a field error.
        body = error_body("invalid_input") | {"fields": {exc.field or "request": exc.code}}
        return api.create_response(request, body, status=400)

    @api.exception_handler(AuthenticationError)
    def auth_error(request: HttpRequest, exc: AuthenticationError) -> HttpResponse:
        return api.create_response(request, error_body("not_authenticated"), status=401)

    @api.exception_handler(ValidationError)
    def validation_error(request: HttpRequest, exc: ValidationError) -> HttpResponse:
        fields: dict[str, str] = {}
        for err in exc.errors:
            loc = [
                str(part) for part in err.get("loc", ()) if part not in ("body", "query", "path", "payload")
            ]
            fields[".".join(loc) or "body"] = field_message(err)
        body = error_body("invalid_input") | {"fields": fields}
        return api.create_response(request, body, status=400)

    @api.exception_handler(HttpError)
    def http_error(request: HttpRequest, exc: HttpError) -> HttpResponse:
        code = {401: "not_authenticated", 403: "forbidden", 404: "not_found"}.get(exc.status_code)
        if exc.status_code == 400 and str(exc).startswith(UNPARSEABLE_BODY):
            code = "malformed_request"  # ninja could not parse the body as its Content-Type says
        if code is None:
            code = "invalid_input" if exc.status_code < 500 else "internal_error"
        return api.create_response(request, error_body(code), status=exc.status_code)

    @api.exception_handler(DataError)
    def data_error(request: HttpRequest, exc: DataError) -> HttpResponse:
        # A value the database refuses (too long, out of range) that validation let through: a 400.
        logger.warning("data error on %s %s: %s", request.method, request.path, exc)
        return api.create_response(request, error_body("invalid_input"), status=400)

    # A body Django refuses to read: above DATA_UPLOAD_MAX_MEMORY_SIZE (or too many fields or files),
    # before any login (the login and webhook endpoints read it too). Django's own handler would answer
    # 400 for these SuspiciousOperations; ninja's catch-all would answer 500.
    @api.exception_handler(RequestDataTooBig)
    @api.exception_handler(TooManyFieldsSent)
    @api.exception_handler(TooManyFilesSent)
    def too_large(request: HttpRequest, exc: Exception) -> HttpResponse:
        logger.warning("request body refused on %s %s: %s", request.method, request.path, exc)
        return api.create_response(request, error_body("request_too_large"), status=413)

    # A body that cannot be parsed as its Content-Type says (e.g. multipart/form-data with no
    # boundary), or one the client stopped sending.
    @api.exception_handler(MultiPartParserError)
    @api.exception_handler(UnreadablePostError)
    @api.exception_handler(SuspiciousOperation)
    def malformed(request: HttpRequest, exc: Exception) -> HttpResponse:
        logger.warning("unreadable request on %s %s: %s", request.method, request.path, exc)
        return api.create_response(request, error_body("malformed_request"), status=400)

    @api.exception_handler(Exception)
    def unexpected(request: HttpRequest, exc: Exception) -> HttpResponse:
        logger.error("unhandled API error on %s %s", request.method, request.path, exc_info=exc)
        return api.create_response(request, error_body("internal_error"), status=500)


class ApiErrorMiddleware:
    """Under /api/, the answers written outside any operation become the API's JSON error: an unknown
    address (Django's HTML 404 page) and a method an address does not take (ninja's plain-text 405,
    whose Allow header is kept). Placed after LocaleMiddleware, so the message is in the request's
    language, and before CommonMiddleware, so it sees the final answer."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if (
            response.status_code not in (404, 405)
            or not request.path.startswith("/api/")
            or response.get("Content-Type", "").startswith("application/json")
        ):
            return response
        if response.status_code == 404:
            return json_error("unknown_endpoint", 404)
        answer = json_error("method_not_allowed", 405, method=(request.method or "")[:20])
        if response.has_header("Allow"):
            answer["Allow"] = response["Allow"]
        return answer
