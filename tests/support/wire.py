"""An HTTP client for real servers (gunicorn processes), speaking to one tenant host as a browser would:
session and CSRF cookies, the CSRF header on unsafe calls, JSON bodies. Not thread-safe: one per thread."""

from __future__ import annotations

import http.client
import json
from dataclasses import dataclass
from typing import Any

from django.conf import settings


@dataclass
class Answer:
    status: int
    body: Any  # decoded JSON, or the raw bytes when the answer is not JSON

    def json(self) -> Any:
        return self.body

    @property
    def code(self) -> str:
        return str(self.body.get("code", "")) if isinstance(self.body, dict) else ""


class Wire:
    def __init__(self, port: int, slug: str, *, language: str = "en", timeout: float = 30) -> None:
        self.port = port
        self.host = (
            settings.BASE_DOMAIN if slug in ("public", "platform") else f"{slug}.{settings.BASE_DOMAIN}"
        )
        self.language = language
        self.timeout = timeout
        self.cookies: dict[str, str] = {}

    def request(
        self, method: str, path: str, body: Any = None, headers: dict[str, str] | None = None
    ) -> Answer:
        sent = {"Host": self.host, "Accept-Language": self.language, **(headers or {})}
        if self.cookies:
            sent["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        payload = None
        if method not in ("GET", "HEAD"):
            sent["X-CSRFToken"] = self.cookies.get("csrftoken", "")
            sent["Referer"] = f"http://{self.host}/"
        if body is not None:
            payload = json.dumps(body)
            sent["Content-Type"] = "application/json"
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=self.timeout)
        try:
            conn.request(method, path, body=payload, headers=sent)
            response = conn.getresponse()
            data = response.read()
            for header, value in response.getheaders():
                if header.lower() == "set-cookie":
                    name, _, rest = value.partition("=")
                    self.cookies[name] = rest.split(";", 1)[0]
        finally:
            conn.close()
        try:
            decoded: Any = json.loads(data) if data else None
        except ValueError:
            decoded = data
        return Answer(response.status, decoded)

    def get(self, path: str) -> Answer:
        return self.request("GET", path)

    def post(self, path: str, body: Any = None, headers: dict[str, str] | None = None) -> Answer:
        return self.request("POST", path, body if body is not None else {}, headers)

    def login(self, email: str, password: str) -> Answer:
        if "csrftoken" not in self.cookies:
            token = self.get("/api/auth/csrf")
            if token.status != 200:  # no token to send (e.g. a store is away): that is the answer
                return token
        # client owners only (the fault and cluster stacks'): no second factor, and no database
        # query here, which would run in the callers' threads while a server is down
        return self.post("/api/auth/login", {"email": email, "password": password})
