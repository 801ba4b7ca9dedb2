"""The configuration schema subset: well-formedness, validation with defaults, secrets never shown."""

from __future__ import annotations

from typing import Any

import pytest

from gateway.config_schema import (
    ConfigError,
    SchemaError,
    check_schema,
    merge_config,
    public_config,
    validate_config,
)
from gateway.registry import Registry
from plugin_api import BankProvider, PaymentMethod, PluginError

SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "pix_key": {"type": "string", "minLength": 1, "maxLength": 77},
        "mode": {"type": "string", "enum": ["live", "test"], "default": "test"},
        "delay": {"type": "integer", "minimum": 0, "maximum": 3600, "default": 3},
        "ratio": {"type": "number", "minimum": 0, "maximum": 1},
        "enabled": {"type": "boolean", "default": True},
        "agency": {"type": "string", "pattern": "^[0-9]{4}$"},
        "api_secret": {"type": "string", "writeOnly": True, "minLength": 16},
    },
    "required": ["pix_key"],
}
SECRET = "0123456789abcdef-secret"


def test_the_example_and_every_built_in_schema_are_well_formed(registry: Registry) -> None:
    check_schema(SCHEMA)
    plugins: list[PaymentMethod | BankProvider] = [*registry.methods.values(), *registry.providers.values()]
    for plugin in plugins:
        check_schema(plugin.config_schema)


def test_validate_applies_defaults_and_keeps_schema_order() -> None:
    assert validate_config(SCHEMA, {"pix_key": "k"}) == {
        "pix_key": "k",
        "mode": "test",
        "delay": 3,
        "enabled": True,
    }
    assert validate_config(SCHEMA, {"pix_key": "k", "delay": None})["delay"] == 3  # null takes the default


@pytest.mark.parametrize(
    ("values", "field", "code"),
    [
        ({}, "pix_key", "required"),
        ({"pix_key": None}, "pix_key", "required"),
        ({"pix_key": ""}, "pix_key", "too_short"),
        ({"pix_key": "k" * 78}, "pix_key", "too_long"),
        ({"pix_key": 1}, "pix_key", "invalid_type"),
        ({"pix_key": "k", "mode": "prod"}, "mode", "invalid_choice"),
        ({"pix_key": "k", "delay": -1}, "delay", "below_minimum"),
        ({"pix_key": "k", "delay": 3601}, "delay", "above_maximum"),
        ({"pix_key": "k", "delay": 1.5}, "delay", "invalid_type"),
        ({"pix_key": "k", "delay": True}, "delay", "invalid_type"),  # a bool is not a number of seconds
        ({"pix_key": "k", "ratio": float("nan")}, "ratio", "invalid_type"),
        ({"pix_key": "k", "ratio": 2}, "ratio", "above_maximum"),
        ({"pix_key": "k", "enabled": "yes"}, "enabled", "invalid_type"),
        ({"pix_key": "k", "agency": "12345"}, "agency", "pattern_mismatch"),
        ({"pix_key": "k", "api_secret": "short"}, "api_secret", "too_short"),
        ({"pix_key": "k", "surprise": 1}, "surprise", "unknown_field"),
    ],
)
def test_validate_refuses_with_field_and_code(values: dict[str, Any], field: str, code: str) -> None:
    with pytest.raises(ConfigError) as error:
        validate_config(SCHEMA, values)
    assert (error.value.field, error.value.code) == (field, code)
    assert isinstance(error.value, PluginError)


def test_numbers_accept_integers_and_floats() -> None:
    assert validate_config(SCHEMA, {"pix_key": "k", "ratio": 0.5})["ratio"] == 0.5
    assert validate_config(SCHEMA, {"pix_key": "k", "ratio": 1})["ratio"] == 1


def test_additional_properties_pass_through_only_when_allowed() -> None:
    loose = {**SCHEMA, "additionalProperties": True}
    assert validate_config(loose, {"pix_key": "k", "extra": "x"})["extra"] == "x"
    with pytest.raises(ConfigError):
        validate_config(SCHEMA, {"pix_key": "k", "extra": "x"})


