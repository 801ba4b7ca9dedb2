"""URL patterns served on every host (public and tenant)."""

from __future__ import annotations

from django.conf import settings
from django.urls import URLPattern, URLResolver, path, re_path

from config.api import api
from core import views
from gateway.registry import plugin_urlpatterns
from webhooks import views as webhook_views

urlpatterns: list[URLPattern | URLResolver] = [
    # The demo's webhook receiver (404 unless WEBHOOKS_DEMO_RECEIVER): verifies what our worker sends.
    path("api/webhook-receiver/<slug:schema>/<str:endpoint_id>", webhook_views.demo_receiver),
    path("api/", api.urls),
    *plugin_urlpatterns(),  # what plugins serve (hook cofre_urls), e.g. a bank's tokenization endpoint
    path("", views.root_redirect),
    re_path(r"^plataforma(?:/.*)?$", views.spa),
]
if settings.BENCH_VIEWS:
    from django.urls import include

    urlpatterns.append(path("bench/", include("bench.urls")))
