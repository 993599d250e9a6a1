"""The generic MCTS (``ai/mcts.py``): n players, chance plies drawn by their probability,
sealed plies searched over draws of what the mover cannot see, and every registered game
played to the end by it.

Most tests use ``TreeGame``, a game given as an explicit tree, small enough that the right
answer is known by hand."""

import random
from collections import Counter

import pytest

from test_conformance import SPECS

from tavoliere import load_game
from tavoliere.ai import Thinker, match
from tavoliere.ai.mcts import NONE, SEALED, MctsEngine
from tavoliere.core import CHANCE, Game, Outcome

HIDDEN = "?"


def leaf(winner):
    return {"winner": winner}


class TreeGame(Game):
    """A game over an explicit tree (never registered).  A state is the tuple of moves from
    the root.  A node is ``{"winner": W}`` (the end; W None for a draw), ``{"player": P,
    "moves": {name: node}}``, or ``{"chance": {name: (probability, node)}}``; a player's node
    with ``"sealed": True`` has its moves sealed until the next player's move reveals them
    (that node's moves must not depend on them)."""

    name = "treegame"
    title = "Tree game"

    def __init__(self, tree, players=2):
        super().__init__()
        self.tree, self.players = tree, players

    def node(self, state):
        node = self.tree
        for move in state:
            if move == HIDDEN:                       # any branch: the next moves are the same
                move = next(iter(node["moves"]))
            node = node["moves"][move] if "moves" in node else node["chance"][move][1]
        return node

    def initial_state(self):
        return ()

    def to_move(self, state):
        node = self.node(state)
        return CHANCE if "chance" in node else node.get("player", 0)

    def legal_moves(self, state):
        node = self.node(state)
        return list(node.get("moves") or node.get("chance") or ())

    def apply(self, state, move):
        return state + (move,)

    def outcome(self, state):
        node = self.node(state)
        return Outcome(node["winner"], "end") if "winner" in node else None

    def probability(self, state, move):
        return self.node(state)["chance"][move][0]

    def move_name(self, move):
        return str(move)


class SealedTreeGame(TreeGame):
    """A tree game whose nodes marked ``"sealed"`` seal their moves."""

    def sealed(self, state):
        """A sealed node's move stays sealed while the state ends with it."""
        return 1 if state and self.node(state[:-1]).get("sealed") else 0

    def concealed(self, state):
        return state[:-1] + (HIDDEN,) if self.sealed(state) else state

    def before_sealed(self, state):
        return state[:-1] if self.sealed(state) else state


def think(game, state, iterations, seed=1):
    engine = MctsEngine(game, state, 3, random.Random(seed))
    while not engine.done and engine.iterations < iterations:
        engine.work()
    return engine


# -- n players ------------------------------------------------------------------------------
THREE = TreeGame({"player": 2, "moves": {
    "a": {"player": 0, "moves": {"x": leaf(0), "y": leaf(0)}},       # player 0 wins anyway
    "b": {"player": 0, "moves": {"x": leaf(2), "y": leaf(1)}},       # player 0 cannot win:
                                                                     # either may be chosen
    "c": leaf(1)}}, players=3)


def test_the_third_player_chooses_for_itself():
    """Player 2 of 3 moves first: "a" makes player 0 the winner whatever he plays, "c" ends
    with player 1 winning, "b" leaves player 0 to choose who of the other two wins.  Only
    "b" gives player 2 a chance, and the search is for player 2 (not 1 - player)."""
    engine = think(THREE, (), 200)
    assert engine.root_player == 2
    assert engine.best == "b" and engine.win_chance > 0.2    # player 0 may hand it over
    children = engine.root.children
    assert children["a"].proven == 0 and children["c"].proven == 1     # proven for others
    assert all(child.mover == 2 for child in children.values())


def test_each_node_counts_the_share_of_the_player_who_moved_into_it():
    """Below "b", player 0 moved into "x" and "y": both lose for him, so both score 0 for
    player 0, though one is a win for player 2 and the other for player 1."""
    engine = think(THREE, (), 200)
    below = engine.root.children["b"].children
    assert set(below) == {"x", "y"}
    for child in below.values():
        assert child.mover == 0 and child.visits > 0 and child.score == 0.0


