"""Board geometry.  Every grid names its cells, knows their neighbours and symmetries,
and describes itself for drawing with ``layout()``; ``shapes`` draws boards that are not
grids (pits and stores, tracks).  A layout is plain data, the same for every board:

``{"kind": "square" | "hex" | ..., "width": W, "height": H,
   "cells": [{"name": "a1", "x": cx, "y": cy, "tone": 0,
              "points": [[x, y], ...]  or  "radius": r}, ...],
   "labels": [{"text": "a", "x": x, "y": y}, ...]}``

Units are abstract (one cell is about 1 wide), y grows downwards, the box (0, 0)-(W, H)
holds the cells and the coordinate labels.  A cell is a polygon (``points``) or a circle
(``radius``) around its centre; ``tone`` picks its colour from the page's board tones
(0 light, 1 dark, 2 and 3 the tints of marked areas).  ``kind`` is informative only: the
page draws and hit-tests every layout the same way.
"""
