"""Where a webhook may go: http(s) URLs whose host resolves only to public addresses. Every address
the name resolves to is checked, at creation and again before each send (a name that later points
inside is refused then). WEBHOOKS_ALLOW_PRIVATE_ADDRESSES (the demo's setting) lifts the address rule.
"""

from __future__ import annotations

import ipaddress
import socket
from urllib.parse import urlsplit

from django.conf import settings

from core.errors import AppError


class UnsafeUrlError(AppError):
    def __init__(self, code: str) -> None:
        super().__init__(code)


def blocked(address: str) -> bool:
    ip = ipaddress.ip_address(address.split("%", 1)[0])
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    return bool(
        ip.is_private or ip.is_loopback or ip.is_link_local or ip.is_multicast or ip.is_reserved
        or ip.is_unspecified or not ip.is_global
    )  # fmt: skip


def check_url_shape(url: str) -> tuple[str, int]:
    """(host, port) of an http(s) URL without credentials; `webhook_url_invalid` otherwise."""
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError:
        raise UnsafeUrlError("webhook_url_invalid") from None
    if parts.scheme not in {"http", "https"} or not parts.hostname or parts.username or parts.password:
        raise UnsafeUrlError("webhook_url_invalid")
    if len(url) > 500:
        raise UnsafeUrlError("webhook_url_invalid")
    return parts.hostname, port or (443 if parts.scheme == "https" else 80)


def check_url(url: str) -> None:
    """Refuse a URL a webhook must not be sent to (`webhook_url_invalid`, `webhook_url_unresolvable`,
    `webhook_url_private`)."""
    host, port = check_url_shape(url)
    if settings.WEBHOOKS_ALLOW_PRIVATE_ADDRESSES:
        return
    try:
        infos = socket.getaddrinfo(host, port, proto=socket.IPPROTO_TCP)
    except (OSError, UnicodeError):
        raise UnsafeUrlError("webhook_url_unresolvable") from None
    addresses = {str(info[4][0]) for info in infos}
    if not addresses or any(blocked(address) for address in addresses):
        raise UnsafeUrlError("webhook_url_private")
