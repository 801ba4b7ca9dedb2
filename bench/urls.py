"""Bare views for the API benchmark: the same SQL as the API, without auth, ninja or serialisation."""

from __future__ import annotations

import json
from typing import Any

from django.db import connection
from django.http import HttpRequest, HttpResponse
from django.urls import path

from payments import queries


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
    qs = queries.filtered(_filters(request)).order_by("-created_at", "-pk")[
        : int(request.GET.get("per_page", 50)) + 1
    ]
    sql, params = qs.query.sql_with_params()
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        rows: list[Any] = cursor.fetchall()
    return HttpResponse(json.dumps([list(map(str, row)) for row in rows]), content_type="application/json")


urlpatterns = [path("deposits", raw_deposits)]
