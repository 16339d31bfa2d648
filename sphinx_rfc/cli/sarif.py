"""``sphinx-rfc check --format sarif``: the problems as one SARIF 2.1.0 log,
for code-scanning uploads (GitHub's ``upload-sarif`` action, GitLab, any
SARIF viewer).

One run of the tool ``sphinx-rfc``; one rule per warning subtype (every
subtype of :data:`sphinx_rfc.spec.subtypes.SUBTYPES`, with its one-line
meaning, whether or not it was reported; and each other warning type the
check listed, such as ``myst.header``); one result per problem, whose
``ruleId`` is the problem's subtype (``placeholder``; a build warning of
another type: ``myst.header``), at its file (relative to the root of the
git work tree, as the annotations are: :func:`annotation_path`; as a URI,
percent-encoded) and line.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any, Protocol
from urllib.parse import quote

from sphinx_rfc import __version__
from sphinx_rfc.cli.annotations import Shown, annotation_path
from sphinx_rfc.spec.messages import _
from sphinx_rfc.spec.subtypes import SUBTYPES, qualified

#: The schema a SARIF 2.1.0 log names (OASIS, errata 01).
SCHEMA = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"


class Reported(Shown, Protocol):
    """What a result shows: an annotation's fields, with the subtype alone
    and the source file."""

    @property
    def subtype(self) -> str: ...
    @property
    def source(self) -> str: ...


def rule_id(problem: Reported) -> str:
    """The subtype of an RFC problem; the qualified name of another warning."""
    if problem.qualified_subtype == qualified(problem.subtype):
        return problem.subtype
    return problem.qualified_subtype


def sarif_log(problems: Sequence[Reported], base: Path) -> dict[str, Any]:
    """The SARIF log of *problems*, whose sources are relative to *base*."""
    rules: list[dict[str, Any]] = [
        {"id": name, "name": qualified(name),
         "shortDescription": {"text": _(text).replace("``", "`")},
         "defaultConfiguration": {"level": "warning"}}
        for name, text in SUBTYPES.items()
    ]
    index = {rule["id"]: n for n, rule in enumerate(rules)}
    results = []
    for problem in problems:
        rule = rule_id(problem)
        if rule not in index:  # a warning of another type (docutils, MyST, Sphinx)
            index[rule] = len(rules)
            rules.append({"id": rule, "name": rule,
                          "shortDescription": {"text": _("Sphinx warning {rule}").format(
                              rule=rule)},
                          "defaultConfiguration": {"level": "warning"}})
        location: dict[str, Any] = {
            # (a URI reference: a space, #, % or ? of the file name percent-encoded)
            "artifactLocation": {"uri": quote(annotation_path(base / problem.source),
                                              safe="/")},
        }
        if problem.line:
            location["region"] = {"startLine": problem.line}
        text = f"{problem.rfc_id}: {problem.message}" if problem.rfc_id else problem.message
        results.append({
            "ruleId": rule, "ruleIndex": index[rule], "level": "warning",
            "message": {"text": text},
            "locations": [{"physicalLocation": location}],
        })
    return {
        "$schema": SCHEMA,
        "version": "2.1.0",
        "runs": [{
            "tool": {"driver": {"name": "sphinx-rfc", "version": __version__,
                                "semanticVersion": __version__, "rules": rules}},
            "columnKind": "unicodeCodePoints",
            "results": results,
        }],
    }
