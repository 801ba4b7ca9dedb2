"""The avatar upload decodes the whole image, refuses bombs and broken files, and stores a re-encoding."""

from __future__ import annotations

import io
import struct
import zlib
from typing import Any

import pytest
from django.test import override_settings
from PIL import Image

from accounts.services import AVATAR_MAX_BYTES, AVATAR_MAX_PIXELS, AVATAR_MAX_SIDE
from core.messages import MESSAGES
from tests.support.http import ApiClient

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def media_root(tmp_path: Any) -> Any:
    with override_settings(MEDIA_ROOT=str(tmp_path)):
        yield tmp_path


def image_bytes(
    image_format: str, size: tuple[int, int] = (64, 48), mode: str = "RGB", **options: Any
) -> bytes:
    out = io.BytesIO()
    Image.new(mode, size, (200, 30, 40) if mode == "RGB" else (200, 30, 40, 128)).save(
        out, format=image_format, **options
    )
    return out.getvalue()


def png_declaring(width: int, height: int, rows: int = 64) -> bytes:
    """A small PNG whose header declares width x height pixels of one gray channel, with the first
    `rows` rows of black (all of them: a whole image): zlib packs them into a few kilobytes, which
    would inflate to width*height bytes (a decompression bomb)."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)
    data = zlib.compress(b"\0" * (width + 1) * rows, 9)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", data) + chunk(b"IEND", b"")


def post_file(content: bytes, language: str = "en") -> tuple[ApiClient, Any]:
    client = ApiClient("acme", language=language)
    client.login_as("client")
    file = io.BytesIO(content)
    file.name = "me.img"
    return client, client.post("/api/auth/avatar", {"file": file})


def stored_avatar(client: ApiClient) -> bytes:
    response = client.get("/api/auth/avatar")
    assert response.status_code == 200
    return bytes(response.getvalue())


@pytest.mark.parametrize(("image_format", "mode"), [("PNG", "RGBA"), ("JPEG", "RGB"), ("WEBP", "RGB")])
def test_an_image_is_decoded_and_stored_again(image_format: str, mode: str) -> None:
    client, response = post_file(image_bytes(image_format, mode=mode))
    assert response.status_code == 200, response.content
    stored = client.get("/api/auth/avatar")
    assert stored.status_code == 200
    image = Image.open(io.BytesIO(stored.getvalue()))
    assert image.format == image_format
    assert image.size == (64, 48)


def test_a_large_image_is_stored_at_the_avatar_size_without_its_metadata() -> None:
    exif = Image.Exif()
    exif[0x010F] = "Camera maker with GPS"  # Make
    original = image_bytes("JPEG", (2000, 1000), exif=exif.tobytes())
    client, response = post_file(original)
    assert response.status_code == 200, response.content
    image = Image.open(io.BytesIO(stored_avatar(client)))
    assert image.size == (AVATAR_MAX_SIDE, AVATAR_MAX_SIDE // 2)
    assert not image.getexif()


def test_a_decompression_bomb_is_refused_before_its_pixels_are_decoded() -> None:
    bomb = png_declaring(20_000, 20_000)  # 400 megapixels in a few kilobytes
    assert len(bomb) < 10_000
    _, response = post_file(bomb)
    assert response.status_code == 400
    assert response.json()["code"] == "image_too_large"
    assert response.json()["message"] == MESSAGES["image_too_large"]["en"].format(
        megapixels=AVATAR_MAX_PIXELS // 1_000_000
    )


def test_the_pixel_limit_refuses_just_above_what_it_allows() -> None:
    side = int(AVATAR_MAX_PIXELS**0.5)
    client, allowed = post_file(png_declaring(side, side, rows=side))
    assert allowed.status_code == 200, allowed.content
    image = Image.open(io.BytesIO(stored_avatar(client)))
    assert image.size == (AVATAR_MAX_SIDE, AVATAR_MAX_SIDE)
    _, refused = post_file(png_declaring(side + 1, side + 1))
    assert refused.json()["code"] == "image_too_large"


@pytest.mark.parametrize(
    "content",
    [
        b"\x89PNG\r\n\x1a\n" + b"not really a png" * 10,  # the right first bytes, nothing behind them
        image_bytes("PNG")[:-40],  # truncated
        image_bytes("JPEG")[:200],  # truncated
        b"RIFF\x00\x00\x00\x00WEBPVP8 garbage",
        image_bytes("GIF"),  # a real image of a format we do not take
        image_bytes("BMP"),
        b"<svg xmlns='http://www.w3.org/2000/svg'/>",
        b"",
    ],
    ids=["png-header-only", "truncated-png", "truncated-jpeg", "fake-webp", "gif", "bmp", "svg", "empty"],
)
def test_anything_but_a_whole_png_jpeg_or_webp_is_refused_with_a_clear_message(content: bytes) -> None:
    client, response = post_file(content, language="pt-BR")
    assert response.status_code == 400, response.content
    assert response.json() == {"code": "invalid_file", "message": MESSAGES["invalid_file"]["pt-BR"]}
    assert client.get("/api/auth/avatar").status_code == 404  # nothing stored


def test_a_file_above_one_megabyte_is_refused() -> None:
    noisy = Image.effect_noise((1200, 1200), 100).convert("RGB")
    out = io.BytesIO()
    noisy.save(out, format="PNG")
    assert len(out.getvalue()) > AVATAR_MAX_BYTES
    _, response = post_file(out.getvalue())
    assert response.json()["code"] == "invalid_file"
