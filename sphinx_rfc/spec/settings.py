"""The ``rfc_*`` configuration values (docs/reference/config.md), each
declared once, validated and loaded without Sphinx.

A value is declared where the code reads it: as a field of the frozen
:class:`RfcSettings`, whose metadata (:func:`setting`) holds everything else
about it — the ``conf.py`` default, what a change rebuilds, the types
Sphinx checks, the shape a value must have (the error message and the docs
say it), a one-line meaning, and the converter that checks a ``conf.py``
value and turns it into the attribute.  Its ``conf.py`` name is ``rfc_`` +
the attribute.  From these declarations come:

- the Sphinx registration (:mod:`sphinx_rfc.config`: ``app.add_config_value``
  with ``types=`` and ``description=``);
- the validation (:func:`settings_from`): each converter, each one seeing
  the attributes converted before it; a wrong value raises
  :class:`SettingError`, which :mod:`sphinx_rfc.config` raises again as
  Sphinx's ``ConfigError`` with the same message;
- the reference table of the documentation (``docs/_ext/rfc_reference.py``
  reads :data:`SETTINGS`).

Nothing here imports Sphinx or docutils (the pure core's contract,
docs/reference/architecture.md): ``settings_from`` reads any object with
the ``rfc_*`` attributes, a Sphinx ``Config`` or a plain namespace.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, fields, replace
from functools import cached_property
from pathlib import Path
from string import Formatter
from typing import Any

from sphinx_rfc.spec.aliases import (
    AliasError,
    Aliases,
    column_words,
    merged,
    parse_aliases,
    strict_vocabulary,
    template_aliases,
    with_column_aliases,
    with_section_aliases,
    with_value_aliases,
)
from sphinx_rfc.spec.fields import ID_KEYS, match_field
from sphinx_rfc.spec.forge import DEFAULT_FORGE_STATUS_MAP, forge_state_key
from sphinx_rfc.spec.messages import translating
from sphinx_rfc.spec.nouns import TemplateProfile, profile_of
from sphinx_rfc.spec.preamble import Since, parse_since
from sphinx_rfc.spec.sections import SECTION_KEYS, SECTIONS, SectionSpec
from sphinx_rfc.spec.table_kinds import HEADING_KINDS, TABLES, TableSpec
from sphinx_rfc.spec.template import (
    TEMPLATE_FOLDER,
    Era,
    TemplateError,
    TemplateSchema,
    choices,
    parse_template,
    slug,
)
from sphinx_rfc.spec.text import fold_header
from sphinx_rfc.spec.vocabulary import (
    AFFECTS,
    STATUSES,
    STRENGTHS,
    TYPES,
    YES_NO,
    Vocabulary,
    vocabulary_from_config,
)

DEFAULT_PLACEHOLDERS = ["xxx", "[FILL]", "[待测]", "待补充", "TBD", "TODO"]

#: The prefix of every config value's name: ``rfc_`` + the RfcSettings attribute.
PREFIX = "rfc_"

class SettingError(ValueError):
    """A config value of the wrong shape, or a template that cannot be read:
    its message names the value (or file) and what to change.
    :mod:`sphinx_rfc.config` turns it into Sphinx's ``ConfigError``."""


#: A converter: (its declaration, the ``conf.py`` value, the attributes
#: converted so far) -> the attribute; raises :class:`SettingError` (:meth:`Setting.fail`).
Converter = Callable[["Setting", Any, Mapping[str, Any]], Any]

_METADATA_KEY = "sphinx_rfc.setting"


@dataclass(frozen=True)
class Setting:
    """One config value, as :func:`setting` declared it on an RfcSettings field."""

    #: The ``conf.py`` name (``rfc_`` + :attr:`attr`).
    name: str
    #: The RfcSettings attribute it fills.
    attr: str
    default: Any
    #: What a change rebuilds (Sphinx's ``rebuild``): ``"env"`` or ``""``.
    rebuild: str
    #: The types Sphinx checks the value against.
    types: tuple[type, ...]
    #: What a value must be: ends the error's message, shown in the docs.
    shape: str
    #: What it does, one line (rST ``literal`` markup allowed).
    doc: str
    convert: Converter

    def fail(self, value: object, shape: str | None = None) -> SettingError:
        """The error for a *value* of the wrong shape."""
        return SettingError(
            f"sphinx_rfc: config value {self.name!r} must be {shape or self.shape}; "
            f"got {value!r}"
        )


def setting(
    *,
    default: Any,
    types: tuple[type, ...],
    shape: str,
    doc: str,
    convert: Converter,
    rebuild: str = "env",
) -> dict[str, Any]:
    """The metadata of an RfcSettings field that declares a config value:
    ``field(metadata=setting(...))``."""
    return {_METADATA_KEY: {
        "default": default, "rebuild": rebuild, "types": types, "shape": shape, "doc": doc,
        "convert": convert,
    }}


# --------------------------------------------------------------------------
# Converters: a conf.py value -> an RfcSettings attribute


def _is_str_list(value: object) -> bool:
    return isinstance(value, (list, tuple)) and all(isinstance(v, str) for v in value)


def _modules(s: Setting, value: Any, done: Mapping[str, Any]) -> dict[str, str]:
    if isinstance(value, Mapping):
        if not all(isinstance(k, str) and k and isinstance(v, str) for k, v in value.items()):
            raise s.fail(value)
        return dict(value)
    if _is_str_list(value) and all(value):
        return dict.fromkeys(value, "")
    raise s.fail(value)


def _pattern(s: Setting, value: Any, done: Mapping[str, Any]) -> re.Pattern[str]:
    if not isinstance(value, str):
        raise s.fail(value)
    try:
        return re.compile(value)
    except re.error as exc:
        raise s.fail(value, f"a valid regular expression ({exc})") from None


