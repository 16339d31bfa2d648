"""The real corpora as benchmark projects (issue 58), shared by ``run.py``
and ``edit_loop.py``.

A corpus project is made as ``corpora/run.py`` makes it (its
``corpus.toml``, the checkout in ``CHECKOUTS/<name>``), with
``html_sidebars = {"**": []}`` added; its plain variant is the same project
with ``sphinx_rfc`` taken out of ``extensions`` (its ``rfc_*`` settings
left, unread).  The edit of a corpus: a paragraph ``EDIT-MARK-<k>`` at the
end of its middle RFC (in name order), written when the project is made,
``<k>`` counting up.

The variants ``run.py --variants`` takes: ``keps`` / ``keps-plain`` and
``rust-rfcs`` / ``rust-rfcs-plain``.  The checkouts are looked for in
``$SPHINX_RFC_CORPORA`` (default ``/work/corpora``).
"""

from __future__ import annotations

import importlib.util
import os
import re
import sys
import tomllib
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
#: the folder holding one checkout per corpus, named as the corpus
CHECKOUTS = Path(os.environ.get("SPHINX_RFC_CORPORA", "/work/corpora"))
#: the RFC documents of each corpus, among which the middle one is edited
CORPUS_RFCS = {"keps": "keps/**/README.md", "rust-rfcs": "text/[0-9]*.md"}
#: variant -> (its corpus, plain: without sphinx_rfc)
VARIANTS = {
    "keps": ("keps", False), "keps-plain": ("keps", True),
    "rust-rfcs": ("rust-rfcs", False), "rust-rfcs-plain": ("rust-rfcs", True),
}
MARK = re.compile(r"EDIT-MARK-(\d+)")


def _corpora_run() -> Any:
    """``benchmarks/corpora/run.py`` (a module named as this folder's run.py)."""
    if "corpora_run" in sys.modules:
        return sys.modules["corpora_run"]
    spec = importlib.util.spec_from_file_location("corpora_run", HERE / "corpora" / "run.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["corpora_run"] = module
    spec.loader.exec_module(module)
    return module


def make_corpus(name: str, plain: bool, checkouts: Path, dest: Path) -> None:
    """The corpus project as ``corpora/run.py`` makes it, sidebars off; *plain*:
    without ``sphinx_rfc`` in ``extensions`` (its settings left, unread)."""
    checkout = checkouts / name
    if not checkout.is_dir():
        raise SystemExit(f"no checkout of the {name} corpus in {checkouts} "
                         "(set SPHINX_RFC_CORPORA or --checkouts; see corpora/README.md)")
    corpora = _corpora_run()
    folder = HERE / "corpora" / name
    spec = tomllib.loads((folder / "corpus.toml").read_text(encoding="utf-8"))
    corpora.make_project(folder, checkout, spec, dest)
    conf = dest / "conf.py"
    text = conf.read_text(encoding="utf-8") + 'html_sidebars = {"**": []}\n'
    if plain:
        text += 'extensions = [e for e in extensions if e != "sphinx_rfc"]\n'
    conf.write_text(text, encoding="utf-8")
    # (the mark is there from the first build: an edit only counts it up, so
    # the serial build's rfcs.json and the later -j 2 build's are comparable)
    edit_corpus(dest, name)


def make_variant(variant: str, dest: Path, checkouts: Path = CHECKOUTS) -> None:
    """The project of a corpus variant (``keps``, ``rust-rfcs-plain``, ...)."""
    name, plain = VARIANTS[variant]
    make_corpus(name, plain, checkouts, dest)


def edit_corpus(src: Path, name: str) -> None:
    """Counts up the ``EDIT-MARK-<k>`` paragraph at the end of the middle RFC
    of the corpus (adds it, the first time)."""
    files = sorted(src.glob(CORPUS_RFCS[name]))
    if not files:
        raise SystemExit(f"no RFC of the {name} corpus in {src} ({CORPUS_RFCS[name]})")
    path = files[len(files) // 2]
    text = path.read_text(encoding="utf-8")
    if MARK.search(text):
        text = MARK.sub(lambda m: f"EDIT-MARK-{int(m.group(1)) + 1}", text)
    else:
        text = text.rstrip("\n") + "\n\nEDIT-MARK-1\n"
    path.write_text(text, encoding="utf-8")


def edit_variant(variant: str, src: Path) -> None:
    """One edit of the project of a corpus variant."""
    edit_corpus(src, VARIANTS[variant][0])
