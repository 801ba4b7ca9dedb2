"""URL patterns served on every host (public and tenant)."""

from __future__ import annotations

from django.conf import settings
from django.urls import URLPattern, URLResolver, include, path, re_path

from config.api import api
from core import views

urlpatterns: list[URLPattern | URLResolver] = [
    path("api/", api.urls),
    path("sandbox-bank/", include("cofre_sandbox_bank.urls")),
    path("", views.root_redirect),
    re_path(r"^plataforma(?:/.*)?$", views.spa),
]
if settings.BENCH_VIEWS:
    urlpatterns.append(path("bench/", include("bench.urls")))
