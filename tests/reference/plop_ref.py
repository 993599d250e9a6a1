"""Pferdeäppel / Plop written straight from the rule text (shared/RULES.md section 15), to
check the engine against.  Slow and plain on purpose: it shares no code with ``tavoliere``.

A position is a dict: ``white`` and ``brown`` are the horses' squares (equal after a catch),
``apples`` maps a square to "brown" or "golden" (in the trail variant, every closed square
to "trail"), ``to_move`` is "W" or "B", ``brown_left`` and ``golden_left`` count the supply,
``variant`` is "classic" or "trail" and ``match`` says whether the round belongs to a match
(its end rules differ).  One position is one round.  Moves are names: ``g3``, ``g3/e5``.
"""

from reference.perft import count as perft_count

FILES = "abcdefgh"
ALL_SQUARES = [f + str(r) for r in range(1, 9) for f in FILES]
# 15.1: "White starts on h1, Brown on a8."  "Supply: 28 brown and 12 golden apples."
# "Set-up: one brown apple lies under each horse, so 26 brown remain."


def start(variant="classic", match=False):
    apples = {} if variant == "trail" else {"h1": "brown", "a8": "brown"}
    return {"white": "h1", "brown": "a8", "apples": apples, "to_move": "W",
            "brown_left": 26, "golden_left": 12, "variant": variant, "match": match}


def make_position(white, brown, marked=(), to_move="W", brown_left=26, golden_played=0,
                  variant="classic", match=False):
    apples = {name: ("trail" if variant == "trail" else "brown") for name in marked}
    if variant != "trail":
        apples[white] = apples[brown] = "brown"
    return {"white": white, "brown": brown, "apples": apples, "to_move": to_move,
            "brown_left": brown_left, "golden_left": 12 - golden_played, "variant": variant,
            "match": match}


def knight_moves(square):
    """The squares a chess knight's move away, on the board."""
    x, y = FILES.index(square[0]), int(square[1:]) - 1
    out = []
    for dx, dy in ((1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)):
        if 0 <= x + dx < 8 and 0 <= y + dy < 8:
            out.append(FILES[x + dx] + str(y + dy + 1))
    return out


def safe_squares(white, brown, apples):
    """15.1: "a square a knight's move from White that is not marked and not a knight's move
    from Brown"."""
    return [s for s in knight_moves(white)
            if s not in apples and s not in knight_moves(brown)]


def golden_played(pos):
    return 12 - pos["golden_left"]


def moved(pos, square):
    """The horse to move on ``square``, nothing else changed."""
    new = dict(pos, apples=dict(pos["apples"]))
    new["white" if pos["to_move"] == "W" else "brown"] = square
    return new


def drop(pos, square):
    """15.2.3: "the next apple of the supply goes onto the horse's new square. It is brown
    while any brown remain, otherwise golden"."""
    if pos["brown_left"]:
        pos["apples"][square] = "brown"
        pos["brown_left"] -= 1
    else:
        pos["apples"][square] = "golden"
        pos["golden_left"] -= 1


def round_over(pos):
    return result(pos) is not None


def legal_moves(pos):
    if result(pos) is not None:
        return []
    return candidate_moves(pos)


def candidate_moves(pos):
    me = pos["white"] if pos["to_move"] == "W" else pos["brown"]
    other = pos["brown"] if pos["to_move"] == "W" else pos["white"]
    out = []
    for target in knight_moves(me):
        if pos["variant"] == "trail":
            # 15.4: "A horse may move to an unmarked square, or onto the opposing horse".
            if target not in pos["apples"]:
                out.append(target)
            continue
        if pos["to_move"] == "B" and target == other:
            out.append(target)     # "Brown may also move onto White's square: the catch"
            continue
        if target in pos["apples"]:
            continue               # "a knight's move to an unmarked square"
        out.append(target)
        after = moved(pos, target)
        drop(after, target)
        if after["brown_left"] + after["golden_left"] == 0:
            continue               # no apple is left for an extra
        if not pos["match"] and golden_played(after) > 0:
            continue               # a golden mandatory apple ends the single game at once
        safe = safe_squares(after["white"], after["brown"], after["apples"])
        if pos["to_move"] == "B" and not safe:
            continue               # "as soon as White has no safe square after Brown's mandatory apple"
        for square in ALL_SQUARES:
            # 15.2.4: "on any square with no apple and no horse ... not on White's only
            # remaining safe square"
            if square in after["apples"] or square in (after["white"], after["brown"]):
                continue
            if safe == [square]:
                continue
            out.append(target + "/" + square)
    return out


def play(pos, name):
    target, _, extra = name.partition("/")
    if pos["variant"] == "trail":
        new = moved(pos, target)
        left = pos["white"] if pos["to_move"] == "W" else pos["brown"]
        new["apples"][left] = "trail"  # "the square it left is marked"
    else:
        catch = pos["to_move"] == "B" and target == pos["white"]
        new = moved(pos, target)
        if not catch:                  # "Catch: the game ends at once. No apple is dropped"
            drop(new, target)
            if extra:
                drop(new, extra)
    new["to_move"] = "B" if pos["to_move"] == "W" else "W"
    return new


def caught(pos):
    """15.3: "If brown apples remain in the supply, Brown wins and scores the brown apples
    left.  If none remain and no golden apple has been played, the game is a draw.  If a
    golden apple has been played, White has already won ... and scores the golden apples
    played." """
    if pos["brown_left"]:
        return ("B", 0, pos["brown_left"])
    if golden_played(pos):
        return ("W", golden_played(pos), 0)
    return (None, 0, 0)


def result(pos):
    """None while the round goes on, else (winner "W"/"B"/None, White's points, Brown's)."""
    if pos["variant"] == "trail":
        mover = pos["to_move"]
        if pos["white"] == pos["brown"]:
            return ("B" if mover == "W" else "W", 0, 0)   # the last mover captured
        if not candidate_moves(pos):
            return ("B" if mover == "W" else "W", 0, 0)   # "no legal move ... loses"
        return None
    if pos["white"] == pos["brown"]:
        return caught(pos)
    if pos["match"]:
        if pos["golden_left"] == 0:    # "right after the 12th golden apple is placed"
            if safe_squares(pos["white"], pos["brown"], pos["apples"]):
                return ("W", 24, 0)
            return ("W", 12, 0)
    elif golden_played(pos):           # "when any golden apple is placed ... White wins"
        return ("W", golden_played(pos), 0)
    if pos["to_move"] == "W" and not safe_squares(pos["white"], pos["brown"], pos["apples"]):
        return caught(pos)
    if pos["to_move"] == "B" and not candidate_moves(pos):
        return ("W", 24, 0)            # "Brown blocked ... White wins with 24 points"
    return None


def perft(pos, depth):
    return perft_count(legal_moves, play, pos, depth)