def _id_format(s: Setting, value: Any, done: Mapping[str, Any]) -> str:
    try:
        ok = isinstance(value, str) and value.format(1) != value
    except (IndexError, KeyError, ValueError):
        ok = False
    if not ok:
        raise s.fail(value)
    return str(value)


def _vocabulary(base: Vocabulary) -> Converter:
    """``None`` (the built-in *base*), a list of keys or a dict key -> aliases."""

    def convert(s: Setting, value: Any, done: Mapping[str, Any]) -> Vocabulary:
        if value is None:
            return base
        if isinstance(value, Mapping):
            if not value or not all(
                isinstance(k, str) and k and _is_str_list(v) for k, v in value.items()
            ):
                raise s.fail(value)
        elif not (_is_str_list(value) and value and all(value)):
            raise s.fail(value)
        return vocabulary_from_config(base, value)

    return convert


def _sections(s: Setting, value: Any, done: Mapping[str, Any]) -> tuple[SectionSpec, ...]:
    if not isinstance(value, Mapping):
        raise s.fail(value)
    template: TemplateSchema | None = done.get("template")
    base = template.section_specs if template is not None else SECTIONS
    merged = {spec.key: spec for spec in base}
    for key, spec in value.items():
        if not isinstance(key, str) or not key or not isinstance(spec, Mapping):
            raise s.fail(value)
        unknown = set(spec) - {"titles", "directive", "label"}
        titles = spec.get("titles")
        directive = spec.get("directive")
        if unknown or not _is_str_list(titles) or not titles:
            raise s.fail({key: spec})
        if directive is not None and not isinstance(directive, str):
            raise s.fail({key: spec})
        old = merged.get(key)
        label = spec.get("label") or (old.label if old else str(titles[0]))
        label_zh = old.label_zh if old else str(titles[0])
        merged[key] = SectionSpec(key, str(label), label_zh, tuple(titles), directive,
                                  old.level if old else 0)
    return tuple(merged.values())


def _required_sections(s: Setting, value: Any, done: Mapping[str, Any]) -> tuple[str, ...]:
    template: TemplateSchema | None = done.get("template")
    if value is None and template is not None:
        return template.required_sections
    keys = {spec.key for spec in done["sections"]}
    if not _is_str_list(value) or set(value) - keys:
        raise s.fail(value, f"a list of section keys from {sorted(keys)}")
    return tuple(value)


def _str_list(s: Setting, value: Any, done: Mapping[str, Any]) -> tuple[str, ...]:
    """A list of non-empty strings."""
    if not _is_str_list(value) or not all(value):
        raise s.fail(value)
    return tuple(value)


def _test_levels(s: Setting, value: Any, done: Mapping[str, Any]) -> tuple[str, ...]:
    """A list of test levels; ``None``: the template's (no template: never None)."""
    template: TemplateSchema | None = done.get("template")
    if value is None and template is not None:
        return template.test_levels
    return _str_list(s, value, done)


def _placeholders(s: Setting, value: Any, done: Mapping[str, Any]) -> tuple[str, ...]:
    """A list of placeholders, joined by those the template uses."""
    found = _str_list(s, value, done)
    template: TemplateSchema | None = done.get("template")
    if template is None:
        return found
    return tuple(dict.fromkeys((*found, *template.placeholders)))


#: The templates shipped in the package (``sphinx_rfc/templates``), by name.
NAMED_TEMPLATES: dict[str, str] = {
    "hyper-parallel": "hyper-parallel.zh_CN.md",
    "hyper-parallel.en": "hyper-parallel.en.md",
    "kep": "kep.md",
    "rust-rfc": "rust-rfc.md",
    "madr": "madr.md",
}
_CONFDIR_ATTR = "_sphinx_rfc_confdir"
#: ``rfc_aliases`` as conf.py gives it, for the template's tables (read
#: before the value is checked: :func:`load_template`).
_RAW_ALIASES = "_sphinx_rfc_raw_aliases"


def template_path(value: str, confdir: str | Path) -> Path:
    """The file ``rfc_template`` names: a shipped template, or a path
    relative to the configuration directory."""
    if value in NAMED_TEMPLATES:
        return TEMPLATE_FOLDER / NAMED_TEMPLATES[value]
    return Path(confdir, value)


def load_template(
    value: str, confdir: str | Path, depth: int, aliases: object = None
) -> TemplateSchema:
    """The schema of the template ``rfc_template`` names; raises SettingError
    naming the file (and line) and what to change.  Its tables are matched
    with the column words of its ``rfc-aliases`` comment and of *aliases*
    (``rfc_aliases``) too: a team's word makes its table a known kind."""
    path = template_path(value, confdir)
    where = str(path)
    try:
        text = path.read_text(encoding="utf-8-sig")
    except FileNotFoundError:
        names = ", ".join(repr(n) for n in NAMED_TEMPLATES)
        raise SettingError(
            f"sphinx_rfc: rfc_template: {where} does not exist; give the path of a "
            f"Markdown or reStructuredText template relative to conf.py, or one of {names}"
        ) from None
    except (OSError, UnicodeDecodeError) as exc:
        raise SettingError(
            f"sphinx_rfc: rfc_template: cannot read {where} ({exc}); give a readable "
            "UTF-8 text file"
        ) from None
    try:
        written = template_aliases(text)
    except AliasError:
        written = None  # reported with the template's path by rfc_aliases' check
    words = column_words(written[0] if written else None, aliases)
    try:
        return parse_template(text, where, depth=depth, markdown=path.suffix != ".rst",
                              kinds=with_column_aliases(TABLES, words))
    except TemplateError as exc:
        at = f"{where}:{exc.line}" if exc.line else where
        raise SettingError(f"sphinx_rfc: rfc_template: {at}: {exc.message}") from None


