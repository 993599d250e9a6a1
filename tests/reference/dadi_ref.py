"""A slow, obviously correct Dadi written straight from RULES.md section 12, sharing no code
with ``tavoliere``.

A position is a dict:

- ``n``: players; ``side``; ``cells`` {name: (player, value)} of the dice placed;
- ``hand`` {player: list of unplaced values}, ``reserve`` {player: dice not yet rolled},
  ``tokens`` {player: count}, ``supply``;
- ``phase``: "roll" (dice are due: ``roller``, ``count``, ``why`` in "opening" | "batch" |
  "token"), "choose" (``roller`` chooses who begins) or "turn" (``player`` moves);
- ``rolling``: during the opening, the players of this round in seat order, ``done``,
  those who have rolled in it, and ``has_batch``, those whose first batch stands;
- ``player``: whose turn it is once play has started.

Moves are texts in the notation of RULES.md 12.1: ``r122356``, ``d4=3``, ``t3``, ``first=1``.
"""

import random
from functools import cache
from itertools import product

TABLE = {  # "players | board | dice each | batch | void roll | first die"
    2: {"side": 6, "each": 18, "batch": 6, "void": 15, "first": ["c3", "c4", "d3", "d4"]},
    3: {"side": 7, "each": 16, "batch": 4, "void": 10, "first": None},
    4: {"side": 8, "each": 16, "batch": 4, "void": 10, "first": ["d4", "d5", "e4", "e5"]},
}
FILES = "abcdefgh"


def playable_cells(n):
    """"3: 7×7, a1–g7, without d4"."""
    side = TABLE[n]["side"]
    cells = [f + str(r) for r in range(1, side + 1) for f in FILES[:side]]
    return [c for c in cells if not (n == 3 and c == "d4")]


def new_game(n=2, void_rule="every_batch", tiebreak="none"):
    """"In seat order (White, Black, …), each player's first batch is rolled"."""
    return {"n": n, "side": TABLE[n]["side"], "cells": {}, "void_rule": void_rule,
            "tiebreak": tiebreak,
            "hand": {p: [] for p in range(n)}, "reserve": {p: TABLE[n]["each"] for p in range(n)},
            "tokens": {p: 0 for p in range(n)}, "supply": 6,
            "phase": "roll", "roller": 0, "count": TABLE[n]["batch"], "why": "opening",
            "rolling": list(range(n)), "done": [], "has_batch": [], "player": None}


def copy(pos):
    out = dict(pos)
    for key in ("cells", "hand", "reserve", "tokens"):
        out[key] = {k: (list(v) if isinstance(v, list) else v) for k, v in pos[key].items()}
    out["rolling"], out["done"] = list(pos["rolling"]), list(pos["done"])
    out["has_batch"] = list(pos["has_batch"])
    return out


def board_full(pos):
    """"The game ends when the last die is placed; the board is then full"."""
    return len(pos["cells"]) == len(playable_cells(pos["n"]))


def legal(pos):
    """Every legal ply, as texts, sorted."""
    if pos["phase"] == "roll":
        return all_rolls(pos["count"])
    if board_full(pos):
        return []
    if pos["phase"] == "choose":
        return [f"first={k}" for k in range(pos["n"])]
    me = pos["player"]
    values = sorted(set(pos["hand"][me]))
    if not pos["cells"]:
        # "First die of the game: it goes on one of the central cells (2 and 4 players),
        # or anywhere but d4 (3 players)"
        targets = TABLE[pos["n"]]["first"] or playable_cells(pos["n"])
    else:
        targets = [c for c in playable_cells(pos["n"]) if c not in pos["cells"]]
    out = [f"{c}={v}" for c in targets for v in values]
    if pos["tokens"][me] > 0:
        # "A token may be spent only in the mover's own turn, before the placement, and
        # only on one of his unplaced dice"
        out += [f"t{v}" for v in values]
    return sorted(out)


@cache
def all_rolls(count):
    """Every throw of ``count`` dice, its values sorted, each distinct one once."""
    out = set()
    for dice in product(range(1, 7), repeat=count):
        out.add("r" + "".join(str(d) for d in sorted(dice)))
    return sorted(out)


def probability(pos, text):
    """The chance of the roll ``text``: the share of the 6**k ordered throws that sort to it."""
    k = pos["count"]
    hits = sum(1 for dice in product(range(1, 7), repeat=k)
               if "".join(str(d) for d in sorted(dice)) == text[1:])
    return hits / 6 ** k


