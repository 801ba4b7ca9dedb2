"""Put the source roots on sys.path.

`platform/` is a source root, not a package: a `platform/__init__.py` would shadow the standard
library's `platform` module (Django dies on `import uuid`). Every entry point (manage.py, wsgi, asgi,
the dramatiq worker) imports this module first so `platform/accounts` is importable as `accounts`.
"""

import sys
from pathlib import Path

BASE_DIR = Path(__file__).resolve().parent.parent
SOURCE_ROOTS = (BASE_DIR / "platform", BASE_DIR / "plugins")


def install() -> None:
    """Append the source roots once; appended (not prepended) so they never shadow the stdlib."""
    for root in SOURCE_ROOTS:
        entry = str(root)
        if entry not in sys.path:
            sys.path.append(entry)


install()
