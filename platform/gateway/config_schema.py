"""Per-tenant plugin configuration: a small JSON-Schema subset, validated in pure Python.

A plugin's `config_schema` is an object of scalar properties, which is what a settings form shows:

    {
        "type": "object",
        "properties": {
            "pix_key": {"type": "string", "title": "PIX key", "maxLength": 77},
            "expires_in_seconds": {"type": "integer", "default": 3600, "minimum": 60},
            "api_secret": {"type": "string", "writeOnly": True, "minLength": 16},
        },
        "required": ["pix_key"],
    }

Keywords: `type` (the root: object; properties: string, integer, number, boolean), `properties`,
`required`, `additionalProperties` (false unless the schema says true), `enum`, `minimum`, `maximum`,
`minLength`, `maxLength`, `pattern` (JSON Schema semantics: a search, anchor it with ^...$),
`default`, `writeOnly` (a secret: stored, never shown again), and the annotations `title`,
`description`, `examples`, `$comment`. Anything else is refused by `check_schema`, so a typo such
as "minLenght" fails when the plugin loads instead of silently validating nothing.

Secrets: `public_config` drops write-only values and lists which are set (`secrets_set`);
`merge_config` keeps a stored secret the form left out (or sent empty), so a settings page never has
to show a secret to save the other fields. An explicit null clears a value.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from typing import Any

from plugin_api import PluginError

SCALAR_TYPES = frozenset({"string", "integer", "number", "boolean"})
SECRETS_KEY = "secrets_set"  # the key public_config adds; no property may use this name
_ANNOTATIONS = frozenset({"title", "description", "examples", "$comment"})
_ROOT_KEYWORDS = (
    frozenset({"type", "properties", "required", "additionalProperties", "$schema"}) | _ANNOTATIONS
)
_COMMON_KEYWORDS = frozenset({"type", "enum", "default", "writeOnly"}) | _ANNOTATIONS
_KEYWORDS_BY_TYPE: dict[str, frozenset[str]] = {
    "string": _COMMON_KEYWORDS | {"minLength", "maxLength", "pattern"},
    "integer": _COMMON_KEYWORDS | {"minimum", "maximum"},
    "number": _COMMON_KEYWORDS | {"minimum", "maximum"},
    "boolean": _COMMON_KEYWORDS,
}
_PROPERTY_NAME = re.compile(r"[a-z][a-z0-9_]{0,63}")


class ConfigError(PluginError):
    """A configuration value the plugin's schema refuses: `field` names it, `code` says why."""

    def __init__(self, field: str, code: str, **params: str | int) -> None:
        super().__init__(code, field, **params)


class SchemaError(ValueError):
    """A plugin's `config_schema` is not a schema this module understands (a plugin bug)."""


# ------------------------------------------------------------------------------ schema checks
def _is_int(value: object) -> bool:
    return type(value) is int  # bool is an int subclass: True is not a number of seconds


def _is_number(value: object) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value)


def _matches_type(value: object, kind: str) -> bool:
    if kind == "string":
        return isinstance(value, str)
    if kind == "integer":
        return _is_int(value)
    if kind == "number":
        return _is_number(value)
    return isinstance(value, bool)


def _check_bound(where: str, prop: Mapping[str, Any], keyword: str, check: Any) -> None:
    if keyword in prop and not check(prop[keyword]):
        raise SchemaError(f"{where}: {keyword} has an invalid value {prop[keyword]!r}")


