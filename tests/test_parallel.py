"""Root-parallel search (ai/parallel.py): the merge of the workers' root statistics, worker
processes that keep their own trees, and the match harness's bots with workers."""

from time import process_time

import pytest

from tavoliere import load_game
from tavoliere.ai import Thinker
from tavoliere.ai.arena import make_bot, match
from tavoliere.ai.parallel import WorkerPool, merge, root_statistics, worker_seed


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


def test_an_engine_without_a_tree_answers_with_its_own_move():
    game = load_game("barrier(size=5)")
    state = game.initial_state()
    with WorkerPool(2) as pool:
        answer = pool.choose(game.spec, state, 3, iterations=5, seed=0)
    assert answer["best"] in {game.move_name(m) for m in game.legal_moves(state)}
    assert answer["answers"][0]["root"] is None


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
