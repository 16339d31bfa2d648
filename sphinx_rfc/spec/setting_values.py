"""How each ``rfc_*`` configuration value is checked (docs/reference/config.md):
the :class:`Setting` an :class:`~sphinx_rfc.spec.settings.RfcSettings` field
declares with :func:`setting`, the converters that turn a ``conf.py`` value
into the attribute or raise :class:`SettingError`, and the template
documents ``rfc_template`` names (:func:`load_template`).

:mod:`sphinx_rfc.spec.settings` declares the values with these and loads
them; nothing here imports Sphinx or docutils (the pure core's contract,
docs/reference/architecture.md).
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from string import Formatter
from typing import Any

from sphinx_rfc import _lazy_re
from sphinx_rfc.spec.aliases import (
    AliasError,
    Aliases,
    column_words,
    merged,
    parse_aliases,
    template_aliases,
    with_column_aliases,
)
from sphinx_rfc.spec.fields import ID_KEYS, match_field
from sphinx_rfc.spec.forge import DEFAULT_FORGE_STATUS_MAP, forge_state_key
from sphinx_rfc.spec.id_space import NewIds, parse_new_ids, prefixed_format
from sphinx_rfc.spec.messages import _, series
from sphinx_rfc.spec.preamble import Since, parse_since
from sphinx_rfc.spec.sections import (
    SECTION_KEYS,
    SectionSpec,
    ShippedSections,
    resolved,
    shipped_sections,
)
from sphinx_rfc.spec.subtypes import subtype_name
from sphinx_rfc.spec.table_kinds import TABLES
from sphinx_rfc.spec.template import (
    TEMPLATE_FOLDER,
    Era,
    TemplateError,
    TemplateSchema,
    parse_template,
)
from sphinx_rfc.spec.text import fold_header
from sphinx_rfc.spec.vocabulary import (
    AFFECTS,
    STATUSES,
    STRENGTHS,
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

METADATA_KEY = "sphinx_rfc.setting"


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
        """The error for a *value* of the wrong shape: *shape* (already in the
        project's language) or the declared one, translated."""
        return SettingError(_("sphinx_rfc: config value {name!r} must be {shape}; got {value!r}")
                            .format(name=self.name, shape=shape or _(self.shape), value=value))

    def shaped(self, detail: str, **values: object) -> str:
        """The declared shape with *detail*, a message whose ``{shape}`` is
        it (``{shape}, each module in rfc_modules ({name!r} is not)``)."""
        return _(detail).format(shape=_(self.shape), **values)


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
    return {METADATA_KEY: {
        "default": default, "rebuild": rebuild, "types": types, "shape": shape, "doc": doc,
        "convert": convert,
    }}


# --------------------------------------------------------------------------
# Converters: a conf.py value -> an RfcSettings attribute


def _is_str_list(value: object) -> bool:
    return isinstance(value, (list, tuple)) and all(isinstance(v, str) for v in value)


def to_modules(s: Setting, value: Any, done: Mapping[str, Any]) -> dict[str, str]:
    if isinstance(value, Mapping):
        if not all(isinstance(k, str) and k and isinstance(v, str) for k, v in value.items()):
            raise s.fail(value)
        return dict(value)
    if _is_str_list(value) and all(value):
        return dict.fromkeys(value, "")
    raise s.fail(value)


def to_pattern(s: Setting, value: Any, done: Mapping[str, Any]) -> re.Pattern[str]:
    if not isinstance(value, str):
        raise s.fail(value)
    try:
        return re.compile(value)
    except re.error as exc:
        raise s.fail(value, _("a valid regular expression ({error})").format(error=exc)) from None


def to_id_format(s: Setting, value: Any, done: Mapping[str, Any]) -> str:
    try:
        ok = isinstance(value, str) and value.format(1) != value
    except (IndexError, KeyError, ValueError):
        ok = False
    if not ok:
        raise s.fail(value)
    return str(value)


def to_vocabulary(base: Vocabulary) -> Converter:
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


def to_sections(s: Setting, value: Any, done: Mapping[str, Any]) -> tuple[SectionSpec, ...]:
    if not isinstance(value, Mapping):
        raise s.fail(value)
    template: TemplateSchema | None = done.get("template")
    if template is None and not value:
        # the built-in sections, parsed when first read (RfcSettings.sections)
        return ShippedSections()
    base = template.section_specs if template is not None else shipped_sections()
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


def to_required_sections(s: Setting, value: Any, done: Mapping[str, Any]) -> tuple[str, ...]:
    template: TemplateSchema | None = done.get("template")
    if value is None and template is not None:
        return template.required_sections
    sections = done["sections"]
    keys = set(SECTION_KEYS) if isinstance(sections, ShippedSections) else {
        spec.key for spec in sections}
    if not _is_str_list(value) or set(value) - keys:
        raise s.fail(value, _("a list of section keys from {keys}").format(keys=sorted(keys)))
    return tuple(value)


def to_str_list(s: Setting, value: Any, done: Mapping[str, Any]) -> tuple[str, ...]:
    """A list of non-empty strings."""
    if not _is_str_list(value) or not all(value):
        raise s.fail(value)
    return tuple(value)


def to_test_levels(s: Setting, value: Any, done: Mapping[str, Any]) -> tuple[str, ...]:
    """A list of test levels; ``None``: the template's (no template: never None)."""
    template: TemplateSchema | None = done.get("template")
    if value is None and template is not None:
        return template.test_levels
    return to_str_list(s, value, done)


def to_placeholders(s: Setting, value: Any, done: Mapping[str, Any]) -> tuple[str, ...]:
    """A list of placeholders, joined by those the template uses."""
    found = to_str_list(s, value, done)
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
CONFDIR_ATTR = "_sphinx_rfc_confdir"
#: ``rfc_aliases`` as conf.py gives it, for the template's tables (read
#: before the value is checked: :func:`load_template`).
RAW_ALIASES = "_sphinx_rfc_raw_aliases"


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
        names = series(repr(n) for n in NAMED_TEMPLATES)
        raise SettingError(_(
            "sphinx_rfc: rfc_template: {path} does not exist; give the path of a Markdown or "
            "reStructuredText template relative to conf.py, or one of {names}").format(
                path=where, names=names)
        ) from None
    except (OSError, UnicodeDecodeError) as exc:
        raise SettingError(_(
            "sphinx_rfc: rfc_template: cannot read {path} ({error}); give a readable UTF-8 "
            "text file").format(path=where, error=exc)
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
        raise SettingError(_("sphinx_rfc: rfc_template: {place}: {message}").format(
            place=at, message=exc.message)) from None


def to_template_depth(s: Setting, value: Any, done: Mapping[str, Any]) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 2:
        raise s.fail(value)
    return value


def to_template(s: Setting, value: Any, done: Mapping[str, Any]) -> TemplateSchema | None:
    if value is None:
        return None
    if isinstance(value, (list, tuple)):
        return _template_history(s, value, done)
    if not isinstance(value, str) or not value.strip():
        raise s.fail(value)
    return load_template(value, done.get(CONFDIR_ATTR) or ".", done["template_depth"],
                         done.get(RAW_ALIASES))


def _template_history(s: Setting, value: Any, done: Mapping[str, Any]) -> TemplateSchema:
    """``[{"template": …, "since": …}, …]``: the template over time
    (docs/reference/templates.md, "The template over time").  The schema in
    force is the last entry's; it holds the others as its ``history``
    (oldest first), and their sections it lacks, as optional ones."""
    shape = _('a list of {{"template": name or path, "since": "YYYY-MM-DD" or an ID}} '
              "entries (the first one may leave since out), or {{\"template\": …, "
              "\"documents\": [globs]}} for the documents written to another template").format()
    if not value:
        raise s.fail(value, shape)
    eras: list[tuple[str | None, str, TemplateSchema, tuple[str, ...]]] = []
    for k, entry in enumerate(value):
        if (not isinstance(entry, Mapping) or not isinstance(entry.get("template"), str)
                or set(entry) - {"template", "since", "documents"}):
            raise s.fail(value, shape)
        documents = entry.get("documents", ())
        documents = (documents,) if isinstance(documents, str) else documents
        if (not isinstance(documents, (list, tuple)) or ("documents" in entry and not documents)
                or not all(isinstance(d, str) and d.strip() for d in documents)):
            raise s.fail(value, _("{shape}; entry {number}: documents is a glob or a list of "
                                  "them").format(shape=shape, number=k + 1))
        since = entry.get("since")
        if since is None and k > 0 and not documents:
            raise s.fail(value, _("{shape}; entry {number} has no since").format(
                shape=shape, number=k + 1))
        if since is not None and (not isinstance(since, str) or parse_since(since) is None):
            raise s.fail(value, _("{shape}; {since!r} is neither a date nor an ID").format(
                shape=shape, since=since))
        name = str(entry["template"])
        schema = load_template(name, done.get(CONFDIR_ATTR) or ".", done["template_depth"],
                               done.get(RAW_ALIASES))
        eras.append((since, name, schema, tuple(d.strip() for d in documents)))
    in_time = [era for era in eras if not era[3]]
    if not in_time:
        raise s.fail(value, _("{shape}; every entry names documents: one must not").format(
            shape=shape))
    newest = in_time[-1][2]
    older = [era for era in eras if era[2] is not newest]
    keys = {section.key for section in newest.sections}
    sections = list(newest.sections)
    for _since, _name, old, _documents in older:
        for section in old.sections:
            if section.key not in keys:
                keys.add(section.key)
                sections.append(replace(section, optional=True))
    history = tuple(Era(era_since, era_name, era.required_sections,
                        tuple(section.key for section in era.sections), documents)
                    for era_since, era_name, era, documents in eras)
    # every entry's document and when (or where) it applies: an edit to any
    # of them reads every document again (rfc_template_digest)
    digest = hashlib.sha256(repr([(e.since, e.name, e.documents, schema.digest)
                                  for e, (_s, _n, schema, _d) in zip(history, eras, strict=True)])
                            .encode("utf-8")).hexdigest()
    # (a document of any entry keeps that entry's own text: each is learned)
    own = newest.own
    for _since, _name, old, _documents in older:
        own = own | old.own
    return replace(newest, sections=tuple(sections), history=history, digest=digest, own=own)


#: An extra field's name: letters (any script), digits, "_" and "-" — it is
#: an option of the ``rfc`` directive, a key of a native basic-information
#: table and a key of ``rfcs.json``'s ``extra``.
_FIELD_NAME = _lazy_re.compile(r"[\w-]+")


def to_extra_fields(
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
            raise s.fail(value, s.shaped(
                "{shape}, each name made of letters, digits, '_' and '-' ({key!r} is not)",
                key=key))
        builtin = "rfc" if fold_header(key) in ID_KEYS else getattr(match_field(key), "key", None)
        if builtin is not None:
            raise s.fail(value, s.shaped(
                "{shape} other than the built-in fields ({key!r} is the built-in field "
                "{builtin!r})", key=key, builtin=builtin))
    given = {k: tuple(v) for k, v in value.items()}
    template: TemplateSchema | None = done.get("template")
    if template is None:
        return given
    # the template's extra rows (an "适用后端" row), under what conf.py says
    derived = {k: v for k, v in template.extra_fields.items() if _FIELD_NAME.fullmatch(k)}
    return {**derived, **given}


def to_aliases(s: Setting, value: Any, done: Mapping[str, Any]) -> Aliases:
    """The template's ``rfc-aliases`` comment, then ``rfc_aliases``
    (docs/reference/config.md): checked against the names in force."""
    template: TemplateSchema | None = done.get("template")
    if template is None and isinstance(value, Mapping) and not value:
        return Aliases()  # (no words to check against the names)
    names: dict[str, Any] = {
        "sections": resolved(done["sections"]),
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
            raise SettingError(_("sphinx_rfc: rfc_template: {place}: {message}").format(
                place=template.path, message=exc)) from None
    if not isinstance(value, Mapping):
        raise s.fail(value)
    try:
        return merged(found, parse_aliases(value, **names)) if value else found
    except AliasError as exc:
        raise s.fail(value, s.shaped("{shape} ({error})", error=exc)) from None


def to_module_paths(
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
        raise s.fail(value, s.shaped("{shape}, each module in rfc_modules ({name!r} is not)",
                                     name=unknown[0]))
    return {k: (v,) if isinstance(v, str) else tuple(v) for k, v in value.items()}


def to_commit_pattern(s: Setting, value: Any, done: Mapping[str, Any]) -> re.Pattern[str] | str | None:
    """None: the ID form of ``rfc_id_format``; ``""``: off; else a regex."""
    if value is None or value == "":
        return value  # type: ignore[no-any-return]
    return to_pattern(s, value, done)


def to_days_from_zero(s: Setting, value: Any, done: Mapping[str, Any]) -> int | None:
    """A number of days (0 or more), or None: off."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise s.fail(value)
    return value


def to_module_api(s: Setting, value: Any, done: Mapping[str, Any]) -> dict[str, str]:
    if not isinstance(value, Mapping) or not all(
        isinstance(k, str) and k and isinstance(v, str) and v.strip() for k, v in value.items()
    ):
        raise s.fail(value)
    modules = done.get("modules") or {}
    unknown = [k for k in value if modules and k not in modules]
    if unknown:
        raise s.fail(value, s.shaped("{shape}, each module in rfc_modules ({name!r} is not)",
                                     name=unknown[0]))
    return {k: v.strip() for k, v in value.items()}


def to_url(s: Setting, value: Any, done: Mapping[str, Any]) -> str | None:
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
        raise s.fail(value, _("None or a valid format string with one {{}} ({error})").format(
            error=exc)) from None
    if fields != [("", "", None)]:
        raise s.fail(value, _("None or a format string with exactly one {} and no other "
                              "replacement field"))
    # the link goes into every page: an http(s) URL, or a path on the same
    # site; never a scheme that runs or embeds (javascript:, data:, file:)
    start = "".join(c for c in value.split("{}", 1)[0] if c not in "\t\n\r").lstrip()
    scheme = _SCHEME.match(start)
    if not start or (scheme is not None and scheme.group(1).lower() not in _URL_SCHEMES):
        raise s.fail(value, _("None or a format string with one {} that starts as an http:// "
                              "or https:// URL (or a path on the same site)"))
    return str(value)


#: The schemes a link template of ``rfc_issue_url`` / ``rfc_pr_url`` may have.
_URL_SCHEMES = frozenset({"http", "https"})
_SCHEME = _lazy_re.compile(r"([A-Za-z][A-Za-z0-9+.-]*):")


def to_script(s: Setting, value: Any, done: Mapping[str, Any]) -> str | None:
    if value is not None and not (
        isinstance(value, str) and value.strip() and value.endswith((".js", ".mjs"))
    ):
        raise s.fail(value)
    return None if value is None else str(value)


def one_of(*choices: str) -> Converter:
    def convert(s: Setting, value: Any, done: Mapping[str, Any]) -> str:
        if value not in choices:
            raise s.fail(value)
        return str(value)

    return convert


def to_flag(s: Setting, value: Any, done: Mapping[str, Any]) -> bool:
    if not isinstance(value, bool):
        raise s.fail(value)
    return value


def to_forge_status_map(s: Setting, value: Any, done: Mapping[str, Any]) -> dict[str, str]:
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
            raise s.fail(value, s.shaped(
                "{shape}, each status one of rfc_statuses ({status!r} is not)", status=status))
        found[forge_state_key(state, reason) or key] = wanted
    return found


def to_forge_labels(
    s: Setting, value: Any, done: Mapping[str, Any]
) -> dict[str, tuple[str, ...]]:
    """Status -> the forge label(s) ``sphinx-rfc sync`` gives an issue in it
    (docs/reference/sync.md): the reverse of ``rfc_forge_status_map``."""
    if not isinstance(value, Mapping) or not all(
        isinstance(k, str) and ((isinstance(v, str) and v.strip()) or _is_str_list(v))
        for k, v in value.items()
    ):
        raise s.fail(value)
    statuses: Vocabulary = done.get("statuses") or STATUSES
    found: dict[str, tuple[str, ...]] = {}
    for key, labels in value.items():
        status = statuses.lookup(key)
        if status is None:
            raise s.fail(value, s.shaped(
                "{shape}, each key a status of rfc_statuses ({key!r} is not)", key=key))
        names = (labels,) if isinstance(labels, str) else tuple(labels)
        if any(not name.strip() or "," in name for name in names):
            raise s.fail(value, s.shaped("{shape}; a label is not empty and holds no comma"))
        found[status] = tuple(name.strip() for name in names)
    return found


def to_public_url(s: Setting, value: Any, done: Mapping[str, Any]) -> str | None:
    """None, or the http(s) URL the HTML is published at."""
    if value is None:
        return None
    if not isinstance(value, str) or not re.match(r"^https?://[^/\s]+", value.strip()):
        raise s.fail(value)
    if "{docname}" in value:
        return value.strip()
    return value.strip().rstrip("/") + "/"


def to_approvers(
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
            raise s.fail(value, s.shaped(
                "{shape}, each module one of rfc_modules ({module!r} is not)", module=module))
        names = [people] if isinstance(people, str) else list(people)
        found[module] = tuple(n.strip() for n in names if n.strip())
    return found


def to_suppress_map(
    s: Setting, value: Any, done: Mapping[str, Any]
) -> dict[str, frozenset[str]]:
    """RFC ID -> the warning subtypes silenced for that RFC alone, each
    ``rfc.<subtype>`` or bare (a list, or one string)."""
    if not isinstance(value, Mapping) or not all(
        isinstance(k, str) and k.strip() and (isinstance(v, str) or _is_str_list(v))
        for k, v in value.items()
    ):
        raise s.fail(value)
    found: dict[str, frozenset[str]] = {}
    for rfc_id, subtypes in value.items():
        names = set()
        for item in [subtypes] if isinstance(subtypes, str) else list(subtypes):
            name = subtype_name(item)
            if name is None:
                raise s.fail(value, s.shaped(
                    "{shape}; {item!r} (for {rfc_id}) is no warning subtype "
                    "(docs/reference/warnings.md)", item=item, rfc_id=rfc_id))
            names.add(name)
        found[rfc_id.strip()] = frozenset(names)
    return found


def to_new_ids(s: Setting, value: Any, done: Mapping[str, Any]) -> NewIds:
    """``"next"``, or ``{"prefix": …, "range": [first, last]}``; an ID made
    so must match ``rfc_id_pattern``."""
    found = parse_new_ids(value)
    if isinstance(found, str):
        raise s.fail(value, found)
    id_format = done.get("id_format")
    pattern = done.get("id_pattern")
    if found.prefix and isinstance(id_format, str) and pattern is not None:
        example = prefixed_format(id_format, found.prefix).format(found.start)
        if not pattern.match(example):
            wider = f'r"^RFC-(?:{re.escape(found.prefix)})?[0-9]+$"'
            raise s.fail(value, s.shaped(
                "{shape}; the IDs it makes ({example}) must match rfc_id_pattern ({pattern}): "
                "widen the pattern, e.g. {wider}", example=example, pattern=pattern.pattern,
                wider=wider))
    return found


def to_binding_tables(s: Setting, value: Any, done: Mapping[str, Any]) -> tuple[str, ...]:
    """Table kinds, each a built-in one (``interface``, ``verification``, ...)."""
    if not isinstance(value, (list, tuple)) or not all(isinstance(v, str) for v in value):
        raise s.fail(value)
    known = {t.kind for t in TABLES}
    for kind in value:
        if kind not in known:
            raise s.fail(value, s.shaped("{shape}, each one of {known} ({kind!r} is not)",
                                         known=series(sorted(known)), kind=kind))
    return tuple(dict.fromkeys(value))


def to_days(s: Setting, value: Any, done: Mapping[str, Any]) -> int | None:
    """A number of days (1 or more), or None: off."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise s.fail(value)
    return value


def to_status_list(s: Setting, value: Any, done: Mapping[str, Any]) -> tuple[str, ...]:
    """A list of statuses (keys or aliases), as keys."""
    if not _is_str_list(value):
        raise s.fail(value)
    statuses: Vocabulary = done.get("statuses") or STATUSES
    keys = []
    for item in value:
        key = statuses.lookup(item)
        if key is None and value == s.default:
            # the default names built-in statuses a project's own
            # rfc_statuses may not have: those it has are kept
            continue
        if key is None:
            raise s.fail(value, s.shaped("{shape} of rfc_statuses ({name!r} is not one)",
                                         name=item))
        keys.append(key)
    return tuple(keys)


def to_default_status(
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
            raise s.fail(value, s.shaped("{shape} of rfc_statuses ({name!r} is not one)",
                                         name=status))
        found.append((glob, key))
    return tuple(found)


def to_check_since(s: Setting, value: Any, done: Mapping[str, Any]) -> Since | None:
    if value is None:
        return None
    since = parse_since(value) if isinstance(value, str) else None
    if since is None:
        raise s.fail(value)
    return since


# --------------------------------------------------------------------------
# The declarations
