"""Root-parallel search (ai/parallel.py): the merge of the workers' root statistics, worker
processes that keep their own trees, and the match harness's bots with workers."""

from time import process_time

import pytest

from tavoliere import load_game
from tavoliere.ai import Thinker
from tavoliere.ai.arena import make_bot, match
from tavoliere.ai.parallel import (WorkerPool, merge, merge_split, merged_answer,
                                   root_statistics, think, worker_seed)
from tavoliere.core import CHANCE


def test_the_most_visited_move_over_all_workers_is_played():
    merged = merge([[["a1", 10, 6, 0], ["b2", 30, 12, 0]],
                    [["a1", 25, 20, 0], ["b2", 2, 1, 0]]])
    assert merged["best"] == "a1"                      # 35 visits against 32
    assert merged["win_chance"] == pytest.approx(26 / 35)
    assert merged["visits"] == 67


def test_a_win_proven_by_one_worker_is_played_and_a_proven_loss_avoided():
    assert merge([[["a1", 90, 50, 0], ["b2", 3, 3, 1]], [["a1", 90, 50, 0]]])["best"] == "b2"
    merged = merge([[["a1", 90, 20, -1], ["b2", 5, 2, 0]], [["a1", 90, 50, 0], ["b2", 5, 2, 0]]])
    assert merged["best"] == "b2"
    # when every move is lost, the most visited one is still an answer
    assert merge([[["a1", 9, 0, -1], ["b2", 5, 0, -1]]])["best"] == "a1"


def test_ties_are_broken_the_same_way_every_time():
    rows = [["b2", 10, 5, 0], ["a1", 10, 5, 0]]
    assert merge([rows])["best"] == merge([list(reversed(rows))])["best"] == "a1"
    assert merge([])["best"] is None


def test_the_pool_merges_the_workers_that_share_as_the_page_does():
    """web/pool.js ``mergeRequest``: worker 0's kind of sharing, merged with every other
    worker's of that kind; a worker that shares nothing is left out, not the merge."""
    def answer(best, root=None, split=None):
        return {"best": best, "win_chance": 0.5, "root": root, "split": split}
    shared = [answer("a1", root=[["a1", 10, 5, 0], ["b2", 8, 6, 0]]),
              answer("c3"),                                       # stopped before a sample
              answer("b2", root=[["a1", 1, 0, 0], ["b2", 9, 7, 0]])]
    assert merged_answer(shared)["best"] == "b2"                  # 17 visits against 11
    assert merged_answer(shared[:2]) == shared[0]                 # nothing else to merge
    assert merged_answer([answer("d4"), shared[2]]) == answer("d4")    # worker 0 shares nothing
    splits = [answer("a1", split=[[2, "a1", 10, 0.6, 0]]), answer("b2", split=[[2, "b2", 30, 0.7, 0]])]
    assert merged_answer(splits)["best"] == "b2"


def test_one_worker_plays_the_single_search_move():
    game = load_game("havannah(size=5)")
    state = game.replay(["c3", "e5"])
    single = Thinker(game, state, level=5, iterations=120, seed=worker_seed(11, 0))
    while not single.done:
        single.step(0.05)
    assert merge([root_statistics(single)])["best"] == game.move_name(single.move())
    with WorkerPool(1) as pool:
        assert pool.choose(game.spec, state, 5, iterations=120, seed=11)["best"] \
            == game.move_name(single.move())


def test_with_fixed_iterations_and_seed_the_merged_move_is_the_same_on_every_run():
    game = load_game("havannah(size=5)")
    state = game.replay(["c3", "e5", "d4"])
    with WorkerPool(2) as pool:
        first = pool.choose(game.spec, state, 5, iterations=100, seed=3)
        again = pool.choose(game.spec, state, 5, iterations=100, seed=3)
    with WorkerPool(2) as other:
        third = other.choose(game.spec, state, 5, iterations=100, seed=3)
    assert first["best"] == again["best"] == third["best"]
    assert [a["root"] for a in first["answers"]] == [a["root"] for a in third["answers"]]
    # the workers searched with seeds of their own
    assert first["answers"][0]["root"] != first["answers"][1]["root"]


