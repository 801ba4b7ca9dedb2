"""The top floor of the platform: the demo seeder and the commands an operator runs (`seed_demo`,
`provision_tenant`, `export_openapi`). It may import every app; no app imports it (Zulip keeps its
seeding apart from `zerver/lib` the same way).
"""
