"""Mounted under /sandbox-bank/ (the plugin's `cofre_urls` hook)."""

from __future__ import annotations

from django.urls import URLPattern, path

from cofre_sandbox_bank import views

app_name = "sandbox_bank"
urlpatterns: list[URLPattern] = [
    path("tokens", views.create_token, name="tokens"),
    path("webhooks/release", views.release_webhooks, name="release_webhooks"),
    path("med", views.raise_med, name="raise_med"),
    path("med/decisions", views.med_decisions, name="med_decisions"),
    path("pix-credits", views.send_to_key, name="send_to_key"),
    path("returns", views.simulate_return, name="simulate_return"),
]