def _template_depth(s: Setting, value: Any, done: Mapping[str, Any]) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 2:
        raise s.fail(value)
    return value


def _template(s: Setting, value: Any, done: Mapping[str, Any]) -> TemplateSchema | None:
    if value is None:
        return None
    if isinstance(value, (list, tuple)):
        return _template_history(s, value, done)
    if not isinstance(value, str) or not value.strip():
        raise s.fail(value)
    return load_template(value, done.get(_CONFDIR_ATTR) or ".", done["template_depth"],
                         done.get(_RAW_ALIASES))


def _template_history(s: Setting, value: Any, done: Mapping[str, Any]) -> TemplateSchema:
    """``[{"template": …, "since": …}, …]``: the template over time
    (docs/reference/templates.md, "The template over time").  The schema in
    force is the last entry's; it holds the others as its ``history``
    (oldest first), and their sections it lacks, as optional ones."""
    shape = ('a list of {"template": name or path, "since": "YYYY-MM-DD" or an ID} '
             "entries (the first one may leave since out)")
    if not value:
        raise s.fail(value, shape)
    eras: list[tuple[str | None, str, TemplateSchema]] = []
    for k, entry in enumerate(value):
        if (not isinstance(entry, Mapping) or not isinstance(entry.get("template"), str)
                or set(entry) - {"template", "since"}):
            raise s.fail(value, shape)
        since = entry.get("since")
        if since is None and k > 0:
            raise s.fail(value, f"{shape}; entry {k + 1} has no since")
        if since is not None and (not isinstance(since, str) or parse_since(since) is None):
            raise s.fail(value, f"{shape}; {since!r} is neither a date nor an ID")
        name = str(entry["template"])
        schema = load_template(name, done.get(_CONFDIR_ATTR) or ".", done["template_depth"],
                               done.get(_RAW_ALIASES))
        eras.append((since, name, schema))
    *older, (since, name, newest) = eras
    keys = {section.key for section in newest.sections}
    sections = list(newest.sections)
    for _since, _name, old in older:
        for section in old.sections:
            if section.key not in keys:
                keys.add(section.key)
                sections.append(replace(section, optional=True))
    history = tuple(Era(era_since, era_name, era.required_sections)
                    for era_since, era_name, era in eras)
    # every entry's document and when it applies: an edit to any of them
    # reads every document again (rfc_template_digest)
    digest = hashlib.sha256(repr([(e.since, e.name, schema.digest)
                                  for e, (_s, _n, schema) in zip(history, eras, strict=True)])
                            .encode("utf-8")).hexdigest()
    return replace(newest, sections=tuple(sections), history=history, digest=digest)


#: An extra field's name: letters (any script), digits, "_" and "-" — it is
#: an option of the ``rfc`` directive, a key of a native basic-information
#: table and a key of ``rfcs.json``'s ``extra``.
_FIELD_NAME = re.compile(r"[\w-]+")


def _extra_fields(
    s: Setting, value: Any, done: Mapping[str, Any]
) -> dict[str, tuple[str, ...]]:
    if not isinstance(value, Mapping) or not all(
        isinstance(k, str) and k and _is_str_list(v) for k, v in value.items()
    ):
        raise s.fail(value)
    for key in value:
        # such a field was ignored without a word: the built-in field (or the
        # ID) took its values, or no option or table key could name it
        if not _FIELD_NAME.fullmatch(key):
            raise s.fail(value, f"{s.shape}, each name made of letters, digits, '_' and '-' "
                                f"({key!r} is not)")
        builtin = "rfc" if fold_header(key) in ID_KEYS else getattr(match_field(key), "key", None)
        if builtin is not None:
            raise s.fail(value, f"{s.shape} other than the built-in fields "
                                f"({key!r} is the built-in field {builtin!r})")
    given = {k: tuple(v) for k, v in value.items()}
    template: TemplateSchema | None = done.get("template")
    if template is None:
        return given
    # the template's extra rows (an "适用后端" row), under what conf.py says
    derived = {k: v for k, v in template.extra_fields.items() if _FIELD_NAME.fullmatch(k)}
    return {**derived, **given}


def _aliases(s: Setting, value: Any, done: Mapping[str, Any]) -> Aliases:
    """The template's ``rfc-aliases`` comment, then ``rfc_aliases``
    (docs/reference/config.md): checked against the names in force."""
    template: TemplateSchema | None = done.get("template")
    names: dict[str, Any] = {
        "sections": done["sections"],
        "tables": (*(template.kinds if template is not None else ()), *TABLES),
        "vocabularies": (done["statuses"], done["types"], YES_NO, STRENGTHS, AFFECTS),
        "extra_fields": done.get("extra_fields") or (),
    }
    found = Aliases()
    if template is not None:
        try:
            written = template_aliases(template.text)
            if written is not None:
                found = parse_aliases(written[0], **names)
        except AliasError as exc:
            raise SettingError(f"sphinx_rfc: rfc_template: {template.path}: {exc}") from None
    if not isinstance(value, Mapping):
        raise s.fail(value)
    try:
        return merged(found, parse_aliases(value, **names)) if value else found
    except AliasError as exc:
        raise s.fail(value, f"{s.shape} ({exc})") from None


def _module_paths(
    s: Setting, value: Any, done: Mapping[str, Any]
) -> dict[str, tuple[str, ...]]:
    if not isinstance(value, Mapping) or not all(
        isinstance(k, str) and k and (
            (isinstance(v, str) and v) or (_is_str_list(v) and v and all(v))
        ) for k, v in value.items()
    ):
        raise s.fail(value)
    modules = done.get("modules") or {}
    unknown = [k for k in value if modules and k not in modules]
    if unknown:
        raise s.fail(value, f"{s.shape}, each module in rfc_modules ({unknown[0]!r} is not)")
    return {k: (v,) if isinstance(v, str) else tuple(v) for k, v in value.items()}


