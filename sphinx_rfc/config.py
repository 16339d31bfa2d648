"""Configuration values (docs/reference/config.md), registered with types and
validated deeply at ``config-inited``.

:func:`settings` turns the validated ``conf.py`` values into one frozen
:class:`RfcSettings` that the rest of the package reads.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from sphinx.errors import ConfigError

from sphinx_rfc.spec.sections import SECTION_KEYS, SECTIONS, SectionSpec
from sphinx_rfc.spec.vocabulary import STATUSES, TYPES, Vocabulary, vocabulary_from_config

if TYPE_CHECKING:
    from sphinx.application import Sphinx
    from sphinx.config import Config

DEFAULT_PLACEHOLDERS = ["xxx", "[FILL]", "[待测]", "待补充", "TBD"]

#: name -> (default, rebuild, types, what it should be)
CONFIG_VALUES: dict[str, tuple[Any, str, tuple[type, ...], str]] = {
    "rfc_modules": (
        {},
        "env",
        (list, dict),
        "a list of module names or a dict name -> description",
    ),
    "rfc_id_pattern": (r"^RFC-\d+$", "env", (str,), "a regular expression string"),
    "rfc_id_format": ("RFC-{:04d}", "env", (str,), "a format string with one {} for a number"),
    "rfc_statuses": (
        None,
        "env",
        (list, dict, type(None)),
        "a list of status keys or a dict key -> list of aliases",
    ),
    "rfc_types": (
        None,
        "env",
        (list, dict, type(None)),
        "a list of type keys or a dict key -> list of aliases",
    ),
    "rfc_sections": (
        {},
        "env",
        (dict,),
        'a dict key -> {"titles": [str, ...], "directive": str or None}',
    ),
    "rfc_required_sections": (
        list(SECTION_KEYS),
        "env",
        (list, tuple),
        "a list of section keys",
    ),
    "rfc_required_test_levels": (
        ["UT", "Level0"],
        "env",
        (list, tuple),
        "a list of test level names",
    ),
    "rfc_placeholders": (
        list(DEFAULT_PLACEHOLDERS),
        "env",
        (list, tuple),
        "a list of non-empty strings",
    ),
    "rfc_extra_fields": ({}, "env", (dict,), "a dict field name -> list of allowed values"),
    "rfc_issue_url": (None, "env", (str, type(None)), "None or a format string with {}"),
    "rfc_pr_url": (None, "env", (str, type(None)), "None or a format string with {}"),
    "rfc_documents": ([], "env", (list, tuple), "a list of docname glob patterns"),
    "rfc_export_json": (True, "", (bool,), "True or False"),
    "rfc_check_signatures": (False, "env", (bool,), "True or False"),
    "rfc_test_results": ([], "env", (list, tuple), "a list of glob patterns of JUnit XML files"),
}


@dataclass(frozen=True)
class RfcSettings:
    """The validated configuration, in the shapes the code uses."""

    modules: dict[str, str]
    id_pattern: re.Pattern[str]
    id_format: str
    statuses: Vocabulary
    types: Vocabulary
    sections: tuple[SectionSpec, ...]
    required_sections: tuple[str, ...]
    required_test_levels: tuple[str, ...]
    placeholders: tuple[str, ...]
    extra_fields: dict[str, tuple[str, ...]]
    issue_url: str | None
    pr_url: str | None
    documents: tuple[str, ...]
    export_json: bool
    check_signatures: bool
    test_results: tuple[str, ...]

    def unknown_module(self, name: str) -> str | None:
        """Why *name* is no module ("module 'x' is not in rfc_modules (a, b)"),
        or None: it is configured, or ``rfc_modules`` is empty (then every
        name is a module)."""
        if not self.modules or name in self.modules:
            return None
        return f"module {name!r} is not in rfc_modules ({', '.join(self.modules)})"


def _fail(name: str, what: str, value: object) -> ConfigError:
    return ConfigError(f"sphinx_rfc: config value {name!r} must be {what}; got {value!r}")


def _is_str_list(value: object) -> bool:
    return isinstance(value, (list, tuple)) and all(isinstance(v, str) for v in value)


def _vocabulary(name: str, base: Vocabulary, value: object) -> Vocabulary:
    what = CONFIG_VALUES[name][3]
    if value is None:
        return base
    if isinstance(value, Mapping):
        if not value or not all(
            isinstance(k, str) and k and _is_str_list(v) for k, v in value.items()
        ):
            raise _fail(name, what, value)
    elif not (_is_str_list(value) and value and all(value)):  # type: ignore[arg-type]
        raise _fail(name, what, value)
    return vocabulary_from_config(base, value)


def _sections(value: object) -> tuple[SectionSpec, ...]:
    name = "rfc_sections"
    what = CONFIG_VALUES[name][3]
    if not isinstance(value, Mapping):
        raise _fail(name, what, value)
    merged = {s.key: s for s in SECTIONS}
    for key, spec in value.items():
        if not isinstance(key, str) or not key or not isinstance(spec, Mapping):
            raise _fail(name, what, value)
        unknown = set(spec) - {"titles", "directive", "label"}
        titles = spec.get("titles")
        directive = spec.get("directive")
        if unknown or not _is_str_list(titles) or not titles:
            raise _fail(name, what, {key: spec})
        if directive is not None and not isinstance(directive, str):
            raise _fail(name, what, {key: spec})
        old = merged.get(key)
        label = spec.get("label") or (old.label if old else str(titles[0]))
        label_zh = old.label_zh if old else str(titles[0])
        merged[key] = SectionSpec(key, str(label), label_zh, tuple(titles), directive)
    return tuple(merged.values())


def settings_from(config: Config) -> RfcSettings:
    """Validate every value's shape; raise ConfigError naming the value."""

    def value(name: str) -> Any:
        return getattr(config, name, CONFIG_VALUES[name][0])

    modules_v = value("rfc_modules")
    if isinstance(modules_v, Mapping):
        if not all(isinstance(k, str) and k and isinstance(v, str) for k, v in modules_v.items()):
            raise _fail("rfc_modules", CONFIG_VALUES["rfc_modules"][3], modules_v)
        modules = dict(modules_v)
    elif _is_str_list(modules_v) and all(modules_v):
        modules = dict.fromkeys(modules_v, "")
    else:
        raise _fail("rfc_modules", CONFIG_VALUES["rfc_modules"][3], modules_v)

    pattern_v = value("rfc_id_pattern")
    if not isinstance(pattern_v, str):
        raise _fail("rfc_id_pattern", CONFIG_VALUES["rfc_id_pattern"][3], pattern_v)
    try:
        id_pattern = re.compile(pattern_v)
    except re.error as exc:
        raise _fail("rfc_id_pattern", f"a valid regular expression ({exc})", pattern_v) from None

    id_format = value("rfc_id_format")
    try:
        ok = isinstance(id_format, str) and id_format.format(1) != id_format
    except (IndexError, KeyError, ValueError):
        ok = False
    if not ok:
        raise _fail("rfc_id_format", CONFIG_VALUES["rfc_id_format"][3], id_format)

    sections = _sections(value("rfc_sections"))
    section_keys = {s.key for s in sections}
    required = value("rfc_required_sections")
    if not _is_str_list(required) or set(required) - section_keys:
        raise _fail(
            "rfc_required_sections",
            f"a list of section keys from {sorted(section_keys)}",
            required,
        )

    def str_list(name: str, nonempty_items: bool = True) -> tuple[str, ...]:
        v = value(name)
        if not _is_str_list(v) or (nonempty_items and not all(v)):
            raise _fail(name, CONFIG_VALUES[name][3], v)
        return tuple(v)

    extra_v = value("rfc_extra_fields")
    if not isinstance(extra_v, Mapping) or not all(
        isinstance(k, str) and k and _is_str_list(v) for k, v in extra_v.items()
    ):
        raise _fail("rfc_extra_fields", CONFIG_VALUES["rfc_extra_fields"][3], extra_v)

    urls: dict[str, str | None] = {}
    for name in ("rfc_issue_url", "rfc_pr_url"):
        v = value(name)
        if v is not None and (not isinstance(v, str) or "{}" not in v):
            raise _fail(name, CONFIG_VALUES[name][3], v)
        urls[name] = v

    flags: dict[str, bool] = {}
    for name in ("rfc_export_json", "rfc_check_signatures"):
        v = value(name)
        if not isinstance(v, bool):
            raise _fail(name, CONFIG_VALUES[name][3], v)
        flags[name] = v

    return RfcSettings(
        modules=modules,
        id_pattern=id_pattern,
        id_format=id_format,
        statuses=_vocabulary("rfc_statuses", STATUSES, value("rfc_statuses")),
        types=_vocabulary("rfc_types", TYPES, value("rfc_types")),
        sections=sections,
        required_sections=tuple(required),
        required_test_levels=str_list("rfc_required_test_levels"),
        placeholders=str_list("rfc_placeholders"),
        extra_fields={k: tuple(v) for k, v in extra_v.items()},
        issue_url=urls["rfc_issue_url"],
        pr_url=urls["rfc_pr_url"],
        documents=str_list("rfc_documents"),
        export_json=flags["rfc_export_json"],
        check_signatures=flags["rfc_check_signatures"],
        test_results=str_list("rfc_test_results"),
    )


_CACHE_ATTR = "_sphinx_rfc_settings"


def settings(config: Config) -> RfcSettings:
    """The settings of this build (computed once per Config object)."""
    cached = config.__dict__.get(_CACHE_ATTR)
    if cached is None:
        cached = settings_from(config)
        config.__dict__[_CACHE_ATTR] = cached
    return cached


def _on_config_inited(app: Sphinx, config: Config) -> None:
    config.__dict__.pop(_CACHE_ATTR, None)
    settings(config)


def setup(app: Sphinx) -> None:
    for name, (default, rebuild, types, what) in CONFIG_VALUES.items():
        app.add_config_value(name, default, rebuild, types=types, description=what)  # type: ignore[arg-type]
    app.connect("config-inited", _on_config_inited, priority=800)
