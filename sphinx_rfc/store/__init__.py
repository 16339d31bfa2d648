"""The store: the ``rfc`` domain, which keeps each document's RFC data in
Sphinx's environment and merges it from parallel readers (``domain``);
how an RFC record pickles there, its body unpickled when first read
(``pickling``); and the values made from every RFC, kept on disk from one
build to the next while that data is the same (``derived``).

Reading (``read/``, ``features/``, ``directives/``) stores into it;
``resolve/`` and ``write/`` read from it.  It draws nothing: it imports
nothing of ``render/``, ``read/`` or ``resolve/``
(``docs/reference/architecture.md``, "Layers").
"""
