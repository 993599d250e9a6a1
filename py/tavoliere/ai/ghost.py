"""Ghost: a bot that plays from its own view only (RULES.md 14.5), keeps a belief over the
colours of the opponent's ghosts, and searches over samples of that belief.

* **Its view.**  The engine first takes ``game.view(state, me)``: whatever it is given (the
  bridge gives it the view already; a match harness may give the full state), it never
  reads a colour of the opponent's that is not public.
* **Belief.**  Each opposing ghost of unknown colour gets a weight, the odds that it is good,
  from what every player has seen it do (``GhostState.advanced`` and ``offered``): each step
  towards its exits multiplies the odds by ``ADVANCE``, each move that ended next to one of
  the bot's ghosts (offering itself to capture) by ``OFFER``.  The number of good ghosts
  left among the unknown ones is known (four, less those captured), so a *determinisation*
  draws exactly that many goods, one at a time, each with the chance its weight gives among
  those left.
* **Search.**  Every iteration works on a *sample*, a determinisation of the belief.
  Level 1 plays flat Monte Carlo over samples: a root move by UCB1, then a quick
  playout policy (take an exit; capture with a set chance, the same for a good or a bad
  victim, since no side may look at the other's colours; else steer a good ghost home, or
  any ghost) for at most ``PLAYOUT_MOVES`` moves, then the position is scored: ghosts
  captured of each colour and how near each side's best good ghost stands to an exit.
  Levels 2 to 5 look ahead instead (``LOOKAHEAD``: 2, 2, 3 and 4 plies): on each sample every
  root move is searched by alpha-beta with the same score at the horizon (and a good
  ghost standing unguarded on its exit there counted as gone), every colour known there,
  and the move of the best mean chance over the samples is played (perfect information
  Monte Carlo).  A sample lets each side see the other's colours, which the
  real game never does; averaged over many samples this costs less than the playouts'
  blindness to tactics (a ghost two steps from its exit, a capture that can be answered).
* **Sense before search.**  An exit is taken at once; an opposing ghost standing on one of
  its exits is captured at once (a good one would leave next move), even when it may be
  the opponent's fourth bad ghost, unless the belief makes it more likely bad than good; a
  good ghost steps onto an exit no opposing ghost touches (it leaves next move); and the
  bot never captures what may be the opponent's fourth bad ghost elsewhere, nor leaves its
  last good ghost within reach of more opposing ghosts than it must, while another move
  exists.  Level 1, once no capture is safe, races its nearest good ghost home.
* **Bluff.**  Only what the opponent sees counts: the score rewards the bot's own bad
  ghosts being captured (a fourth bad ghost captured wins), so the playouts, whose
  captures are blind, are glad to put a bad ghost within the opponent's reach.  The
  lookahead's opponent sees the sample's colours and never takes a bad ghost, so levels 2
  and 3 bluff only by accident: they steer their good ghosts home and keep them out of
  reach, which a player who watches can read.  Levels 4 and 5 bluff on purpose: their
  horizon also counts each step their bad ghosts have taken towards the exits
  (``MARCH``), so the bad ones march as the good ones do, the opponent's belief takes
  them for good, and a game between two careful searches moves on instead of shuffling
  to the ply limit.  Level 5's lines also take any opposing ghost standing on its exit
  within reach (``GUARD``), as the real players must, so it sees that a bad ghost of its
  own stepped onto its exit next to an opposing ghost will be taken.
* **Set-up.**  Uniform among the 70, from the seeded generator (RULES.md 14.2.3).
* **Levels.**  Thinking time comes from ``Thinker``; level 1 plays the playouts' quick
  policy (if the move is sensible; the sure moves still taken) four times in five and
  weighs no evidence; level 2 plays it one time in five and otherwise searches as level 3
  does, in half the time; level 3 plays it one time in twenty; levels 3, 4 and 5 search
  each sample 2, 3 and 4 plies deep, in the time ``Thinker`` gives each.  The quick policy
  rushes a good ghost home and captures blindly, which beats random moves and falls to a
  player who bluffs.
"""

from __future__ import annotations

import math
import random

from ..games.ghost import (BAD, EMPTY, EXIT_DISTANCE, EXITS, GOOD, NEIGHBOURS, OUT, UNKNOWN,
                           colour_of, letter, lost_count, owner_of)
from .engine import Engine, bot_for

