"""``sphinx-build`` with sphinxcontrib-mermaid's Jinja templates compiled
once per process, as sphinx_rfc has them (``write/mermaid_js.py``), for
counting the plain and sphinx-needs projects on the same footing:

    valgrind --tool=callgrind --callgrind-out-file=/dev/null \\
        python benchmarks/mermaid_once.py -q -b html SRC OUT -d DOCTREES

sphinxcontrib-mermaid compiles its three templates on every page that
draws a diagram (and on pages without a document); the projects of
``generate.py`` draw three diagrams on every RFC page, so that cost is a
part of each variant's build that sphinx_rfc removes from its own only.
The extension's own function does it here (importing that module of the
extension is a part of the count).
"""

from __future__ import annotations

import sys

from sphinx.cmd.build import main

from sphinx_rfc.write.mermaid_js import compile_templates_once

if __name__ == "__main__":
    compile_templates_once()
    raise SystemExit(main(sys.argv[1:]))
