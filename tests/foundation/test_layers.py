"""The layers hold (ARCHITECTURE.md, "Layers"): the import-linter contracts of pyproject.toml cover
every app and fail on a planted violation, and plugins import nothing of the platform beyond what
the plugin API publishes."""

from __future__ import annotations

import ast
import os
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
LINT_IMPORTS = Path(sys.executable).parent / "lint-imports"
CONFIG = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["importlinter"]
APART = {"plugin_api", "brazil"}  # outside the layers: their own contracts say what they import
PLATFORM_APPS = {p.name for p in (ROOT / "platform").iterdir() if (p / "__init__.py").is_file()}
PLATFORM = PLATFORM_APPS | {"tenants", "config"}  # every top-level module of Cofre outside plugins/
PLUGINS = {p.name for p in (ROOT / "plugins").iterdir() if (p / "__init__.py").is_file()}
# What the plugin API publishes to plugins: the package and its modules (brazil as plugin_api.brazil).
PUBLISHED = {"plugin_api"} | {f"plugin_api.{p.stem}" for p in (ROOT / "platform/plugin_api").glob("*.py")}


def _layered() -> set[str]:
    (layers,) = [c for c in CONFIG["contracts"] if c["type"] == "layers"]
    return {name.strip() for layer in layers["layers"] for name in layer.split("|")}


def test_every_app_is_in_the_layers_contract_and_every_module_is_linted() -> None:
    assert _layered() == PLATFORM - APART
    assert set(CONFIG["root_packages"]) == PLATFORM | PLUGINS


def test_no_app_is_nested_in_another() -> None:
    # A folder's name says its schema: an app (a folder with an apps.py) is a top-level module.
    nested = [
        str(path.parent.relative_to(ROOT))
        for path in (ROOT / "platform").glob("*/*/apps.py")
        if "migrations" not in path.parts
    ]
    assert nested == []


def _imports(path: Path) -> list[tuple[int, str]]:
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.append((node.lineno, node.module))
            # `from plugin_api import brazil` names a module of the plugin API too
            found += [(node.lineno, f"{node.module}.{alias.name}") for alias in node.names]
    return found


def unpublished_imports(plugins_dir: Path) -> list[str]:
    """Imports of plugin code that reach the platform beyond what the plugin API publishes, one entry
    per offending import statement ("path:line: module")."""
    bad: dict[str, str] = {}
    for path in sorted(plugins_dir.rglob("*.py")):
        for line, module in _imports(path):
            top = module.split(".")[0]
            if top not in PLATFORM:
                continue  # the standard library, Django, the plugin's own modules
            if top == "plugin_api" and (module in PUBLISHED or module.rsplit(".", 1)[0] in PUBLISHED):
                continue
            bad.setdefault(f"{path.relative_to(plugins_dir)}:{line}", module)
    return [f"{where}: {module}" for where, module in bad.items()]


def test_plugins_import_nothing_of_the_platform_beyond_the_plugin_api() -> None:
    assert unpublished_imports(ROOT / "plugins") == []


@pytest.mark.parametrize(
    ("plant", "code"),
    [
        ("cofre_pix/planted.py", "from payments.models import Deposit\n"),
        ("cofre_pix/planted.py", "import brazil.pix\n"),  # only through plugin_api.brazil
        ("cofre_pix/planted.py", "from plugin_api.hookspecs import hookimpl\nimport gateway.registry\n"),
    ],
)
def test_the_plugin_check_fails_on_a_planted_import(tmp_path: Path, plant: str, code: str) -> None:
    shutil.copytree(ROOT / "plugins", tmp_path / "plugins", ignore=shutil.ignore_patterns("__pycache__"))
    (tmp_path / "plugins" / plant).write_text(code, encoding="utf-8")
    assert [line.split(": ", 1)[0] for line in unpublished_imports(tmp_path / "plugins")] == [
        f"{plant}:{code.count(chr(10))}"
    ]


def lint_imports(root: Path) -> subprocess.CompletedProcess[str]:
    paths = os.pathsep.join(str(root / p) for p in ("platform", "plugins", "."))
    env = {**os.environ, "PYTHONPATH": paths, "COLUMNS": "300"}  # one line per contract
    return subprocess.run(
        [str(LINT_IMPORTS), "--no-cache", "--config", str(root / "pyproject.toml")],
        cwd=root, env=env, capture_output=True, text=True, timeout=120, check=False,
    )  # fmt: skip


def test_the_contracts_hold_on_this_tree() -> None:
    result = lint_imports(ROOT)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "0 broken" in result.stdout


@pytest.mark.parametrize(
    ("plant", "code", "contract", "reported"),
    [
        # The cycle this structure broke: payments dispatching up into payouts.
        ("platform/payments/planted.py", "import payouts.services\n", "Platform layers",
         "payments.planted -> payouts.services"),
        # The ground floor importing upward.
        ("platform/core/planted.py", "from payments.models import Deposit\n", "Platform layers",
         "core.planted -> payments.models"),
        ("tenants/planted.py", "import accounts.models\n", "Platform layers",
         "tenants.planted -> accounts.models"),
        # Two apps of one layer importing each other.
        ("platform/refunds/planted.py", "import compliance.services\n", "Platform layers",
         "refunds.planted -> compliance.services"),
        # A plugin reaching past the plugin API, the plugin API reaching into the platform.
        ("plugins/cofre_pix/planted.py", "import ledger.services\n", "Plugins import Cofre only",
         "cofre_pix.planted -> ledger.services"),
        ("platform/plugin_api/planted.py", "import core.errors\n", "The plugin API stands apart",
         "plugin_api.planted -> core.errors"),
        ("platform/core/planted.py", "import cofre_sandbox_bank.testing\n",
         "The platform never imports a plugin", "core.planted -> cofre_sandbox_bank.testing"),
    ],
)  # fmt: skip
def test_the_contracts_fail_on_a_planted_violation(
    tmp_path: Path, plant: str, code: str, contract: str, reported: str
) -> None:
    for part in ("platform", "plugins", "tenants", "config"):
        shutil.copytree(ROOT / part, tmp_path / part, ignore=shutil.ignore_patterns("__pycache__", "data"))
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    (tmp_path / plant).write_text(code, encoding="utf-8")
    result = lint_imports(tmp_path)
    assert result.returncode == 1, result.stdout
    broken = [line for line in result.stdout.splitlines() if line.endswith("BROKEN")]
    assert len(broken) == 1, result.stdout
    assert broken[0].startswith(contract), result.stdout
    assert reported in result.stdout
