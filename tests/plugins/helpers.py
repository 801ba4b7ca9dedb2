"""Shared values of the plugin tests."""

from __future__ import annotations

import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from gateway.config_schema import validate_config
from gateway.registry import Registry

SANDBOX_SECRET = "sandbox-test-webhook-secret-0001"
PIX_KEY = "39053344705"  # a CPF key (390.533.447-05)
WIRE_CONFIG = {
    "bank_compe": "001",
    "agency": "1234",
    "account": "567890",
    "account_digit": "1",
    "holder_name": "Loja Exemplo Ltda",
    "holder_document": "11.222.333/0001-81",
}


def method_config(registry: Registry, code: str) -> dict[str, Any]:
    """A method's effective configuration in these tests (defaults applied)."""
    values: dict[str, Any] = {"pix": {"pix_key": PIX_KEY}, "wire": WIRE_CONFIG}.get(code, {})
    return validate_config(registry.method(code).config_schema, values)


class Receiver:
    """A real HTTP server standing for Cofre's webhook endpoint: records each POST, answers `status`."""

    def __init__(self) -> None:
        self.requests: list[tuple[dict[str, str], bytes]] = []
        self.status = 200
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                body = self.rfile.read(int(self.headers["Content-Length"]))
                receiver.requests.append((dict(self.headers.items()), body))
                self.send_response(receiver.status)
                self.end_headers()

            def log_message(self, format: str, *args: Any) -> None:
                return None

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/api/webhooks/sandbox_bank"

    def __enter__(self) -> Receiver:
        threading.Thread(
            target=self.server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True
        ).start()
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.server.shutdown()
        self.server.server_close()