def test_an_engine_that_neither_shares_a_tree_nor_splits_answers_with_its_own_move():
    # Damone's positions can come back, so its alpha-beta root is not split (SPLIT_ROOT)
    game = load_game("damone")
    state = game.initial_state()
    with WorkerPool(2) as pool:
        answer = pool.choose(game.spec, state, 3, iterations=5, seed=0)
    assert answer["best"] == answer["answers"][0]["best"]
    assert answer["answers"][0]["root"] is None and answer["answers"][0]["split"] is None


def opened(spec: str, plies: int, seed: int = 1):
    """A position a few random plies into a game (the first moves of some bots are known
    at once, without a search), and the names of its moves."""
    import random
    game = load_game(spec)
    rng, state, names = random.Random(seed), game.initial_state(), []
    while len(names) < plies or game.to_move(state) == CHANCE:
        move = rng.choice(game.legal_moves(state))
        names.append(game.move_name(move))
        state = game.apply(state, move)
    return game, state, names


@pytest.mark.parametrize("count", [2, 3, 5])
def test_the_shares_of_an_alpha_beta_root_cover_every_move_once(count):
    game, state, _ = opened("hekka", 4)
    full = Thinker(game, state, level=4, iterations=1, seed=3).engine
    moves = full.ordered(full.root, None, None, 0)
    shares = []
    for index in range(count):
        engine = Thinker(game, state, level=4, iterations=1, seed=3 + index,
                         share=(index, count)).engine
        shares.append(engine.shared(engine.ordered(engine.root, None, None, 0)))
        # a share taken again from a narrower list (the kernel's best moves of the last
        # iteration, say) is still the same share: it does not shrink iteration by iteration
        assert engine.shared(shares[-1]) == shares[-1]
        assert engine.shared(moves[::2]) == [m for m in moves[::2] if m in shares[-1]] or \
            engine.shared(moves[::2]) == moves[::2][:1]
    assert sorted(map(repr, sum(shares, []))) == sorted(map(repr, moves))
    assert max(map(len, shares)) <= len(moves) // 2 + 2      # no worker takes nearly all


def test_a_split_root_finds_the_value_of_the_whole_root_at_the_same_depth():
    """Each share is searched with a full window at the root, so at a depth every worker
    finished, the best of the shares' values is the whole root's value (Hekka, a position
    where no value of a deeper depth leaks in through the table)."""
    game, state, _ = opened("hekka", 4)
    whole = think("hekka", state, 4, None, 1200, 5)["split"]
    shares = [think("hekka", state, 4, None, 400, 5 + i, share=(i, 3))["split"]
              for i in range(3)]
    merged = merge_split(shares)
    depth = merged["depth"]
    assert depth == min(rows[-1][0] for rows in shares) >= 3
    best = max(rows[i][2] for rows in shares for i in range(len(rows)) if rows[i][0] == depth)
    assert [row[2] for row in whole if row[0] == depth] == [best]
    assert game.parse_move(merged["best"], state) in game.legal_moves(state)


def test_the_merge_of_split_roots():
    # the best value at the deepest depth every worker finished; ties: the first worker
    a = [[3, "a1", 10, 0.6, 0], [4, "a2", 4, 0.55, 0]]
    b = [[3, "b1", 12, 0.7, 0]]
    assert merge_split([a, b]) == {"best": "b1", "win_chance": 0.7, "depth": 3}
    assert merge_split([a, [[3, "b1", 10, 0.6, 0]]])["best"] == "a1"
    # a proven win is taken at once; a proven loss stands at any depth and loses to the rest
    won = [[2, "c1", 999, 1.0, 1]]
    assert merge_split([a, b, won])["best"] == "c1"
    lost = [[2, "d1", -999, 0.0, -1]]
    assert merge_split([a, lost]) == {"best": "a2", "win_chance": 0.55, "depth": 4}
    assert merge_split([lost])["best"] == "d1"
    # a worker with nothing to say is left out; nobody at all: no move
    assert merge_split([None, b])["best"] == "b1"
    assert merge_split([None, []])["best"] is None


