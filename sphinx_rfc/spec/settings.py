"""The ``rfc_*`` configuration values (docs/reference/config.md), each
declared once and loaded without Sphinx; each value checked by
:mod:`sphinx_rfc.spec.setting_values`.

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

import re
from collections.abc import Mapping
from dataclasses import dataclass, field, fields, replace
from functools import cached_property
from pathlib import Path
from typing import Any

from sphinx_rfc.spec.aliases import (
    Aliases,
    strict_vocabulary,
    with_column_aliases,
    with_section_aliases,
    with_value_aliases,
)
from sphinx_rfc.spec.fields import match_field
from sphinx_rfc.spec.id_space import NewIds
from sphinx_rfc.spec.messages import _, series, translating
from sphinx_rfc.spec.nouns import TemplateProfile, profile_of, shipped_profile
from sphinx_rfc.spec.preamble import Since
from sphinx_rfc.spec.sections import (
    SECTION_KEYS,
    SectionSpec,
    ShippedSections,
    resolved,
    shipped_sections,
    shipped_stamp,
)
from sphinx_rfc.spec.setting_values import (
    CONFDIR_ATTR,
    DEFAULT_PLACEHOLDERS,
    METADATA_KEY,
    PREFIX,
    RAW_ALIASES,
    Setting,
    one_of,
    setting,
    to_aliases,
    to_approvers,
    to_binding_tables,
    to_check_since,
    to_commit_pattern,
    to_days,
    to_days_from_zero,
    to_default_status,
    to_extra_fields,
    to_flag,
    to_forge_labels,
    to_forge_status_map,
    to_id_format,
    to_module_api,
    to_module_paths,
    to_modules,
    to_new_ids,
    to_pattern,
    to_placeholders,
    to_public_url,
    to_required_sections,
    to_script,
    to_sections,
    to_status_list,
    to_str_list,
    to_suppress_map,
    to_template,
    to_template_depth,
    to_test_levels,
    to_url,
    to_vocabulary,
)
from sphinx_rfc.spec.table_kinds import HEADING_KINDS, TABLES, TableSpec
from sphinx_rfc.spec.template import (
    TemplateSchema,
    choices,
    slug,
)
from sphinx_rfc.spec.vocabulary import (
    STATUSES,
    TYPES,
    Vocabulary,
)


@dataclass(frozen=True)
class RfcSettings:
    """The validated configuration, in the shapes the code uses; each field
    declares its config value (``rfc_`` + the field's name)."""

    modules: dict[str, str] = field(metadata=setting(
        default={}, types=(list, dict),
        shape="a list of module names or a dict name -> description",
        doc="The code modules RFCs may touch; when non-empty, module names are validated.",
        convert=to_modules,
    ))
    module_paths: dict[str, tuple[str, ...]] = field(metadata=setting(
        default={}, types=(dict,), shape="a dict module name -> list of path prefixes",
        doc="The source folders of each module: a path in a module column "
        "(``hyper_parallel/trainer/base.py``) belongs to the module whose prefix it starts "
        "with; without one, to the module named like one of its folders.",
        convert=to_module_paths,
    ))
    id_pattern: re.Pattern[str] = field(metadata=setting(
        default=r"^RFC-[0-9]+$", types=(str,), shape="a regular expression string",
        doc="Regular expression every RFC ID must match.",
        convert=to_pattern,
    ))
    id_format: str = field(metadata=setting(
        default="RFC-{:04d}", types=(str,), shape="a format string with one {} for a number",
        doc="Format of an ID made from a number: template-native file names, "
        "``sphinx-rfc new`` (``rfc_template`` ``madr``: ``ADR-{:04d}``, ``kep``: "
        "``KEP-{:04d}``).",
        convert=to_id_format,
    ))
    statuses: Vocabulary = field(metadata=setting(
        default=None, types=(list, dict, type(None)),
        shape="a list of status keys or a dict key -> list of aliases",
        doc="The statuses (``None``: the seven built-in ones).",
        convert=to_vocabulary(STATUSES),
    ))
    types: Vocabulary = field(metadata=setting(
        default=None, types=(list, dict, type(None)),
        shape="a list of type keys or a dict key -> list of aliases",
        doc="The RFC types (``None``: the four built-in ones).",
        convert=to_vocabulary(TYPES),
    ))
    template_depth: int = field(metadata=setting(
        default=2, types=(int,), shape="an integer of 2 or more",
        doc="The deepest heading level of ``rfc_template`` that is a section "
        "(level 1 is the title of the document).",
        convert=to_template_depth,
    ))
    template: TemplateSchema | None = field(metadata=setting(
        default=None, types=(str, list, tuple, type(None)),
        shape='None, a path relative to conf.py, or "hyper-parallel", "kep", '
        '"rust-rfc" or "madr"; or a list of {"template": …, "since": …} '
        'or {"template": …, "documents": …} entries',
        doc="The template document whose sections, tables, test levels and fields are "
        "the schema of every RFC (``None``: the built-in hyper-parallel template); a list "
        '``[{"template": …, "since": "YYYY-MM-DD" or "RFC-2000"}, …]``: the template over '
        "time, each RFC checked against the one in force when it was created; an entry "
        '``{"template": …, "documents": [globs]}`` holds the documents it matches, '
        "whenever they were written.",
        convert=to_template,
    ))
    sections: tuple[SectionSpec, ...] = field(metadata=setting(
        default={}, types=(dict,),
        shape='a dict key -> {"titles": [str, ...], "directive": str or None}',
        doc="Extra or replaced sections, merged over the nine defaults.",
        convert=to_sections,
    ))
    required_sections: tuple[str, ...] = field(metadata=setting(
        default=list(SECTION_KEYS), types=(list, tuple), shape="a list of section keys",
        doc="Which sections every RFC must have.",
        convert=to_required_sections,
    ))
    required_test_levels: tuple[str, ...] = field(metadata=setting(
        default=["UT", "Level0"], types=(list, tuple), shape="a list of test level names",
        doc="Test levels every verification plan must list (case-insensitive).",
        convert=to_test_levels,
    ))
    placeholders: tuple[str, ...] = field(metadata=setting(
        default=list(DEFAULT_PLACEHOLDERS), types=(list, tuple),
        shape="a list of non-empty strings",
        doc="Template placeholder texts reported by ``rfc.placeholder``.",
        convert=to_placeholders,
    ))
    extra_fields: dict[str, tuple[str, ...]] = field(metadata=setting(
        default={}, types=(dict,), shape="a dict field name -> list of allowed values",
        doc="Extra basic-information fields, with their allowed values (empty list: any value).",
        convert=to_extra_fields,
    ))
    issue_url: str | None = field(metadata=setting(
        default=None, types=(str, type(None)), shape="None or a format string with {}",
        doc="Link of ``#N`` in ``:issues:``.",
        convert=to_url,
    ))
    pr_url: str | None = field(metadata=setting(
        default=None, types=(str, type(None)), shape="None or a format string with {}",
        doc="Link of ``!N`` in ``:issues:``.",
        convert=to_url,
    ))
    documents: tuple[str, ...] = field(metadata=setting(
        default=[], types=(list, tuple), shape="a list of docname glob patterns",
        doc="Docname globs of template-native RFCs (no directive needed), matched as Sphinx "
        "matches docnames: ``*`` stops at ``/``, ``**`` crosses it.",
        convert=to_str_list,
    ))
    graph_renderer: str = field(metadata=setting(
        default="svg", types=(str,), shape='"svg" or "mermaid"',
        doc="How ``rfc-graph`` draws in HTML: ``svg``, a picture made at build time, "
        "or ``mermaid``, code that Mermaid JS draws in the browser.",
        convert=one_of("svg", "mermaid"),
    ))
    export_json: bool = field(metadata=setting(
        default=True, rebuild="", types=(bool,), shape="True or False",
        doc="Write ``rfcs.json`` into the output folder.",
        convert=to_flag,
    ))
    mermaid_js: str | None = field(metadata=setting(
        default=None, types=(str, type(None)),
        shape="None or the path of a .js or .mjs file, relative to conf.py",
        doc="A local Mermaid build (``mermaid.min.js``), relative to ``conf.py``: copied "
        "into ``_static`` and loaded instead of the CDN copy, on pages with a diagram.",
        convert=to_script,
    ))
    check_signatures: bool = field(metadata=setting(
        default=False, types=(bool,), shape="True or False",
        doc="Import ``:signature-of:`` targets and compare their signatures "
        "(imports your code, as autodoc does).",
        convert=to_flag,
    ))
    test_results: tuple[str, ...] = field(metadata=setting(
        default=[], types=(list, tuple), shape="a list of glob patterns of JUnit XML files",
        doc="Globs of JUnit XML files, relative to ``conf.py``, for verification results.",
        convert=to_str_list,
    ))
    aliases: Aliases = field(metadata=setting(
        default={}, types=(dict,),
        shape='a dict with the keys "sections", "columns", "fields" and "values", each '
        "keyed by canonical names, ending in lists of words",
        doc="More words for sections, table columns, basic-information fields and values, "
        "added to the built-in ones and to the template ones.",
        convert=to_aliases,
    ))
    template_strict: bool = field(metadata=setting(
        default=False, types=(bool,), shape="True or False",
        doc="With ``rfc_template``: a column, a field, a value and a section accept only "
        "the words the template writes (and ``rfc_aliases``), not the built-in ones.",
        convert=to_flag,
    ))
    git_dates: bool = field(metadata=setting(
        default=True, types=(bool,), shape="True or False",
        doc="An RFC that declares no ``created`` / ``updated`` takes them from the git "
        "history of its source file (first and last commit); no git, no dates.",
        convert=to_flag,
    ))
    commit_pattern: re.Pattern[str] | str | None = field(metadata=setting(
        default=None, types=(str, type(None)),
        shape='None, "" or a regular expression string',
        doc="How a commit message cites an RFC: ``None``, the ID form of ``rfc_id_format`` "
        "(``RFC-0042``, ``RFC-42``); a regular expression (its group ``id``, else the whole "
        "match, is the ID; digits alone are formatted with ``rfc_id_format``); ``\"\"``: "
        "commits are not read.",
        convert=to_commit_pattern,
    ))
    implementation_days: int | None = field(metadata=setting(
        default=None, types=(int, type(None)), shape="None or a number of days (0 or more)",
        doc="``rfc.unimplemented``: an ``accepted`` RFC accepted this many days ago (the "
        "commit that made it accepted, from its history; without history its ``updated`` "
        "date, else ``created``) whose modules no commit citing it touched (``None``: off).",
        convert=to_days_from_zero,
    ))
    module_api: dict[str, str] = field(metadata=setting(
        default={}, types=(dict,), shape="a dict module name -> Python module name",
        doc="The API documentation (``py:module``) of a module, over the one found from its "
        "name or its ``rfc_module_paths``.",
        convert=to_module_api,
    ))
    api_backlinks: bool = field(metadata=setting(
        default=False, types=(bool,), shape="True or False",
        doc="The page of every documented Python module an RFC touches lists those RFCs "
        "after the module description.",
        convert=to_flag,
    ))
    history: bool = field(metadata=setting(
        default=True, types=(bool,), shape="True or False",
        doc="The status history of each RFC from git: every status its source file has held, "
        "with the first commit that shows it (a timeline on the RFC page, the time in "
        "the current status on the index, ``history`` in ``rfcs.json``, the feeds, ``rfc-stats``); "
        "read from the same ``git log`` as ``rfc_git_dates``. No git, no history.",
        convert=to_flag,
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
        convert=to_binding_tables,
    ))
    review_days: int | None = field(metadata=setting(
        default=None, types=(int, type(None)), shape="None or a number of days (1 or more)",
        doc="An RFC in review for longer than this many days (since the commit that put it "
        "in review, from its history) gets ``rfc.stale-review``; ``None``: off.",
        convert=to_days,
    ))
    new_ids: NewIds = field(metadata=setting(
        default="next", rebuild="", types=(str, dict),
        shape='"next", or a dict with "prefix" (a string) and/or "range" ([first, last])',
        doc="The IDs ``sphinx-rfc new`` takes, so that they never collide with the issue "
        "numbers ``sphinx-rfc import`` keeps: ``\"next\"``, the next number above every one "
        "in use (in the file names of the folder and the IDs of the project, imported RFCs "
        "included); "
        "``{\"range\": [9000, 9999]}``, the next in a range the forge will not reach; "
        "``{\"prefix\": \"L\"}``, IDs of their own (``RFC-L0001``).",
        convert=to_new_ids,
    ))
    slug: str = field(metadata=setting(
        default="unicode", rebuild="", types=(str,), shape='"unicode" or "ascii"',
        doc="File names ``sphinx-rfc new`` and ``import`` make of a title: ``unicode``, its "
        "words as written (CJK too); ``ascii``, its ASCII words only (a title without one: "
        "the ID number alone).",
        convert=one_of("unicode", "ascii"),
    ))

    forge_status_map: dict[str, str] = field(metadata=setting(
        default={}, types=(dict,),
        shape='a dict forge state (or "state:reason") -> status',
        doc="``sphinx-rfc import``: the status of an issue whose body states none, by its "
        "forge state (``closed``, ``closed:not_planned``, ``已关闭``), over the built-in map "
        "(open: draft, closed as completed: implemented, closed as not planned: withdrawn).",
        convert=to_forge_status_map,
    ))
    forge_labels: dict[str, tuple[str, ...]] = field(metadata=setting(
        default={}, rebuild="", types=(dict,),
        shape="a dict status -> a forge label or a list of labels",
        doc="``sphinx-rfc sync``: the labels the forge issue of an RFC carries in each status "
        "(``{\"review\": \"RFC/评审中\", \"accepted\": \"RFC/已接受\"}``); sync adds those of "
        "the status of the RFC and removes the others named here. Empty: labels are left alone.",
        convert=to_forge_labels,
    ))
    forge_close_statuses: tuple[str, ...] = field(metadata=setting(
        default=["rejected", "withdrawn", "implemented"], rebuild="", types=(list, tuple),
        shape="a list of statuses",
        doc="``sphinx-rfc sync``: the statuses whose forge issue is closed (the others "
        "are reopened); each a status of ``rfc_statuses`` (of the default, those it has).",
        convert=to_status_list,
    ))
    public_url: str | None = field(metadata=setting(
        default=None, rebuild="", types=(str, type(None)), shape="None or an http(s) URL",
        doc="Where the HTML is published (``https://docs.example.org/rfcs/``): "
        "``sphinx-rfc sync`` links each comment to the page of the RFC under it (``DOCNAME.html``; "
        "a URL with ``{docname}`` says where the name of the page goes, for ``dirhtml``).",
        convert=to_public_url,
    ))
    sections_exempt_statuses: tuple[str, ...] = field(metadata=setting(
        default=["withdrawn", "rejected"], types=(list, tuple), shape="a list of statuses",
        doc="RFCs in these statuses are not checked for missing or empty sections and "
        "test levels (a withdrawn proposal is not finished); each a status of "
        "``rfc_statuses`` (of the default, those ``rfc_statuses`` has).",
        convert=to_status_list,
    ))
    default_status: tuple[tuple[str, str], ...] | None = field(metadata=setting(
        default=None, types=(str, dict, type(None)),
        shape="None, a status, or a dict docname glob -> status",
        doc="The status of a template-native RFC that states none: one status, or one "
        'per place (``{"text/*": "accepted"}``: where the folder is the status; the first '
        "glob that matches, before the rule of the template (Rust RFCs under ``text/``: accepted).",
        convert=to_default_status,
    ))
    check_since: Since | None = field(metadata=setting(
        default=None, types=(str, type(None)), shape='None, a date "YYYY-MM-DD" or an RFC ID',
        doc="RFCs created before this date (or numbered below this ID) are not checked for "
        "missing or empty sections; they stay in the indexes and links.",
        convert=to_check_since,
    ))

    approvers: dict[str, tuple[str, ...]] = field(metadata=setting(
        default={}, types=(dict,), shape="a dict module -> a list of names",
        doc="The people who must approve an RFC touching a module: an RFC that is "
        "``accepted`` (or ``implemented``) with no ``approve`` / "
        "``approve-with-conditions`` in its reviews table from one of them is "
        "``rfc.missing-approval``; ``sphinx-rfc status ... accepted`` refuses it.",
        convert=to_approvers,
    ))

    suppress_warnings: dict[str, frozenset[str]] = field(metadata=setting(
        default={}, types=(dict,),
        shape='a dict RFC ID -> a list of warning subtypes ("rfc.stale-review" or '
        '"stale-review")',
        doc="Warnings silenced for one RFC only, as ``suppress_warnings`` silences them "
        "for all: not logged, not counted by the summary line or ``sphinx-rfc check``, "
        "still listed in ``rfcs.json``. An RFC may name its own in its "
        "``suppress_warnings`` field; both count.",
        convert=to_suppress_map,
    ))

    def unknown_module(self, name: str) -> str | None:
        """Why *name* is no module ("module 'x' is not in rfc_modules (a, b)"),
        or None: it is configured, or ``rfc_modules`` is empty (then every
        name is a module)."""
        if not self.modules or name in self.modules:
            return None
        return _("module {name!r} is not in rfc_modules ({modules})").format(
            name=name, modules=series(self.modules))

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

    def __repr__(self) -> str:
        # the dataclass's, with what rfc_sections' converter gave as it is
        # (the built-in sections' mark is not parsed to be shown: the repr is
        # a key of the values store/derived.py keeps, beside the stamp of the
        # package's files, the shipped templates among them)
        shown = ", ".join(f"{f.name}={self.__dict__[f.name]!r}" for f in fields(self))
        return f"{type(self).__qualname__}({shown})"

    @property
    def own_sections(self) -> tuple[SectionSpec, ...] | None:
        """The sections ``rfc_sections`` and the template give; None for the
        built-in ones, not parsed (a function taking None for them parses
        them when it needs them)."""
        given = self.__dict__["sections"]
        return None if isinstance(given, ShippedSections) else given

    @property
    def sections_key(self) -> object:
        """What a key made of the sections holds: the sections, or the
        built-in template's digest (:func:`shipped_stamp`), not parsed."""
        own = self.own_sections
        return own if own is not None else ("shipped", shipped_stamp())

    @cached_property
    def profile(self) -> TemplateProfile:
        """The template's noun and statuses (:mod:`sphinx_rfc.spec.nouns`):
        a named template's, else the RFC one."""
        return profile_of(self.template.path if self.template is not None else None)

    @cached_property
    def na_needs_reason(self) -> bool:
        """Whether a section answered by a not-applicable marker alone
        (``N/A``, ``不涉及``, ``None.``) is empty: the template's
        ``rfc-not-applicable`` comment says, else a shipped template's
        profile (the built-in one: yes), else no (a team's own template)."""
        template = self.template
        if template is not None and template.na_needs_reason is not None:
            return template.na_needs_reason
        shipped = shipped_profile(template.path if template is not None else None)
        return shipped.na_needs_reason if shipped is not None else False

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


class _SectionsOnFirstRead:
    """``RfcSettings.sections``: what ``rfc_sections``' converter gave, the
    built-in sections for its :class:`~sphinx_rfc.spec.sections.ShippedSections`
    mark, parsed from the shipped template when first read (a no-change
    rebuild validates the settings and never reads them)."""

    def __set__(self, obj: RfcSettings, value: tuple[SectionSpec, ...]) -> None:
        obj.__dict__["sections"] = value

    def __get__(self, obj: RfcSettings | None, owner: type | None = None) -> Any:
        if obj is None:
            return self
        # (the mark stays: the settings' repr, a key of kept values, shows it)
        return resolved(obj.__dict__["sections"])


RfcSettings.sections = _SectionsOnFirstRead()  # type: ignore[assignment]


#: Every config value, in declaration order (registration, validation, docs).
SETTINGS: tuple[Setting, ...] = tuple(
    Setting(name=PREFIX + f.name, attr=f.name, **f.metadata[METADATA_KEY])
    for f in fields(RfcSettings)
)
#: ``conf.py`` name -> its declaration.
CONFIG_VALUES: dict[str, Setting] = {s.name: s for s in SETTINGS}


#: Validated after the others, as they were before the declarations were
#: merged: with several wrong values, the one reported stays the same.
_VALIDATED_LAST = frozenset(
    {"statuses", "types", "required_test_levels", "placeholders", "documents", "test_results",
     "aliases", "default_status",
     # named by the project's statuses: after rfc_statuses (declared before them)
     "forge_status_map", "sections_exempt_statuses", "forge_labels", "forge_close_statuses"}
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
        CONFDIR_ATTR: confdir or getattr(config, "__dict__", {}).get(CONFDIR_ATTR),
        RAW_ALIASES: getattr(config, PREFIX + "aliases", None),
    }
    for s in sorted(SETTINGS, key=lambda s: s.attr in _VALIDATED_LAST):
        value = getattr(config, s.name, s.default)
        if s.attr in _FROM_TEMPLATE and done.get("template") and not _given(config, s.name):
            value = None
        done[s.attr] = s.convert(s, value, done)
    del done[CONFDIR_ATTR], done[RAW_ALIASES]
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
        done["sections"] = with_section_aliases(resolved(done["sections"]), aliases)
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
    builtin = {spec.key: spec.titles for spec in shipped_sections()}
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
