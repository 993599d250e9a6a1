"""A slow, obviously correct Ghost written straight from RULES.md section 14, sharing no code
with ``tavoliere``.

A position is a dict: ``ghosts`` {cell name: (side, colour)} with side "W"/"B" and colour
"good"/"bad", ``setups`` (how many set-up plies were made), ``turn`` ("W"/"B", or None while
the first player is still to be drawn), ``moves`` (moves made, set-ups not counted), ``lost``
{side: {"good": n, "bad": n}} and ``result`` (None, or (winner "W"/"B"/None, why)).  Moves
are texts in the notation of 14.1.
"""

from itertools import combinations

from reference.perft import count as perft_count

FILES = "abcdef"
# "Home cells: White b1–e1 and b2–e2; Black b5–e5 and b6–e6."
HOMES = {"W": [f + r for f in "bcde" for r in "12"], "B": [f + r for f in "bcde" for r in "56"]}
# "White's good ghosts leave from a6 and f6; Black's from a1 and f1."
EXITS = {"W": ("a6", "f6"), "B": ("a1", "f1")}
OTHER = {"W": "B", "B": "W"}


def new_game(first="W", max_plies=300):
    return {"ghosts": {}, "setups": 0, "turn": None, "first": first, "moves": 0,
            "lost": {"W": {"good": 0, "bad": 0}, "B": {"good": 0, "bad": 0}},
            "result": None, "max_plies": max_plies}


def whose_ply(pos):
    """"The set-ups are the first two plies: White's, then Black's."  Then "White moves
    first" (or the option's first player); "players alternate"."""
    if pos["setups"] < 2:
        return "WB"[pos["setups"]]
    return pos["turn"]


def neighbours(cell):
    """"orthogonal adjacency only"."""
    f, r = FILES.index(cell[0]), int(cell[1])
    out = []
    for df, dr in ((0, 1), (0, -1), (1, 0), (-1, 0)):
        if 0 <= f + df < 6 and 1 <= r + dr <= 6:
            out.append(FILES[f + df] + str(r + dr))
    return out


def legal(pos):
    if pos["result"] is not None:
        return []
    side = whose_ply(pos)
    if side is None:
        return ["first=white", "first=black"]
    if pos["setups"] < 2:
        # "He ... chooses freely which 4 are bad"; written "ascending (letter, then row)".
        return sorted("".join(sorted(c)) for c in combinations(HOMES[side], 4))
    out = []
    for cell, (owner, colour) in pos["ghosts"].items():
        if owner != side:
            continue
        for to in neighbours(cell):
            here = pos["ghosts"].get(to)
            if here is None:
                out.append(f"{cell}-{to}")           # "Step ... a cell that does not hold one of his own"
            elif here[0] != side:
                out.append(f"{cell}x{to}")           # "Capture: ... an opposing ghost"
        # "a good ghost that stands on one of the opponent's two corner cells ... may leave"
        if colour == "good" and cell in EXITS[side]:
            out.append(f"{cell}-out")
    return sorted(out)


def play(pos, move):
    assert move in legal(pos), move
    pos = {**pos, "ghosts": dict(pos["ghosts"]),
           "lost": {s: dict(v) for s, v in pos["lost"].items()}}
    side = whose_ply(pos)
    if side is None:
        pos["turn"] = "W" if move == "first=white" else "B"
        return pos
    if pos["setups"] < 2:
        bad = {move[i:i + 2] for i in range(0, 8, 2)}
        for cell in HOMES[side]:
            pos["ghosts"][cell] = (side, "bad" if cell in bad else "good")
        pos["setups"] += 1
        if pos["setups"] == 2:
            pos["turn"] = {"W": "W", "B": "B", "random": None}[pos["first"]]
        return pos
    pos["moves"] += 1
    pos["turn"] = OTHER[side]
    start, rest = move[:2], move[3:]
    ghost = pos["ghosts"].pop(start)
    if rest == "out":
        pos["result"] = (side, "exit")               # "an exit → the mover wins"
        return pos
    victim = pos["ghosts"].get(rest)
    pos["ghosts"][rest] = ghost
    if victim is not None:
        pos["lost"][victim[0]][victim[1]] += 1
        if pos["lost"][victim[0]]["good"] == 4:      # "fourth good ghost → the mover wins"
            pos["result"] = (side, "fourth-good")
        elif pos["lost"][victim[0]]["bad"] == 4:     # "fourth bad ghost → the opponent wins"
            pos["result"] = (victim[0], "fourth-bad")
    if pos["result"] is None and pos["moves"] >= pos["max_plies"]:
        pos["result"] = (None, "max-plies")          # "number of moves ... reached max_plies → draw"
    return pos


def view(pos, seat):
    """"the colours of his own ghosts: the opponent no, until captured or escaped"."""
    return {cell: (owner, colour if owner == seat else "?")
            for cell, (owner, colour) in pos["ghosts"].items()}


def perft(pos, depth):
    return perft_count(legal, play, pos, depth)
