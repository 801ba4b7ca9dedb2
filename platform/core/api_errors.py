"""Map every error to `{"code", "message"}` once, for the whole API. Nothing reaches a user as a bare 500."""

from __future__ import annotations

import logging
from typing import Any

from django.db import DataError
from django.http import HttpRequest, HttpResponse
from ninja import NinjaAPI
from ninja.errors import AuthenticationError, HttpError, ValidationError

from core.errors import AppError
from core.messages import message
from plugin_api import PluginError

logger = logging.getLogger("cofre.api")


def error_body(code: str, **params: object) -> dict[str, Any]:
    return {"code": code, "message": message(code, **params)}


def install(api: NinjaAPI) -> None:
    @api.exception_handler(AppError)
    def app_error(request: HttpRequest, exc: AppError) -> HttpResponse:
        body = error_body(exc.code, **exc.params)
        if "fields" in exc.params:
            body["fields"] = exc.params["fields"]
        return api.create_response(request, body, status=exc.status)

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
            fields[".".join(loc) or "body"] = str(err.get("msg", ""))
        body = error_body("invalid_input") | {"fields": fields}
        return api.create_response(request, body, status=400)

    @api.exception_handler(HttpError)
    def http_error(request: HttpRequest, exc: HttpError) -> HttpResponse:
        code = {401: "not_authenticated", 403: "forbidden", 404: "not_found"}.get(exc.status_code)
        if code is None:
            code = "invalid_input" if exc.status_code < 500 else "internal_error"
        return api.create_response(request, error_body(code), status=exc.status_code)

    @api.exception_handler(DataError)
    def data_error(request: HttpRequest, exc: DataError) -> HttpResponse:
        # A value the database refuses (too long, out of range) that validation let through: a 400.
        logger.warning("data error on %s %s: %s", request.method, request.path, exc)
        return api.create_response(request, error_body("invalid_input"), status=400)

    @api.exception_handler(Exception)
    def unexpected(request: HttpRequest, exc: Exception) -> HttpResponse:
        logger.error("unhandled API error on %s %s", request.method, request.path, exc_info=exc)
        return api.create_response(request, error_body("internal_error"), status=500)
