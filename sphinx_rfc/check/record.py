"""Rules over one RFC's own tables: required test levels, one chosen
alternative (docs/reference/warnings.md)."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from sphinx_rfc import _lazy_re
from sphinx_rfc.model.problems import Problem
from sphinx_rfc.model.records import PRESENT, RfcRecord
from sphinx_rfc.spec.messages import _, series
from sphinx_rfc.spec.text import fold, fold_header

if TYPE_CHECKING:
    from sphinx_rfc.spec.settings import RfcSettings


def check_record(
    record: RfcRecord,
    settings: RfcSettings,
    *,
    section_lines: Mapping[str, int | None] | None = None,
    empty_alternatives: Sequence[int | None] = (),
    unreadable_tables: Sequence[int | None] = (),
    verification_text: str = "",
) -> list[Problem]:
    """Rules that need one RFC's tables only.

    *section_lines* gives the title line of each present section (a
    problem with no row of its own is placed there); *empty_alternatives*
    the lines of ``rfc-alternatives`` tables that hold no option at all;
    *unreadable_tables* the lines of tables docutils could not parse (the
    build log reports them; a verification plan with such a table and no
    levels read is not said to miss its levels).
    """
    problems: list[Problem] = []
    where = record.line
    section_lines = section_lines or {}
    # Levels are checked where there is a plan to check: a levels table, or
    # a verification section (a missing section is reported as such).
    if settings.required_test_levels and (
        record.verification.levels or record.sections.get("verification") == PRESENT
    ) and not (not record.verification.levels
               and _in_section("verification", unreadable_tables, section_lines)):
        # (folded as headers are: ``冒烟/ST`` is the level ``ST / 冒烟``)
        have = {fold_header(level.level) for level in record.verification.levels}
        for level in settings.required_test_levels:
            if fold_header(level) not in have and not level_named(level, verification_text):
                if record.verification.levels:
                    line = record.verification.levels[0].line
                else:
                    line = section_lines.get("verification") or where
                problems.append(Problem(
                    "missing-test-level",
                    _("required test level {level!r} is missing from the verification plan")
                    .format(level=level),
                    record.source, line, record.id,
                ))
    if not record.alternatives and empty_alternatives:
        problems.append(Problem(
            "alternatives", str(_("exactly one alternative must be chosen; the table lists none")),
            record.source, empty_alternatives[0] or where, record.id,
        ))
    if record.alternatives:
        chosen = [a for a in record.alternatives if a.chosen]
        if len(chosen) != 1:
            names = series(a.option for a in chosen) or _("none")
            problems.append(Problem(
                "alternatives",
                _("exactly one alternative must be chosen; chosen: {names}").format(names=names),
                record.source, record.alternatives[0].line or where, record.id,
            ))
    return problems


def _in_section(
    key: str, lines: Sequence[int | None], section_lines: Mapping[str, int | None]
) -> bool:
    """Whether one of *lines* is in section *key* (from its title to the
    next section's title); when the section's line is unknown, whether
    there is any line at all."""
    if not lines:
        return False
    start = section_lines.get(key)
    if not start:
        return True
    later = [n for n in section_lines.values() if n and n > start]
    end = min(later, default=None)
    return any(n is None or (n >= start and (end is None or n < end)) for n in lines)


def level_named(level: str, text: str) -> bool:
    """Whether the verification section's *text* (its headings, lists and
    paragraphs: ``Level0：一卡最小闭环``, ``#### UT``) names test *level* as a
    word of its own: a plan written without a levels table."""
    return bool(text) and re.search(
        rf"(?<![0-9a-z]){_level_words(level)}(?![0-9a-z])", fold(text)) is not None


def _level_words(level: str) -> str:
    """*level* folded, as a pattern of literals that also finds it written
    with its spaces otherwise (``ST/冒烟`` for ``ST / 冒烟``) and with a
    space, dash or underscore where a letter meets a digit (``Level 0``,
    ``level-1`` for ``Level0``, ``Level1``), as a levels table reads it."""
    words = [w for w in fold(level).split() if w]
    joined = r"\s*".join(
        "[ _-]?".join(re.escape(part) for part in _LETTER_DIGIT.split(word)) for word in words)
    return joined or re.escape(fold(level))


#: where a Latin letter meets a digit in a folded word
_LETTER_DIGIT = _lazy_re.compile(r"(?<=[a-z])(?=[0-9])|(?<=[0-9])(?=[a-z])")
