"""Damone italiano written straight from the rule text (shared/RULES.md section 9), to check
the engine against.  Slow and plain on purpose: it shares no code with ``tavoliere``.

A position is a dict: ``pieces`` maps a square name to (colour, rank) with colour "W" or
"B" and rank "P" (pedina), "D" (dama) or "I" (damone, "imperatore"); ``to_move`` is "W" or
"B"; ``seen`` lists every position (pieces, side to move) since the last capture, this one
included; ``quiet`` counts the plies since the last capture; ``options`` holds ``win``,
``repetition_draw`` and ``no_capture_plies``.  Moves are names: ``f3-e4``, ``e2xc4xa6``.
"""

from reference.perft import count as perft_count

FILES = "abcdefgh"
RANK_ORDER = {"P": 1, "D": 2, "I": 3}
# 9.1: "NW = (-1,+1) towards a8, NE = (+1,+1), SW = (-1,-1), SE = (+1,-1) towards h1."
NW, NE, SW, SE = (-1, 1), (1, 1), (-1, -1), (1, -1)
# "White pedine NW, NE, SW; Black pedine SE, NE, SW.  Dame and damoni use all four directions."
PEDINA_DIRECTIONS = {"W": [NW, NE, SW], "B": [SE, NE, SW]}
ALL_DIRECTIONS = [NW, NE, SW, SE]
# 9.3: "White pedina -> dama on a6 or c8; Black pedina -> dama on f1 or h3.
#       White dama -> damone on a8; Black dama -> damone on h1."
PROMOTIONS = {("W", "P"): ({"a6", "c8"}, "D"), ("W", "D"): ({"a8"}, "I"),
              ("B", "P"): ({"f1", "h3"}, "D"), ("B", "D"): ({"h1"}, "I")}
# 9.1: "White: damone h1; dame f1, h3; pedine d1, e2, f3, g4, h5.
#       Black: damone a8; dame a6, c8; pedine a4, b5, c6, d7, e8."
WHITE_START = {"h1": "I", "f1": "D", "h3": "D", "d1": "P", "e2": "P", "f3": "P", "g4": "P", "h5": "P"}
BLACK_START = {"a8": "I", "a6": "D", "c8": "D", "a4": "P", "b5": "P", "c6": "P", "d7": "P", "e8": "P"}
DEFAULTS = {"win": "all", "repetition_draw": True, "no_capture_plies": 80}


def xy(name):
    return FILES.index(name[0]) + 1, int(name[1:])


def square(x, y):
    """The square at column x, row y (a1 is 1, 1), or None off the board."""
    if 1 <= x <= 8 and 1 <= y <= 8:
        return FILES[x - 1] + str(y)
    return None


def is_dark(name):
    """"Play uses only the dark squares, those where (column number + row number) is odd"."""
    x, y = xy(name)
    return (x + y) % 2 == 1


def shifted(name, direction, times=1):
    x, y = xy(name)
    return square(x + direction[0] * times, y + direction[1] * times)


def other(colour):
    return "B" if colour == "W" else "W"


def key(pieces, to_move):
    return (tuple(sorted(pieces.items())), to_move)


def make_position(pieces, to_move="W", **options):
    return {"pieces": dict(pieces), "to_move": to_move, "seen": [key(pieces, to_move)],
            "quiet": 0, "options": {**DEFAULTS, **options}}


def new_game(**options):
    pieces = {name: ("W", rank) for name, rank in WHITE_START.items()}
    pieces.update({name: ("B", rank) for name, rank in BLACK_START.items()})
    return make_position(pieces, "W", **options)


def directions(colour, rank):
    return PEDINA_DIRECTIONS[colour] if rank == "P" else ALL_DIRECTIONS


def may_capture(rank, victim_rank):
    """"a pedina captures only pedine; a dama captures dame and pedine; a damone captures
    everything" """
    return RANK_ORDER[victim_rank] <= RANK_ORDER[rank]


