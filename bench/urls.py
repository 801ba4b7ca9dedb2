"""Bare views for the API benchmark: the same SQL as the API (the same columns; a name search through the
name-token page), without ninja, its auth classes or its serialisation.

`deposits` answers anyone (the latency table of bench/deposits.py); `deposits-login` is the same view
behind the same login: the session middleware has resolved the member, as for the API, and an
anonymous caller gets a 401 (the requests-per-second comparison)."""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

from django.db import connection
from django.http import HttpRequest, HttpResponse
from django.urls import path

from payments import queries
from payments.api import LIST_FIELDS


def _filters(request: HttpRequest) -> queries.DepositFilters:
    from datetime import date

    get = request.GET
    return queries.DepositFilters(
        status=get.getlist("status"),
        method=get.getlist("method"),
        currency=get.getlist("currency"),
        date_from=date.fromisoformat(get["date_from"]) if get.get("date_from") else None,
        date_to=date.fromisoformat(get["date_to"]) if get.get("date_to") else None,
        q=get.get("q", ""),
    )


def raw_deposits(request: HttpRequest) -> HttpResponse:
    filters = _filters(request)
    limit = int(request.GET.get("per_page", 50)) + 1
    qs = queries.filtered(filters).only(*LIST_FIELDS)
    rows: list[Any] | None = None
    if queries.is_selective(qs):  # a name search: the API's name-token page
        page = queries.name_page(
            replace(filters, q=""), queries.name_terms(filters.q), descending=True, after=None, limit=limit,
            fields=LIST_FIELDS,
        )  # fmt: skip
        rows = None if page is None else [[getattr(d, f) for f in LIST_FIELDS] for d in page]
    if rows is None:
        sql, params = qs.order_by("-created_at", "-pk")[:limit].query.sql_with_params()
        with connection.cursor() as cursor:
            cursor.execute(sql, params)
            rows = cursor.fetchall()
    return HttpResponse(json.dumps([list(map(str, row)) for row in rows]), content_type="application/json")


def raw_deposits_login(request: HttpRequest) -> HttpResponse:
    if getattr(request, "membership", None) is None:  # set by accounts' session middleware
        return HttpResponse(status=401)
    return raw_deposits(request)


urlpatterns = [path("deposits", raw_deposits), path("deposits-login", raw_deposits_login)]
