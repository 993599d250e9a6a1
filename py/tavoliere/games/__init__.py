"""One module per game; importing this package registers them all, in menu order."""

from . import barrier, hekka, havannah, hexade  # noqa: F401
