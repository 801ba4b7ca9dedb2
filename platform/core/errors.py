"""Domain errors carry a machine-readable code; the API maps them to a status and a translated text."""

from __future__ import annotations


class AppError(Exception):
    status = 400

    def __init__(self, code: str, *, status: int | None = None, **params: object) -> None:
        super().__init__(code)
        self.code = code
        self.params = params
        if status is not None:
            self.status = status


class NotFoundError(AppError):
    status = 404

    def __init__(self) -> None:
        super().__init__("not_found")


class ForbiddenError(AppError):
    status = 403

    def __init__(self, code: str = "forbidden") -> None:
        super().__init__(code)


class NotAuthenticatedError(AppError):
    status = 401

    def __init__(self) -> None:
        super().__init__("not_authenticated")
