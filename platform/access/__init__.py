"""Who may see and do what: the route table, and the one scoped way to load objects."""