ADVANCE = 1.6        # the odds that a ghost is good, times this for each step towards its exits
OFFER = 0.6          # ... and times this for each move that ended next to an opposing ghost
PLAYOUT_MOVES = 24   # a playout's length before the position is scored
CAPTURE_CHANCE = 0.5  # how often a playout takes a capture it may take
EXPLORATION = 0.7
# The share of moves a level plays without search.  Level 3's one move in twenty leaves
# level 4 its rung (docs/ghost.md, "Level 3 slips"): without it level 4, which searches
# each sample only a ply deeper, scored 63.6% against level 3 at their full time.
RANDOM_SHARE = {1: 0.8, 2: 0.2, 3: 0.05}
LOOKAHEAD = {2: 2, 3: 2, 4: 3, 5: 4}   # plies a level searches in each sample (none: playouts)
# Hundredths of a point a level's horizon gives each step its bad ghosts have taken towards
# the exits: they march as good ones would, which the opponent's belief reads as good (a
# bluff), and the game moves on where equal searches would shuffle to the ply limit.  Level
# 5 marches harder: the contact that brings is where its deeper search pays (docs/ghost.md).
MARCH = {4: 5, 5: 8}
# Levels whose lines take every opposing ghost that stands on its exit within reach, as the
# players do, who cannot see whether it is good: in a sample a bad one there would be left
# alone, and the bluff of walking one's last bad ghost onto an exit would never pay.
GUARD = {5}
NODES_PER_UNIT = 50   # lookahead nodes that count as one work unit, about one playout's time
WIN = 100_000         # a lookahead value: the side to move wins
LOST_NEXT = 2 - WIN   # ... loses the ply after the horizon (a hair better than lost now)
CODES = {EMPTY: 0, "G": 1, "B": 2, "g": 3, "b": 4}   # a sample's board as small integers


def belief(state, me: int, use_evidence: bool = True) -> dict[int, float]:
    """{cell: the odds that the opposing ghost there is good} for each opposing ghost of
    unknown colour, from what it has been seen to do."""
    them = 1 - me
    odds = {}
    for cell, mark in enumerate(state.board):
        if mark != EMPTY and owner_of(mark) == them and colour_of(mark) == UNKNOWN:
            odds[cell] = (ADVANCE ** state.advanced[cell] * OFFER ** state.offered[cell]
                          if use_evidence else 1.0)
    return odds


def determinise(state, me: int, odds: dict[int, float], rng: random.Random):
    """A full state consistent with ``me``'s view: the unknown opposing ghosts given colours,
    exactly as many good ones as the opponent has left, drawn by ``odds``."""
    them = 1 - me
    goods = 4 - lost_count(state, them, GOOD)
    cells = list(odds)
    chosen = set()
    for _ in range(min(goods, len(cells))):
        weights = [odds[c] for c in cells]
        pick = rng.random() * sum(weights)
        for index, weight in enumerate(weights):
            pick -= weight
            if pick <= 0 or index == len(cells) - 1:
                chosen.add(cells.pop(index))
                break
    board = list(state.board)
    for cell in odds:
        board[cell] = letter(them, GOOD if cell in chosen else BAD)
    return state._replace(board="".join(board))


def score(game, state, me: int) -> float:
    """How good a position looks for ``me``, 0 to 1: captures of each colour and the
    distance of each side's nearest good ghost to an exit."""
    outcome = game.outcome(state)
    if outcome is not None:
        return 0.5 if outcome.winner is None else float(outcome.winner == me)
    them = 1 - me
    points = (lost_count(state, them, GOOD) - lost_count(state, me, GOOD)
              + lost_count(state, me, BAD) - lost_count(state, them, BAD))
    near = {me: 10, them: 10}
    for cell, mark in enumerate(state.board):
        if mark != EMPTY and colour_of(mark) == GOOD:
            side = owner_of(mark)
            near[side] = min(near[side], EXIT_DISTANCE[side][cell])
    points += 0.25 * (near[them] - near[me])
    return 1 / (1 + math.exp(-0.8 * points))


def next_to(board, cell: int, player: int) -> bool:
    """Whether a ghost of ``player`` stands next to ``cell`` (and so may capture there)."""
    return any(owner_of(board[n]) == player for n in NEIGHBOURS[cell])


