"""URLconf of the public schema (the platform host, e.g. localhost)."""

from config.urls_common import urlpatterns

__all__ = ["urlpatterns"]
