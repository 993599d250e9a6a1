"""The hexagonal board of RULES.md 3.1: notation, neighbours, distance, sides and corners,
symmetries, layout and diagram.  Expected values are written from the rule text."""

import math
from collections import Counter

import pytest

from tavoliere.grid.hexhex import DIRECTIONS, LINE_DIRECTIONS, HexGrid


def names(grid, cells):
    return {grid.names[c] for c in cells}


@pytest.fixture(scope="module")
def grid10():
    return HexGrid(10)


def test_hv1_cell_count_corners_and_sides(grid10):
    """HV-1: "271 cells; corners {a1, a10, j1, j19, s10, s19}; each side has 8 cells (a2-a9,
    b1-i1, k2-r9, s11-s18, k19-r19, b11-i18).  n = 8: 169 cells, corners {a1, a8, h1, h15,
    o8, o15}." """
    g = grid10
    assert g.size == 271
    assert names(g, g.corners) == {"a1", "a10", "j1", "j19", "s10", "s19"}
    expected_sides = [
        {f"a{k}" for k in range(2, 10)},                        # side 0: x = -m
        {f"{'bcdefghi'[k]}1" for k in range(8)},                # side 1: z = +m
        {f"{'klmnopqr'[k]}{k + 2}" for k in range(8)},          # side 2: y = -m
        {f"s{k}" for k in range(11, 19)},                       # side 3: x = +m
        {f"{'klmnopqr'[k]}19" for k in range(8)},               # side 4: z = -m
        {f"{'bcdefghi'[k]}{k + 11}" for k in range(8)},         # side 5: y = +m
    ]
    assert [names(g, side) for side in g.sides] == expected_sides
    g8 = HexGrid(8)
    assert g8.size == 169
    assert names(g8, g8.corners) == {"a1", "a8", "h1", "h15", "o8", "o15"}
    assert all(len(side) == 6 for side in g8.sides)


@pytest.mark.parametrize("base", range(4, 11))
def test_cell_count_and_sides_every_base(base):
    """"Cell count 3n(n-1)+1"; "the non-corner boundary cells, n-2 per side"."""
    g = HexGrid(base)
    assert g.size == 3 * base * (base - 1) + 1
    assert len(g.corners) == 6 and all(len(side) == base - 2 for side in g.sides)
    boundary = {c for c in range(g.size) if g.is_boundary[c]}
    assert boundary == set(g.corners) | {c for side in g.sides for c in side}
    for c in range(g.size):
        assert (g.side_of[c] >= 0) == any(c in side for side in g.sides)
        assert (g.corner_of[c] >= 0) == (c in g.corners)


def test_notation_is_letter_then_number(grid10):
    """"A cell is on the board iff 0 <= L <= 2n-2, 0 <= N <= 2n-2 and |L - N| <= n-1";
    "Letter a carries numbers 1-10, letter j carries 1-19, letter s carries 10-19"."""
    g = grid10
    by_letter = Counter(name[0] for name in g.names)
    assert by_letter["a"] == 10 and by_letter["j"] == 19 and by_letter["s"] == 10
    assert {n for n in g.names if n[0] == "s"} == {f"s{k}" for k in range(10, 20)}
    for bad in ("a11", "a19", "s9", "t10", "z9", "j0", "j20", "", "j", "10"):
        assert g.index(bad) is None
    for cell, name in enumerate(g.names):
        assert g.index(name) == cell
        L, N = g.coords(cell)
        assert name == "abcdefghijklmnopqrs"[L] + str(N + 1)


def test_hv2_neighbours(grid10):
    """HV-2: "neighbours of j10 = {i9, i10, j9, j11, k10, k11}.  The neighbours of a1 are
    {a2, b1, b2}.  j10 and k9 are not adjacent." """
    g = grid10
    assert names(g, g.neighbours[g.index("j10")]) == {"i9", "i10", "j9", "j11", "k10", "k11"}
    assert names(g, g.neighbours[g.index("a1")]) == {"a2", "b1", "b2"}
    assert g.index("k9") not in g.neighbours[g.index("j10")]


def test_degree_histogram(grid10):
    """"Degree histogram for n = 10: 6 cells with 3 neighbours, 48 with 4, 217 with 6"."""
    assert Counter(len(ns) for ns in grid10.neighbours) == {3: 6, 4: 48, 6: 217}


