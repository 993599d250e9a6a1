"""Board geometry.  Every grid names its cells, knows their neighbours and symmetries,
and describes itself for drawing with ``layout()``:

``{"kind": "square" | "hex", "width": W, "height": H,
   "cells": [{"name": "a1", "x": cx, "y": cy, "points": [[x, y], ...]}, ...],
   "labels": [{"text": "a", "x": x, "y": y}, ...]}``

Units are abstract (one cell is about 1 wide), y grows downwards, the box (0, 0)-(W, H)
holds the cells and the coordinate labels.  Cells are listed in index order.
"""
