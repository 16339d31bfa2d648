"""A headless Chromium driven over the DevTools protocol, through a pipe
(``--remote-debugging-pipe``: no port, no extra package), and
:func:`build_site`, the build of the pages it opens.

One browser per test module; :meth:`Browser.open` loads a page at a window
size and waits for its ``load`` event, :meth:`Browser.evaluate` runs an
expression (awaiting a promise), :meth:`Browser.wait_for` polls one.  With
``network=False`` every request but ``file://`` fails: a proxy that does
not exist (``127.0.0.1:9``), loopback included unless ``loopback=True``
(a test server); every URL the page asked for is kept (:attr:`requests`).
"""

from __future__ import annotations

import base64
import contextlib
import fcntl
import json
import os
import select
import shutil
import subprocess
import tempfile
import time
from pathlib import Path
from typing import Any

CHROMIUM = Path("/usr/bin/chromium")


class Site:
    """A finished build: its output folder and what it logged."""

    def __init__(self, app: Any, status: str, warnings: str) -> None:
        self.app = app
        self.outdir = Path(app.outdir)
        self.status = status
        self.warnings = warnings


def build_site(srcdir: Path, builder: str = "html", theme: str | None = None,
               **kwargs: Any) -> Site:
    """Build *srcdir* with sphinx.testing's ``SphinxTestApp`` into
    ``srcdir/_build/<builder>``; *theme* is passed as an override, since
    ``SphinxTestApp`` turns the default ``alabaster`` into ``basic``."""
    from io import StringIO

    from sphinx.testing.util import SphinxTestApp

    if theme is not None:
        kwargs["confoverrides"] = {**kwargs.get("confoverrides", {}), "html_theme": theme}
    status, warning = StringIO(), StringIO()
    app = SphinxTestApp(builder, srcdir=srcdir, status=status, warning=warning, **kwargs)
    try:
        app.build()
    finally:
        app.cleanup()
    return Site(app, status.getvalue(), warning.getvalue())


class BrowserError(RuntimeError):
    pass


def _above_four(fd: int) -> int:
    high = fcntl.fcntl(fd, fcntl.F_DUPFD_CLOEXEC, 10)
    os.close(fd)
    return high


class Browser:
    def __init__(self, *, network: bool = False, loopback: bool = False) -> None:
        self.profile = tempfile.mkdtemp(prefix="rfc-chromium-")
        to_browser, self._write = os.pipe()
        self._read, from_browser = os.pipe()
        # moved above 4 first, so that placing one on 3 never overwrites the other
        to_browser, from_browser = (_above_four(fd) for fd in (to_browser, from_browser))
        flags = [
            "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
            "--disable-background-networking", "--disable-component-update",
            "--no-first-run", "--mute-audio", "--remote-debugging-pipe",
            f"--user-data-dir={self.profile}",
        ]
        if not network:
            flags.append("--proxy-server=127.0.0.1:9")
            flags.append("--proxy-bypass-list=127.0.0.1" if loopback
                         else "--proxy-bypass-list=<-loopback>")

        def pipe_on_3_and_4() -> None:  # the protocol's pipe: commands in 3, answers out 4
            os.dup2(to_browser, 3)
            os.dup2(from_browser, 4)

        # close_fds=False: Python's own descriptors are not inherited anyway
        # (PEP 446); closing the others would close 3 and 4 too
        self.proc = subprocess.Popen(
            [str(CHROMIUM), *flags, "about:blank"], preexec_fn=pipe_on_3_and_4,
            close_fds=False,
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )
        os.close(to_browser)
        os.close(from_browser)
        self._buffer = b""
        self._next_id = 0
        self.events: list[dict[str, Any]] = []
        self.requests: list[str] = []
        target = self.send("Target.createTarget", {"url": "about:blank"})["targetId"]
        self.session = self.send("Target.attachToTarget",
                                 {"targetId": target, "flatten": True})["sessionId"]
        for domain in ("Page", "Network", "Runtime"):
            self.send(f"{domain}.enable", session=True)

    # -- the protocol ------------------------------------------------------

    def _message(self, timeout: float) -> dict[str, Any]:
        deadline = time.monotonic() + timeout
        while b"\0" not in self._buffer:
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([self._read], [], [], left)[0]:
                raise BrowserError("no answer from Chromium")
            chunk = os.read(self._read, 1 << 16)
            if not chunk:
                raise BrowserError("Chromium closed the pipe")
            self._buffer += chunk
        raw, self._buffer = self._buffer.split(b"\0", 1)
        message: dict[str, Any] = json.loads(raw)
        if message.get("method") == "Network.requestWillBeSent":
            self.requests.append(message["params"]["request"]["url"])
        return message

    def send(self, method: str, params: dict[str, Any] | None = None, *,
             session: bool = False, timeout: float = 30) -> dict[str, Any]:
        self._next_id += 1
        command: dict[str, Any] = {"id": self._next_id, "method": method, "params": params or {}}
        if session:
            command["sessionId"] = self.session
        os.write(self._write, json.dumps(command).encode() + b"\0")
        while True:
            message = self._message(timeout)
            if message.get("id") == self._next_id:
                if "error" in message:
                    raise BrowserError(f"{method}: {message['error']}")
                return dict(message.get("result", {}))
            self.events.append(message)

    def wait_event(self, method: str, timeout: float = 30) -> dict[str, Any]:
        for i, event in enumerate(self.events):
            if event.get("method") == method:
                del self.events[: i + 1]
                return event
        self.events.clear()
        while True:
            message = self._message(timeout)
            if message.get("method") == method:
                return message

    # -- what the tests use --------------------------------------------------

    def open(self, url: str, width: int = 1280, height: int = 900) -> None:
        """Load *url* in a *width* x *height* window; return after ``load``."""
        self.send("Emulation.setDeviceMetricsOverride",
                  {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False},
                  session=True)
        self.requests.clear()
        self.events.clear()
        self.send("Page.navigate", {"url": url}, session=True)
        self.wait_event("Page.loadEventFired")

    def evaluate(self, expression: str) -> Any:
        result = self.send("Runtime.evaluate", {
            "expression": expression, "awaitPromise": True, "returnByValue": True,
        }, session=True)
        if "exceptionDetails" in result:
            raise BrowserError(json.dumps(result["exceptionDetails"])[:2000])
        return result["result"].get("value")

    def wait_for(self, expression: str, timeout: float = 20) -> Any:
        """Poll *expression* until it is truthy; its last value."""
        deadline = time.monotonic() + timeout
        value = self.evaluate(expression)
        while not value and time.monotonic() < deadline:
            time.sleep(0.1)
            value = self.evaluate(expression)
        return value

    def screenshot(self, path: Path) -> None:
        data = self.send("Page.captureScreenshot", {"format": "png"}, session=True)["data"]
        path.write_bytes(base64.b64decode(data))

    def close(self) -> None:
        with contextlib.suppress(BrowserError, OSError):
            self.send("Browser.close", timeout=5)
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        os.close(self._write)
        os.close(self._read)
        shutil.rmtree(self.profile, ignore_errors=True)
