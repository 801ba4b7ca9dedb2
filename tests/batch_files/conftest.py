"""Every batch-file test ends with the ledger invariant checked."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from django_tenants.utils import schema_context


@pytest.fixture(autouse=True)
def _ledger_invariant(request: pytest.FixtureRequest) -> Iterator[None]:
    yield
    if "db" not in request.fixturenames and not request.node.get_closest_marker("django_db"):
        return
    from ledger.services import check_invariants

    with schema_context("public"):
        report = check_invariants()
    assert report.ok, report
