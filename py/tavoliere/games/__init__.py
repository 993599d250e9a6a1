"""One module per game.  Importing this package imports every module in it, and each module
registers its game (``core.register``): a new game is a new file here, and nothing else."""

import importlib
import pkgutil

for _module in pkgutil.iter_modules(__path__):
    importlib.import_module(f"{__name__}.{_module.name}")
