"""A generic Monte Carlo tree search over the game protocol alone.

It needs nothing but ``legal_moves``, ``apply``, ``outcome`` and ``to_move`` (and, for a
game that has them, ``roll`` and ``before_sealed``), so every game, present or future, has a
legal and sensible bot: ``make_engine`` gives it to every game that registers no bot of its
own (``engine.bot_for``), and it is the "uct" bot of matches for the games that register no
plain variant of their own.

* **Any number of players**: a playout's result is a vector, one share per player (1 to
  the winner, an equal share each for a draw), and each node keeps the share of the player
  who moved into it: the one who chooses among its siblings by UCB.
* **Chance plies** (a roll of dice) are drawn by their probability (``game.roll``), never
  chosen by UCB: a roll node's children are the rolls met so far.
* **Sealed plies** (moves made at the same time, Footsteps' bids): the bot is given the
  concealed state, and each iteration draws the sealed plies it cannot see again, uniformly
  among the moves legal where they were made (``game.before_sealed``): one determinisation
  per iteration.  Inside the tree a sealed move is not shown to the players who answer it:
  the mover's choice keeps its own statistics, and the tree goes on from one node shared by
  all of the mover's sealed moves, which branches again on them only once they are
  revealed.
* **Hidden information** (Ghost's colours, ``game.hides_information``): the bot is given its
  own seat's view, and each iteration plays from a new guess at what it cannot see
  (``game.guess``), a node standing for every state the mover cannot tell apart, as with
  sealed plies.
* **Proven results** (a game of perfect information): a node whose mover has a move that wins
  at once is a win for him (checked when the node is opened), and proven results are backed
  up (MCTS-solver): a node is won by its mover when one of his moves wins, and by a player
  W when every move there is proven won by W; so the bot takes a win in one and avoids a
  move that lets an opponent win in one.  A roll node is never proven.
"""

from __future__ import annotations

import math
import random

from ..core import CHANCE, Game
from .engine import TreeSearch

PLAYOUT_PLIES = 400        # a playout longer than this counts as a draw
NONE = -2                  # no player: a node not proven, or a node nobody moved into
SEALED = "sealed"          # the key of the node shared by a player's sealed moves


class Node:
    __slots__ = ("mover", "player", "children", "untried", "visits", "score", "proven", "next",
                 "state")

    def __init__(self, mover: int):
        self.mover = mover       # who moved into the node (whose share ``score`` adds up);
                                 # CHANCE for a roll, NONE for a node no one chose
        self.player = NONE       # who moves at the node (CHANCE at a roll), once opened
        self.children: dict = {}  # move -> Node
        self.untried = None      # moves not yet expanded (games without sealed plies)
        self.visits = 0
        self.score = 0.0
        self.proven = NONE       # the winner, when the node's result is proven
        self.next = None         # sealed plies: where the tree goes on (``go_on``), or None
        self.state = None        # the node's state, kept where it is one (no sealed plies)


