"""Brazilian payment rules: CPF/CNPJ, boleto, PIX, banks, barcodes. Pure Python, no Django."""
