"""URLconf of tenant schemas (client and partner hosts, e.g. acme.localhost)."""

from config.urls_common import urlpatterns

__all__ = ["handler500", "urlpatterns"]

# A data store away answers 503 (translated), not 500, even from a middleware.
handler500 = "core.views.server_error"
