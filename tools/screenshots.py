"""Take the README's screenshots from the current build of docs/.

Builds the demo documentation with each theme (alabaster, furo) and
photographs an RFC page and the dependency graph page at 1280 x 900 with
headless Chromium (``/usr/bin/chromium``; Debian: ``apt-get install
chromium fonts-noto-cjk``), into ``docs/_static/screenshots/``, each
reduced to 256 colours by ``pngquant`` where it is installed (a third of
the bytes)::

    python tools/screenshots.py
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent
DOCS = HERE / "docs"
SHOTS = DOCS / "_static" / "screenshots"
THEMES = ("alabaster", "furo")
#: screenshot name -> page of the built docs
PAGES = {
    "rfc-page": "examples/rfcs/0003-optimizer-offload.html",
    "graph": "examples/graph.html",
}
SIZE = "1280,900"


def main() -> int:
    chromium = shutil.which("chromium") or "/usr/bin/chromium"
    if not Path(chromium).exists():
        print("screenshots: no chromium (apt-get install chromium fonts-noto-cjk)", file=sys.stderr)
        return 1
    with tempfile.TemporaryDirectory() as tmp:
        for theme in THEMES:
            out = Path(tmp) / theme
            subprocess.run([sys.executable, "-m", "sphinx", "-q", "-b", "html",
                            "-D", f"html_theme={theme}", str(DOCS), str(out)], check=True)
            for name, page in PAGES.items():
                target = SHOTS / f"{name}-{theme}.png"
                subprocess.run(
                    [chromium, "--headless", "--no-sandbox", "--disable-gpu",
                     "--hide-scrollbars", f"--screenshot={target}", f"--window-size={SIZE}",
                     (out / page).as_uri()],
                    check=True, capture_output=True, timeout=120,
                )
                if shutil.which("pngquant"):
                    subprocess.run(["pngquant", "--force", "--skip-if-larger", "--output",
                                    str(target), "256", str(target)], check=False)
                print(target.relative_to(HERE))
    return 0


if __name__ == "__main__":
    sys.exit(main())
