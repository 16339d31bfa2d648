"""Functions matching, adding, dropping and changing parameters against
the interface tables of the test RFCs."""

import enum

DEFAULT_RATIO = 0.5


class Mode(enum.Enum):
    FAST = "fast"
    SAFE = "safe"


def enable_offload(model, enabled=False, mode="cpu", *, ratio=DEFAULT_RATIO, device=None,
                   shape=(1, 2), lr=1e-3, kind=Mode.FAST, **kwargs):
    """Matches its table exactly (``**kwargs`` is not listed, so ignored)."""


def added(model, enabled=False, extra=1):
    """``extra`` is not in the table."""


def dropped(model):
    """The table lists ``verbose`` too."""


def changed(model, enabled=True, mode="gpu"):
    """Both defaults differ from the table's."""


def required_diff(model, size=3):
    """The table says ``model`` is optional and ``size`` required."""


def variadic(*args, **options):
    """The table lists both variadic parameters."""


class Trainer:
    """A class: its signature is its ``__init__``'s, without ``self``."""

    def __init__(self, config, *, seed=0):
        self.config = config

    def fit(self, model, epochs=1):
        """A method: ``self`` is ignored; the table says ``epochs`` is 2."""
