"""API shapes shared by the apps that send requests to a provider."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field, StringConstraints

# Free data for the provider, passed to its plugin as is (`ChargeRequest.extra`, `PayoutRequest.extra`,
# `RefundRequest.extra`): a provider documents the keys it reads (plugins/README.md: a test bank reads
# the scenario to play). Cofre itself reads none of them.
ProviderExtra = Annotated[
    dict[
        Annotated[str, StringConstraints(min_length=1, max_length=40, pattern=r"^[a-z][a-z0-9_]*$")],
        Annotated[str, StringConstraints(max_length=100)],
    ],
    Field(max_length=10),
]
EXTRA_DESCRIPTION = (
    "Data for the provider, passed to it as is (at most 10 keys); the provider's documentation names "
    "the keys it reads"
)
