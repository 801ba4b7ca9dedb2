"""/api/notices: the notices editors and admins publish (page2) and every member reads (the shell)."""

# No `from __future__ import annotations` here: django-ninja reads the view annotations at runtime,
# through the access.guard wrappers, and cannot resolve postponed (string) annotations there.

from datetime import datetime
from typing import Any, Literal

from django.http import HttpRequest
from ninja import Router, Schema
from ninja.responses import Status
from pydantic import Field, field_validator

from access.guard import any_member, membership_of, requires_route
from core.api_errors import ErrorOut
from core.idempotency import idempotent
from core.messages import current_language
from notifications import notices
from notifications.models import Notice

router = Router(tags=["notices"])
NOTICES_ROUTE = "page2"
ERRORS = {400: ErrorOut, 401: ErrorOut, 403: ErrorOut, 404: ErrorOut, 422: ErrorOut}

Audience = Literal["everyone", "staff", "clients", "partners", "customers"]
Level = Literal["info", "warning"]


class NoticeIn(Schema):
    message_pt_br: str = Field(min_length=1, max_length=500, description="The text in Portuguese (Brazil)")
    message_en: str = Field(min_length=1, max_length=500, description="The text in English")
    audience: Audience
    level: Level = "info"
    starts_at: datetime | None = Field(default=None, description="Now when absent")
    ends_at: datetime | None = Field(default=None, description="Until withdrawn when absent")

    @field_validator("message_pt_br", "message_en")
    @classmethod
    def not_blank(cls, value: str) -> str:
        if not value.strip():
            raise ValueError("blank")
        return value


class LiveNoticeOut(Schema):
    id: str
    level: str
    message: str  # in the request's language
    starts_at: datetime
    ends_at: datetime | None = None


class NoticeOut(Schema):
    id: str
    message_pt_br: str
    message_en: str
    audience: str
    level: str
    state: str  # scheduled | live | ended | withdrawn
    starts_at: datetime
    ends_at: datetime | None = None
    withdrawn_at: datetime | None = None
    created_by: str  # the author's e-mail ("" once the user is gone)
    created_at: datetime


class NoticeListOut(Schema):
    items: list[NoticeOut]


def notice_out(notice: Notice) -> dict[str, Any]:
    return {
        "id": notice.public_id,
        "message_pt_br": notice.message_pt_br,
        "message_en": notice.message_en,
        "audience": notice.audience,
        "level": notice.level,
        "state": notices.state_of(notice),
        "starts_at": notice.starts_at,
        "ends_at": notice.ends_at,
        "withdrawn_at": notice.withdrawn_at,
        "created_by": notice.created_by.email if notice.created_by else "",
        "created_at": notice.created_at,
    }


@router.get(
    "/live", response={200: list[LiveNoticeOut], 401: ErrorOut}, summary="The notices the user reads now"
)
@any_member
def live_notices(request: HttpRequest) -> list[dict[str, Any]]:
    english = current_language() == "en"
    return [
        {
            "id": n.public_id,
            "level": n.level,
            "message": n.message_en if english else n.message_pt_br,
            "starts_at": n.starts_at,
            "ends_at": n.ends_at,
        }
        for n in notices.live_for(membership_of(request))
    ]


@router.get("", response={200: NoticeListOut, **ERRORS}, summary="Every notice, newest first (editors)")
@requires_route(NOTICES_ROUTE)
def list_notices(request: HttpRequest) -> dict[str, Any]:
    return {"items": [notice_out(n) for n in notices.listed()]}


@router.post("", response={201: NoticeOut, **ERRORS}, summary="Publish a notice to an audience")
@requires_route(NOTICES_ROUTE, write=True)
@idempotent("notices.create")
def publish_notice(request: HttpRequest, payload: NoticeIn) -> Status[dict[str, Any]]:
    notice = notices.publish(membership_of(request), notices.NoticeInput(**payload.dict()))
    return Status(201, notice_out(notice))


@router.post("/{notice_id}/withdraw", response={200: NoticeOut, **ERRORS}, summary="Take a notice down now")
@requires_route(NOTICES_ROUTE, write=True)
def withdraw_notice(request: HttpRequest, notice_id: str) -> dict[str, Any]:
    return notice_out(notices.withdraw(membership_of(request), notice_id))
