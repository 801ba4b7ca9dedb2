"""A merchant's webhook receiver for the tests: a tiny HTTP server on a thread (outside our system),
answering each POST with the next status of a script and recording what arrived."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


@dataclass
class Received:
    headers: dict[str, str]
    body: bytes
    status: int


@dataclass
class Receiver:
    url: str
    answer: Callable[[int], int]  # the status for the n-th request (0-based)
    delay: float = 0.0  # seconds before answering (a slow merchant)
    received: list[Received] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def wait_for(self, count: int, timeout: float = 30) -> list[Received]:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            with self.lock:
                if len(self.received) >= count:
                    return list(self.received)
            time.sleep(0.05)
        raise AssertionError(f"{len(self.received)} of {count} requests arrived")


@contextmanager
def receiver(answer: Callable[[int], int] = lambda n: 200, delay: float = 0.0) -> Iterator[Receiver]:
    state: dict[str, Receiver] = {}

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
            me = state["receiver"]
            with me.lock:
                status = me.answer(len(me.received))
                me.received.append(Received(dict(self.headers.items()), body, status))
            if me.delay:
                time.sleep(me.delay)  # the slow merchant's server itself, not a test waiting
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.end_headers()
            self.wfile.write(b'{"ok": true}')

        def log_message(self, format: str, *args: object) -> None:
            return

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    state["receiver"] = Receiver(f"http://127.0.0.1:{server.server_address[1]}/hooks", answer, delay)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield state["receiver"]
    finally:
        server.shutdown()
        server.server_close()


def event_ids(requests: list[Received]) -> list[str]:
    import json

    return [json.loads(r.body)["id"] for r in requests]
