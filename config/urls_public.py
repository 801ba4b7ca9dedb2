"""URLconf of the public schema (the platform host, e.g. localhost)."""

from config.urls_common import urlpatterns

__all__ = ["handler500", "urlpatterns"]

# A data store away answers 503 (translated), not 500, even from a middleware.
handler500 = "core.views.server_error"
