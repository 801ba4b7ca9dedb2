"""The one NinjaAPI under /api; a router per app."""

from __future__ import annotations

from ninja import NinjaAPI

from accounts.api import router as auth_router
from core import api_errors
from core.api import router as health_router

api = NinjaAPI(
    title="Cofre API",
    version="1.0.0",
    description="Payments back-office API. Amounts are integer centavos with an ISO currency.",
    urls_namespace="api",
)
api_errors.install(api)
api.add_router("/health", health_router)
api.add_router("/auth", auth_router)
