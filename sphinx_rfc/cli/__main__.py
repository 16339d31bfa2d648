"""``python -m sphinx_rfc.cli``: the ``sphinx-rfc`` command."""

import sys

from sphinx_rfc.cli import main

sys.exit(main())
