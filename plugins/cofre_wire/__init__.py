"""Cofre's bank-transfer payment method (entry point `wire = "cofre_wire.plugin"`)."""

from cofre_wire.plugin import WireMethod, identification_code

__all__ = ["WireMethod", "identification_code"]
