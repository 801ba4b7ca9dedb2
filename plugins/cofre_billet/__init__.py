"""Cofre's boleto payment method (entry point `billet = "cofre_billet.plugin"`).

`render_boleto_html` builds the printable boleto the API serves.
"""

from cofre_billet.plugin import BilletMethod, nosso_numero
from cofre_billet.render import Merchant, format_brl, render_boleto_html

__all__ = ["BilletMethod", "Merchant", "format_brl", "nosso_numero", "render_boleto_html"]