def test_a_move_that_wins_at_once_is_proven():
    game = TreeGame({"player": 1, "moves": {"lose": leaf(0), "win": leaf(1), "draw": leaf(None)}})
    engine = think(game, (), 50)
    assert (engine.best, engine.proven, engine.win_chance) == ("win", "win", 1.0)


# -- chance ---------------------------------------------------------------------------------
def gamble(win_chance):
    """Player 0 chooses a sure draw or a roll that he wins with ``win_chance``."""
    return TreeGame({"player": 0, "moves": {
        "safe": leaf(None),
        "gamble": {"chance": {"six": (win_chance, leaf(0)), "other": (1 - win_chance, leaf(1))}}}})


@pytest.mark.parametrize("win_chance, best", [(1 / 6, "safe"), (5 / 6, "gamble")])
def test_a_roll_is_drawn_by_its_probability_never_chosen(win_chance, best):
    """A roll is not a player: the gamble is worth its probability of winning, not the
    better (or the worse) of its two rolls, and the rolls are drawn about as often as their
    probabilities say."""
    engine = think(gamble(win_chance), (), 600)
    assert engine.best == best
    rolls = engine.root.children["gamble"].children
    drawn = rolls["six"].visits / (rolls["six"].visits + rolls["other"].visits)
    assert abs(drawn - win_chance) < 0.1
    assert all(child.mover == CHANCE for child in rolls.values())
    assert engine.root.children["gamble"].proven == NONE        # a roll is never proven


def test_dice_games_of_three_and_four_players_are_searched_for_the_mover():
    for spec in ("dadi(players=3)", "dadi(players=4)"):
        game = load_game(spec)
        rng = random.Random(2)
        state = game.initial_state()
        while game.to_move(state) == CHANCE or len(game.legal_moves(state)) < 2:
            state = game.apply(state, game.random_move(state, rng))
        engine = think(game, state, 40)
        assert engine.root_player == game.to_move(state) >= 0
        assert engine.best in game.legal_moves(state)
        assert 0.0 <= engine.win_chance <= 1.0


# -- sealed plies ----------------------------------------------------------------------------
# Matching pennies, bids sealed: White shows heads or tails unseen, then Black; Black wins
# when they match.  Neither can do better than an even chance.
PENNIES = SealedTreeGame({"player": 0, "sealed": True, "moves": {
    side: {"player": 1, "moves": {"heads": leaf(1 if side == "heads" else 0),
                                   "tails": leaf(1 if side == "tails" else 0)}}
    for side in ("heads", "tails")}})


def test_a_sealed_move_is_not_seen_by_the_player_who_answers_it():
    """Were White's sealed move shown to Black inside the tree, Black would always match it
    and White's chance would fall to 0; the tree goes on from one node that all of White's
    moves share, so both stay near one half."""
    engine = think(PENNIES, (), 1000)
    assert 0.3 < engine.win_chance < 0.7
    shared = engine.root.next[SEALED]
    assert set(shared.children) == {"heads", "tails"}
    assert all(not child.children for child in engine.root.children.values())
    # once Black has moved, the tree branches on what White had sealed
    assert set(shared.children["heads"].next) == {("heads",), ("tails",)}


def test_a_concealed_root_draws_the_sealed_move_again_each_iteration():
    """Black is given the concealed state: each iteration draws White's move anew, each
    legal one about equally often, so Black sees an even chance, not a sure win."""
    state = PENNIES.concealed(("heads",))
    assert state == (HIDDEN,)
    engine = think(PENNIES, state, 600)
    assert 0.3 < engine.win_chance < 0.7
    drawn = Counter(tuple(engine.determinised()[1]) for _ in range(1000))
    assert set(drawn) == {("heads",), ("tails",)}
    assert abs(drawn["heads",] - 500) < 80


