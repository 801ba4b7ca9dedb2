"""Shared test helpers: the real stack (worker, web server) and HTTP clients per persona."""
