"""The sandbox bank: a Django app (label `sandbox_bank`) standing for an outside bank provider.

Its plugin (`cofre_sandbox_bank.plugin`) is loaded through the `cofre.plugins` entry point like any
provider; its own state lives in the public schema; it reports outcomes by signed webhooks sent by
a dramatiq actor; `/sandbox-bank/tokens` is its card tokenization service. See provider.py for the
scenarios and testing.py for test helpers.
"""
