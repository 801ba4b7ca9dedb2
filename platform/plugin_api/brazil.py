"""The Brazilian domain library, published to plugins (platform/brazil: pure Python, no Django, no
database, no state): CPF/CNPJ, boleto, PIX BR Code and keys, banks (COMPE/ISPB), ITF barcodes,
addresses, CNAB 240. A plugin imports it from here, never as `brazil`:

    from plugin_api.brazil import boleto, documents, errors

    documents.validate_document("529.982.247-25")

It is part of the plugin API: its functions keep their names and meaning between minor versions.
"""

from brazil import address, banks, boleto, cnab240, cnab240_payments, documents, errors, itf, pix

# cnab240_payments (API 1.2): write payment remittances and read their returns.
__all__ = ["address", "banks", "boleto", "cnab240", "cnab240_payments", "documents", "errors", "itf", "pix"]