def playout_move(game, state, rng: random.Random):
    """The quick policy of playouts: an exit; a capture now and then, blind to the victim's
    colour; else a step that brings a good ghost nearer an exit, or any move."""
    player = game.to_move(state)
    moves = game.legal_moves(state)
    if not moves:  # no ghost left in a made-up position (a real game always has a move)
        return None
    captures, homeward = [], []
    for move in moves:
        start, target, takes = move
        if target == OUT:
            return move
        if takes:
            captures.append(move)
        elif colour_of(state.board[start]) == GOOD and \
                EXIT_DISTANCE[player][target] < EXIT_DISTANCE[player][start]:
            homeward.append(move)
    if captures and rng.random() < CAPTURE_CHANCE:
        return rng.choice(captures)
    if homeward and rng.random() < 0.5:
        return rng.choice(homeward)
    return rng.choice(moves)


# -- the lookahead: alpha-beta on one sample, where every colour is known ------------------------
def sample_board(state) -> list[int]:
    """A determinised board as small integers: 0 empty, 1 and 2 White's good and bad
    ghost, 3 and 4 Black's."""
    return [CODES[mark] for mark in state.board]


def sample_moves(board: list[int], player: int):
    """``player``'s exits, captures and steps on a sample's board, as (from, to) pairs."""
    exits, captures, steps = [], [], []
    good = 1 + 2 * player
    for cell in range(36):
        mark = board[cell]
        if mark == good or mark == good + 1:
            if mark == good and cell in EXITS[player]:
                exits.append((cell, OUT))
            for next_cell in NEIGHBOURS[cell]:
                other = board[next_cell]
                if other == 0:
                    steps.append((cell, next_cell))
                elif other != good and other != good + 1:
                    captures.append((cell, next_cell))
    return exits, captures, steps


def sample_value(board: list[int], lost: list[int], player: int, march: int = 0) -> int:
    """The horizon's guess for ``player`` to move, in hundredths of a point: the captures
    of each colour (as ``score`` counts them), each side's nearest good ghost to an exit,
    and ``march`` for each step each side's bad ghosts have taken towards the exits.
    A good ghost of ``player``'s on an exit never gets here (``lookahead`` scores its exit as
    a win).  One of the opponent's on his exit with none of ``player``'s ghosts next to it
    leaves next move whatever ``player`` does: a loss one ply beyond the horizon, which
    plain distances would call a quarter point (14.6.1)."""
    them = 1 - player
    points = lost[2 * them] - lost[2 * player] + lost[2 * player + 1] - lost[2 * them + 1]
    mine, theirs = 2 * player + 1, 2 * them + 1
    for cell in EXITS[them]:
        if board[cell] == theirs and not any(
                board[n] == mine or board[n] == mine + 1 for n in NEIGHBOURS[cell]):
            return LOST_NEXT
    near, marched = [10, 10], [0, 0]
    for cell in range(36):
        mark = board[cell]
        if mark == 1 or mark == 3:
            side = mark >> 1
            near[side] = min(near[side], EXIT_DISTANCE[side][cell])
        elif mark:                                       # 2 or 4, a bad ghost
            side = mark >> 2
            marched[side] += 8 - EXIT_DISTANCE[side][cell]
    return 100 * points + 25 * (near[them] - near[player]) + march * (marched[player] - marched[them])


def after_step(board: list[int], lost: list[int], player: int, move) -> tuple:
    """Play a step or capture on the sample in place; (what stood on the target, the
    ``lost`` index it raised or None, the value if the capture ended the game)."""
    start, target = move
    victim = board[target]
    board[target], board[start] = board[start], 0
    if not victim:
        return victim, None, None
    index = 2 * (1 - player) + (victim % 2 == 0)       # 2 and 4 are the bad ghosts
    lost[index] += 1
    if lost[index] < 4:
        return victim, index, None
    return victim, index, (WIN if index % 2 == 0 else -WIN)


def undo_step(board: list[int], lost: list[int], move, undo: tuple) -> None:
    start, target = move
    victim, index, _ = undo
    board[start], board[target] = board[target], victim
    if index is not None:
        lost[index] -= 1


