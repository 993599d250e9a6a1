"""Go written straight from the rule text (shared/RULES.md section 13), to check the engine
against.  Slow and plain on purpose: it shares no code with ``tavoliere``.

A position is a dict (see ``new_game``); a board is a dict point name -> "B" or "W" for the
stones on it, compared as a frozenset of its items.  Moves are names: ``c3``, ``pass``,
``dead``, ``dead:c3,c4``, ``accept``, ``resume``.

The one thing not written here is the computer's estimate of the dead stones (13.3.6: a
heuristic, not a rule): ``legal_moves`` takes it from the caller as a list of point names.
"""

from reference.perft import count as perft_count

LETTERS = "abcdefghjklmnopqrst"          # "the letter i skipped"
OTHER = {"B": "W", "W": "B"}


def new_game(size=9, scoring="territory", ko="simple", komi=None, handicap=0,
             max_plies=None, black=(), white=(), to_move=None, prisoners=(0, 0)):
    """The start: an empty board, or Black's handicap stones, or a set-up (13.7)."""
    stones = {name: "B" for name in black}
    stones.update({name: "W" for name in white})
    stones.update({name: "B" for name in handicap_points(size, handicap)})
    if komi is None:      # "default 6.5 (territory) or 7.5 (area); 0.5 in handicap games"
        komi = 0.5 if handicap else (7.5 if scoring == "area" else 6.5)
    if to_move is None:   # "Black moves first"; "then White makes the first ply"
        to_move = "W" if handicap else "B"
    return {"size": size, "scoring": scoring, "ko": ko, "komi": komi, "handicap": handicap,
            "max_plies": max_plies or 4 * size * size, "stones": stones, "to_move": to_move,
            "prisoners": {"B": prisoners[0], "W": prisoners[1]}, "phase": "play",
            "plies": 0, "boards": [frozen(stones)], "boards_by_ply": [frozen(stones)], "created": [], "plays_since_resume": None,
            "last_two": [], "proposal": None, "proposals": 0, "result": None}


def handicap_points(size, n):
    """13.5: 19x19 "N = 2-4 takes the first N of d4 q16 d16 q4; 5 = those four + k10; 6 =
    the four + d10 q10; 7 = those six + k10; 8 = those six + k4 k16; 9 = all nine"; 13x13 on
    columns d/g/k and rows 4/7/10; 9x9 on columns c/e/g and rows 3/5/7."""
    if n == 0:
        return []
    low, mid, high = {19: ("d", "k", "q"), 13: ("d", "g", "k"), 9: ("c", "e", "g")}[size]
    r_low, r_mid, r_high = {19: (4, 10, 16), 13: (4, 7, 10), 9: (3, 5, 7)}[size]
    four = [f"{low}{r_low}", f"{high}{r_high}", f"{low}{r_high}", f"{high}{r_low}"]
    centre = f"{mid}{r_mid}"
    sides = [f"{low}{r_mid}", f"{high}{r_mid}"]
    ends = [f"{mid}{r_low}", f"{mid}{r_high}"]
    return {2: four[:2], 3: four[:3], 4: four, 5: four + [centre], 6: four + sides,
            7: four + sides + [centre], 8: four + sides + ends,
            9: four + sides + ends + [centre]}[n]


def frozen(stones):
    return frozenset(stones.items())


def points(size):
    """Every point, in ascending name order: by column letter, then row number."""
    return [f"{LETTERS[x]}{y + 1}" for x in range(size) for y in range(size)]


def neighbours(size, name):
    x, y = LETTERS.index(name[0]), int(name[1:]) - 1
    out = []
    for nx, ny in ((x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)):
        if 0 <= nx < size and 0 <= ny < size:
            out.append(f"{LETTERS[nx]}{ny + 1}")
    return out


def chain(size, stones, name):
    """"a maximal set of same-coloured stones joined orthogonally" """
    colour, found, todo = stones[name], {name}, [name]
    while todo:
        for n in neighbours(size, todo.pop()):
            if stones.get(n) == colour and n not in found:
                found.add(n)
                todo.append(n)
    return found


def liberties(size, stones, group):
    """"the empty cells orthogonally next to it" """
    return {n for s in group for n in neighbours(size, s) if n not in stones}


def try_play(pos, name):
    """The stones after the mover plays ``name`` and the number captured, or None when the
    play is illegal by 13.2.4-6 (occupied, suicide, ko)."""
    size, colour = pos["size"], pos["to_move"]
    if name in pos["stones"]:
        return None
    stones = dict(pos["stones"])
    stones[name] = colour
    captured = set()
    # "After a play, every opponent chain with no liberty is removed"
    for n in neighbours(size, name):
        if stones.get(n) == OTHER[colour]:
            group = chain(size, stones, n)
            if not liberties(size, stones, group):
                captured |= group
    for s in captured:
        del stones[s]
    # "after the captures, the played stone's own chain must have a liberty"
    if not liberties(size, stones, chain(size, stones, name)):
        return None
    board = frozen(stones)
    if pos["ko"] == "simple":
        # "may not make the board identical to the board just before the previous ply"
        if len(pos["boards_by_ply"]) >= 2 and board == pos["boards_by_ply"][-2]:
            return None
    elif board in pos["boards"]:   # superko: "identical to any earlier board of the game"
        return None
    return stones, len(captured)


def legal_moves(pos, estimate=()):
    if pos["result"] is not None:
        return []
    if pos["phase"] == "marking":
        moves = []
        if pos["proposals"] < 4:     # "At most 4 proposals per marking phase"
            proposal = "dead:" + ",".join(estimate) if estimate else "dead"
            moves += [proposal] if not estimate else [proposal, "dead"]
        if pos["proposal"] is not None:
            moves.append("accept")
        return moves + ["resume"]
    return [p for p in points(pos["size"]) if try_play(pos, p) is not None] + ["pass"]


