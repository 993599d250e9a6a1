"""A generic Monte Carlo tree search over the game protocol alone.

It needs nothing but ``legal_moves``, ``apply``, ``outcome`` and ``to_move``, so every game,
present or future, has a legal and sensible bot.  It is plain UCT with random playouts plus
two cheap pieces of sense: a node whose mover has a move that wins at once is a proven win
(checked when the node is expanded), and proven values are backed up (MCTS-solver), so the
bot takes a win in one and avoids a move that lets the opponent win in one.  ``make_engine``
gives it to every game that registers no bot of its own (``engine.bot_for``), and it is the
"uct" bot of matches for the games that register no plain variant of their own.
"""

from __future__ import annotations

import math
import random

from .engine import TreeSearch

WIN, LOSS = 1, -1          # proven values, for the player who moved into the node
PLAYOUT_PLIES = 400        # a playout longer than this counts as a draw


class Node:
    __slots__ = ("state", "move", "mover", "children", "untried", "visits", "wins", "proven")

    def __init__(self, state, move, mover: int):
        self.state = state
        self.move = move
        self.mover = mover       # the player who made ``move`` (whose result ``wins`` counts)
        self.children: list[Node] = []
        self.untried = None      # moves not yet expanded (None until the node is opened)
        self.visits = 0
        self.wins = 0.0
        self.proven = 0          # WIN / LOSS for ``mover``, 0 if unknown


class MctsEngine(TreeSearch):
    """UCT with random playouts and proven wins/losses, over the protocol."""

    EXPLORATION = 1.0

    def __init__(self, game, state, level: int, rng: random.Random):
        super().__init__(game, state, level, rng)
        self.root = Node(state, None, 1 - game.to_move(state))

    # -- one iteration -----------------------------------------------------------------------
    def iterate(self) -> None:
        game, node, path = self.game, self.root, [self.root]
        while True:
            if node.untried is None:
                self.open(node)
            if node.proven or not (node.untried or node.children):
                break
            if node.untried:
                move = node.untried.pop()
                state = game.apply(node.state, move)
                child = Node(state, move, game.to_move(node.state))
                node.children.append(child)
                path.append(child)
                self.open(child)
                result = self.result_of(child) if not child.proven else (
                    1.0 if child.proven == WIN else 0.0)
                self.back_up(path, result, child.mover)
                return
            node = self.select(node)
            path.append(node)
        result = 1.0 if node.proven == WIN else 0.0 if node.proven == LOSS else 0.5
        self.back_up(path, result, node.mover)

    def open(self, node: Node) -> None:
        """Find the node's moves; mark it proven if the game is over or the player to move
        there can win at once."""
        game = self.game
        outcome = game.outcome(node.state)
        if outcome is not None:
            node.untried = []
            if outcome.winner is not None:
                node.proven = WIN if outcome.winner == node.mover else LOSS
            return
        moves = game.legal_moves(node.state)
        self.rng.shuffle(moves)
        player = game.to_move(node.state)
        for move in moves:
            after = game.outcome(game.apply(node.state, move))
            if after is not None and after.winner == player:
                node.untried = []
                node.children = [Node(game.apply(node.state, move), move, player)]
                node.children[0].proven = WIN
                node.children[0].untried = []
                node.proven = LOSS
                return
        node.untried = moves

    def select(self, node: Node) -> Node:
        log_n = math.log(node.visits + 1)
        best, best_value = None, -1.0
        for child in node.children:
            if child.proven == WIN:
                return child
            if child.proven == LOSS:
                continue
            value = child.wins / child.visits + self.EXPLORATION * math.sqrt(log_n / child.visits)
            if value > best_value:
                best, best_value = child, value
        if best is None:   # every child loses for the mover: the node is a win for its mover
            return node.children[0]
        return best

    def result_of(self, node: Node) -> float:
        """A random playout from ``node``: 1 if ``node.mover`` wins, 0.5 for a draw."""
        game, rng, state = self.game, self.rng, node.state
        for _ in range(PLAYOUT_PLIES):
            outcome = game.outcome(state)
            if outcome is not None:
                if outcome.winner is None:
                    return 0.5
                return 1.0 if outcome.winner == node.mover else 0.0
            state = game.apply(state, rng.choice(game.legal_moves(state)))
        return 0.5

    def back_up(self, path: list[Node], result: float, player: int) -> None:
        """Add the playout's result along the path, and prove what can be proved."""
        for node in reversed(path):
            node.visits += 1
            node.wins += result if node.mover == player else 1.0 - result
        for node in reversed(path):
            if node.proven:
                continue
            if any(child.proven == WIN for child in node.children):
                node.proven = LOSS        # the player to move here has a winning move
            elif (node.untried == [] and node.children
                  and all(child.proven == LOSS for child in node.children)):
                node.proven = WIN         # every move there loses
            else:
                break

    # -- the answer ----------------------------------------------------------------------------
    def update_best(self) -> None:
        root = self.root
        if not root.children:
            return
        winning = [c for c in root.children if c.proven == WIN]
        if winning:
            self.best, self.proven, self.win_chance = winning[0].move, "win", 1.0
            self.done = True
            return
        alive = [c for c in root.children if c.proven != LOSS] or root.children
        top = max(alive, key=lambda c: (c.visits, c.wins))
        self.best = top.move
        if root.proven == WIN:      # every move loses for the side to move
            self.proven, self.win_chance = "loss", 0.0
        else:
            self.win_chance = top.wins / top.visits if top.visits else None
