"""The summary line at the end of a build: how many RFCs, how many problems."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING

from sphinx.util import logging

from sphinx_rfc import config as rfc_config
from sphinx_rfc.i18n import _, ngettext
from sphinx_rfc.model.problems import Problem
from sphinx_rfc.report import visible
from sphinx_rfc.spec.messages import items
from sphinx_rfc.spec.nouns import profile_of
from sphinx_rfc.store.domain import get_domain

if TYPE_CHECKING:
    from sphinx.application import Sphinx

logger = logging.getLogger(__name__)


def visible_problems(app: Sphinx) -> list[Problem]:
    """Every stored RFC problem of the project (the build's own included)
    that the build log shows: those ``suppress_warnings`` does not silence."""
    return visible(get_domain(app.env).problems(), app.config.suppress_warnings or ())


def summary_line(app: Sphinx, problems: Sequence[object] | None = None) -> str:
    """``sphinx_rfc: N RFCs, M problems (counts per status)``, in the
    template's noun (``19 ADRs``) and with plural forms (``1 problem``,
    through gettext's ``ngettext``); *problems*
    defaults to the project's problems that are not silenced, so the line
    counts what the build warned about."""
    records = list(get_domain(app.env).rfcs.values())
    if problems is None:
        problems = visible_problems(app)
    counts = Counter(r.status for r in records)
    statuses = rfc_config.settings(app.config).statuses
    per_status = items(_("{count} {status}").format(count=counts[s], status=statuses.shown(s))
                       for s in sorted(counts))
    template = rfc_config.settings(app.config).template
    noun = profile_of(template.path if template is not None else None).noun
    line = _("sphinx_rfc: {documents}, {problems}").format(
        documents=noun.say(len(records), app.config.language),
        problems=ngettext("{n} problem", "{n} problems", len(problems)).format(n=len(problems)))
    return _("{line} ({per_status})").format(line=line, per_status=per_status) if per_status else line


def on_build_finished(app: Sphinx, exception: BaseException | None) -> None:
    if exception is not None:
        return
    logger.info(summary_line(app))
