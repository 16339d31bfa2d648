"""Issue 47, RFCs meet the code: module -> API links, API pages -> RFCs
(``rfc_api_backlinks``), the commits citing an RFC (``rfc_commit_pattern``)
and the plan checked against them (``rfc.unplanned-change``,
``rfc.unimplemented``), over the root ``test-api-code``: a tiny package
documented with autodoc and a git repository made here."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
from pathlib import Path
from types import SimpleNamespace

import pytest
from conftest import Build, copy_root, sphinx_build

from sphinx_rfc.config import RfcSettings, settings_from

pytestmark = pytest.mark.skipif(shutil.which("git") is None, reason="needs git")

#: the day the checks count from (rfc_implementation_days)
EPOCH_2026_03_01 = "1772323200"


def git(repo: Path, *args: str, date: str | None = None) -> str:
    env = {
        **os.environ,
        "GIT_AUTHOR_NAME": "Zhang San", "GIT_AUTHOR_EMAIL": "zs@example.com",
        "GIT_COMMITTER_NAME": "Zhang San", "GIT_COMMITTER_EMAIL": "zs@example.com",
        "GIT_CONFIG_GLOBAL": os.devnull, "GIT_CONFIG_NOSYSTEM": "1",
    }
    if date:
        env["GIT_AUTHOR_DATE"] = env["GIT_COMMITTER_DATE"] = date
    done = subprocess.run(["git", *args], cwd=repo, env=env, check=True, capture_output=True,
                          text=True)
    return done.stdout.strip()


def touch(repo: Path, name: str, text: str) -> None:
    path = repo / name
    path.write_text(path.read_text(encoding="utf-8") + text, encoding="utf-8")


@pytest.fixture
def repo(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("SOURCE_DATE_EPOCH", EPOCH_2026_03_01)
    root = copy_root("api-code", tmp_path / "repo")
    (root / ".gitignore").write_text("_build/\n__pycache__/\n", encoding="utf-8")
    git(root, "init", "-q", "-b", "main")
    git(root, "add", ".")
    git(root, "commit", "-q", "-m", "Initial import", date="2026-01-01T09:00:00+00:00")
    touch(root, "hyper_parallel/trainer/__init__.py", "\nMICRO_BATCHES = 4\n")
    git(root, "commit", "-q", "-am", "trainer: accumulate micro-batches (RFC-0001)\n\nAlso a test.",
        date="2026-01-21T09:00:00+00:00")
    touch(root, "ckpt/__init__.py", "\nASYNC = True\n")
    touch(root, "hyper_parallel/trainer/__init__.py", "\nSAVE_HOOK = None\n")
    git(root, "commit", "-q", "-am", "RFC-2: 异步保存 async save, with a hook in the trainer",
        date="2026-01-25T09:00:00+00:00")
    touch(root, "rfcs/RFC-0001-grad-accum.md", "\nWording.\n")
    git(root, "commit", "-q", "-am", "docs: RFC-0001 wording", date="2026-01-26T09:00:00+00:00")
    return root


def rfcs_json(build: Build) -> dict[str, dict[str, object]]:
    data = json.loads((build.outdir / "rfcs.json").read_text(encoding="utf-8"))
    return {r["id"]: r for r in data["rfcs"]}


def html(build: Build, page: str) -> str:
    return (build.outdir / page).read_text(encoding="utf-8")


def text_of(fragment: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", fragment).split())


def build_it(repo: Path, **kwargs: object) -> Build:
    overrides = {"rfc_implementation_days": 30, **kwargs.pop("confoverrides", {})}  # type: ignore[dict-item]
    return sphinx_build(repo, confoverrides=overrides, **kwargs)


def test_commits_in_export_page_and_index(repo: Path) -> None:
    build = build_it(repo)
    found = rfcs_json(build)
    first = found["RFC-0001"]["commits"]
    # ("docs: RFC-0001 wording" touched the RFC alone: no implementation)
    assert isinstance(first, list) and len(first) == 1
    assert [(c["subject"], c["date"], c["author"], c["modules"]) for c in first] == [
        ("trainer: accumulate micro-batches (RFC-0001)", "2026-01-21", "Zhang San",
         ["trainer"]),
    ]
    assert all(len(c["commit"]) == 40 for c in first)
    second = found["RFC-0002"]["commits"]
    assert isinstance(second, list) and len(second) == 1
    assert second[0]["modules"] == ["ckpt", "trainer"]
    assert "commits" not in found["RFC-0003"]  # none cites it: the key is left out
    # the RFC page's "Implementation" list
    page = html(build, "rfcs/RFC-0001-grad-accum.html")
    assert "rfc-implementation" in page
    listed = text_of(page.split("rfc-implementation", 1)[1].split("</ul>", 1)[0])
    assert "Implementation" in listed
    assert "2026-01-21 Zhang San: trainer: accumulate micro-batches (RFC-0001)" in listed
    assert first[0]["commit"][:7] in listed  # type: ignore[index]
    assert "wording" not in listed
    assert "rfc-implementation" not in html(build, "rfcs/RFC-0003-comm-overlap.html")
    # the index's count
    index = html(build, "list.html")
    rows = {}
    for row in re.findall(r"<tr[^>]*>(.*?)</tr>", index.split("<tbody>", 1)[1], re.S):
        cells = [text_of(c) for c in re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)]
        rows[cells[0]] = cells
    assert rows and rows["RFC-0001"][-1] == "1" and rows["RFC-0002"][-1] == "1"
    assert rows["RFC-0003"][-1] == ""


def test_only_commits_touching_more_than_rfc_documents_count(repo: Path) -> None:
    """The RFC's own edits (its status moved on, a row fixed) implement
    nothing; a commit that also touches code, a test or a page that is no
    RFC counts; RFC-0003, cited by RFC edits only, stays unimplemented."""
    touch(repo, "rfcs/RFC-0003-comm-overlap.md", "\n补一句：通信和计算重叠。\n")
    touch(repo, "rfcs/RFC-0001-grad-accum.md", "\nSee RFC-0003.\n")
    git(repo, "commit", "-q", "-am", "RFC-0003 进入评审；RFC-0001 引用它",
        date="2026-02-01T09:00:00+00:00")
    touch(repo, "rfcs/RFC-0003-comm-overlap.md", "\n再补一句。\n")
    touch(repo, "list.md", "\nRFC-0003 讨论见周会纪要。\n")
    git(repo, "commit", "-q", "-am", "RFC-0003: 周会纪要链接", date="2026-02-02T09:00:00+00:00")
    touch(repo, "rfcs/RFC-0002-async-ckpt.md", "\nA note.\n")
    touch(repo, "ckpt/__init__.py", "\nRETRIES = 3\n")
    git(repo, "commit", "-q", "-am", "RFC-0002 retry the writes", date="2026-02-03T09:00:00+00:00")
    build = build_it(repo)
    found = rfcs_json(build)
    subjects = {rfc_id: [c["subject"] for c in r.get("commits", [])]  # type: ignore[attr-defined]
                for rfc_id, r in found.items()}
    assert subjects == {
        "RFC-0001": ["trainer: accumulate micro-batches (RFC-0001)"],
        "RFC-0002": ["RFC-0002 retry the writes",
                     "RFC-2: 异步保存 async save, with a hook in the trainer"],
        "RFC-0003": ["RFC-0003: 周会纪要链接"],
    }
    late = [w for w in build.rfc_warnings() if w[2] == "rfc.unimplemented"]
    assert [w[0].rsplit("/", 1)[-1] for w in late] == ["RFC-0003-comm-overlap.md"]


def test_declares_rfc() -> None:
    from sphinx_rfc.features.commits import declares_rfc

    assert declares_rfc("---\nrfc: RFC-0007\ntitle: 异步保存\n---\n\n# 异步保存\n")
    assert declares_rfc("# Title\n\n```{rfc} RFC-0001\n:status: draft\n```\n")
    assert declares_rfc("Title\n=====\n\n.. rfc:: RFC-0001\n   :status: draft\n")
    assert declares_rfc(":rfc: RFC-0001\n:status: draft\n\nTitle\n=====\n")
    assert not declares_rfc("# 设计文档\n\nrfc: 这里只是正文里的一句话。\n")
    assert not declares_rfc("---\ntitle: 周会纪要\n---\n\nrfc: RFC-0003\n")
    assert not declares_rfc("# Guide\n\nSee {rfc:ref}`RFC-0001`.\n")


def test_plan_against_reality_warnings(repo: Path) -> None:
    build = build_it(repo)
    found = sorted(w for w in build.rfc_warnings() if w[2] in (
        "rfc.unplanned-change", "rfc.unimplemented"))
    assert len(found) == 2
    (unplanned, unimplemented) = sorted(found, key=lambda w: w[2], reverse=True)
    # at the RFC's title line (RFC-0002 has no change table)
    assert unplanned[0].endswith("RFC-0002-async-ckpt.md") and unplanned[1] == 3
    assert "module 'trainer'" in unplanned[3]
    sha = git(repo, "log", "-1", "--format=%h", "--abbrev=7", "HEAD~1")
    assert sha in unplanned[3]
    assert unimplemented[0].endswith("RFC-0003-comm-overlap.md") and unimplemented[1] == 3
    assert "comm" in unimplemented[3]
    # everything else is clean: no warning for comm, which has no API page (-n)
    assert [w for w in build.rfc_warnings() if w not in found] == []
    assert "WARNING" not in build.warnings.replace("rfc.unplanned-change", "").replace(
        "rfc.unimplemented", "") or build.warnings.count("WARNING") == 2


def test_unimplemented_is_off_by_default_and_counts_days(repo: Path) -> None:
    build = sphinx_build(repo)
    assert [w for w in build.rfc_warnings() if w[2] == "rfc.unimplemented"] == []
    late = build_it(repo, confoverrides={"rfc_implementation_days": 90}, freshenv=True)
    assert [w for w in late.rfc_warnings() if w[2] == "rfc.unimplemented"] == []


def test_unimplemented_counts_from_acceptance_not_the_last_edit(repo: Path) -> None:
    """A wording commit after acceptance moves ``updated``, not the day the
    RFC was accepted (its history): still 59 days, still unimplemented."""
    touch(repo, "rfcs/RFC-0003-comm-overlap.md", "\n补充一句说明。\n")
    git(repo, "commit", "-q", "-am", "docs: RFC-0003 wording", date="2026-02-20T09:00:00+00:00")
    build = build_it(repo)
    found = [w for w in build.rfc_warnings() if w[2] == "rfc.unimplemented"]
    assert len(found) == 1 and "59 days ago (2026-01-01)" in found[0][3], build.warnings


def test_commits_off(repo: Path) -> None:
    build = sphinx_build(repo, confoverrides={"rfc_commit_pattern": ""})
    assert rfcs_json(build)
    assert all("commits" not in r for r in rfcs_json(build).values())
    assert build.rfc_warnings() == []


def test_own_pattern(repo: Path) -> None:
    # only "refs RFC-N" cites; the ID is the group "id", a bare number formatted
    build = sphinx_build(repo, confoverrides={"rfc_commit_pattern": r"\(RFC-(?P<id>[0-9]+)\)"})
    found = rfcs_json(build)
    assert [c["subject"] for c in found["RFC-0001"]["commits"]] == [  # type: ignore[union-attr]
        "trainer: accumulate micro-batches (RFC-0001)"]
    assert "commits" not in found["RFC-0002"]


def test_module_links_to_its_api(repo: Path) -> None:
    build = build_it(repo, confoverrides={"nitpicky": True})
    # the RFC's module cells: basic information and change table
    page = html(build, "rfcs/RFC-0001-grad-accum.html")
    links = re.findall(r'<a class="[^"]*rfc-api[^"]*" href="([^"]+#module-[^"]+)"', page)
    assert links and set(links) == {"../api.html#module-hyper_parallel.trainer"}
    assert len(links) == 2  # the basic-information row and the change table
    ckpt = html(build, "rfcs/RFC-0002-async-ckpt.html")
    assert "../api.html#module-ckpt" in ckpt  # by its name
    assert "rfc-api" not in html(build, "rfcs/RFC-0003-comm-overlap.html")  # comm: none
    # the module page and the index
    modules = html(build, "modules.html")
    assert modules.count("rfc-module-api") == 1
    assert 'href="api.html#module-hyper_parallel.trainer"' in modules
    index = html(build, "list.html")
    assert 'href="api.html#module-hyper_parallel.trainer"' in index
    assert 'href="api.html#module-ckpt"' in index
    # the interface table's :signature-of: object
    assert 'href="../api.html#hyper_parallel.trainer.train_step"' in page
    assert "missing-reference" not in build.warnings and "py:mod" not in build.warnings


def test_explicit_api_overrides(repo: Path) -> None:
    build = build_it(repo, confoverrides={"rfc_module_api": {"trainer": "ckpt"}})
    page = html(build, "rfcs/RFC-0001-grad-accum.html")
    assert "../api.html#module-ckpt" in page
    assert "module-hyper_parallel.trainer" not in page


def api_rfcs(build: Build) -> dict[str, list[str]]:
    """Python module -> the RFC list after its description on the API page."""
    page = html(build, "api.html")
    found = {}
    for part in page.split('id="module-')[1:]:
        name = part.split('"', 1)[0]
        before_members = part.split('<dl class="py', 1)[0]
        box = before_members.split("rfc-api-rfcs", 1)
        found[name] = [text_of(li) for li in re.findall(r"<li>(.*?)</li>", box[1], re.S)] \
            if len(box) > 1 else []
    return found


def test_api_pages_show_their_rfcs(repo: Path) -> None:
    build = build_it(repo)
    found = api_rfcs(build)
    assert found == {
        "hyper_parallel.trainer": [
            "RFC-0001 梯度累积 Gradient accumulation in the trainer Accepted Declared and changed"],
        "ckpt": ["RFC-0002 Async checkpoint （异步保存） Accepted Declared"],
    }
    page = html(build, "api.html")
    # after the module's own description, before its members
    trainer = page.split('id="module-hyper_parallel.trainer"', 1)[1]
    assert trainer.index("The training loop") < trainer.index("rfc-api-rfcs") < trainer.index(
        "train_step")


@pytest.mark.parametrize("builder", ["text", "latex"])
def test_api_rfcs_in_other_builders(repo: Path, builder: str) -> None:
    build = build_it(repo, builder=builder)
    out = "\n".join(p.read_text(encoding="utf-8") for p in build.outdir.rglob("*.t*x*"))
    assert "RFC-0001" in out and "Implementation" in out


def test_incremental_and_parallel(repo: Path) -> None:
    first = build_it(repo, parallel=2)
    assert api_rfcs(first)["ckpt"] == ["RFC-0002 Async checkpoint （异步保存） Accepted Declared"]
    # RFC-0003 now also plans a change to ckpt: the API page follows
    touch(repo, "rfcs/RFC-0003-comm-overlap.md",
          "\n```{rfc-changes}\n| 模块 | 改动内容 | 是否影响已有行为 |\n|---|---|---|\n"
          "| `ckpt` | overlap the writes | 否 |\n```\n")
    second = build_it(repo, parallel=2)
    assert second.read == ["rfcs/RFC-0003-comm-overlap"]  # the API page is not read again
    assert api_rfcs(second)["ckpt"] == [
        "RFC-0002 Async checkpoint （异步保存） Accepted Declared",
        "RFC-0003 Overlap comm with compute Accepted Changed",
    ]
    # a new commit citing RFC-0003 changes no file's time: the RFC is read again
    touch(repo, "hyper_parallel/comm/__init__.py", "\nOVERLAP = True\n")
    git(repo, "commit", "-q", "-am", "comm: overlap (RFC-0003)", date="2026-02-02T09:00:00+00:00")
    third = build_it(repo)
    assert "rfcs/RFC-0003-comm-overlap" in third.written
    assert len(rfcs_json(third)["RFC-0003"]["commits"]) == 1  # type: ignore[arg-type]
    assert [w for w in third.rfc_warnings() if w[2] == "rfc.unimplemented"] == []
    assert "list" in third.written  # the index's count


def test_api_docs_changing_alone_rewrites_the_links(repo: Path) -> None:
    first = build_it(repo)
    assert "../api.html#module-ckpt" in html(first, "rfcs/RFC-0002-async-ckpt.html")
    # only the API page changes: ckpt is documented no more
    api = repo / "api.rst"
    api.write_text(api.read_text(encoding="utf-8").split("Checkpoint\n")[0], encoding="utf-8")
    second = build_it(repo)
    assert second.read == ["api"]
    assert "rfcs/RFC-0002-async-ckpt" in second.written and "list" in second.written
    assert "api.html#module-ckpt" not in html(second, "rfcs/RFC-0002-async-ckpt.html")
    assert "api.html#module-ckpt" not in html(second, "list.html")
    assert "api.html#module-hyper_parallel.trainer" in html(second, "list.html")


# --------------------------------------------------------------------------
# the parts, without a build


def settings_of(**values: object) -> RfcSettings:
    return settings_from(SimpleNamespace(  # type: ignore[arg-type]
        **{f"rfc_{k}": v for k, v in values.items()}))


def test_cited_ids() -> None:
    from sphinx_rfc.features.commits import cited_ids

    default = settings_of()
    assert cited_ids("fix RFC-42, see RFC-0042 and (RFC-7); not XRFC-1 or RFC-12a", default) == [
        "RFC-0042", "RFC-0007"]
    assert cited_ids("RFC-", default) == [] and cited_ids("", default) == []
    assert cited_ids("refs ADR-3 and adr-4", settings_of(id_format="ADR-{:03d}",
                                                         id_pattern="^ADR-[0-9]+$")) == ["ADR-003"]
    assert cited_ids("42 RFC-1", settings_of(id_format="{:04d}")) == []  # no prefix: nothing
    own = settings_of(commit_pattern=r"#(?P<id>[0-9]+)")
    assert cited_ids("closes #12, RFC-3", own) == ["RFC-0012"]
    assert cited_ids("RFC-1", settings_of(commit_pattern="")) == []


def test_dotted_and_candidates() -> None:
    from sphinx_rfc.resolve.api import candidates, dotted

    assert dotted("hyper_parallel/trainer/") == "hyper_parallel.trainer"
    assert dotted("./pkg/mod.py") == "pkg.mod"
    assert dotted("pkg/sub/__init__.py") == "pkg.sub"
    assert dotted("docs/my-notes/") is None and dotted("/") is None
    settings = settings_of(modules=["trainer", "data io"],
                           module_paths={"trainer": ["src/trainer/", "hp/trainer/"]})
    assert candidates("trainer", settings) == ["trainer", "src.trainer", "hp.trainer"]
    assert candidates("data io", settings) == []
    given = settings_of(modules=["trainer"], module_api={"trainer": "x.y"})
    assert candidates("trainer", given) == ["x.y"]


def test_bad_values_are_config_errors() -> None:
    from sphinx.errors import ConfigError

    for values in ({"implementation_days": -1}, {"implementation_days": True},
                   {"commit_pattern": "("}, {"module_api": {"trainer": ""}},
                   {"modules": ["a"], "module_api": {"b": "b"}}, {"api_backlinks": "yes"}):
        with pytest.raises(ConfigError):
            settings_of(**values)


def test_api_through_intersphinx() -> None:
    """A module documented in another project (an intersphinx inventory):
    linked to its URL; the Python domain of this project comes first."""
    from sphinx_rfc.resolve.api import api_of, object_value

    class Domain:
        data = {"modules": {"local.mod": ("api", "module-local.mod", "", "", False)},
                "objects": {}}

    config = SimpleNamespace(rfc_modules=["trainer", "local"],
                             rfc_module_api={"local": "local.mod"},
                             rfc_module_paths={"trainer": "src/hyper_parallel/trainer/"})
    inventory = {
        "py:module": {"src.hyper_parallel.trainer": ("HP", "1.0", "https://hp.example/api.html#t",
                                                     "-")},
        "py:function": {"src.hyper_parallel.trainer.step": ("HP", "1.0",
                                                            "https://hp.example/api.html#s", "-")},
    }
    env = SimpleNamespace(config=config, intersphinx_inventory=inventory,
                          get_domain=lambda name: Domain())
    assert api_of("trainer", env) == (  # type: ignore[arg-type]
        "src.hyper_parallel.trainer", ("url", "https://hp.example/api.html#t", ""))
    assert api_of("local", env) == ("local.mod", ("doc", "api", "module-local.mod"))  # type: ignore[arg-type]
    assert object_value("src.hyper_parallel.trainer.step", env) == [  # type: ignore[arg-type]
        "url", "https://hp.example/api.html#s", ""]
    assert object_value("nowhere", env) is None  # type: ignore[arg-type]


def test_no_repository_or_a_shallow_clone_gives_no_data_and_no_warning(
    repo: Path, tmp_path: Path,
) -> None:
    plain = copy_root("api-code", tmp_path / "plain")  # not a repository at all
    build = build_it(plain)
    assert rfcs_json(build)
    assert all("commits" not in r for r in rfcs_json(build).values())
    assert build.rfc_warnings() == []
    shallow = tmp_path / "shallow"
    git(tmp_path, "clone", "-q", "--depth", "1", f"file://{repo}", str(shallow))
    build = build_it(shallow)
    assert rfcs_json(build)
    assert all("commits" not in r for r in rfcs_json(build).values())
    # not even rfc.unimplemented: no history, no verdict; only the accepted
    # RFCs told that they cannot be checked against their acceptance
    found = build.rfc_warnings()
    assert found and all(w[2] == "rfc.changed-after-acceptance" and "shallow clone" in w[3]
                         for w in found)