def _commit_pattern(s: Setting, value: Any, done: Mapping[str, Any]) -> re.Pattern[str] | str | None:
    """None: the ID form of ``rfc_id_format``; ``""``: off; else a regex."""
    if value is None or value == "":
        return value  # type: ignore[no-any-return]
    return _pattern(s, value, done)


def _days_from_zero(s: Setting, value: Any, done: Mapping[str, Any]) -> int | None:
    """A number of days (0 or more), or None: off."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise s.fail(value)
    return value


def _module_api(s: Setting, value: Any, done: Mapping[str, Any]) -> dict[str, str]:
    if not isinstance(value, Mapping) or not all(
        isinstance(k, str) and k and isinstance(v, str) and v.strip() for k, v in value.items()
    ):
        raise s.fail(value)
    modules = done.get("modules") or {}
    unknown = [k for k in value if modules and k not in modules]
    if unknown:
        raise s.fail(value, f"{s.shape}, each module in rfc_modules ({unknown[0]!r} is not)")
    return {k: v.strip() for k, v in value.items()}


def _url(s: Setting, value: Any, done: Mapping[str, Any]) -> str | None:
    if value is not None and (not isinstance(value, str) or "{}" not in value):
        raise s.fail(value)
    if value is None:
        return None
    # the number goes into the one "{}": any other replacement field, or a
    # brace format() cannot read, failed only when the first #N was linked
    try:
        fields = [(name, spec, conversion)
                  for _text, name, spec, conversion in Formatter().parse(value)
                  if name is not None]
    except ValueError as exc:
        raise s.fail(value, f"None or a valid format string with one {{}} ({exc})") from None
    if fields != [("", "", None)]:
        raise s.fail(value, "None or a format string with exactly one {} and no other "
                            "replacement field")
    return str(value)


def _script(s: Setting, value: Any, done: Mapping[str, Any]) -> str | None:
    if value is not None and not (
        isinstance(value, str) and value.strip() and value.endswith((".js", ".mjs"))
    ):
        raise s.fail(value)
    return None if value is None else str(value)


def _one_of(*choices: str) -> Converter:
    def convert(s: Setting, value: Any, done: Mapping[str, Any]) -> str:
        if value not in choices:
            raise s.fail(value)
        return str(value)

    return convert


def _flag(s: Setting, value: Any, done: Mapping[str, Any]) -> bool:
    if not isinstance(value, bool):
        raise s.fail(value)
    return value


def _forge_status_map(s: Setting, value: Any, done: Mapping[str, Any]) -> dict[str, str]:
    """Forge states to statuses, over the built-in map (docs/reference/import.md)."""
    if not isinstance(value, Mapping) or not all(
        isinstance(k, str) and k.strip() and isinstance(v, str) for k, v in value.items()
    ):
        raise s.fail(value)
    statuses: Vocabulary = done.get("statuses") or STATUSES
    found = dict(DEFAULT_FORGE_STATUS_MAP)
    for key, status in value.items():
        state, _, reason = key.partition(":")
        wanted = statuses.lookup(status)
        if wanted is None:
            raise s.fail(value, f"{s.shape}, each status one of rfc_statuses "
                                f"({status!r} is not)")
        found[forge_state_key(state, reason) or key] = wanted
    return found


def _approvers(
    s: Setting, value: Any, done: Mapping[str, Any]
) -> dict[str, tuple[str, ...]]:
    """Module -> the people who must approve an RFC touching it
    (docs/reference/native.md, "Reviews and approvals"); a person may be
    one string.  With ``rfc_modules``, every key must be one of them."""
    if not isinstance(value, Mapping) or not all(
        isinstance(k, str) and k.strip() and (isinstance(v, str) or _is_str_list(v))
        for k, v in value.items()
    ):
        raise s.fail(value)
    modules = done.get("modules") or {}
    found: dict[str, tuple[str, ...]] = {}
    for module, people in value.items():
        if modules and module not in modules:
            raise s.fail(value, f"{s.shape}, each module one of rfc_modules "
                                f"({module!r} is not)")
        names = [people] if isinstance(people, str) else list(people)
        found[module] = tuple(n.strip() for n in names if n.strip())
    return found


def _binding_tables(s: Setting, value: Any, done: Mapping[str, Any]) -> tuple[str, ...]:
    """Table kinds, each a built-in one (``interface``, ``verification``, ...)."""
    if not isinstance(value, (list, tuple)) or not all(isinstance(v, str) for v in value):
        raise s.fail(value)
    known = {t.kind for t in TABLES}
    for kind in value:
        if kind not in known:
            raise s.fail(value, f"{s.shape}, each one of {', '.join(sorted(known))} "
                                f"({kind!r} is not)")
    return tuple(dict.fromkeys(value))


def _days(s: Setting, value: Any, done: Mapping[str, Any]) -> int | None:
    """A number of days (1 or more), or None: off."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise s.fail(value)
    return value


def _status_list(s: Setting, value: Any, done: Mapping[str, Any]) -> tuple[str, ...]:
    """A list of statuses (keys or aliases), as keys."""
    if not _is_str_list(value):
        raise s.fail(value)
    statuses: Vocabulary = done.get("statuses") or STATUSES
    keys = []
    for item in value:
        key = statuses.lookup(item)
        if key is None:
            raise s.fail(value, f"{s.shape} of rfc_statuses ({item!r} is not one)")
        keys.append(key)
    return tuple(keys)


