"""`platform/` is a source root, not a package: the standard library's `platform` must stay intact."""

import platform
import sysconfig
from pathlib import Path


def test_stdlib_platform_module_is_not_shadowed() -> None:
    assert platform.system() == "Linux"
    stdlib = Path(sysconfig.get_paths()["stdlib"]).resolve()
    assert Path(platform.__file__).resolve().parent == stdlib


def test_core_apps_import_from_the_platform_source_root() -> None:
    import accounts
    import core

    assert Path(core.__path__[0]).parent.name == "platform"
    assert Path(accounts.__path__[0]).parent.name == "platform"
