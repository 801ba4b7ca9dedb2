"""dramatiq worker entry point: `dramatiq config.worker` (Django set up, every `tasks` module loaded)."""

import importlib
import importlib.util
import os

import config.paths  # noqa: F401

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

import django

django.setup()

from django.apps import apps  # noqa: E402

for app_config in apps.get_app_configs():
    module_name = f"{app_config.name}.tasks"
    if importlib.util.find_spec(module_name) is not None:
        importlib.import_module(module_name)

from core.broker import configure  # noqa: E402

broker = configure()
