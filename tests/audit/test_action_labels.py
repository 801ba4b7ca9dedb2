"""Every action the backend records in the audit trail has a label in the logs screen (client/logs):
an operator reads "Two-step verification passed", not "Sign-in: second_factor_verified". The codes are
read from the source: the string literals given to `audit.record(...)` as its first argument."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
MESSAGES = ROOT / "frontend" / "src" / "features" / "audit-log" / "messages.ts"
RECORD = re.compile(r"audit\.record\(\s*(.+?),", re.S)
CODE = re.compile(r"\"([a-z_]+\.[a-z_]+)\"")


def recorded_codes() -> dict[str, str]:
    """code -> the file recording it (a conditional first argument gives both of its codes)."""
    codes: dict[str, str] = {}
    for folder in ("platform", "plugins"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            if "/migrations/" in str(path):
                continue
            text = path.read_text(encoding="utf-8")
            for call in RECORD.finditer(text):
                for code in CODE.findall(call.group(1)):
                    codes.setdefault(code, str(path.relative_to(ROOT)))
    return codes


def labelled_codes() -> set[str]:
    text = MESSAGES.read_text(encoding="utf-8")
    block = text.split("const actionMessagesRaw = defineMessages({", 1)[1].split("});", 1)[0]
    return set(re.findall(r"^\s*'([a-z_]+\.[a-z_]+)':", block, re.M))


def test_the_scan_finds_the_audit_calls() -> None:
    codes = recorded_codes()
    # a few known ones, so that a change of the call's shape cannot make this test pass on nothing
    assert {"auth.login", "auth.second_factor_verified", "auth.step_up", "fee_rate.set"} <= set(codes)


def test_every_recorded_action_has_a_label_in_the_logs_screen() -> None:
    missing = {code: where for code, where in recorded_codes().items() if code not in labelled_codes()}
    assert missing == {}, f"add a label to frontend/src/features/audit-log/messages.ts: {missing}"
