"""The pre-commit hook ``sphinx-rfc-check`` (``.pre-commit-hooks.yaml``,
docs/howto/ci.md) in a test git repository: run by pre-commit itself when
it is installed (``pre-commit try-repo``: pre-commit builds the hook's own
environment from this repository, as a user's first commit does), and run
exactly as pre-commit runs it (entry, then args, then the changed files
its ``files`` pattern keeps, from the repository's root) in any case."""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
HOOKS = ROOT / ".pre-commit-hooks.yaml"

#: A project of two RFCs (reStructuredText only: the hook's environment
#: has sphinx-rfc and nothing else).
FILES = {
    "docs/conf.py": 'extensions = ["sphinx_rfc"]\nexclude_patterns = ["_build"]\n'
                    "rfc_required_sections = []\n",
    "docs/index.rst": "RFCs\n====\n\n.. toctree::\n   :glob:\n\n   rfcs/*\n",
    "docs/rfcs/0001-good.rst": "Good\n====\n\n.. rfc:: RFC-0001\n   :status: draft\n",
    "docs/rfcs/0002-bad.rst": "Bad\n===\n\n.. rfc:: RFC-0002\n   :status: maybe\n"
                              "   :requires: RFC-0099\n",
    "README.md": "# Project\n",
}

GIT_ENV = {
    "GIT_AUTHOR_NAME": "A", "GIT_AUTHOR_EMAIL": "a@example.com",
    "GIT_COMMITTER_NAME": "A", "GIT_COMMITTER_EMAIL": "a@example.com",
    "GIT_CONFIG_GLOBAL": os.devnull, "GIT_CONFIG_NOSYSTEM": "1",
}


def hook() -> dict[str, Any]:
    import yaml  # type: ignore[import-untyped]

    hooks = yaml.safe_load(HOOKS.read_text(encoding="utf-8"))
    return {h["id"]: h for h in hooks}["sphinx-rfc-check"]


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    root = tmp_path / "repo"
    for name, text in FILES.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    env = {**os.environ, **GIT_ENV}
    for cmd in (["init", "-q", "-b", "main"], ["add", "."], ["commit", "-q", "-m", "RFCs"]):
        subprocess.run(["git", *cmd], cwd=root, env=env, check=True, capture_output=True)
    return root


def test_the_hook_is_declared() -> None:
    found = hook()
    assert found["language"] == "python"
    assert found["entry"] == "sphinx-rfc check"
    assert found["args"] == ["docs"]
    assert found["require_serial"] is True  # one process reads the project once
    assert re.search(found["files"], "rfcs/0001-x.md")
    assert re.search(found["files"], "rfcs/0001-x.rst")
    assert not re.search(found["files"], "conf.py")


def run_as_pre_commit(repo: Path, changed: list[str]) -> subprocess.CompletedProcess[str]:
    """What pre-commit runs: entry + args + the changed files its pattern
    keeps, in the repository's root; ``sphinx-rfc`` is this checkout's."""
    found = hook()
    entry = shlex.split(found["entry"])
    assert entry[0] == "sphinx-rfc"
    files = [f for f in changed if re.search(found["files"], f)]
    cmd = [sys.executable, "-m", "sphinx_rfc.cli", *entry[1:], *found["args"], *files]
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run(cmd, cwd=repo, env=env, capture_output=True, text=True, check=False)


def test_entry_and_args_as_pre_commit_runs_them(repo: Path) -> None:
    bad = run_as_pre_commit(repo, ["docs/rfcs/0002-bad.rst", "docs/conf.py", "README.md"])
    assert bad.returncode == 1, bad.stderr
    lines = bad.stdout.splitlines()
    assert lines[:-1] and all(line.startswith("rfcs/0002-bad.rst:") for line in lines[:-1])
    assert "[rfc.invalid-value]" in bad.stdout and "[rfc.unknown-rfc]" in bad.stdout
    good = run_as_pre_commit(repo, ["docs/rfcs/0001-good.rst"])
    assert good.returncode == 0, good.stdout + good.stderr
    assert good.stdout.startswith("sphinx_rfc: 2 RFCs, 0 problems")


def hook_repository(folder: Path) -> tuple[Path, str]:
    """This repository's work tree as it is (its tracked files, uncommitted
    changes included) committed into *folder*: what pre-commit clones; and
    the commit, for ``rev:``."""
    listed = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True,
                            check=True).stdout.decode().split("\0")
    for name in filter(None, listed):
        if (ROOT / name).is_file():
            (folder / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / name, folder / name)
    env = {**os.environ, **GIT_ENV}
    for cmd in (["init", "-q"], ["add", "."], ["commit", "-q", "-m", "hook"]):
        subprocess.run(["git", *cmd], cwd=folder, env=env, check=True, capture_output=True)
    rev = subprocess.run(["git", "rev-parse", "HEAD"], cwd=folder, env=env,
                         capture_output=True, text=True, check=True).stdout.strip()
    return folder, rev


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("pre-commit") is None, reason="pre-commit is not installed")
@pytest.mark.skipif(not (ROOT / ".git").exists(), reason="needs this repository's git checkout")
def test_pre_commit_runs_the_hook(repo: Path, tmp_path: Path) -> None:
    """pre-commit clones the hook's repository, builds the hook's own
    environment from it (``pip install`` of sphinx-rfc, as a user's first
    commit does) and runs it on the changed files, with the configuration
    docs/howto/ci.md shows."""
    source, rev = hook_repository(tmp_path / "hook-repo")
    (repo / ".pre-commit-config.yaml").write_text(
        f"repos:\n  - repo: {source}\n    rev: {rev}\n    hooks:\n"
        "      - id: sphinx-rfc-check\n        args: [docs]\n",
        encoding="utf-8",
    )
    env = {**os.environ, **GIT_ENV, "PRE_COMMIT_HOME": str(tmp_path / "pre-commit-home")}
    env.pop("PYTHONPATH", None)  # the hook's own environment, as a user's

    def pre_commit(*files: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            ["pre-commit", "run", "sphinx-rfc-check", "--verbose", "--files", *files],
            cwd=repo, env=env, capture_output=True, text=True, check=False, timeout=900,
        )

    bad = pre_commit("docs/rfcs/0002-bad.rst", "docs/conf.py", "README.md")
    assert bad.returncode == 1, bad.stdout + bad.stderr
    assert "rfcs/0002-bad.rst:4: [rfc.unknown-rfc] RFC-0002" in bad.stdout
    assert "0001-good" not in bad.stdout
    good = pre_commit("docs/rfcs/0001-good.rst")
    assert good.returncode == 0, good.stdout + good.stderr
    assert "sphinx_rfc: 2 RFCs, 0 problems" in good.stdout
    # nothing the pattern keeps: the hook does not run
    skipped = pre_commit("docs/conf.py")
    assert skipped.returncode == 0 and "no files to check" in skipped.stdout.lower()