def start_turn(pos, player):
    """"On his turn the mover: a. first, if he has no unplaced dice and still has dice in
    reserve, has his next batch rolled"."""
    pos["phase"], pos["player"] = "turn", player
    if not pos["hand"][player] and pos["reserve"][player] > 0:
        pos["phase"], pos["roller"], pos["why"] = "roll", player, "batch"
        pos["count"] = TABLE[pos["n"]]["batch"]


def play(pos, text):
    """The position after the legal ply ``text`` (a roll's dice in any order)."""
    if text.startswith("r"):
        text = "r" + "".join(sorted(text[1:]))
    assert text in legal(pos), (text, legal(pos))
    pos = copy(pos)
    n = pos["n"]
    if text.startswith("r"):
        dice = [int(d) for d in text[1:]]
        who = pos["roller"]
        if pos["why"] == "token":
            # "The new value stands, with no void rule for a single die"
            pos["hand"][who].append(dice[0])
            pos["phase"] = "turn"
            return pos
        void = sum(dice) < TABLE[n]["void"]
        if void and (pos["why"] == "opening" or pos["void_rule"] == "every_batch"):
            return pos          # "the next ply rolls again for the same player"
        if pos["why"] == "batch":
            pos["hand"][who] = dice
            pos["reserve"][who] -= len(dice)
            pos["phase"] = "turn"
            return pos
        # the opening: "This opening roll is the player's first batch"; a tie's re-roll
        # "replace[s] their batches"
        if who not in pos["has_batch"]:
            pos["reserve"][who] -= len(dice)
            pos["has_batch"].append(who)
        pos["hand"][who] = dice
        pos["done"].append(who)
        waiting = [p for p in pos["rolling"] if p not in pos["done"]]
        if waiting:
            pos["roller"] = waiting[0]
            return pos
        totals = {p: sum(pos["hand"][p]) for p in pos["rolling"]}
        best = max(totals.values())
        tied = [p for p in pos["rolling"] if totals[p] == best]
        if len(tied) == 1:
            pos["phase"], pos["roller"] = "choose", tied[0]
        else:       # "only the tied players roll again, in seat order"
            pos["rolling"], pos["done"], pos["roller"] = tied, [], tied[0]
        return pos
    if text.startswith("first="):
        start_turn(pos, int(text[6:]))
        return pos
    me = pos["player"]
    if text.startswith("t"):
        value = int(text[1:])
        pos["hand"][me].remove(value)
        pos["tokens"][me] -= 1
        pos["supply"] += 1     # "A spent token returns to the supply"
        pos["phase"], pos["roller"], pos["count"], pos["why"] = "roll", me, 1, "token"
        return pos
    cell, value = text.split("=")
    value = int(value)
    pos["hand"][me].remove(value)
    pos["cells"][cell] = (me, value)
    if value == 6 and pos["supply"] > 0:
        # "When a player places a 6 he takes one token from the supply, if any is left"
        pos["supply"] -= 1
        pos["tokens"][me] += 1
    if not board_full(pos):
        start_turn(pos, (me + 1) % n)     # "Turns go in seat order"
    return pos


def lines(pos):
    side = pos["side"]
    rows = [[f + str(r) for f in FILES[:side]] for r in range(1, side + 1)]
    cols = [[f + str(r) for r in range(1, side + 1)] for f in FILES[:side]]
    return rows + cols


def scores(pos):
    """"the player with the lowest sum wins the line and scores that sum; if the lowest sum
    is shared by two or more players, nobody scores the line"."""
    points = {p: 0 for p in range(pos["n"])}
    won = {p: 0 for p in range(pos["n"])}
    for line in lines(pos):
        sums = {}
        for cell in line:
            if cell in pos["cells"]:
                who, value = pos["cells"][cell]
                sums[who] = sums.get(who, 0) + value
        low = min(sums.values())
        holders = [p for p in sums if sums[p] == low]
        if len(holders) == 1:
            points[holders[0]] += low
            won[holders[0]] += 1
    return points, won


def result(pos):
    """None while the game goes on; else (winner or None, points as a list)."""
    if pos["phase"] == "roll" or not board_full(pos):
        return None
    points, won = scores(pos)
    best = max(points.values())
    top = [p for p in points if points[p] == best]
    if len(top) > 1 and pos["tiebreak"] == "lines":
        most = max(won[p] for p in top)
        top = [p for p in top if won[p] == most]
    winner = top[0] if len(top) == 1 else None
    return winner, [points[p] for p in range(pos["n"])]


def to_move(pos):
    """"chance" at a roll, else the player who moves."""
    if pos["phase"] == "roll":
        return "chance"
    return pos["roller"] if pos["phase"] == "choose" else pos["player"]


def random_roll(pos, rng: random.Random):
    return "r" + "".join(str(d) for d in sorted(rng.randint(1, 6) for _ in range(pos["count"])))