def test_directions_are_cyclic_and_neighbourly(grid10):
    """Consecutive directions around a cell are neighbours of each other, opposite ones are
    i and i + 3; the three lines are A1 (1, 0), A2 (0, 1), A3 (1, 1)."""
    assert LINE_DIRECTIONS == ((1, 0), (0, 1), (1, 1))
    centre = grid10.index("j10")
    ring = grid10.around[centre]
    for i in range(6):
        assert ring[(i + 1) % 6] in grid10.neighbours[ring[i]]
        a, b = DIRECTIONS[i], DIRECTIONS[(i + 3) % 6]
        assert (a[0] + b[0], a[1] + b[1]) == (0, 0)


def test_distance(grid10):
    """"Hex distance = max(|dL|, |dN|, |dL - dN|)"; X-5: "k8 is a deliberate trap: a naive
    Chebyshev distance in (L, N) would give 2" (it is 3)."""
    g = grid10
    d = lambda a, b: g.distance(g.index(a), g.index(b))  # noqa: E731
    assert d("j10", "k8") == 3
    assert d("j10", "l12") == 2 and d("j10", "h12") == 4
    assert d("a1", "s19") == 18 and d("a10", "s10") == 18 and d("a1", "j19") == 18
    # distance is the length of a shortest path through neighbours (breadth-first search)
    start = g.index("c3")
    dist, frontier = {start: 0}, [start]
    while frontier:
        nxt = []
        for c in frontier:
            for n in g.neighbours[c]:
                if n not in dist:
                    dist[n] = dist[c] + 1
                    nxt.append(n)
        frontier = nxt
    assert all(g.distance(start, c) == k for c, k in dist.items())


@pytest.mark.parametrize("base", [4, 7, 10])
def test_twelve_symmetries(base):
    """The 12 symmetries of the hexagon: distinct permutations, the identity first, each
    keeping adjacency, corners, sides (as a whole) and the three lines."""
    g = HexGrid(base)
    perms = g.symmetries
    assert len(perms) == 12 and len(set(perms)) == 12
    assert perms[0] == tuple(range(g.size))
    corners = set(g.corners)
    sides = {frozenset(side) for side in g.sides}
    for perm in perms:
        assert sorted(perm) == list(range(g.size))
        for c in range(g.size):
            assert {perm[n] for n in g.neighbours[c]} == set(g.neighbours[perm[c]])
        assert {perm[c] for c in corners} == corners
        assert {frozenset(perm[c] for c in side) for side in sides} == sides
        window = g.line(g.index("a1"), (1, 1), base)  # a line maps to a line
        image = sorted(perm[c] for c in window)
        assert any(sorted(g.line(image[0], d, base) or ()) == image
                   or sorted(g.line(image[-1], d, base) or ()) == image
                   for d in DIRECTIONS)
    # closed under composition
    as_set = set(perms)
    for p in perms:
        for q in perms:
            assert tuple(p[q[c]] for c in range(g.size)) in as_set


@pytest.mark.parametrize("base", [4, 8, 10])
def test_layout(base):
    """The page draws from the layout: cells in index order, six corners each, neighbours
    one unit apart and everything else further, labels for every letter and number,
    everything inside the box."""
    g = HexGrid(base)
    layout = g.layout()
    assert layout["kind"] == "hex"
    cells = layout["cells"]
    assert [c["name"] for c in cells] == list(g.names)
    centres = [(c["x"], c["y"]) for c in cells]
    for c in range(g.size):
        assert len(cells[c]["points"]) == 6
        for n in range(g.size):
            if n != c:
                d = math.dist(centres[c], centres[n])
                assert (abs(d - 1) < 1e-3) == (n in g.neighbours[c])
                assert d > 0.99
    texts = Counter(label["text"] for label in layout["labels"])
    span = 2 * base - 1
    assert all(texts["abcdefghijklmnopqrs"[L]] == 1 for L in range(span))
    assert all(texts[str(N + 1)] == 1 for N in range(span))
    xs = [p[0] for c in cells for p in c["points"]] + [lb["x"] for lb in layout["labels"]]
    ys = [p[1] for c in cells for p in c["points"]] + [lb["y"] for lb in layout["labels"]]
    assert 0 < min(xs) and max(xs) < layout["width"]
    assert 0 < min(ys) and max(ys) < layout["height"]
    # labels sit outside every hexagon (farther than its corners from each centre)
    assert all(math.dist((lb["x"], lb["y"]), centre) > 0.7
               for lb in layout["labels"] for centre in centres)
    # a1 is bottom-left of its column, numbers go up a column
    a1, a2 = centres[g.index("a1")], centres[g.index("a2")]
    assert a2[1] < a1[1] and a1[0] == a2[0]


