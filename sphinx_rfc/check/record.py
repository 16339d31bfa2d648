"""Rules over one RFC's own tables: required test levels, one chosen
alternative (docs/reference/warnings.md)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from sphinx_rfc.model.problems import Problem
from sphinx_rfc.model.records import PRESENT, RfcRecord
from sphinx_rfc.spec.text import fold

if TYPE_CHECKING:
    from sphinx_rfc.config import RfcSettings


def check_record(
    record: RfcRecord,
    settings: RfcSettings,
    *,
    section_lines: Mapping[str, int | None] | None = None,
    empty_alternatives: Sequence[int | None] = (),
) -> list[Problem]:
    """Rules that need one RFC's tables only.

    *section_lines* gives the title line of each present section (a
    problem with no row of its own is placed there); *empty_alternatives*
    the lines of ``rfc-alternatives`` tables that hold no option at all.
    """
    problems: list[Problem] = []
    where = record.line
    section_lines = section_lines or {}
    # Levels are checked where there is a plan to check: a levels table, or
    # a verification section (a missing section is reported as such).
    if settings.required_test_levels and (
        record.verification.levels or record.sections.get("verification") == PRESENT
    ):
        have = {fold(level.level) for level in record.verification.levels}
        for level in settings.required_test_levels:
            if fold(level) not in have:
                if record.verification.levels:
                    line = record.verification.levels[0].line
                else:
                    line = section_lines.get("verification") or where
                problems.append(Problem(
                    "missing-test-level",
                    f"required test level {level!r} is missing from the verification plan",
                    record.source, line, record.id,
                ))
    if not record.alternatives and empty_alternatives:
        problems.append(Problem(
            "alternatives", "exactly one alternative must be chosen; the table lists none",
            record.source, empty_alternatives[0] or where, record.id,
        ))
    if record.alternatives:
        chosen = [a for a in record.alternatives if a.chosen]
        if len(chosen) != 1:
            names = ", ".join(a.option for a in chosen) or "none"
            problems.append(Problem(
                "alternatives",
                f"exactly one alternative must be chosen; chosen: {names}",
                record.source, record.alternatives[0].line or where, record.id,
            ))
    return problems