def lookahead(board: list[int], lost: list[int], player: int, depth: int, nodes: list[int],
              alpha: int = -WIN, beta: int = WIN, march: int = 0, guard: bool = False) -> int:
    """Negamax alpha-beta to ``depth`` plies on a sample, for ``player`` to move: an exit
    wins at once, captures are tried before steps; ``nodes[0]`` counts the positions seen;
    ``march`` as in ``sample_value``; with ``guard``, a side that can take an opposing ghost
    standing on its exit takes it, whatever its colour."""
    nodes[0] += 1
    exits, captures, steps = sample_moves(board, player)
    if exits:
        return WIN
    if depth == 0:
        return sample_value(board, lost, player, march)
    best = None
    forced = [move for move in captures if move[1] in EXITS[1 - player]] if guard else None
    for move in forced or captures + steps:
        undo = after_step(board, lost, player, move)
        value = undo[2] if undo[2] is not None else \
            -lookahead(board, lost, 1 - player, depth - 1, nodes, -beta, -alpha, march, guard)
        undo_step(board, lost, move, undo)
        if best is None or value > best:
            best = value
            alpha = max(alpha, value)
            if alpha >= beta:
                break
    return 0 if best is None else best      # no move at all: only in a made-up position


def win_chance(value: int) -> float:
    """A lookahead value as a chance of winning, 0 to 1 (a point up: about 0.69); a win or
    a loss seen, ``WIN`` or ``LOST_NEXT``, is certain."""
    if abs(value) > WIN // 2:
        return float(value > 0)
    return 1 / (1 + math.exp(-0.008 * value))