def copy(pos):
    out = dict(pos)
    for key in ("stones", "prisoners"):
        out[key] = dict(pos[key])
    for key in ("boards", "created", "last_two", "boards_by_ply"):
        out[key] = list(pos[key])
    if pos["plays_since_resume"] is not None:
        out["plays_since_resume"] = list(pos["plays_since_resume"])
    return out


def play(pos, move):
    pos = copy(pos)
    mover = pos["to_move"]
    pos["plies"] += 1
    over_limit = pos["plies"] >= pos["max_plies"]
    pos["to_move"] = OTHER[mover]
    if move == "pass":
        pos["last_two"] = (pos["last_two"] + ["pass"])[-2:]
        if pos["plays_since_resume"] is not None:
            pos["plays_since_resume"].append("pass")
            # "the first two plies after resume are both passes" -> scored as is
            if pos["plays_since_resume"] == ["pass", "pass"]:
                return finish(pos, [])
        if pos["last_two"] == ["pass", "pass"] or over_limit:
            start_marking(pos)
        pos["boards_by_ply"].append(frozen(pos["stones"]))
        return pos
    if move in ("accept", "resume") or move.startswith("dead"):
        if move == "accept":
            return finish(pos, pos["proposal"])
        if move == "resume":
            # "a resume made when the count is already at or over the limit ends the game"
            if pos["plies"] - 1 >= pos["max_plies"]:
                return finish(pos, [])
            pos["phase"], pos["proposal"], pos["proposals"] = "play", None, 0
            pos["last_two"], pos["plays_since_resume"] = [], []
        else:
            pos["proposal"] = move[5:].split(",") if ":" in move else []
            pos["proposals"] += 1
        pos["boards_by_ply"].append(frozen(pos["stones"]))
        return pos
    stones, captured = try_play(dict(pos, to_move=mover), move)
    pos["stones"] = stones
    pos["prisoners"][mover] += captured
    pos["last_two"] = (pos["last_two"] + [move])[-2:]
    if pos["plays_since_resume"] is not None:
        pos["plays_since_resume"].append(move)
    board = frozen(stones)
    pos["boards"].append(board)
    pos["boards_by_ply"].append(board)
    key = (board, pos["to_move"])
    # "a play creates a board that, with the same player to move, two earlier plays already
    # created": a draw
    if pos["ko"] == "simple" and pos["created"].count(key) >= 2:
        pos["created"].append(key)
        pos["result"] = (None, "long-cycle", ())
        pos["phase"] = "over"
        return pos
    pos["created"].append(key)
    if over_limit:
        start_marking(pos)
    return pos


def start_marking(pos):
    pos["phase"], pos["proposal"], pos["proposals"] = "marking", None, 0
    pos["last_two"], pos["plays_since_resume"] = [], None


def finish(pos, dead):
    """"the listed stones are removed and, under territory scoring, added to the captor's
    prisoners; then the count" """
    for name in dead:
        pos["prisoners"][OTHER[pos["stones"].pop(name)]] += 1
    black, white = count(pos)
    winner = None if black == white else ("B" if black > white else "W")
    pos["result"] = (winner, "score", (black, white))
    pos["phase"] = "over"
    return pos


def regions(pos):
    """"a maximal orthogonally connected set of empty cells", with the colours it reaches"""
    size, stones = pos["size"], pos["stones"]
    seen, out = set(), []
    for p in points(size):
        if p in stones or p in seen:
            continue
        region, todo, reaches = {p}, [p], set()
        while todo:
            for n in neighbours(size, todo.pop()):
                if n in stones:
                    reaches.add(stones[n])
                elif n not in region:
                    region.add(n)
                    todo.append(n)
        seen |= region
        out.append((region, reaches))
    return out


def is_seki_point(pos, point):
    """"a dame cell where a stone of either colour would capture nothing and leave its own
    chain with fewer than two liberties" """
    size = pos["size"]
    for colour in "BW":
        stones = dict(pos["stones"])
        stones[point] = colour
        for n in neighbours(size, point):
            if stones.get(n) == OTHER[colour] and not liberties(size, stones, chain(size, stones, n)):
                return False          # it would capture
        if len(liberties(size, stones, chain(size, stones, point))) >= 2:
            return False
    return True


def count(pos):
    size, stones = pos["size"], pos["stones"]
    score = {"B": 0, "W": pos["komi"]}
    if pos["scoring"] == "area":
        # "stones on the board + empty cells of the regions reaching only that colour"
        for colour in stones.values():
            score[colour] += 1
        for region, reaches in regions(pos):
            if len(reaches) == 1:
                score[reaches.pop()] += len(region)
        if pos["handicap"] >= 2:      # "White also adds N - 1"
            score["W"] += pos["handicap"] - 1
        return score["B"], score["W"]
    seki = set()
    for region, reaches in regions(pos):
        if reaches == {"B", "W"}:
            for point in region:
                if is_seki_point(pos, point):
                    for n in neighbours(size, point):
                        if n in stones:
                            seki |= chain(size, stones, n)    # "in seki"
    for region, reaches in regions(pos):
        touches_seki = any(n in seki for p in region for n in neighbours(size, p))
        if len(reaches) == 1 and not touches_seki:
            score[reaches.pop()] += len(region)
    return score["B"] + pos["prisoners"]["B"], score["W"] + pos["prisoners"]["W"]


def perft(pos, depth):
    return perft_count(legal_moves, play, pos, depth)