def test_footsteps_sealed_bid_is_drawn_among_whites_legal_bids():
    game = load_game("footsteps(points=10)")
    state = game.concealed(game.replay(["3"]))
    engine = MctsEngine(game, state, 3, random.Random(0))
    bids = Counter(engine.determinised()[1][0] for _ in range(2000))
    assert sorted(bids) == list(range(1, 11))
    assert max(bids.values()) < 2 * min(bids.values())
    assert Thinker(game, state, iterations=30, style="uct").step(5.0)["best"] in {
        game.move_name(move) for move in game.legal_moves(state)}


@pytest.mark.parametrize("spec", [spec for specs in SPECS.values() for spec in specs
                                  if type(load_game(spec)).sealed is not Game.sealed])
def test_the_state_before_the_sealed_plies_leads_to_what_the_mover_sees(spec):
    """``before_sealed`` of a concealed state, played on with any legal sealed moves, looks
    to the player to move exactly like the concealed state: so the search's draws are states
    the mover cannot tell from the real one."""
    game = load_game(spec)
    rng = random.Random(4)
    state, checked = game.initial_state(), 0
    while game.outcome(state) is None:
        hidden = game.sealed(state)
        if hidden:
            seen = game.concealed(state)
            before = game.before_sealed(seen)
            assert game.sealed(before) == 0
            for _ in range(5):
                again = before
                for _ in range(hidden):
                    again = game.apply(again, rng.choice(game.legal_moves(again)))
                assert game.concealed(again) == seen
            checked += 1
        state = game.apply(state, game.random_move(state, rng))
    assert checked > 0


# -- every game ---------------------------------------------------------------------------------
def play_with_the_generic_bot(game, seed: int, iterations: int = 2) -> Outcome:
    """A whole game, every seat played by the generic MCTS from what its player may see."""
    rng = random.Random(seed)
    state = game.initial_state()
    while game.outcome(state) is None:
        if game.to_move(state) == CHANCE:
            state = game.apply(state, game.roll(state, rng))
            continue
        seen = game.concealed(state)
        engine = MctsEngine(game, seen, 1, random.Random(rng.randrange(1 << 30)))
        while not engine.done and engine.iterations < iterations:
            engine.work()
        assert engine.best in game.legal_moves(state)
        state = game.apply(state, engine.best)
    return game.outcome(state)


@pytest.mark.parametrize("spec", [specs[0] for specs in SPECS.values()])
def test_the_generic_bot_plays_every_registered_spec(spec):
    game = load_game(spec)
    outcome = play_with_the_generic_bot(game, seed=1)
    assert outcome.winner is None or 0 <= outcome.winner < game.players


@pytest.mark.parametrize("spec", ["dadi(players=3)", "dadi(players=4)", "footsteps"])
def test_a_match_seats_every_player(spec):
    """``python -m tavoliere match "dadi(players=3)" uct random`` and ``match footsteps uct
    random`` used to crash: the generic bot took a roll for a player and a concealed state
    for one it could play out."""
    logs = []
    result = match(spec, "uct", "random", games=2, iterations=3, seed=1, log=logs.append)
    assert result["a_wins"] + result["b_wins"] + result["draws"] == 2
    assert result["players"] == load_game(spec).players
    if result["players"] > 2:
        assert "in seat 1 of" in logs[0] and "in seat 2 of" in logs[1]


def test_a_match_counts_the_plies_of_every_game():
    """The match's mean length is counted as it plays: it read a ``ply`` field that Ghost's
    states (and any future game's) need not have, and said "0 plies a game"."""
    result = match("ghost", "uct", "random", games=2, iterations=3, seed=1)
    assert result["mean_plies"] >= 4       # two set-ups, the first move, at least one more


def test_a_match_by_iterations_depends_on_the_seed_alone():
    results = [match("dadi(players=3)", "uct", "random", games=3, iterations=4, seed=2)
               for _ in range(2)]
    assert results[0] == results[1]


@pytest.mark.slow
def test_the_generic_bot_beats_random_play_at_a_table_of_three():
    """An even seat at three wins a third of the games; the generic bot, in each seat in
    turn against two random players, wins most (docs/search.md: 21 of 24 at 100 iterations)."""
    result = match("dadi(players=3)", "uct", "random", games=12, iterations=60, seed=3)
    assert result["a_wins"] >= 8, result
