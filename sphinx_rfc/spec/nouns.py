"""What each named template calls its documents, and how they start
(docs/reference/templates.md, "Nouns and statuses").

A team that writes architecture decision records calls them ADRs, not
RFCs; Kubernetes calls its proposals KEPs.  Each template shipped in
``sphinx_rfc/templates`` declares here its document noun (singular and
plural, English and Chinese), the statuses its documents go through, the
first of them (what ``sphinx-rfc new`` writes) and the status of a
document that declares none.  A template of the project's own (a path)
speaks of RFCs, as the built-in one does.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import PurePath

__all__ = [
    "NOUNS", "PROFILES", "DocumentNoun", "TemplateProfile", "profile_of", "shipped_profile",
    "status_words",
]


@dataclass(frozen=True)
class DocumentNoun:
    """A kind of document, as its team names it."""

    singular: str
    plural: str
    #: The Chinese name (Chinese has one form for both).
    zh: str

    def say(self, n: int, language: str | None) -> str:
        """*n* of them (``1 ADR``, ``19 ADRs``, ``19 个 ADR``)."""
        if language and language.startswith("zh"):
            return f"{n} 个 {self.zh}"
        return f"{n} {self.singular if n == 1 else self.plural}"

    def name(self, language: str | None, *, plural: bool = False) -> str:
        """The noun alone, in *language*."""
        if language and language.startswith("zh"):
            return self.zh
        return self.plural if plural else self.singular


NOUNS: dict[str, DocumentNoun] = {
    "rfc": DocumentNoun("RFC", "RFCs", "RFC"),
    "adr": DocumentNoun("ADR", "ADRs", "架构决策记录"),
    "kep": DocumentNoun("KEP", "KEPs", "KEP"),
}


@dataclass(frozen=True)
class TemplateProfile:
    """A named template's noun and statuses."""

    noun: DocumentNoun
    #: Its statuses, each with its aliases, in lifecycle order (keys of
    #: the built-in statuses where one means the same).
    statuses: tuple[tuple[str, tuple[str, ...]], ...]
    #: What ``sphinx-rfc new`` writes.
    first_status: str
    #: The status of a document that declares none.
    no_status: str
    #: Whether its documents may write a section as a line of bold text
    #: (``**Decision Outcome**`` alone on a line), read as a heading.
    bold_headings: bool = False
    #: Whether a not-applicable marker (``N/A``, ``不涉及``) must give a
    #: reason to answer a section; False: the marker alone is a full answer.
    na_needs_reason: bool = False


_RFC_STATUSES: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("draft", ()), ("review", ()), ("accepted", ()), ("implemented", ()),
    ("rejected", ()), ("withdrawn", ()), ("superseded", ()),
)

PROFILES: dict[str, TemplateProfile] = {
    "hyper-parallel": TemplateProfile(NOUNS["rfc"], _RFC_STATUSES, "draft", "draft",
                                      na_needs_reason=True),
    "rust-rfc": TemplateProfile(NOUNS["rfc"], _RFC_STATUSES, "draft", "draft"),
    "kep": TemplateProfile(
        NOUNS["kep"],
        (("draft", ("provisional",)), ("accepted", ("implementable",)),
         ("implemented", ()), ("withdrawn", ("deferred",)), ("rejected", ()),
         ("superseded", ("replaced",))),
        "provisional", "provisional",
    ),
    # MADR: a record is written when the decision is made; one without a
    # status line is a decision, not a draft
    "madr": TemplateProfile(
        NOUNS["adr"],
        (("review", ("proposed",)), ("accepted", ()), ("rejected", ()),
         ("withdrawn", ("deprecated", "on hold")), ("superseded", ())),
        "proposed", "accepted", bold_headings=True,
    ),
}
#: The profile of the built-in template and of a project's own.
DEFAULT_PROFILE = PROFILES["hyper-parallel"]


def shipped_profile(template_path: str | None) -> TemplateProfile | None:
    """The profile of a template shipped in ``sphinx_rfc/templates`` read
    from *template_path* (None: the built-in one), or None for a
    project's own template."""
    if not template_path:
        return DEFAULT_PROFILE
    path = PurePath(template_path)
    if path.parent.name != "templates" or path.parent.parent.name != "sphinx_rfc":
        return None
    return PROFILES.get(path.name.split(".", 1)[0])


def profile_of(template_path: str | None) -> TemplateProfile:
    """The profile of the template read from *template_path* (a
    :class:`~sphinx_rfc.spec.template.TemplateSchema`'s ``path``): a
    shipped template's, else the default one."""
    return shipped_profile(template_path) or DEFAULT_PROFILE


def status_words(profile: TemplateProfile) -> str:
    """The statuses as the template's documents write them (MADR:
    ``proposed, accepted, rejected, deprecated, superseded``)."""
    return ", ".join(aliases[0] if aliases else key for key, aliases in profile.statuses)
