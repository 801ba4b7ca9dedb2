"""Platform staff operations across tenants: provisioning, configuration, assignments."""