def _default_status(
    s: Setting, value: Any, done: Mapping[str, Any]
) -> tuple[tuple[str, str], ...] | None:
    """None, a status, or docname glob -> status; as (glob, status key) pairs."""
    if value is None:
        return None
    statuses: Vocabulary = done.get("statuses") or STATUSES
    pairs = {"**": value} if isinstance(value, str) else value
    if not isinstance(pairs, Mapping) or not pairs or not all(
        isinstance(k, str) and k and isinstance(v, str) for k, v in pairs.items()
    ):
        raise s.fail(value)
    found = []
    for glob, status in pairs.items():
        key = statuses.lookup(status)
        if key is None:
            raise s.fail(value, f"{s.shape} of rfc_statuses ({status!r} is not one)")
        found.append((glob, key))
    return tuple(found)


def _check_since(s: Setting, value: Any, done: Mapping[str, Any]) -> Since | None:
    if value is None:
        return None
    since = parse_since(value) if isinstance(value, str) else None
    if since is None:
        raise s.fail(value)
    return since


# --------------------------------------------------------------------------
# The declarations


@dataclass(frozen=True)
class RfcSettings:
    """The validated configuration, in the shapes the code uses; each field
    declares its config value (``rfc_`` + the field's name)."""

    modules: dict[str, str] = field(metadata=setting(
        default={}, types=(list, dict),
        shape="a list of module names or a dict name -> description",
        doc="The code modules RFCs may touch; when non-empty, module names are validated.",
        convert=_modules,
    ))
    module_paths: dict[str, tuple[str, ...]] = field(metadata=setting(
        default={}, types=(dict,), shape="a dict module name -> list of path prefixes",
        doc="The source folders of each module: a path in a module column "
        "(``hyper_parallel/trainer/base.py``) belongs to the module whose prefix it starts "
        "with; without one, to the module named like one of its folders.",
        convert=_module_paths,
    ))
    id_pattern: re.Pattern[str] = field(metadata=setting(
        default=r"^RFC-[0-9]+$", types=(str,), shape="a regular expression string",
        doc="Regular expression every RFC ID must match.",
        convert=_pattern,
    ))
    id_format: str = field(metadata=setting(
        default="RFC-{:04d}", types=(str,), shape="a format string with one {} for a number",
        doc="Format of an ID made from a number: template-native file names, "
        "``sphinx-rfc new`` (``rfc_template`` ``madr``: ``ADR-{:04d}``, ``kep``: "
        "``KEP-{:04d}``).",
        convert=_id_format,
    ))
    statuses: Vocabulary = field(metadata=setting(
        default=None, types=(list, dict, type(None)),
        shape="a list of status keys or a dict key -> list of aliases",
        doc="The statuses (``None``: the seven built-in ones).",
        convert=_vocabulary(STATUSES),
    ))
    types: Vocabulary = field(metadata=setting(
        default=None, types=(list, dict, type(None)),
        shape="a list of type keys or a dict key -> list of aliases",
        doc="The RFC types (``None``: the four built-in ones).",
        convert=_vocabulary(TYPES),
    ))
    template_depth: int = field(metadata=setting(
        default=2, types=(int,), shape="an integer of 2 or more",
        doc="The deepest heading level of ``rfc_template`` that is a section "
        "(level 1 is the title of the document).",
        convert=_template_depth,
    ))
    template: TemplateSchema | None = field(metadata=setting(
        default=None, types=(str, list, tuple, type(None)),
        shape='None, a path relative to conf.py, or "hyper-parallel", "kep", '
        '"rust-rfc" or "madr"; or a list of {"template": …, "since": …} entries',
        doc="The template document whose sections, tables, test levels and fields are "
        "the schema of every RFC (``None``: the built-in hyper-parallel template); a list "
        '``[{"template": …, "since": "YYYY-MM-DD" or "RFC-2000"}, …]``: the template over '
        "time, each RFC checked against the one in force when it was created.",
        convert=_template,
    ))
    sections: tuple[SectionSpec, ...] = field(metadata=setting(
        default={}, types=(dict,),
        shape='a dict key -> {"titles": [str, ...], "directive": str or None}',
        doc="Extra or replaced sections, merged over the nine defaults.",
        convert=_sections,
    ))
    required_sections: tuple[str, ...] = field(metadata=setting(
        default=list(SECTION_KEYS), types=(list, tuple), shape="a list of section keys",
        doc="Which sections every RFC must have.",
        convert=_required_sections,
    ))
    required_test_levels: tuple[str, ...] = field(metadata=setting(
        default=["UT", "Level0"], types=(list, tuple), shape="a list of test level names",
        doc="Test levels every verification plan must list (case-insensitive).",
        convert=_test_levels,
    ))
    placeholders: tuple[str, ...] = field(metadata=setting(
        default=list(DEFAULT_PLACEHOLDERS), types=(list, tuple),
        shape="a list of non-empty strings",
        doc="Template placeholder texts reported by ``rfc.placeholder``.",
        convert=_placeholders,
    ))
    extra_fields: dict[str, tuple[str, ...]] = field(metadata=setting(
        default={}, types=(dict,), shape="a dict field name -> list of allowed values",
        doc="Extra basic-information fields, with their allowed values (empty list: any value).",
        convert=_extra_fields,
    ))
    issue_url: str | None = field(metadata=setting(
        default=None, types=(str, type(None)), shape="None or a format string with {}",
        doc="Link of ``#N`` in ``:issues:``.",
        convert=_url,
    ))
    pr_url: str | None = field(metadata=setting(
        default=None, types=(str, type(None)), shape="None or a format string with {}",
        doc="Link of ``!N`` in ``:issues:``.",
        convert=_url,
    ))
    documents: tuple[str, ...] = field(metadata=setting(
        default=[], types=(list, tuple), shape="a list of docname glob patterns",
        doc="Docname globs of template-native RFCs (no directive needed), matched as Sphinx "
        "matches docnames: ``*`` stops at ``/``, ``**`` crosses it.",
        convert=_str_list,
    ))
    graph_renderer: str = field(metadata=setting(
        default="svg", types=(str,), shape='"svg" or "mermaid"',
        doc="How ``rfc-graph`` draws in HTML: ``svg``, a picture made at build time, "
        "or ``mermaid``, code that Mermaid JS draws in the browser.",
        convert=_one_of("svg", "mermaid"),
    ))
    export_json: bool = field(metadata=setting(
        default=True, rebuild="", types=(bool,), shape="True or False",
        doc="Write ``rfcs.json`` into the output folder.",
        convert=_flag,
    ))
    mermaid_js: str | None = field(metadata=setting(
        default=None, types=(str, type(None)),
        shape="None or the path of a .js or .mjs file, relative to conf.py",
        doc="A local Mermaid build (``mermaid.min.js``), relative to ``conf.py``: copied "
        "into ``_static`` and loaded instead of the CDN copy, on pages with a diagram.",
        convert=_script,
    ))
    check_signatures: bool = field(metadata=setting(
        default=False, types=(bool,), shape="True or False",
        doc="Import ``:signature-of:`` targets and compare their signatures "
        "(imports your code, as autodoc does).",
        convert=_flag,
    ))
    test_results: tuple[str, ...] = field(metadata=setting(
        default=[], types=(list, tuple), shape="a list of glob patterns of JUnit XML files",
        doc="Globs of JUnit XML files, relative to ``conf.py``, for verification results.",
        convert=_str_list,
    ))
    aliases: Aliases = field(metadata=setting(
        default={}, types=(dict,),
        shape='a dict with the keys "sections", "columns", "fields" and "values", each '
        "keyed by canonical names, ending in lists of words",
        doc="More words for sections, table columns, basic-information fields and values, "
        "added to the built-in ones and to the template ones.",
        convert=_aliases,
    ))
    template_strict: bool = field(metadata=setting(
        default=False, types=(bool,), shape="True or False",
        doc="With ``rfc_template``: a column, a field, a value and a section accept only "
        "the words the template writes (and ``rfc_aliases``), not the built-in ones.",
        convert=_flag,
    ))
    git_dates: bool = field(metadata=setting(
        default=True, types=(bool,), shape="True or False",
        doc="An RFC that declares no ``created`` / ``updated`` takes them from the git "
        "history of its source file (first and last commit); no git, no dates.",
        convert=_flag,
    ))
    commit_pattern: re.Pattern[str] | str | None = field(metadata=setting(
        default=None, types=(str, type(None)),
        shape='None, "" or a regular expression string',
        doc="How a commit message cites an RFC: ``None``, the ID form of ``rfc_id_format`` "
        "(``RFC-0042``, ``RFC-42``); a regular expression (its group ``id``, else the whole "
        "match, is the ID; digits alone are formatted with ``rfc_id_format``); ``\"\"``: "
        "commits are not read.",
        convert=_commit_pattern,
    ))
    implementation_days: int | None = field(metadata=setting(
        default=None, types=(int, type(None)), shape="None or a number of days (0 or more)",
        doc="``rfc.unimplemented``: an ``accepted`` RFC accepted this many days ago (the "
        "commit that made it accepted, from its history; without history its ``updated`` "
        "date, else ``created``) whose modules no commit citing it touched (``None``: off).",
        convert=_days_from_zero,
    ))
    module_api: dict[str, str] = field(metadata=setting(
        default={}, types=(dict,), shape="a dict module name -> Python module name",
        doc="The API documentation (``py:module``) of a module, over the one found from its "
        "name or its ``rfc_module_paths``.",
        convert=_module_api,
    ))
    api_backlinks: bool = field(metadata=setting(
        default=False, types=(bool,), shape="True or False",
        doc="The page of every documented Python module an RFC touches lists those RFCs "
        "after the module description.",
        convert=_flag,
    ))
    history: bool = field(metadata=setting(
        default=True, types=(bool,), shape="True or False",
        doc="The status history of each RFC from git: every status its source file has held, "
        "with the first commit that shows it (a timeline on the RFC page, the time in "
        "the current status on the index, ``history`` in ``rfcs.json``, the feeds, ``rfc-stats``); "
        "read from the same ``git log`` as ``rfc_git_dates``. No git, no history.",
        convert=_flag,
    ))
    binding_tables: tuple[str, ...] = field(metadata=setting(
        default=("interface", "dependency", "changes"), types=(list, tuple),
        shape="a list of table kinds",
        doc="The table kinds an accepted RFC is held to: when one of their rows is added, "
        "removed or changed after the commit that accepted the RFC (from its history), the "
        "RFC gets ``rfc.changed-after-acceptance`` and its page a notice listing the rows. "
        "A change of prose is never one. Add ``levels``, ``interactions`` or ``performance`` "
        "to hold the test plan too; "
        "``[]`` turns the check off.",
        convert=_binding_tables,
    ))
    review_days: int | None = field(metadata=setting(
        default=None, types=(int, type(None)), shape="None or a number of days (1 or more)",
        doc="An RFC in review for longer than this many days (since the commit that put it "
        "in review, from its history) gets ``rfc.stale-review``; ``None``: off.",
        convert=_days,
    ))
    slug: str = field(metadata=setting(
        default="unicode", rebuild="", types=(str,), shape='"unicode" or "ascii"',
        doc="File names ``sphinx-rfc new`` and ``import`` make of a title: ``unicode``, its "
        "words as written (CJK too); ``ascii``, its ASCII words only (a title without one: "
        "the ID number alone).",
        convert=_one_of("unicode", "ascii"),
    ))

    forge_status_map: dict[str, str] = field(metadata=setting(
        default={}, types=(dict,),
        shape='a dict forge state (or "state:reason") -> status',
        doc="``sphinx-rfc import``: the status of an issue whose body states none, by its "
        "forge state (``closed``, ``closed:not_planned``, ``已关闭``), over the built-in map "
        "(open: draft, closed as completed: implemented, closed as not planned: withdrawn).",
        convert=_forge_status_map,
    ))
    sections_exempt_statuses: tuple[str, ...] = field(metadata=setting(
        default=["withdrawn", "rejected"], types=(list, tuple), shape="a list of statuses",
        doc="RFCs in these statuses are not checked for missing or empty sections and "
        "test levels (a withdrawn proposal is not finished).",
        convert=_status_list,
    ))
    default_status: tuple[tuple[str, str], ...] | None = field(metadata=setting(
        default=None, types=(str, dict, type(None)),
        shape="None, a status, or a dict docname glob -> status",
        doc="The status of a template-native RFC that states none: one status, or one "
        'per place (``{"text/*": "accepted"}``: where the folder is the status; the first '
        "glob that matches, before the rule of the template (Rust RFCs under ``text/``: accepted).",
        convert=_default_status,
    ))
    check_since: Since | None = field(metadata=setting(
        default=None, types=(str, type(None)), shape='None, a date "YYYY-MM-DD" or an RFC ID',
        doc="RFCs created before this date (or numbered below this ID) are not checked for "
        "missing or empty sections; they stay in the indexes and links.",
        convert=_check_since,
    ))

    approvers: dict[str, tuple[str, ...]] = field(metadata=setting(
        default={}, types=(dict,), shape="a dict module -> a list of names",
        doc="The people who must approve an RFC touching a module: an RFC that is "
        "``accepted`` (or ``implemented``) with no ``approve`` / "
        "``approve-with-conditions`` in its reviews table from one of them is "
        "``rfc.missing-approval``; ``sphinx-rfc status ... accepted`` refuses it.",
        convert=_approvers,
    ))

    def unknown_module(self, name: str) -> str | None:
        """Why *name* is no module ("module 'x' is not in rfc_modules (a, b)"),
        or None: it is configured, or ``rfc_modules`` is empty (then every
        name is a module)."""
        if not self.modules or name in self.modules:
            return None
        return f"module {name!r} is not in rfc_modules ({', '.join(self.modules)})"

    @cached_property
    def tables(self) -> tuple[TableSpec, ...]:
        """The table kinds in force: the template's, or the built-in ones,
        with ``rfc_aliases``'s words (made once: the specs are cache keys)."""
        if self.template is None:
            return with_column_aliases(TABLES, self.aliases)
        own: dict[tuple[str, str], tuple[str, ...]] | None = None
        values: dict[str, tuple[str, ...]] | None = None
        if self.template_strict:
            own = {}
            for table in self.template.tables:
                for column in table.columns:
                    if table.kind is not None and column.key is not None:
                        key = (table.kind, column.key)
                        own[key] = (*own.get(key, ()), column.header)
            values = template_values(self.template)
        found = with_column_aliases(self.template.kinds, self.aliases, own, values)
        # the kinds read under their own heading are every project's (the reviews)
        have = {t.kind for t in self.template.kinds}
        extra = with_column_aliases([t for t in HEADING_KINDS if t.kind not in have], self.aliases)
        return (*found, *extra)

    @cached_property
    def own_field_names(self) -> dict[str, tuple[str, ...]] | None:
        """``rfc_template_strict``: field key -> the names the template's
        basic-information table gives it (its other words are
        ``rfc_aliases``'s and the key itself); None: not strict."""
        if self.template is None or not self.template_strict:
            return None
        found: dict[str, tuple[str, ...]] = {}
        for fld in self.template.fields:
            if fld.key is not None:
                found[fld.key] = (*found.get(fld.key, ()), fld.name)
        return found

    @cached_property
    def profile(self) -> TemplateProfile:
        """The template's noun and statuses (:mod:`sphinx_rfc.spec.nouns`):
        a named template's, else the RFC one."""
        return profile_of(self.template.path if self.template is not None else None)

    def noun(self, *, plural: bool = False) -> str:
        """What the template calls its documents, in the language messages
        are written in (the Chinese name when translating)."""
        return self.profile.noun.name("zh_CN" if translating() else None, plural=plural)

    @cached_property
    def _builtin_tables(self) -> tuple[TableSpec, ...]:
        return with_column_aliases(TABLES, self.aliases)

    def tables_for_directive(self, directive: str) -> tuple[TableSpec, ...]:
        """The table kinds a table directive reads: the template's kinds of
        that directive, else the built-in ones (a directive names its kind)."""
        found = tuple(t for t in self.tables if t.directive == directive)
        return found or tuple(t for t in self._builtin_tables if t.directive == directive)