@bot_for("ghost")
class GhostEngine(Engine):
    """A search over samples of the bot's belief: playouts at level 1, a lookahead from
    level 2 (see the module's docstring)."""

    def __init__(self, game, state, level: int, rng: random.Random, fresh: bool = False,
                 use_evidence: bool | None = None, sees_all: bool = False,
                 depth: int | None = None):
        self.me = game.to_move(state)
        if not sees_all:                         # what it may know, whatever it was given
            state = game.view(state, self.me)
        super().__init__(game, state, level, rng)
        self.use_evidence = level >= 2 if use_evidence is None else use_evidence
        self.odds = belief(state, self.me, self.use_evidence) if state.setups == 2 else {}
        self.depth = LOOKAHEAD.get(level, 0) if depth is None else depth
        self.march = MARCH.get(level, 0)
        self.guard = level in GUARD
        self.pending = []     # the root moves still to search on the current sample
        self.nodes = 0        # positions the lookahead has seen
        self.visits = [0] * len(self.legal)
        self.totals = [0.0] * len(self.legal)
        if self.done or game.outcome(state) is not None:
            return
        if state.setups < 2:                     # a set-up: uniform among the 70
            self.best, self.done = rng.choice(self.legal), True
            return
        sure = self.sure_move()
        if sure is not None or rng.random() < RANDOM_SHARE.get(level, 0.0):
            self.best = sure if sure is not None else self.careless_move()
            self.done = True
            return
        self.candidates = self.sensible_moves()

    def sure_move(self):
        """An exit: it wins at once.  Else the capture of an opposing ghost that stands on
        one of its exits (a good one leaves next move), unless it is more likely his fourth
        bad than a good one (left alone, a good one wins; taken, a fourth bad wins).  Else
        a good ghost's step onto an exit of its own that no opposing ghost touches: it
        leaves next move and nothing can stop it.  At level 1, whose playouts see no plan,
        once any capture may be the opponent's fourth bad ghost, a race home."""
        for move in self.legal:
            if move[1] == OUT:
                return move
        state, them = self.state, 1 - self.me
        risky = self.a_capture_may_lose()
        for move in self.legal:
            if move[2] and move[1] in EXITS[them] and \
                    (not risky or self.bad_chance(move[1]) <= 0.5):
                return move
        for move in self.legal:
            start, target, takes = move
            if not takes and target in EXITS[self.me] and \
                    colour_of(state.board[start]) == GOOD and \
                    not next_to(state.board, target, them):
                return move
        if risky and not self.depth:
            return self.race_home()
        return None

    def a_capture_may_lose(self) -> bool:
        """Three of the opponent's bad ghosts are taken: his fourth would hand him the game."""
        return lost_count(self.state, 1 - self.me, BAD) == 3

    def bad_chance(self, cell: int) -> float:
        """The chance that the opposing ghost on ``cell`` is his last bad one, by the belief
        (one bad among the ghosts of unknown colour, each as likely as its odds say)."""
        inverse = {c: 1 / odds for c, odds in self.odds.items()}
        return inverse[cell] / sum(inverse.values()) if cell in inverse else 0.0

    def race_home(self):
        """With no capture left to make (any may be the fourth bad ghost), an exit is the
        way to win: the good ghost nearest one steps towards it, out of the opponent's
        reach where it can."""
        state, me, them = self.state, self.me, 1 - self.me
        sensible = [self.legal[i] for i in self.sensible_moves()]
        steps = [move for move in sensible
                 if not move[2] and colour_of(state.board[move[0]]) == GOOD and
                 EXIT_DISTANCE[me][move[1]] < EXIT_DISTANCE[me][move[0]]]
        return min(steps, default=None, key=lambda move: (
            next_to(state.board, move[1], them),
            EXIT_DISTANCE[me][move[1]]))

    def careless_move(self):
        """A move played without search: the playouts' quick policy (an exit, a capture now
        and then, a good ghost homeward), if it is a sensible one."""
        sensible = [self.legal[i] for i in self.sensible_moves()]
        move = playout_move(self.game, self.state, self.rng)
        return move if move in sensible else self.rng.choice(sensible)

    def sensible_moves(self) -> list[int]:
        """The root moves worth searching: all but a capture that may hand the opponent
        the game (his fourth bad ghost), and, with one good ghost left, those that leave it
        within reach of the fewest opposing ghosts."""
        state, risky = self.state, self.a_capture_may_lose()
        keep = [i for i, move in enumerate(self.legal)
                if not (risky and move[2] and colour_of(state.board[move[1]]) != GOOD)]
        if keep and lost_count(state, self.me, GOOD) == 3:
            reach = {i: self.attackers(self.legal[i]) for i in keep}
            least = min(reach.values())
            keep = [i for i in keep if reach[i] == least]
        return keep or list(range(len(self.legal)))

    def attackers(self, move) -> int:
        """How many opposing ghosts could capture the bot's good ghosts after ``move``."""
        start, target, _ = move
        if target == OUT:
            return 0
        board = list(self.state.board)
        board[start], board[target] = EMPTY, board[start]
        them = 1 - self.me
        return sum(owner_of(board[n]) == them
                   for cell, mark in enumerate(board)
                   if mark != EMPTY and colour_of(mark) == GOOD and owner_of(mark) == self.me
                   for n in NEIGHBOURS[cell])

    def work(self) -> None:
        """One playout, or one root move searched on a sample: a slice stays short even in
        Pyodide.  ``iterations`` counts work units, a playout or ``NODES_PER_UNIT`` nodes."""
        if self.done:
            return
        self.iterations += self.look_ahead() if self.depth else self.play_out()
        self.update_best()

    def update_best(self) -> None:
        visited = [i for i in self.candidates if self.visits[i]]
        if not visited:
            return
        if self.depth:        # the best mean over the samples
            best = max(visited, key=lambda i: (self.totals[i] / self.visits[i], -i))
        else:                 # the most visited
            best = max(visited, key=lambda i: (self.visits[i], -i))
        self.best = self.legal[best]
        self.win_chance = self.totals[best] / self.visits[best]

    def root_statistics(self):
        """(move, visits, score, 0) of each searched root move, what the page's pool of
        workers adds up (``parallel.merge``: the most visited move, ties to the most score);
        None before a search.  The playouts' UCB1 gives its own visits.  The lookahead
        searches every candidate once on each sample, so a move's visits are the samples
        that every candidate has been searched on and its score that many times its mean:
        a worker stopped in the middle of a sample does not favour the moves it searched
        first, and the merge plays the best mean over all the workers' samples."""
        candidates = getattr(self, "candidates", None)
        if not candidates or not any(self.visits[i] for i in candidates):
            return None
        if not self.depth:
            return [(self.legal[i], self.visits[i], self.totals[i], 0) for i in candidates]
        samples = min(self.visits[i] for i in candidates)
        if not samples:
            return None
        return [(self.legal[i], samples, samples * self.totals[i] / self.visits[i], 0)
                for i in candidates]

    def look_ahead(self) -> int:
        """Search one root move ``depth`` plies deep on the current sample, every colour
        known there (a new sample once every candidate has been searched on this one), and
        add its chance to the move's mean; the work units it took."""
        if not self.pending:
            sample = determinise(self.state, self.me, self.odds, self.rng)
            self.sample = sample_board(sample), list(sample.lost)
            self.pending = self.candidates[::-1]
        index = self.pending.pop()
        board, lost = self.sample
        move, nodes = self.legal[index][:2], [0]
        undo = after_step(board, lost, self.me, move)
        value = undo[2] if undo[2] is not None else \
            -lookahead(board, lost, 1 - self.me, self.depth - 1, nodes, march=self.march,
                       guard=self.guard)
        undo_step(board, lost, move, undo)
        self.visits[index] += 1
        self.totals[index] += win_chance(value)
        self.nodes += nodes[0]
        return max(1, nodes[0] // NODES_PER_UNIT)

    def play_out(self) -> int:
        """One playout: a sample, a root move by UCB1, the quick policy to the horizon."""
        game, rng = self.game, self.rng
        state = determinise(self.state, self.me, self.odds, rng)
        index = self.choose_root()
        state = game.apply(state, self.legal[index])
        for _ in range(PLAYOUT_MOVES):
            move = playout_move(game, state, rng) if game.outcome(state) is None else None
            if move is None:
                break
            state = game.apply(state, move)
        self.visits[index] += 1
        self.totals[index] += score(game, state, self.me)
        return 1

    def choose_root(self) -> int:
        """UCB1 over the sensible root moves, the untried first."""
        total = sum(self.visits[i] for i in self.candidates)
        best, best_value = None, -1.0
        for i in self.candidates:
            if self.visits[i] == 0:
                return i
            value = (self.totals[i] / self.visits[i]
                     + EXPLORATION * math.sqrt(math.log(total) / self.visits[i]))
            if value > best_value:
                best, best_value = i, value
        return best


# -- baselines for measuring (RULES.md 14: what hiding and evidence are worth) --------------------
def baseline_engine(kind: str, game, state, level: int, rng: random.Random) -> GhostEngine:
    """``cheat``: the same search on the full state, seeing every colour; ``blind``: it
    ignores what it has seen (every unknown ghost as likely good); ``flat``: playouts
    instead of a lookahead at every level (the search of levels 3 to 5 before 2026-11-28);
    ``bot``: the bot.  A digit after the name sets the level (``bot1``)."""
    if kind[-1].isdigit():
        kind, level = kind[:-1], int(kind[-1])
    options = {"cheat": {"sees_all": True}, "blind": {"use_evidence": False},
               "flat": {"depth": 0}, "bot": {}}[kind]
    return GhostEngine(game, state, level, rng, **options)


def duel(kind_a: str, kind_b: str, games: int, iterations: int = 300, seed: int = 0,
         level: int = 3, log=None) -> dict:
    """``games`` games of ``kind_a`` against ``kind_b`` (``bot``, ``cheat``, ``blind``,
    ``flat`` or ``random``, a level's digit after the first four), colours alternated, each search
    ``iterations`` long at level 3 and in proportion to the levels' thinking times at the
    others (their shares of random moves included); A's wins, losses,
    draws and score (a draw counts half).  ``log(text)`` hears of each game."""
    from ..core import load_game
    from . import LEVEL_SECONDS
    game = load_game("ghost")
    tally = {"wins": 0, "losses": 0, "draws": 0}
    for number in range(games):
        rng = random.Random(seed * 100003 + number)
        kinds = (kind_a, kind_b) if number % 2 == 0 else (kind_b, kind_a)
        state = game.initial_state()
        while game.outcome(state) is None:
            player = game.to_move(state)
            kind = kinds[player]
            if kind == "random":
                move = rng.choice(game.legal_moves(state))
            else:
                engine = baseline_engine(kind, game, state, level, rng)
                budget = iterations * LEVEL_SECONDS[engine.level] / LEVEL_SECONDS[3]
                while not engine.done and engine.iterations < budget:
                    engine.work()
                move = engine.best
            state = game.apply(state, move)
        winner = game.outcome(state).winner
        a_side = number % 2
        key = "draws" if winner is None else "wins" if winner == a_side else "losses"
        tally[key] += 1
        if log:
            log(f"game {number}: {kind_a} as {'White' if a_side == 0 else 'Black'}: { {'wins': 'win', 'losses': 'loss', 'draws': 'draw'}[key]} "
                f"({game.outcome(state).reason}, {state.moves} moves)")
    tally["score"] = (tally["wins"] + tally["draws"] / 2) / games
    return tally
