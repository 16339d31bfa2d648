"""What an RFC page and an API page show of the code: the commits that
implement an RFC ("Implementation"), the RFCs of a documented Python
module, the link of a module to its API documentation.  Plain docutils
nodes, for every builder."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, TypedDict

from docutils import nodes

from sphinx_rfc.i18n import _
from sphinx_rfc.nodes import generated
from sphinx_rfc.render.elements import RELATION_LABELS, status_badge
from sphinx_rfc.render.values import RfcSummary

if TYPE_CHECKING:
    from sphinx_rfc.model.records import ImplCommit
    from sphinx_rfc.spec.settings import RfcSettings


class ApiRfc(TypedDict):
    """An RFC on the page of a Python module it touches."""

    rfc: RfcSummary
    #: ``declared``, ``changed`` or ``both`` (:data:`RELATION_LABELS`).
    relation: str


def implementation_list(commits: Sequence[ImplCommit]) -> list[nodes.Node]:
    """The "Implementation" list of an RFC page: one item per commit citing
    it, newest first (short hash, date, author, subject, modules)."""
    if not commits:
        return []
    # (not in the search index: thousands of commit subjects would be
    # stemmed and indexed for words the RFC's own text already holds)
    paras: list[nodes.paragraph] = []
    for commit in commits:
        para = nodes.paragraph()
        para += nodes.literal(commit.commit[:7], commit.commit[:7], classes=["rfc-commit"])
        modules = f" ({', '.join(commit.modules)})" if commit.modules else ""
        para += nodes.Text(f" {commit.date} {commit.author}: {commit.subject}{modules}")
        paras.append(para)
    return _listed(["rfc-implementation", "no-search"], str(_("Implementation")), ["rfc-commits"], paras)


def api_rfcs_list(
    found: Sequence[ApiRfc], settings: RfcSettings, link: Callable[[RfcSummary], nodes.Node],
) -> list[nodes.Node]:
    """The RFCs of an API page: ID, title, status badge and relation."""
    if not found:
        return []
    paras: list[nodes.paragraph] = []
    for entry in found:
        para = nodes.paragraph()
        para += link(entry["rfc"])
        para += nodes.Text(f" {entry['rfc']['title']} ")
        para += status_badge(entry["rfc"]["status"], settings)
        label = RELATION_LABELS.get(entry["relation"], entry["relation"])
        para += nodes.Text(" ")
        para += nodes.inline("", str(_(label)), classes=["rfc-relation"])
        paras.append(para)
    return _listed(["rfc-api-rfcs"], str(_("RFCs")), [], paras)


def _listed(
    classes: list[str], title: str, list_classes: list[str], paras: Sequence[nodes.paragraph]
) -> list[nodes.Node]:
    """A box of the extension's (*classes*): the rubric *title*, then a
    bullet list (*list_classes*) of one item per paragraph of *paras*."""
    box = nodes.container(classes=classes)
    box += generated(nodes.rubric("", title))
    items = nodes.bullet_list(classes=list_classes)
    for para in paras:
        item = nodes.list_item()
        item += para
        items += item
    box += items
    box["rfc-generated"] = True
    return [box]


def api_object_line(link: nodes.Node) -> list[nodes.Node]:
    """The line under an interface table linking its ``:signature-of:`` object."""
    para = nodes.paragraph(classes=["rfc-signature-api"])
    para += nodes.Text(str(_("API documentation:")) + " ")
    para += link
    return [para]


__all__ = ["ApiRfc", "api_object_line", "api_rfcs_list", "implementation_list"]