def _check_keywords(where: str, prop: Mapping[str, Any], kind: str) -> None:
    non_negative = lambda v: _is_int(v) and v >= 0  # noqa: E731
    _check_bound(where, prop, "minLength", non_negative)
    _check_bound(where, prop, "maxLength", non_negative)
    _check_bound(where, prop, "minimum", _is_number)
    _check_bound(where, prop, "maximum", _is_number)
    _check_bound(where, prop, "writeOnly", lambda v: isinstance(v, bool))
    for low, high in (("minLength", "maxLength"), ("minimum", "maximum")):
        if low in prop and high in prop and prop[low] > prop[high]:
            raise SchemaError(f"{where}: {low} is greater than {high}")
    if "pattern" in prop:
        if not isinstance(prop["pattern"], str):
            raise SchemaError(f"{where}: pattern must be a string")
        try:
            re.compile(prop["pattern"])
        except re.error as exc:
            raise SchemaError(f"{where}: pattern does not compile ({exc})") from exc
    if "enum" in prop:
        choices = prop["enum"]
        if not isinstance(choices, list | tuple) or not choices:
            raise SchemaError(f"{where}: enum must be a non-empty list")
        if not all(_matches_type(choice, kind) for choice in choices):
            raise SchemaError(f"{where}: every enum value must be a {kind}")


def _check_property(name: str, prop: object) -> None:
    where = f"property {name!r}"
    if not isinstance(prop, Mapping):
        raise SchemaError(f"{where}: must be an object")
    kind = prop.get("type")
    if kind not in SCALAR_TYPES:
        raise SchemaError(f"{where}: type must be one of {sorted(SCALAR_TYPES)}, not {kind!r}")
    unknown = set(prop) - _KEYWORDS_BY_TYPE[kind]
    if unknown:
        raise SchemaError(f"{where}: unsupported keywords for a {kind}: {sorted(unknown)}")
    _check_keywords(where, prop, kind)
    if prop.get("writeOnly") and "default" in prop:
        raise SchemaError(f"{where}: a write-only secret cannot have a default (it would live in code)")
    if "default" in prop:
        try:
            _validate_value(name, prop, prop["default"])
        except ConfigError as exc:
            raise SchemaError(f"{where}: the default does not validate ({exc.code})") from exc


def check_schema(schema: object) -> None:
    """Raise SchemaError unless `schema` is a well-formed configuration schema (see the module doc)."""
    if not isinstance(schema, Mapping):
        raise SchemaError("the schema must be an object")
    if schema.get("type") != "object":
        raise SchemaError('the schema\'s type must be "object"')
    unknown = set(schema) - _ROOT_KEYWORDS
    if unknown:
        raise SchemaError(f"unsupported keywords at the root: {sorted(unknown)}")
    properties = schema.get("properties", {})
    if not isinstance(properties, Mapping):
        raise SchemaError("properties must be an object")
    for name, prop in properties.items():
        if not isinstance(name, str) or not _PROPERTY_NAME.fullmatch(name):
            raise SchemaError(f"property name {name!r} must be snake_case ([a-z][a-z0-9_]*)")
        if name == SECRETS_KEY:
            raise SchemaError(f"{SECRETS_KEY!r} is reserved (public_config lists the secrets set there)")
        _check_property(name, prop)
    required = schema.get("required", [])
    if not isinstance(required, list | tuple) or len(set(required)) != len(required):
        raise SchemaError("required must be a list of distinct property names")
    missing = [name for name in required if name not in properties]
    if missing:
        raise SchemaError(f"required names properties that do not exist: {missing}")
    if not isinstance(schema.get("additionalProperties", False), bool):
        raise SchemaError("additionalProperties must be true or false")


# ------------------------------------------------------------------------------ validation
def _properties(schema: Mapping[str, Any]) -> Mapping[str, Mapping[str, Any]]:
    properties: Mapping[str, Mapping[str, Any]] = schema.get("properties", {})
    return properties


def secret_names(schema: Mapping[str, Any]) -> list[str]:
    return [name for name, prop in _properties(schema).items() if prop.get("writeOnly")]


