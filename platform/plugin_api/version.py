"""The plugin API's version, and which versions a plugin may be built for.

`API_VERSION` is "MAJOR.MINOR" and follows semantic versioning for what plugins see (the hookspecs,
the contracts in `plugin_api.contracts`, the testkit and `plugin_api.brazil`):

- MINOR goes up when something is *added* that existing plugins can ignore: a new optional hook, a
  new optional field with a default on a request dataclass, a new method on a base class with a
  default implementation, a new helper. A plugin built for 1.0 runs on 1.3 unchanged.
- MAJOR goes up when something a plugin relies on *changes or goes*: a hook renamed or removed, a
  hook's arguments or return type changed, a required field added to a contract, an abstract method
  added to PaymentMethod/BankProvider, a rule of the contract kit made stricter.

A plugin declares the version it was built for in its entry-point module:

    COFRE_PLUGIN_API = "1.0"

Cofre loads it when the major is the same and the minor is not newer than its own (a plugin built for
1.4 may call what 1.2 does not have). Otherwise the plugin is refused: not imported further, not
registered, its Django apps and URLs not installed, with a warning in the log and in the admin
(admin/deposits-banks), and Cofre starts without it.
"""

from __future__ import annotations

import re

# 1.1: PIX keys (register_pix_key, "pix_credit" events); 1.2: report_med_decision, payouts by file (CNAB 240);
# 1.3: simulated returns of a remittance (simulates_returns, simulate_return, SimulatedReturn)
API_VERSION = "1.3"
VERSION_ATTRIBUTE = "COFRE_PLUGIN_API"  # the entry-point module's declaration
_VERSION = re.compile(r"(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)")


def parse_version(value: object) -> tuple[int, int] | None:
    """(major, minor) of "MAJOR.MINOR", else None."""
    if not isinstance(value, str):
        return None
    match = _VERSION.fullmatch(value.strip())
    return (int(match.group(1)), int(match.group(2))) if match else None


def incompatibility(declared: object, api_version: str = API_VERSION) -> str | None:
    """Why a plugin built for `declared` cannot load on `api_version`, or None when it can.

    Reasons: "no_version" (nothing declared), "bad_version" (not "MAJOR.MINOR"), "other_major",
    "newer_minor"."""
    if declared is None:
        return "no_version"
    wanted = parse_version(declared)
    if wanted is None:
        return "bad_version"
    ours = parse_version(api_version) or (0, 0)
    if wanted[0] != ours[0]:
        return "other_major"
    if wanted[1] > ours[1]:
        return "newer_minor"
    return None