def test_diagram(grid10):
    """One text row per number, the highest first; each row lists its letters."""
    g = grid10
    text = g.diagram({g.index("a1"): "W", g.index("s19"): "B", g.index("j10"): "X"})
    rows = text.splitlines()
    assert len(rows) == 19
    assert rows[0].startswith("19") and rows[0].endswith("j-s") and "B" in rows[0]
    assert rows[-1].startswith(" 1") and rows[-1].endswith("a-j")
    assert rows[-1].split()[1] == "W"
    assert rows[9].split()[1:20].index("X") == 9  # j is the 10th cell of row 10


def test_docstring_examples():
    """The ``>>>`` examples in the module's docstrings are true."""
    import doctest

    from tavoliere.grid import hexhex
    assert doctest.testmod(hexhex).failed == 0


def test_boards_that_are_not_grids_are_layouts_too():
    """Pits with stores and tracks (grid/shapes.py) list cells as every layout does."""
    from tavoliere.grid.shapes import pits, track

    bowls = pits(list("FEDCBA"), list("abcdef"), ("north", "south"))
    assert [c["name"] for c in bowls["cells"]] == [*"FEDCBA", *"abcdef", "north", "south"]
    assert all(c.get("radius") or c.get("points") for c in bowls["cells"])
    for cell in bowls["cells"]:
        assert 0 < cell["x"] < bowls["width"] and 0 < cell["y"] < bowls["height"]
    with pytest.raises(ValueError):
        pits(list("abc"), list("abc"))
    line = track(["a", "b", "c"], ["-1", "0", "+1"])
    assert [c["tone"] for c in line["cells"]] == [1, 0, 1] and len(line["labels"]) == 3


@pytest.mark.parametrize("spec, stars", [("go(size=9)", {"c3", "g3", "e5", "c7", "g7"}),
                                         ("go(size=19)", None), ("connect6", None),
                                         ("connect6(size=13)", None)])
def test_go_boards_put_their_stones_where_lines_cross(spec, stars):
    """Go and Connect6 (a Go board, RULES.md 8) are drawn as lines crossing at the points,
    not as squares: each point lies on one row line and one column line, from edge to edge,
    and the star points are dotted (9x9: the usual five; larger boards: nine)."""
    from tavoliere import load_game
    layout = load_game(spec).layout()
    cells = layout["cells"]
    side = round(len(cells) ** 0.5)
    assert len(layout["lines"]) == 2 * side
    for cell in cells:
        across = [l for l in layout["lines"] if l[0][1] == l[1][1] == cell["y"]]
        down = [l for l in layout["lines"] if l[0][0] == l[1][0] == cell["x"]]
        assert len(across) == len(down) == 1
        assert across[0][0][0] <= cell["x"] <= across[0][1][0]
    by_centre = {(c["x"], c["y"]): c["name"] for c in cells}
    dotted = {by_centre[tuple(d)] for d in layout["dots"]}
    assert dotted == stars if stars else len(dotted) == 9
    assert {cell["tone"] for cell in cells} == {0}


def test_racks_of_slots_are_centred_in_order_and_apart():
    """Racks (grid/shapes.py, Dadi's dice waiting to be placed) are a shape any game may use:
    each group a row of squares in the order named, the first in its own tone, the row
    centred across the board, groups apart."""
    from tavoliere.grid.shapes import racks
    cells = racks([["p0t", "p0d1", "p0d2"], ["p1t", "p1d1", "p1d2"]], y=1.0, width=10.0, unit=1.0)
    assert [c["name"] for c in cells] == ["p0t", "p0d1", "p0d2", "p1t", "p1d1", "p1d2"]
    assert [c["tone"] for c in cells] == [3, 2, 2, 3, 2, 2]
    xs = [c["x"] for c in cells]
    assert xs == sorted(xs) and abs((xs[0] + xs[-1]) / 2 - 5.0) < 1e-9
    assert xs[3] - xs[2] == pytest.approx(1.4)       # one unit plus the gap between racks
    assert all(c["y"] == 1.5 for c in cells)