def test_public_config_never_shows_a_secret() -> None:
    values = validate_config(SCHEMA, {"pix_key": "k", "api_secret": SECRET})
    shown = public_config(SCHEMA, values)
    assert "api_secret" not in shown
    assert SECRET not in repr(shown)
    assert shown["secrets_set"] == ["api_secret"]
    assert public_config(SCHEMA, {"pix_key": "k"})["secrets_set"] == []


def test_merge_keeps_a_secret_the_form_did_not_send() -> None:
    stored = {"pix_key": "old", "api_secret": SECRET, "delay": 10}
    assert merge_config(SCHEMA, stored, {"pix_key": "new"}) == {"pix_key": "new", "api_secret": SECRET}
    assert merge_config(SCHEMA, stored, {"pix_key": "new", "api_secret": ""})["api_secret"] == SECRET
    replaced = "another-secret-of-16+"
    assert merge_config(SCHEMA, stored, {"pix_key": "new", "api_secret": replaced})["api_secret"] == replaced
    assert "api_secret" not in merge_config(SCHEMA, stored, {"pix_key": "new", "api_secret": None})  # cleared


def test_merge_accepts_what_public_config_showed_and_checks_values() -> None:
    stored = {"pix_key": "k", "api_secret": SECRET}
    form = public_config(SCHEMA, stored)
    assert merge_config(SCHEMA, stored, form) == stored
    # A partial override is fine (required fields may come from the platform default) ...
    assert merge_config(SCHEMA, {}, {"delay": 5}) == {"delay": 5}
    # ... but every value sent is checked.
    with pytest.raises(ConfigError) as error:
        merge_config(SCHEMA, stored, {"delay": "soon"})
    assert (error.value.field, error.value.code) == ("delay", "invalid_type")
    with pytest.raises(ConfigError, match="unknown_field"):
        merge_config(SCHEMA, stored, {"nope": 1})


@pytest.mark.parametrize(
    ("schema", "message"),
    [
        ([], "must be an object"),
        ({"type": "array"}, 'type must be "object"'),
        ({"type": "object", "items": {}}, "unsupported keywords at the root"),
        ({"type": "object", "properties": {"Key": {"type": "string"}}}, "snake_case"),
        ({"type": "object", "properties": {"secrets_set": {"type": "string"}}}, "reserved"),
        ({"type": "object", "properties": {"a": {"type": "object"}}}, "type must be one of"),
        ({"type": "object", "properties": {"a": {"type": "string", "minimum": 1}}}, "unsupported keywords"),
        ({"type": "object", "properties": {"a": {"type": "string", "minLenght": 1}}}, "minLenght"),
        ({"type": "object", "properties": {"a": {"type": "string", "maxLength": -1}}}, "maxLength"),
        ({"type": "object", "properties": {"a": {"type": "integer", "minimum": 5, "maximum": 1}}}, "greater"),
        ({"type": "object", "properties": {"a": {"type": "string", "pattern": "("}}}, "does not compile"),
        ({"type": "object", "properties": {"a": {"type": "string", "enum": []}}}, "non-empty"),
        ({"type": "object", "properties": {"a": {"type": "integer", "enum": ["x"]}}}, "every enum value"),
        ({"type": "object", "properties": {"a": {"type": "integer", "default": "3"}}}, "default does not"),
        ({"type": "object", "properties": {"a": {"type": "integer", "default": 9, "maximum": 5}}}, "default"),
        (
            {"type": "object", "properties": {"a": {"type": "string", "writeOnly": True, "default": "x"}}},
            "cannot have a default",
        ),
        ({"type": "object", "properties": {}, "required": ["a"]}, "do not exist"),
        ({"type": "object", "properties": {}, "additionalProperties": "no"}, "true or false"),
    ],
)
def test_check_schema_refuses_malformed_schemas(schema: Any, message: str) -> None:
    with pytest.raises(SchemaError, match=message):
        check_schema(schema)
