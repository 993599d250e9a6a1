"""Hekka written straight from the rule text (shared/RULES.md section 2 and the Decisions
table), to check the engine against.  Slow and plain on purpose: it shares no code with
``tavoliere`` (the L-path enumeration comes from the Barrier reference next to it).

A position is a dict like the Barrier reference's, plus ``areas`` (the two start areas as
sets of names), ``max_plies`` and ``seen`` (every position of the game so far, current one
included, as (white, black, obstacles, side to move)).  Moves are names, ``c4`` or
``c4-c5-d5-e5/d5``.
"""

from reference.barrier import l_paths, mover, opponent, xy


def rectangle(files, ranks):
    return {f + str(r) for f in files for r in ranks}


AREA_A = rectangle("abcd", range(2, 5))              # "a4-d2"
AREA_B = {"literal": rectangle("efg", range(5, 8)),   # "e7-g5", read literally
          "symmetric": rectangle("efgh", range(5, 8))}


def new_game(areas="literal", max_plies=500):
    # "The first player (White by default)": Hekka offers no other (RULES.md section 6)
    pos = {"size": 8, "white": None, "black": None, "obstacles": frozenset(), "ply": 0,
           "first": "white", "areas": (AREA_A, AREA_B[areas]), "max_plies": max_plies}
    pos["seen"] = [key(pos)]
    return pos


def key(pos):
    """'the same position (pawns, obstacles, side to move)'"""
    return pos["white"], pos["black"], frozenset(pos["obstacles"]), pos["ply"] % 2


def touches(a, b):
    """Orthogonally or diagonally adjacent."""
    (ax, ay), (bx, by) = xy(a), xy(b)
    return max(abs(ax - bx), abs(ay - by)) == 1


def is_free(pos, cell):
    return cell not in pos["obstacles"] and cell != pos["white"] and cell != pos["black"]


def is_drawn(pos):
    return pos["seen"].count(key(pos)) >= 3 or pos["ply"] >= pos["max_plies"]


def movements(pos):
    """Every (path, removal) the rules allow, draws aside."""
    start, other = pos[mover(pos)], pos[opponent(pos)]
    old = set(pos["obstacles"])
    out = []
    for path in l_paths(start, 8):
        # 'The pawn makes a knight move to an empty square t ... Intermediate squares may
        # hold obstacles or the opponent's pawn.'
        if not is_free(pos, path[3]):
            continue
        # 'Place obstacles on every empty traversed square, starting square included.'
        new = {cell for cell in path[:3] if cell != other and cell not in old}
        # 'C1 = {o in OLD : o is king-adjacent to the opponent's pawn}. If C1 is not empty,
        # the mover removes any one of C1.  Otherwise, if OLD is not empty, any one of OLD.
        # Otherwise any one of NEW.'
        c1 = {o for o in old if touches(o, other)}
        for removed in c1 or old or new:
            out.append((path, removed))
    return out


def legal_moves(pos):
    if pos["ply"] == 0:
        # 'The first player places in area A or area B, at their choice.'
        return sorted(pos["areas"][0] | pos["areas"][1])
    if pos["ply"] == 1:
        # 'The second player must place in any square of the other area.'
        white_area = 0 if pos["white"] in pos["areas"][0] else 1
        return sorted(pos["areas"][1 - white_area])
    if is_drawn(pos):
        return []
    return ["-".join(path) + "/" + removed for path, removed in movements(pos)]


def play(pos, move):
    """The position after the legal move ``move``."""
    assert move in legal_moves(pos), move
    return after(pos, move)


def after(pos, move):
    """The position after ``move``, trusted to be legal."""
    later = dict(pos, ply=pos["ply"] + 1)
    if "/" not in move:
        later[mover(pos)] = move
    else:
        path_text, removed = move.split("/")
        path = path_text.split("-")
        other = pos[opponent(pos)]
        placed = {cell for cell in path[:3] if cell != other}
        later["obstacles"] = (frozenset(pos["obstacles"]) | placed) - {removed}
        later[mover(pos)] = path[3]
    later["seen"] = pos["seen"] + [key(later)]
    return later


def result(pos):
    """None while the game goes on, else (winner, why).  'A player with no empty knight
    destination at the start of their movement turn loses'; the third occurrence of a
    position and reaching max_plies draw (a player who cannot move loses all the same)."""
    if pos["ply"] < 2:
        return None
    if not movements(pos):
        return (1 - pos["ply"] % 2, "stuck")
    if pos["seen"].count(key(pos)) >= 3:
        return (None, "repetition")
    if pos["ply"] >= pos["max_plies"]:
        return (None, "max_plies")
    return None


def pieces(pos):
    """Obstacles are ``block`` pieces, the pawns ``pawn.0`` (White) and ``pawn.1`` (Black)."""
    out = {cell: "block" for cell in pos["obstacles"]}
    for token, colour in (("pawn.0", "white"), ("pawn.1", "black")):
        if pos[colour]:
            out[pos[colour]] = token
    return out


def perft(pos, depth):
    if depth == 0:
        return 1
    return sum(perft(after(pos, move), depth - 1) for move in legal_moves(pos))

