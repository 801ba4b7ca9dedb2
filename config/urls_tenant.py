"""URLconf of tenant schemas (client and partner hosts, e.g. acme.localhost)."""

from config.urls_common import urlpatterns

__all__ = ["urlpatterns"]