def sequences(pieces, start):
    """Every capture sequence of the piece on ``start`` that cannot go on: lists of landing
    squares, each with the list of captured squares.  "Captured pieces stay on the board
    until the sequence ends, so no piece can be jumped twice and no jump may land on a
    captured piece's square.  The capturer's starting square counts as empty." """
    colour, rank = pieces[start]
    occupied = {name: piece for name, piece in pieces.items() if name != start}
    done = []

    def walk(here, landings, captured):
        went_on = False
        for direction in directions(colour, rank):
            over, land = shifted(here, direction), shifted(here, direction, 2)
            if over is None or land is None or over not in occupied or over in captured:
                continue
            victim_colour, victim_rank = occupied[over]
            if victim_colour == colour or not may_capture(rank, victim_rank):
                continue
            if land in occupied:  # captured pieces still stand there too
                continue
            went_on = True
            walk(land, landings + [land], captured + [over])
        if not went_on and captured:
            done.append((landings, captured))

    walk(start, [start], [])
    return done


def priority(pieces, start, captured):
    """"1. most pieces; 2. the higher-ranked capturing piece; 3. the higher-ranked highest
    captured piece; 4. more damoni captured, then more dame captured" """
    ranks = [pieces[name][1] for name in captured]
    return (len(captured), RANK_ORDER[pieces[start][1]], max(RANK_ORDER[r] for r in ranks),
            ranks.count("I"), ranks.count("D"))


def all_moves(pos):
    """The moves the capture and movement rules allow, before the end-of-game rules."""
    pieces, colour = pos["pieces"], pos["to_move"]
    mine = [name for name, (c, _) in pieces.items() if c == colour]
    captures = []
    for start in mine:
        for landings, captured in sequences(pieces, start):
            captures.append((priority(pieces, start, captured), "x".join(landings)))
    if captures:  # "if any capture exists, the mover must capture, and a step is illegal"
        best = max(p for p, _ in captures)
        return [name for p, name in captures if p == best]
    steps = []
    for start in mine:
        for direction in directions(*pieces[start]):
            target = shifted(start, direction)
            if target is not None and target not in pieces:
                steps.append(f"{start}-{target}")
    return steps


def has_damone(pos, colour):
    return (colour, "I") in pos["pieces"].values()


def result(pos):
    """(winner "W"/"B"/None, reason) or None while the game goes on.  "first the player to
    move with no legal move loses; only otherwise do the draw rules (a), (b) apply" """
    colour = pos["to_move"]
    if pos["options"]["win"] == "damone" and not has_damone(pos, colour):
        return other(colour), "no-damone"
    if not all_moves(pos):
        has_pieces = any(c == colour for c, _ in pos["pieces"].values())
        return other(colour), "no-moves" if has_pieces else "no-pieces"
    if pos["options"]["repetition_draw"] and pos["seen"].count(pos["seen"][-1]) >= 3:
        return None, "repetition"
    limit = pos["options"]["no_capture_plies"]
    if limit and pos["quiet"] >= limit:
        return None, "no-capture"
    return None


def legal_moves(pos):
    return [] if result(pos) else all_moves(pos)


def play(pos, name):
    pieces = dict(pos["pieces"])
    capture = "x" in name
    landings = name.split("x" if capture else "-")
    colour, rank = pieces.pop(landings[0])
    for here, there in zip(landings, landings[1:]):
        if capture:  # "The captured squares are the midpoints."
            (x1, y1), (x2, y2) = xy(here), xy(there)
            del pieces[square((x1 + x2) // 2, (y1 + y2) // 2)]
    end = landings[-1]
    squares, promoted = PROMOTIONS.get((colour, rank), (set(), rank))
    pieces[end] = (colour, promoted if end in squares else rank)
    to_move = other(colour)
    seen = [key(pieces, to_move)] if capture else pos["seen"] + [key(pieces, to_move)]
    return {"pieces": pieces, "to_move": to_move, "seen": seen,
            "quiet": 0 if capture else pos["quiet"] + 1, "options": pos["options"]}


def pieces_tokens(pos):
    shapes = {"P": "stone", "D": "crowned", "I": "double-crowned"}
    return {name: f"{shapes[rank]}.{0 if colour == 'W' else 1}"
            for name, (colour, rank) in pos["pieces"].items()}


def perft(pos, depth):
    return perft_count(legal_moves, play, pos, depth)
