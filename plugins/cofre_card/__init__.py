"""Cofre's card payment method (entry point `card = "cofre_card.plugin"`): tokens only, never numbers."""

from cofre_card.plugin import CardMethod, contains_pan, luhn_valid

__all__ = ["CardMethod", "contains_pan", "luhn_valid"]