#: Every config value, in declaration order (registration, validation, docs).
SETTINGS: tuple[Setting, ...] = tuple(
    Setting(name=PREFIX + f.name, attr=f.name, **f.metadata[_METADATA_KEY])
    for f in fields(RfcSettings)
)
#: ``conf.py`` name -> its declaration.
CONFIG_VALUES: dict[str, Setting] = {s.name: s for s in SETTINGS}


#: Validated after the others, as they were before the declarations were
#: merged: with several wrong values, the one reported stays the same.
_VALIDATED_LAST = frozenset(
    {"statuses", "types", "required_test_levels", "placeholders", "documents", "test_results",
     "aliases", "default_status"}
)


#: Values a template gives when ``conf.py`` does not.
_FROM_TEMPLATE = frozenset({"required_sections", "required_test_levels"})


def _given(config: Any, name: str) -> bool:
    """Whether ``conf.py`` (or ``-D``) sets *name*."""
    raw = getattr(config, "_raw_config", None)
    if isinstance(raw, Mapping):
        return name in raw or name in (getattr(config, "_overrides", None) or {})
    return name in getattr(config, "__dict__", {})


def settings_from(config: object, confdir: str | Path | None = None) -> RfcSettings:
    """Validate every value's shape; raise SettingError naming the first wrong
    value (declaration order, :data:`_VALIDATED_LAST` last).  A value
    *config* lacks takes its default; with ``rfc_template``, the template
    gives what ``conf.py`` does not.  *confdir*: where ``rfc_template`` is
    relative to (default: the one ``config-inited`` recorded, else ``.``)."""
    done: dict[str, Any] = {
        _CONFDIR_ATTR: confdir or getattr(config, "__dict__", {}).get(_CONFDIR_ATTR),
        _RAW_ALIASES: getattr(config, PREFIX + "aliases", None),
    }
    for s in sorted(SETTINGS, key=lambda s: s.attr in _VALIDATED_LAST):
        value = getattr(config, s.name, s.default)
        if s.attr in _FROM_TEMPLATE and done.get("template") and not _given(config, s.name):
            value = None
        done[s.attr] = s.convert(s, value, done)
    del done[_CONFDIR_ATTR], done[_RAW_ALIASES]
    _noun_ids(config, done)
    template = done.get("template")
    if template is not None and not done["template_strict"]:
        done["sections"] = _with_builtin_titles(done["sections"], template)
    if template is not None and done["template_strict"]:
        # rfc_template_strict: a status or type is named by its key, its
        # label, the template's words, rfc_statuses' / rfc_types' and
        # rfc_aliases's (added below), not the built-in words
        own = template_values(template)
        for attr, name in (("statuses", "status"), ("types", "type")):
            raw = getattr(config, PREFIX + attr, None)
            given = [w for words in raw.values() for w in words] if isinstance(
                raw, Mapping) else []
            done[attr] = strict_vocabulary(done[attr], (*own.get(name, ()), *given), Aliases())
    aliases: Aliases = done["aliases"]
    if aliases:
        # one vocabulary: the words of rfc_aliases feed what rfc_sections,
        # rfc_statuses and rfc_types made
        done["sections"] = with_section_aliases(done["sections"], aliases)
        done["statuses"] = with_value_aliases(done["statuses"], aliases)
        done["types"] = with_value_aliases(done["types"], aliases)
    return RfcSettings(**done)


