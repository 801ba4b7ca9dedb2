"""The plugin kit end to end: `manage.py startplugin` writes a package, pip really installs it (into
a temporary target, as `pip install` would into the environment), Cofre lists it in the admin
(admin/deposits-banks) beside the built-ins without any change to the platform, and its own
contract-kit test passes. A plugin built for another major version of the plugin API is refused with
a warning and an admin message, and Cofre carries on without it."""

from __future__ import annotations

import importlib
import json
import logging
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command
from django.core.management.base import OutputWrapper

from gateway.registry import build_registry, reset_registry
from plugin_api import API_VERSION
from tests.support.http import ApiClient

ROOT = Path(__file__).resolve().parents[2]
KIT_PACKAGES = ("cofre_kit_pay", "cofre_kit_bank", "cofre_kit_old")


def pip_install(package: Path, site: Path) -> None:
    done = subprocess.run(
        [
            sys.executable, "-m", "pip", "install", "--quiet", "--disable-pip-version-check", "--no-index",
            "--no-deps", "--no-build-isolation", "--target", str(site), str(package),
        ],
        capture_output=True, text=True, timeout=180, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr


@pytest.fixture(scope="module")
def kit(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """Three plugins from the template, installed into one site directory: a payment method, a bank
    provider, and a payment method edited to declare plugin API 2.0 (with a hook 1.x does not have)."""
    base = tmp_path_factory.mktemp("kit")
    call_command("startplugin", "kit_pay", "--kind", "payment_method", "--directory", str(base))
    call_command("startplugin", "kit_bank", "--kind", "bank_provider", "--directory", str(base))
    call_command("startplugin", "kit_old", "--kind", "payment_method", "--directory", str(base))
    old = base / "cofre-kit-old" / "cofre_kit_old" / "plugin.py"
    text = old.read_text().replace(f'COFRE_PLUGIN_API = "{API_VERSION}"', 'COFRE_PLUGIN_API = "2.0"')
    old.write_text(text + "\n\n@hookimpl\ndef cofre_hook_of_api_2():\n    return []\n")
    site = base / "site"
    for name in ("kit-pay", "kit-bank", "kit-old"):
        pip_install(base / f"cofre-{name}", site)
    return {"base": base, "site": site}


@pytest.fixture
def installed(kit: dict[str, Path]) -> Iterator[Path]:
    """The kit's site directory on sys.path (entry points are read from sys.path, as after `pip
    install`), and everything forgotten afterwards."""
    sys.path.insert(0, str(kit["site"]))
    importlib.invalidate_caches()
    reset_registry()
    try:
        yield kit["site"]
    finally:
        sys.path.remove(str(kit["site"]))
        for name in list(sys.modules):
            if name.split(".")[0] in KIT_PACKAGES:
                del sys.modules[name]
        importlib.invalidate_caches()
        reset_registry()


def test_the_template_writes_a_package_with_its_entry_point_schema_readme_and_contract_test(
    kit: dict[str, Path],
) -> None:
    root = kit["base"] / "cofre-kit-bank"
    files = sorted(
        str(path.relative_to(root))
        for path in root.rglob("*")
        if path.is_file() and not {"build", "cofre_kit_bank.egg-info"} & set(path.relative_to(root).parts)
    )  # what pip's build left aside
    assert files == [
        "README.md", "cofre_kit_bank/__init__.py", "cofre_kit_bank/plugin.py", "cofre_kit_bank/provider.py",
        "pyproject.toml", "tests/test_contract.py",
    ]  # fmt: skip
    pyproject = (root / "pyproject.toml").read_text()
    assert '[project.entry-points."cofre.plugins"]\nkit_bank = "cofre_kit_bank.plugin"' in pyproject
    assert f'COFRE_PLUGIN_API = "{API_VERSION}"' in (root / "cofre_kit_bank" / "plugin.py").read_text()
    assert '"webhook_secret"' in (root / "cofre_kit_bank" / "provider.py").read_text()
    assert "check_bank_provider" in (root / "tests" / "test_contract.py").read_text()
    assert "pip install -e" in (root / "README.md").read_text()
    entry_points = next(kit["site"].glob("cofre_kit_bank-0.1.0.dist-info/entry_points.txt")).read_text()
    assert "kit_bank = cofre_kit_bank.plugin" in entry_points


def test_the_command_refuses_bad_names_kinds_and_an_existing_directory(kit: dict[str, Path]) -> None:
    for name, kind in (("Bad-Name", "payment_method"), ("ok_name", "cheque"), ("kit_pay", "payment_method")):
        with pytest.raises((CommandError, SystemExit)):
            call_command(
                "startplugin", name, "--kind", kind, "--directory", str(kit["base"]),
                stdout=OutputWrapper(open("/dev/null", "w")), stderr=OutputWrapper(open("/dev/null", "w")),  # noqa: SIM115
            )  # fmt: skip


@pytest.mark.django_db
def test_an_installed_plugin_from_the_template_is_listed_in_admin_deposits_banks(installed: Path) -> None:
    admin = ApiClient("public")
    admin.login_as("admin")
    response = admin.get("/api/admin/plugins")
    assert response.status_code == 200, response.content
    listed = {(row["kind"], row["code"]): row for row in response.json()}
    assert ("method", "kit_pay") in listed
    assert ("provider", "kit_bank") in listed
    assert ("method", "pix") in listed  # the built-ins are still there
    assert listed[("method", "kit_pay")]["name"] == "Kit Pay"
    assert listed[("provider", "kit_bank")]["methods"] == ["pix"]
    assert "webhook_secret" in listed[("provider", "kit_bank")]["config_schema"]["properties"]
    # The admin configures it like a built-in (its schema validates; the secret is write-only).
    saved = admin.put_json(
        "/api/admin/plugins/provider/kit_bank", {"config": {"webhook_secret": "s" * 32}, "enabled": True}
    )
    assert saved.status_code == 200, saved.content
    assert saved.json()["config"]["secrets_set"] == ["webhook_secret"]
    assert "s" * 32 not in json.dumps(saved.json())


def test_the_generated_contract_tests_pass(kit: dict[str, Path]) -> None:
    tests = [str(kit["base"] / f"cofre-{name}" / "tests") for name in ("kit-pay", "kit-bank")]
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-c", "pyproject.toml", "-p", "no:randomly", *tests],
        cwd=ROOT,
        env={"PATH": "/usr/bin:/bin", "PYTHONPATH": str(kit["site"]), "HOME": str(kit["base"])},
        capture_output=True, text=True, timeout=300, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr
    assert "3 passed" in done.stdout


# ----------------------------------------------------------------------------------------- versions
@pytest.mark.django_db
def test_a_plugin_built_for_another_major_is_refused_with_a_warning_never_a_crash(
    installed: Path, caplog: pytest.LogCaptureFixture
) -> None:
    with caplog.at_level(logging.WARNING, logger="gateway.registry"):
        registry = build_registry(blocked=())
    # Not loaded: its hook of API 2 did not fail check_pending, its method is not offered.
    assert "kit_old" not in registry.methods
    assert "kit_old" not in registry.plugin_names()
    assert {"kit_pay", "pix"} <= set(registry.methods)
    [refused] = registry.refused
    assert (refused.name, refused.distribution, refused.declared, refused.reason) == (
        "kit_old", "cofre-kit-old", "2.0", "other_major"
    )  # fmt: skip
    logged = [record.getMessage() for record in caplog.records]
    assert any("'kit_old'" in text and "'2.0'" in text for text in logged), logged

    messages = (("en", "Plugin kit_old is built for plugin API 2.0"), ("pt-BR", "O plugin kit_old foi feito"))
    for language, start in messages:
        admin = ApiClient("public", language=language)
        admin.login_as("admin")
        answer = admin.get("/api/admin/plugins/refused")
        assert answer.status_code == 200, answer.content
        [row] = answer.json()
        assert row["name"] == "kit_old"
        assert row["reason"] == "other_major"
        assert row["api_version"] == API_VERSION
        assert row["message"].startswith(start), row["message"]
    codes = {row["code"] for row in admin.get("/api/admin/plugins").json()}
    assert "kit_old" not in codes
    assert "kit_pay" in codes