class MctsEngine(TreeSearch):
    """UCT with random playouts over the protocol: n players, chance and sealed plies."""

    EXPLORATION = 1.0

    def __init__(self, game, state, level: int, rng: random.Random):
        super().__init__(game, state, level, rng)
        self.players = game.players
        self.sealing = type(game).sealed is not Game.sealed     # the game seals plies
        # a node may stand for several states (sealed plies, or things hidden from the
        # mover): moves are listed anew each time, states are not kept, nothing is proven
        self.sampling = self.sealing or game.hides_information()
        self.root = Node(NONE)
        self.root_player = game.to_move(state)
        self.draw = [1.0 / self.players] * self.players

    # -- one iteration -----------------------------------------------------------------------
    def iterate(self) -> None:
        game, rng = self.game, self.rng
        state, sealed = self.determinised()
        node, path = self.root, [self.root]
        while True:
            if node.proven != NONE:
                self.back_up(path, self.win_for(node.proven))
                return
            outcome = game.outcome(state)
            if outcome is not None:
                if outcome.winner is not None and not self.sampling:
                    node.proven = outcome.winner
                self.back_up(path, self.shares(outcome))
                return
            player = game.to_move(state)
            if player == CHANCE:
                node.player = CHANCE
                move = game.roll(state, rng)
                child = node.children.get(move)
                fresh = child is None
                if fresh:
                    child = node.children[move] = Node(CHANCE)
            else:
                if node.untried is None:
                    self.open(node, state, player)
                    if node.proven != NONE:
                        continue
                move, child, fresh = self.choose(node, state)
            if child.state is not None:
                state = child.state
            else:
                state = game.apply(state, move)
                if not self.sampling:        # else a node stands for several states
                    child.state = state
            path.append(child)
            if self.sealing and player != CHANCE:
                after, sealed = self.go_on(node, child, state, move, sealed)
                if after is not child:
                    fresh = fresh or after.visits == 0
                    path.append(after)
                    child = after
            node = child
            if fresh:
                self.back_up(path, self.first_look(node, state))
                return

    def first_look(self, node: Node, state) -> list:
        """A new node's result: proven at once if the game is over there or (a game without
        sealed plies) its mover can win at once, else a random playout's."""
        if not self.sampling:
            outcome = self.game.outcome(state)
            if outcome is not None:
                if outcome.winner is not None:
                    node.proven = outcome.winner
                return self.shares(outcome)
            player = self.game.to_move(state)
            if player != CHANCE:
                self.open(node, state, player)
                if node.proven != NONE:
                    return self.win_for(node.proven)
        return self.playout(state)

    def determinised(self):
        """The root's state, its sealed plies (if any) drawn again at random, and the list
        of those plies; what the mover cannot see of it guessed anew (``game.guess``)."""
        state = self.state
        if not self.sealing or not self.game.sealed(state):
            if self.sampling:
                state = self.game.guess(state, self.root_player, self.rng)
            return state, []
        hidden = self.game.sealed(state)
        state = self.game.before_sealed(state)
        sealed = []
        for _ in range(hidden):
            move = self.rng.choice(self.game.legal_moves(state))
            sealed.append(move)
            state = self.game.apply(state, move)
        return state, sealed

    def go_on(self, parent: Node, child: Node, state, move, sealed: list):
        """Where the tree goes on after a decision ``move`` at ``parent`` in a game with
        sealed plies, and the sealed plies not yet revealed: a sealed move leads each of the
        mover's sealed moves at ``parent`` to one node they share (the next player cannot
        tell them apart); a move that reveals the sealed ones branches on what they were."""
        if self.game.sealed(state):
            parent.next = parent.next or {}
            shared = parent.next.get(SEALED)
            if shared is None:
                shared = parent.next[SEALED] = Node(NONE)
            return shared, sealed + [move]
        if sealed:
            child.next = child.next or {}
            key = tuple(sealed)
            branch = child.next.get(key)
            if branch is None:
                branch = child.next[key] = Node(NONE)
            return branch, []
        return child, sealed

    def open(self, node: Node, state, player: int) -> None:
        """List the node's moves (shuffled: the order of expansion); in a game without sealed
        plies, a move that wins at once makes the node a proven win for its mover."""
        game = self.game
        moves = game.legal_moves(state)
        self.rng.shuffle(moves)
        node.player = player
        if not self.sampling:
            for move in moves:
                after = game.outcome(game.apply(state, move))
                if after is not None and after.winner == player:
                    child = node.children[move] = Node(player)
                    child.proven = player
                    node.untried = []
                    node.proven = player
                    return
        node.untried = moves

    def choose(self, node: Node, state):
        """(move, child, whether the child is new): an untried move while there is one, else
        the child with the best upper confidence bound for the player to move."""
        if not self.sampling:
            if node.untried:
                move = node.untried.pop()
                child = node.children[move] = Node(node.player)
                return move, child, True
            return self.select(node, node.children)
        # the node stands for several states: their moves may differ
        legal = self.game.legal_moves(state)
        untried = [move for move in legal if move not in node.children]
        if untried:
            move = self.rng.choice(untried)
            child = node.children[move] = Node(node.player)
            return move, child, True
        return self.select(node, {move: node.children[move] for move in legal})

    def select(self, node: Node, children: dict):
        player = node.player
        log_n = math.log(node.visits + 1)
        best, best_value = None, -1.0
        for move, child in children.items():
            if child.proven == player:
                return move, child, False
            if child.proven != NONE:
                continue                        # a move proven to lose for the mover
            value = child.score / child.visits + self.EXPLORATION * math.sqrt(log_n / child.visits)
            if value > best_value:
                best, best_value = (move, child), value
        if best is None:        # every move is proven lost for the mover: any one will do
            move = next(iter(children))
            return move, children[move], False
        return best[0], best[1], False

    def playout(self, state) -> list:
        """Random moves (rolls by their chances) to the end: each player's share."""
        game, rng = self.game, self.rng
        for _ in range(PLAYOUT_PLIES):
            outcome = game.outcome(state)
            if outcome is not None:
                return self.shares(outcome)
            state = game.apply(state, game.random_move(state, rng))
        return self.draw

    def shares(self, outcome) -> list:
        return self.draw if outcome.winner is None else self.win_for(outcome.winner)

    def win_for(self, winner: int) -> list:
        shares = [0.0] * self.players
        shares[winner] = 1.0
        return shares

    def back_up(self, path: list, shares: list) -> None:
        """Add each player's share along the path, and prove what can be proved."""
        for node in path:
            node.visits += 1
            if node.mover >= 0:
                node.score += shares[node.mover]
        if self.sampling:
            return
        for node in reversed(path):
            if node.proven != NONE:
                continue
            player = node.player
            if player < 0 or node.untried is None:
                break               # a roll, or a node not opened yet
            winners = {child.proven for child in node.children.values()}
            if player in winners:
                node.proven = player            # the player to move here has a winning move
            elif not node.untried and len(winners) == 1 and NONE not in winners:
                node.proven = winners.pop()     # every move there is won by the same player
            else:
                break

    # -- the answer ----------------------------------------------------------------------------
    def settled(self) -> bool:
        return self.root.proven != NONE

    def root_statistics(self):
        """(move, visits, score, proven) of each of the root's moves for the player to move
        (proven 1: won for him, -1: won by another), what a root-parallel search adds up
        (``parallel.py``); None before any iteration."""
        root, player = getattr(self, "root", None), getattr(self, "root_player", None)
        if root is None or not root.children or self.iterations == 0:
            return None
        return [(move, child.visits, child.score,
                 0 if child.proven == NONE else 1 if child.proven == player else -1)
                for move, child in root.children.items()]

    def update_best(self) -> None:
        root, player = self.root, self.root_player
        if not root.children:
            return
        children = root.children
        winning = [move for move, child in children.items() if child.proven == player]
        if winning:
            self.best, self.proven, self.win_chance = winning[0], "win", 1.0
            self.done = True
            return
        alive = {move: child for move, child in children.items()
                 if child.proven in (NONE, player)} or children
        move = max(alive, key=lambda m: (alive[m].visits, alive[m].score))
        top = alive[move]
        self.best = move
        if root.proven not in (NONE, player):     # every move loses for the side to move
            self.proven, self.win_chance = "loss", 0.0
        else:
            self.win_chance = top.score / top.visits if top.visits else None