def _validate_value(name: str, prop: Mapping[str, Any], value: object) -> Any:
    kind = prop["type"]
    if not _matches_type(value, kind):
        raise ConfigError(name, "invalid_type", expected=kind)
    if "enum" in prop and value not in prop["enum"]:
        raise ConfigError(name, "invalid_choice")
    if kind in ("integer", "number"):
        number: float = value  # type: ignore[assignment]
        if "minimum" in prop and number < prop["minimum"]:
            raise ConfigError(name, "below_minimum", minimum=prop["minimum"])
        if "maximum" in prop and number > prop["maximum"]:
            raise ConfigError(name, "above_maximum", maximum=prop["maximum"])
    if kind == "string":
        text: str = value  # type: ignore[assignment]
        if "minLength" in prop and len(text) < prop["minLength"]:
            raise ConfigError(name, "too_short", min_length=prop["minLength"])
        if "maxLength" in prop and len(text) > prop["maxLength"]:
            raise ConfigError(name, "too_long", max_length=prop["maxLength"])
        if "pattern" in prop and re.search(prop["pattern"], text) is None:
            raise ConfigError(name, "pattern_mismatch")
    return value


def _check_known(schema: Mapping[str, Any], values: Mapping[str, Any]) -> None:
    if not isinstance(values, Mapping):
        raise ConfigError("", "invalid_type", expected="object")
    if schema.get("additionalProperties", False):
        return
    for name in values:
        if name not in _properties(schema):
            raise ConfigError(str(name), "unknown_field")


def validate_config(schema: Mapping[str, Any], values: Mapping[str, Any]) -> dict[str, Any]:
    """The configuration the plugin receives: validated, with defaults applied.

    A missing or null value takes its default; a required one without default raises
    `ConfigError(field, "required")`. Unknown fields are refused unless additionalProperties is true
    (then they are passed through unchecked).
    """
    _check_known(schema, values)
    result: dict[str, Any] = {}
    required = set(schema.get("required", ()))
    for name, prop in _properties(schema).items():
        value = values.get(name)
        if value is None:
            if "default" in prop:
                result[name] = prop["default"]
            elif name in required:
                raise ConfigError(name, "required")
            continue
        result[name] = _validate_value(name, prop, value)
    for name, value in values.items():
        if name not in result and name not in _properties(schema) and value is not None:
            result[name] = value  # additionalProperties: true
    return result


def public_config(schema: Mapping[str, Any], values: Mapping[str, Any]) -> dict[str, Any]:
    """`values` safe to show: write-only secrets removed, their names listed in `secrets_set`."""
    secrets = set(secret_names(schema))
    shown = {name: value for name, value in values.items() if name not in secrets}
    shown[SECRETS_KEY] = sorted(name for name in secrets if values.get(name) not in (None, ""))
    return shown


def merge_config(
    schema: Mapping[str, Any], stored: Mapping[str, Any], incoming: Mapping[str, Any]
) -> dict[str, Any]:
    """What to store when a form submits `incoming` over `stored` (the form sends every field).

    A write-only secret omitted from `incoming` (or sent as "") keeps its stored value, since the form
    never had it; a null clears any value. Each value given is checked against its property, but
    required fields and defaults are not applied: the result may be a partial override of the
    platform default (validate the effective configuration with `validate_config`).
    """
    if not isinstance(incoming, Mapping):
        raise ConfigError("", "invalid_type", expected="object")
    # A form may send back what public_config showed it, `secrets_set` included.
    incoming = {name: value for name, value in incoming.items() if name != SECRETS_KEY}
    _check_known(schema, incoming)
    properties = _properties(schema)
    secrets = secret_names(schema)
    merged: dict[str, Any] = {}
    for name, value in incoming.items():
        if value is None or (name in secrets and value == ""):
            continue
        merged[name] = _validate_value(name, properties[name], value) if name in properties else value
    for name in secrets:
        # Absent or "" keeps the stored secret; an explicit null (None) clears it.
        if incoming.get(name, "") == "" and stored.get(name) not in (None, ""):
            merged[name] = stored[name]
    return merged
