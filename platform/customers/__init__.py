"""Customers of a client (issues 14 and 15): the payers of its deposits, as a roll-up per document in the
tenant schema (kept by payments.records.record_change from the public transaction index), the client's
notes and tags on them (client/crm), and the staff and partner look-up of a CPF/CNPJ across clients
(client/kyc-consult), answered from the public index."""
