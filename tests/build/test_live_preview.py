"""Live preview with ``sphinx-autobuild`` (issue 44 item 4; the how-to
docs/howto/live-preview.md): served on a loopback port, an edit of an RFC
shows in its served page and in the index that lists it, and the files
the extension writes start no rebuild of their own.  Every wait is
bounded; nothing is timed."""

from __future__ import annotations

import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from conftest import write_project

pytestmark = pytest.mark.skipif(
    shutil.which("sphinx-autobuild") is None,
    reason="sphinx-autobuild is not installed (pip install sphinx-autobuild)",
)

FILES = {
    "index.md": "# RFCs\n\n```{toctree}\n:glob:\n\nrfcs/*\nlist\n```\n",
    "list.md": "# List\n\n```{rfc-index}\n:columns: id, title, status\n```\n",
    "rfcs/0001-first.md": (
        "# First proposal\n\n```{rfc} RFC-0001\n:status: draft\n```\n\nBefore the edit.\n"
    ),
}
#: Seconds any one wait may take (a build of this project takes about one).
BOUND = 120.0


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def fetch(url: str) -> str | None:
    try:
        with urllib.request.urlopen(url, timeout=10) as response:
            return str(response.read().decode("utf-8"))
    except (urllib.error.URLError, OSError):
        return None


def wait_for(what: str, check: Callable[[], bool], log: Path) -> None:
    deadline = time.monotonic() + BOUND
    while time.monotonic() < deadline:
        if check():
            return
        time.sleep(0.2)
    pytest.fail(f"{what}: not seen in {BOUND:.0f} s; sphinx-autobuild said:\n"
                + log.read_text(encoding="utf-8", errors="replace"))


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[Path, str, Path]]:
    """The project, the server's URL, and the server's log."""
    src = write_project(tmp_path / "docs", FILES, "html_sidebars = {'**': []}\n")
    port = free_port()
    log = tmp_path / "autobuild.log"
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(
        [str(Path(__file__).resolve().parents[2]), os.environ.get("PYTHONPATH", "")])}
    with log.open("w", encoding="utf-8") as sink:
        server = subprocess.Popen(
            [sys.executable, "-m", "sphinx_autobuild", str(src), str(tmp_path / "html"),
             "--host", "127.0.0.1", "--port", str(port), "-d", str(tmp_path / "doctrees"),
             "-N"],
            stdout=sink, stderr=subprocess.STDOUT, env=env, start_new_session=True,
        )
    try:
        yield src, f"http://127.0.0.1:{port}", log
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        try:
            server.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, signal.SIGKILL)
            server.wait(timeout=30)


def builds(log: Path) -> int:
    """The builds sphinx-autobuild started, by its log."""
    return len(re.findall(r"Starting initial build|Detected change",
                          log.read_text(encoding="utf-8", errors="replace")))


@pytest.mark.slow
def test_an_edit_shows_in_the_served_pages(served: tuple[Path, str, Path]) -> None:
    src, url, log = served
    page = f"{url}/rfcs/0001-first.html"
    wait_for("the first build", lambda: "Before the edit." in (fetch(page) or ""), log)
    assert "Draft" in (fetch(f"{url}/list.html") or "")
    path = src / "rfcs" / "0001-first.md"
    path.write_text(path.read_text(encoding="utf-8")
                    .replace("Before the edit.", "After the edit.")
                    .replace(":status: draft", ":status: accepted"), encoding="utf-8")
    wait_for("the edit", lambda: "After the edit." in (fetch(page) or ""), log)
    # the index shows the new status too (its page was written again)
    assert "Accepted" in (fetch(f"{url}/list.html") or "")
    # no rebuild of its own from what the build wrote: wait until the log has
    # been quiet a while, then the initial build and the one of the edit only
    wait_for("the rebuild's end", lambda: "Serving on" in log.read_text(encoding="utf-8"), log)
    quiet_since, size = time.monotonic(), log.stat().st_size
    deadline = time.monotonic() + BOUND
    while time.monotonic() - quiet_since < 3.0 and time.monotonic() < deadline:
        time.sleep(0.2)
        if log.stat().st_size != size:
            quiet_since, size = time.monotonic(), log.stat().st_size
    assert builds(log) == 2, log.read_text(encoding="utf-8")
