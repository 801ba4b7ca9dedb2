"""Restrictions (public schema): block lists of parties (CPF/CNPJ, PIX key, bank account, e-mail, phone),
platform-wide or for one client, proposed by one staff member and validated by another; enforced where
money moves (payments.check_deposit, payouts.check_payout)."""