def _with_builtin_titles(
    sections: tuple[SectionSpec, ...], template: TemplateSchema
) -> tuple[SectionSpec, ...]:
    """A template's section that its ``rfc-section`` comment gives a
    built-in key (``key=verification``) is named by the built-in titles too,
    unless ``rfc_template_strict`` (a section keyed by its own title, as
    most are, is named by the template's words only)."""
    builtin = {spec.key: spec.titles for spec in SECTIONS}
    keyed = {t.key for t in template.sections if t.key in builtin and t.key != slug(t.title)}
    return tuple(
        replace(spec, titles=tuple(dict.fromkeys((*spec.titles, *builtin[spec.key]))))
        if spec.key in keyed else spec
        for spec in sections
    )


#: The basic-information fields whose values are a vocabulary's.
_FIELD_VOCABULARIES = {"status": "status", "type": "type"}


def template_values(template: TemplateSchema) -> dict[str, tuple[str, ...]]:
    """Vocabulary name -> the values a template writes (``强 / 弱`` in a
    strength column, ``草稿 / 评审中`` in the status row): the words of a
    value under ``rfc_template_strict``."""
    found: dict[str, list[str]] = {}

    def add(name: str, cell: str) -> None:
        text = cell.replace("`", "").strip()
        found.setdefault(name, []).extend(choices(text) or ((text,) if text else ()))

    kinds = {spec.kind: spec for spec in template.kinds}
    for table in template.tables:
        if table.kind == "basic-info":
            for row in table.rows:
                spec = match_field(row[0].replace("*", "").strip()) if row else None
                if spec is not None and spec.key in _FIELD_VOCABULARIES and len(row) > 1:
                    add(_FIELD_VOCABULARIES[spec.key], row[1])
            continue
        if table.kind not in kinds:
            continue
        for k, column in enumerate(table.columns):
            if column.key is None:
                continue
            vocabulary = kinds[table.kind].column(column.key).vocabulary
            if vocabulary is None:
                continue
            for row in table.rows:
                if k < len(row):
                    add(vocabulary.name, row[k])
    return {name: tuple(dict.fromkeys(words)) for name, words in found.items()}


def _noun_ids(config: Any, done: dict[str, Any]) -> None:
    """A named template whose documents are not RFCs numbers them with its
    own noun (MADR: ``ADR-0001``, KEP: ``KEP-0001``), unless ``conf.py``
    sets ``rfc_id_format`` (the pattern follows only when it is not set
    either)."""
    template: TemplateSchema | None = done.get("template")
    noun = profile_of(template.path if template is not None else None).noun.singular
    if noun == "RFC" or _given(config, PREFIX + "id_format"):
        return
    done["id_format"] = noun + "-{:04d}"
    if not _given(config, PREFIX + "id_pattern"):
        # (the RFC form stays valid: documents written before, `rfc: RFC-0001`)
        done["id_pattern"] = re.compile(f"^(?:{re.escape(noun)}|RFC)-[0-9]+$")
