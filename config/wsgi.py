"""WSGI entry point (gunicorn serves `config.wsgi:application`)."""

import os

import config.paths  # noqa: F401

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

from django.core.wsgi import get_wsgi_application

application = get_wsgi_application()
