"""Importing this module exits: the check must survive it."""

import sys

sys.exit(3)
