"""The client company's own settings (clients/config): its profile, notification e-mails, its own
payout approval threshold and its logo; and the read-only view of who serves its payments
(clients/provider-banks)."""