def test_workers_split_an_alpha_beta_root_and_the_merged_move_is_the_same_on_every_run():
    game, state, _ = opened("plop", 4)
    with WorkerPool(3) as pool:
        first = pool.choose(game.spec, state, 4, iterations=150, seed=2)
        second = pool.choose(game.spec, state, 4, iterations=150, seed=2)
    assert (first["best"], first["depth"]) == (second["best"], second["depth"])
    assert all(answer["split"] for answer in first["answers"])
    assert game.parse_move(first["best"], state) in game.legal_moves(state)
    # three workers each with a third of the root reach at least the depth of one alone
    alone = think(game.spec, state, 4, None, 150, 2)["split"]
    assert first["depth"] >= alone[-1][0]


def test_a_budget_of_cpu_time_is_counted_by_the_clock_given():
    game = load_game("havannah(size=5)")
    thinker = Thinker(game, game.initial_state(), level=5, seconds=0.05, clock=process_time)
    while not thinker.done:
        thinker.step(0.02)
    assert thinker.elapsed >= 0.05 and thinker.move() is not None


def test_the_match_harness_names_bots_with_workers():
    game = load_game("havannah(size=4)")
    bot = make_bot("level3x2", game, 0.02, seed=1)
    state = game.initial_state()
    try:
        move = bot(state)
    finally:
        bot.close()
    assert move in game.legal_moves(state)
    with pytest.raises(ValueError, match="jobs=1"):
        match("havannah(size=4)", "level3x2", "level3", games=2, jobs=2)
    with pytest.raises(ValueError, match="unknown bot"):
        make_bot("level3x0", game, 0.02, seed=1)


def test_the_bridge_merges_the_workers_searches():
    import json
    from tavoliere.bridge import handle

    def ask(**request):
        return json.loads(handle(json.dumps(request)))
    roots = []
    for seed in (1, 2):
        ask(op="think_start", game="havannah(size=4)", moves=["c3"], iterations=40, seed=seed,
            id=f"w{seed}")
        while not ask(op="think_step", id=f"w{seed}")["progress"]["done"]:
            pass
        stop = ask(op="think_stop", id=f"w{seed}")
        roots.append(stop["root"])
    merged = ask(op="merge", game="havannah(size=4)", moves=["c3"], root=roots)
    assert merged["move"] == merge(roots)["best"] and merged["cells"] == [merged["move"]]
    # statistics for a move that is not legal here, or malformed, are refused
    bad = ask(op="merge", game="havannah(size=4)", moves=["c3"], root=[[["c3", 5, 1, 0]]])
    assert bad["ok"] is False and bad["code"] == "request.root"
    assert ask(op="merge", game="havannah(size=4)", moves=[], root="x")["code"] == "request.root"


def test_the_bridge_splits_an_alpha_beta_root_and_merges_the_shares():
    import json
    from tavoliere.bridge import handle

    def ask(**request):
        return json.loads(handle(json.dumps(request)))
    game, state, moves = opened("hekka", 4)
    splits = []
    for index in range(2):
        ask(op="think_start", game="hekka", moves=moves, iterations=200, seed=index,
            share=[index, 2], id=f"s{index}")
        while not ask(op="think_step", id=f"s{index}")["progress"]["done"]:
            pass
        splits.append(ask(op="think_stop", id=f"s{index}")["split"])
    merged = ask(op="merge", game="hekka", moves=moves, split=splits)
    assert merged["ok"] and merged["move"] == merge_split(splits)["best"]
    assert merged["depth"] == merge_split(splits)["depth"] >= 2
    bad = ask(op="merge", game="hekka", moves=moves, split=[[[2, "zz", 1, 0.5, 0]]])
    assert bad["ok"] is False and bad["code"] == "request.split"


def test_the_generic_search_shares_its_root_too():
    """The generic MCTS (a game without a bot of its own) is root-parallel as well."""
    game = load_game("tinydice")
    state = game.initial_state()
    from tavoliere.core import CHANCE
    while game.to_move(state) == CHANCE:
        state = game.apply(state, game.legal_moves(state)[0])
    thinker = Thinker(game, state, level=3, iterations=60, seed=1)
    while not thinker.done:
        thinker.step(0.05)
    rows = root_statistics(thinker)
    names = {game.move_name(move) for move in game.legal_moves(state)}
    assert rows and {row[0] for row in rows} <= names
    assert merge([rows])["best"] == game.move_name(thinker.move())
