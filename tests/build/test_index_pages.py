"""The domain index pages' body, written in Python where the theme's
``domainindex.html`` is the basic theme's (sphinx_rfc.write.index_pages):
the same bytes as the template writes, on real builds and on made-up
index contents; every other template and builder renders as always."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import jinja2
import pytest
import sphinx
from conftest import BuildFn
from hypothesis import given, settings
from hypothesis import strategies as st
from sphinx.jinja2glue import idgen

from sphinx_rfc.write import index_pages

BASIC = Path(sphinx.__file__).parent / "themes" / "basic" / "domainindex.html"

MODULE_HOME = (
    "Checkpoint 模块\n"
    "===============\n\n"
    ".. rfc-module:: checkpoint\n\n"
    "   Saving & loading <state dicts>, \"resharding\".\n"
)


def rfc(number: int, title: str, status: str, modules: str) -> str:
    heading = f"RFC-{number:04d} {title}"
    return (
        f"{heading}\n{'=' * (len(heading) * 2)}\n\n"
        f".. rfc:: RFC-{number:04d}\n"
        f"   :title: {title}\n"
        f"   :modules: {modules}\n"
        f"   :status: {status}\n"
        "   :type: 性能优化\n\n"
        "背景 Background\n"
        "---------------\n\n"
        "Pasted from the issue: \"offload\" <b>only</b> when the GPU is full & idle.\n"
    )


FILES = {
    "index.rst": (
        "Docs\n====\n\n.. toctree::\n   :glob:\n\n   rfcs/*\n   checkpoint\n"
    ),
    "checkpoint.rst": MODULE_HOME,
    "rfcs/rfc-0001.rst": rfc(1, "Checkpoint 卸载 & <offload>", "草稿", "checkpoint, optimizer"),
    "rfcs/rfc-0002.rst": rfc(2, 'Optimizer "state" 分片', "review", "optimizer, <img src=x>"),
    "rfcs/rfc-0010.rst": rfc(10, "Trainer hooks（第二期）", "评审中", "trainer"),
}
CONF = (
    "rfc_required_sections = []\nrfc_required_test_levels = []\n"
    'rfc_modules = {"checkpoint": "Saving & <loading>", "optimizer": "", "trainer": "Loops"}\n'
    'rfc_statuses = {"draft": ["草稿"], "review": ["评审中"], "<i>parked</i>": []}\n'
)
PAGES = ("rfc-rfcs", "rfc-modules")


def _pages(build: BuildFn, builder: str, monkeypatch: pytest.MonkeyPatch, *, fast: bool,
           **kwargs: Any) -> tuple[dict[str, str], bool]:
    if not fast:
        monkeypatch.setattr(index_pages, "KNOWN_TEMPLATES", frozenset())
    built = build(dict(FILES), builder, conf=CONF, **kwargs)
    monkeypatch.undo()
    # the one module with markup in its name is reported, nothing else
    assert {w[3] for w in built.rfc_warnings()} == {
        "RFC-0002: module '<img src=x>' is not in rfc_modules (checkpoint, optimizer, trainer)"
    }
    pages = {}
    for name in PAGES:
        path = Path(built.app.builder.get_outfilename(name))
        pages[name] = path.read_text(encoding="utf-8")
    return pages, index_pages._usable.get(built.app.builder, False)


@pytest.mark.parametrize("builder", ["html", "dirhtml"])
def test_pages_are_the_bytes_the_template_writes(
    build: BuildFn, monkeypatch: pytest.MonkeyPatch, builder: str
) -> None:
    digest = hashlib.sha256(BASIC.read_bytes()).hexdigest()
    if digest not in index_pages.KNOWN_TEMPLATES:
        # the pages are rendered by the template, as always; a new Sphinx's
        # template: compare body_html with it, then add its digest
        pytest.skip(f"this Sphinx's basic domainindex.html ({digest}) is not a known one")
    fast, used = _pages(build, builder, monkeypatch, fast=True)
    slow, unused = _pages(build, builder, monkeypatch, fast=False)
    assert used and not unused
    for name in PAGES:
        assert fast[name] == slow[name], name
    modules = fast["rfc-modules"]
    # what the pages hold, not just that both ways agree
    assert 'id="cap-checkpoint"' in modules
    assert 'id="toggle-1"' in modules and 'class="cg-1"' in modules
    assert "Saving &amp; &lt;loading&gt;" in modules
    assert "&lt;img src=x&gt;" in modules and "<img src=x" not in modules
    assert 'Optimizer &#34;state&#34; 分片' in modules
    assert modules.count("<em>(Declared)</em>") == 5
    rfcs = fast["rfc-rfcs"]
    assert '<a href="#cap-Draft"><strong>Draft</strong></a> | ' in rfcs
    assert "Trainer hooks（第二期）" in rfcs


def test_a_theme_with_its_own_template_renders_it(
    build: BuildFn, monkeypatch: pytest.MonkeyPatch
) -> None:
    pytest.importorskip("furo")
    pages, used = _pages(build, "html", monkeypatch, fast=True,
                         confoverrides={"html_theme": "furo"})
    assert not used
    assert '<table class="domainindex-table">' in pages["rfc-modules"]
    assert 'id="cap-checkpoint"' in pages["rfc-modules"]


def test_json_builder_context_is_unchanged(build: BuildFn) -> None:
    built = build(dict(FILES), "json", conf=CONF)
    assert not index_pages._usable.get(built.app.builder, False)
    data = json.loads((built.outdir / "rfc-modules.fjson").read_text(encoding="utf-8"))
    assert "sphinx_rfc_index_body" not in data
    assert any(letter == "checkpoint" for letter, _entries in data["content"])


# -- the body alone, against the template, on made-up contents --------------

def _template_body(context: dict[str, Any]) -> str:
    """The ``body`` block of the installed basic ``domainindex.html``,
    rendered by Jinja (as Sphinx's sandboxed environment does)."""
    env = jinja2.sandbox.SandboxedEnvironment(loader=jinja2.DictLoader({
        "layout.html": "{% block extrahead %}{% endblock %}{% block body %}{% endblock %}",
        "domainindex.html": BASIC.read_text(encoding="utf-8"),
        "body-only.html": '{% extends "domainindex.html" %}{% block extrahead %}{% endblock %}',
    }))
    return env.get_template("body-only.html").render(idgen=idgen, **context)


def _pathto(uri: str, resource: int = 0) -> str:
    return f"../{uri}" if resource else f"sub/{uri}.html?a=1&b=<2>"


text = st.text(st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=12)
entry = st.tuples(text, st.sampled_from([0, 1, 2]), st.sampled_from(["", "rfcs/rfc-1", "a b"]),
                  text, text, text, text)
content = st.lists(st.tuples(text, st.lists(entry, max_size=4)), max_size=4)


@settings(max_examples=200, deadline=None)
@given(content=content, title=text)
def test_body_matches_the_template(content: list[Any], title: str) -> None:
    context = {"content": content, "indextitle": title, "pathto": _pathto,
               "collapse_index": False}
    assert index_pages.body_html(context) == _template_body(context)



# -- the content Sphinx puts into the page context ---------------------------

def test_html_content_has_a_short_repr(build: BuildFn) -> None:
    """Sphinx writes repr() of html-page-context's arguments for its debug
    log: the index content says how many groups it holds, and is otherwise
    the list the template iterates."""
    built = build(dict(FILES), "html", conf=CONF)
    indices = {name: content for name, _cls, content, _collapse in built.app.builder.domain_indices}
    modules = indices["rfc-modules"]
    assert repr(modules) == "<4 index groups>"
    assert [group for group, _entries in modules] == [
        "checkpoint", "optimizer", "trainer", "&lt;img src=x&gt;"]
    assert list(modules) == [tuple(group) for group in modules]
    assert repr(indices["rfc-rfcs"]).startswith("<") and "RFC-0001" not in repr(indices["rfc-rfcs"])


def test_pickle_builder_content_is_a_plain_list(build: BuildFn) -> None:
    """The pickle builder writes the page context as it is: the content is a
    plain list, so the page reads back without this package."""
    import pickle

    built = build(dict(FILES), "pickle", conf=CONF)
    assert built.app.builder.domain_indices
    for name, _cls, content, _collapse in built.app.builder.domain_indices:
        assert type(content) is list, name
    data = pickle.loads((built.outdir / "rfc-modules.fpickle").read_bytes())
    assert type(data["content"]) is list
    assert "sphinx_rfc" not in pickle.dumps(data["content"]).decode("latin-1")
