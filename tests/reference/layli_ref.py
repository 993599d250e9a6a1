"""Layli Goobalay written straight from the rule text (shared/RULES.md section 10), to check
the engine against.  Slow and plain on purpose: seeds are sown one at a time, pits are named
by (side, letter), and it shares no code with ``tavoliere``.

A position is a dict: ``pits`` {(side, letter): seeds}, ``uur`` {(side, letter): owner side},
``captured`` {side: seeds}, ``aside`` {side: seeds}, ``to_move`` ("S" or "N"), ``round``,
``first`` (who moved first in round 1), ``match`` and ``max_rounds``, and ``result`` (None,
or ("S" | "N" | None, reason) once the game is over).  Moves are letters.
"""

from reference.perft import count as perft_count

LETTERS = "abcdef"
# "Sowing order (counter-clockwise): S a -> ... -> S f -> N a -> ... -> N f -> S a ..."
ORDER = [("S", letter) for letter in LETTERS] + [("N", letter) for letter in LETTERS]


def other(side):
    return "N" if side == "S" else "S"


NEXT = {pit: ORDER[(i + 1) % len(ORDER)] for i, pit in enumerate(ORDER)}


def following(pit):
    return NEXT[pit]


def facing(pit):
    """"The pit opposite a player's x is the opponent's pit with the mirrored letter:
    a<->f, b<->e, c<->d." """
    side, letter = pit
    return other(side), LETTERS[5 - LETTERS.index(letter)]


def new_game(first="S", match=False, max_rounds=20):
    """"48 seeds, 4 in every pit at the start."  South moves first unless ``first``."""
    return {"pits": {pit: 4 for pit in ORDER}, "uur": {}, "captured": {"S": 0, "N": 0},
            "aside": {"S": 0, "N": 0}, "to_move": first, "round": 1, "first": first,
            "match": match, "max_rounds": max_rounds, "result": None}


def lifts(pits, uur, pit):
    """Sow from ``pit`` and relay, changing ``pits``: yields the state at each lift (all pit
    contents, and the pit about to be lifted), and returns L, the pit of the last seed."""
    while True:
        yield tuple(pits[p] for p in ORDER), pit
        hand, pits[pit] = pits[pit], 0
        where = pit
        held_before = None
        while hand:
            # "Sow them one per pit into the following pits in sowing order, skipping none."
            where = following(where)
            held_before = pits[where]
            pits[where] += 1
            hand -= 1
        # "Stop: the move stops when L was empty (it now holds 1) or L is an Uur."
        if held_before == 0 or where in uur:
            return where
        # "Relay: if L held seeds before this seed and is not an Uur, lift all the seeds of L"
        pit = where


def sow(pos, letter):
    """The pits, the Uurs and the seeds captured after the mover sows ``letter``, or None when
    the relay never stops: "record the state (all pit contents, and the pit about to be
    lifted) at each lift.  If a state repeats, the relay is periodic and never stops." """
    mover = pos["to_move"]
    pits, uur = dict(pos["pits"]), dict(pos["uur"])
    relay = lifts(pits, uur, (mover, letter))
    seen = set()
    try:
        while True:
            state = next(relay)
            if state in seen:
                return None
            seen.add(state)
    except StopIteration as stop:
        last = stop.value
    gain = capture(pits, uur, mover, last)
    return pits, uur, gain


def capture(pits, uur, mover, last):
    """"Capture, at the stop only."  Changes ``pits`` and ``uur``; returns the seeds taken."""
    if last[0] != mover or last in uur:
        return 0
    across = facing(last)
    k = pits[across]
    if k == 0 or across in uur:
        return 0
    if k == 3:
        # "one seed moves from the opposite pit into L, so both hold 2.  Both pits become
        # Uurs owned by the mover"
        pits[across] -= 1
        pits[last] += 1
        uur[across] = uur[last] = mover
        return 0
    # "the mover captures those k seeds plus the 1 seed in L; both pits become empty"
    gain = k + pits[last]
    pits[across] = pits[last] = 0
    return gain


def legal(pos):
    """"Choose a pit in your own row that is not empty and is not an Uur", whose relay ends."""
    if pos["result"] is not None:
        return []
    mover = pos["to_move"]
    return [letter for letter in LETTERS
            if pos["pits"][(mover, letter)] and (mover, letter) not in pos["uur"]
            and sow(pos, letter) is not None]


def round_scores(pos):
    """"the seeds he captured; the contents of the Uurs he owns, in either row; the seeds in
    the non-Uur pits of his own row." """
    scores = {}
    for side in "SN":
        own_row = sum(n for (s, l), n in pos["pits"].items() if s == side and (s, l) not in pos["uur"])
        own_uurs = sum(pos["pits"][pit] for pit, owner in pos["uur"].items() if owner == side)
        scores[side] = pos["captured"][side] + own_row + own_uurs
    return scores


def play(pos, letter):
    pits, uur, gain = sow(pos, letter)
    mover = pos["to_move"]
    captured = dict(pos["captured"])
    captured[mover] += gain
    pos = {**pos, "pits": pits, "uur": uur, "captured": captured, "to_move": other(mover)}
    return end_rounds(pos)


def end_rounds(pos):
    """"The round ends when the player to move has no legal move"; in a match the next round
    is dealt ("If the first player of a new round has no legal move, that round ends at
    once")."""
    while not legal(pos):
        scores = round_scores(pos)
        holding = {side: scores[side] + pos["aside"][side] for side in "SN"}
        if not pos["match"]:
            s, n = holding["S"], holding["N"]
            return {**pos, "result": (None if s == n else "S" if s > n else "N", "single")}
        low = min(holding, key=holding.get)
        if holding[low] < 6:
            return {**pos, "result": (other(low), "below six")}
        if pos["round"] == pos["max_rounds"]:
            s, n = holding["S"], holding["N"]
            return {**pos, "result": (None if s == n else "S" if s > n else "N", "rounds")}
        pos = deal(pos, holding)
    return pos


def deal(pos, holding):
    """"the player with the smaller holding h deals all h seeds into his own pits, one at a
    time, round-robin from his rightmost pit: f, e, d, c, b, a, f, e, ...  The other player
    fills his own pits with the same counts, letter for letter, and sets the rest aside."
    "The first player alternates between rounds." """
    h = min(holding.values())
    counts = {letter: 0 for letter in LETTERS}
    for seed in range(h):
        counts[LETTERS[5 - seed % 6]] += 1
    number = pos["round"] + 1
    first = pos["first"] if number % 2 else other(pos["first"])
    return {**pos, "pits": {(side, letter): counts[letter] for side, letter in ORDER},
            "uur": {}, "captured": {"S": 0, "N": 0},
            "aside": {side: holding[side] - h for side in "SN"},
            "to_move": first, "round": number}


def board_text(pos):
    """"A board is written N(a-f) ... ; S(a-f) ..., each row in its owner's letter order." """
    rows = []
    for side in "NS":
        rows.append(f"{side}(a-f) " + " ".join(str(pos["pits"][(side, l)]) for l in LETTERS))
    return "; ".join(rows)


def perft(pos, depth):
    return perft_count(legal, play, pos, depth)
