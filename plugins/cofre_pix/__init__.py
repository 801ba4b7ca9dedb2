"""Cofre's PIX payment method (entry point `pix = "cofre_pix.plugin"`)."""

from cofre_pix.plugin import PixMethod, charge_txid, check_pix_key, qr_svg, static_brcode

__all__ = ["PixMethod", "charge_txid", "check_pix_key", "qr_svg", "static_brcode"]
