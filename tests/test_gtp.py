"""The GTP sparring harness (``tavoliere.ai.gtp``) against a fake engine: a tiny Python
script that speaks GTP and plays the first empty cell.  The real benchmark against morat is
a command (``python -m tavoliere gtp-match``), never part of the tests."""

import json
import sys

import pytest

from tavoliere.ai.gtp import (GTPEngine, GTPError, engine_match, engine_matches, pachi_command,
                              read_board, set_time, tally, work_rates)

FAKE = r'''
import os, sys
base, stones, log = 8, {}, []
die = os.environ.get("FAKE_GTP_DIE")        # a file: the engine dies once, at a genmove
def cells():
    span = 2 * base - 1
    return [chr(97 + L) + str(N + 1) for L in range(span) for N in range(span)
            if abs(L - N) <= base - 1]
for line in sys.stdin:
    words = line.split()
    if not words:
        continue
    command, args = words[0], words[1:]
    answer, ok = "", True
    if command == "name":
        answer = os.environ.get("FAKE_GTP_NAME", "fake")
    elif command == "list_commands":
        answer = "\n".join(["name", "list_commands", "boardsize", "clear_board", "play",
                            "genmove", "time_settings", "quit"])
    elif command == "boardsize":
        base, stones = int(args[0]), {}
    elif command == "clear_board":
        stones = {}
    elif command == "time_settings":
        answer = " ".join(args)
    elif command == "play":
        ok = args[1] in cells() and args[1] not in stones
        stones[args[1]] = args[0]
        answer = "" if ok else "illegal move"
    elif command == "genmove":
        if die and len(stones) > 3 and not os.path.exists(die):
            open(die, "w").close()
            sys.exit(1)
        move = next(c for c in cells() if c not in stones)
        stones[move] = args[0]
        answer = move
        sys.stderr.write(f"genmove in 0.6s, mcts 0.50s ({1000 + len(stones)} games/s, 1 thread)\n")
    elif command == "quit":
        print("=\n", flush=True)
        break
    else:
        ok, answer = False, "unknown command"
    print(("= " if ok else "? ") + answer + "\n", flush=True)
'''


@pytest.fixture
def fake(tmp_path):
    script = tmp_path / "fake_gtp.py"
    script.write_text(FAKE)
    return [sys.executable, str(script)]


def test_the_client_sends_commands_and_reads_answers(fake):
    with GTPEngine(fake) as engine:
        assert engine.send("name") == "fake"
        assert engine.known("genmove") and not engine.known("showboard")
        engine.send("boardsize 4")
        engine.send("play w a1")
        assert engine.send("genmove b") == "a2"
        with pytest.raises(GTPError, match="illegal move"):
            engine.send("play w a1")
        with pytest.raises(GTPError, match="unknown command"):
            engine.send("frobnicate")


def test_a_match_against_the_fake_engine(fake, tmp_path):
    records = tmp_path / "games.jsonl"
    result = engine_match("havannah(size=4)", fake, games=2, iterations=60, seed=0,
                          records=str(records))
    assert result["engine"] == "fake"
    assert result["wins"] + result["losses"] + result["draws"] == 2
    assert result["wins"] == 2                   # the fake plays a1, a2, ... in order
    assert result["score"] == 1.0 and result["ci95"][1] == 1.0
    assert result["disagreements"] == []
    games = [json.loads(line) for line in records.read_text().splitlines()]
    assert [g["white"] for g in games] == ["ours", "fake"]
    assert all(g["winner"] == (0 if g["white"] == "ours" else 1) for g in games)


def test_an_engine_that_dies_is_restarted_with_the_moves_so_far(fake, tmp_path, monkeypatch):
    monkeypatch.setenv("FAKE_GTP_DIE", str(tmp_path / "died"))
    result = engine_match("havannah(size=4)", fake, games=2, iterations=60, seed=0)
    assert len(result["restarts"]) == 1 and "game 1" in result["restarts"][0]
    assert result["wins"] == 2 and result["disagreements"] == []


def test_our_bot_in_worker_processes_and_games_two_at_a_time(fake, tmp_path):
    # --workers: our bot searches in that many processes (here with iterations, so the games
    # do not depend on the load); --jobs: the games two by two in processes at once, each
    # pair seeded apart, their records in one file that gtp-tally adds up
    records = tmp_path / "games.jsonl"
    result = engine_matches(2, 3, seed=5, spec="havannah(size=4)", command=fake,
                            iterations=40, workers=2, records=str(records))
    assert result["games"] == 3 and result["wins"] == 3 and result["disagreements"] == []
    games = [json.loads(line) for line in records.read_text().splitlines()]
    assert sorted(g["seed"] for g in games) == [5000, 5000, 5001]
    assert {g["workers"] for g in games} == {2} and {g["iterations"] for g in games} == {40}
    [row] = tally(records.read_text().splitlines())
    assert (row["engine"], row["workers"], row["ours"], row["games"], row["score"]) == (
        "fake", 2, 40, 3, 3)
    assert row["ci95"][1] == 1.0


def test_tally_names_a_record_it_cannot_read(fake, tmp_path):
    good = json.dumps({"spec": "havannah(size=4)", "white": "ours", "black": "fake",
                       "ours_seconds": 1, "theirs_seconds": 1, "winner": 1, "moves": ["a1"]})
    [row] = tally([good, ""])
    assert row["score"] == 0 and row["games"] == 1
    with pytest.raises(ValueError, match="record 2 .*'not json"):
        tally([good, "not json at all"])
    with pytest.raises(ValueError, match="record 1 "):
        tally([json.dumps({"spec": "havannah(size=4)", "white": "x", "black": "y"})])


def test_a_count_of_simulations_goes_to_morat_and_pachi_only(fake):
    with GTPEngine(fake) as engine:
        with pytest.raises(ValueError, match="morat and Pachi only, not to fake"):
            set_time(engine, 1.0, sims=5000)
        assert set_time(engine, 0) == "fake"       # no time settings: the engine's own pace
    # Pachi takes its count on its command line (pachi_command), which set_time checks
    assert pachi_command("/x/pachi", 5000) == ["/x/pachi", "-D", "-t", "=5000", "threads=1"]
    with GTPEngine(["env", "FAKE_GTP_NAME=Pachi", *fake, "-t", "=5000"]) as engine:
        assert set_time(engine, 1.0, sims=5000) == "Pachi"
        with pytest.raises(ValueError, match="-t =4000"):
            set_time(engine, 1.0, sims=4000)


def test_the_work_rate_of_pachi_is_read_from_its_report(fake):
    """gtp-rate: Pachi's simulations in a move are its search's seconds times its rate."""
    rates = work_rates("havannah(size=4)", ["env", "FAKE_GTP_NAME=Pachi", *fake], seconds=0.02, plies=3)
    assert rates["Pachi simulations"] == [500, 501, 502]   # 0.5 s at 1,001, 1,003, 1,005 a second
    assert len(rates["our iterations"]) == 3 and min(rates["our iterations"]) >= 1


def test_swap_and_other_games_are_refused(fake):
    with pytest.raises(ValueError, match="no swap"):
        engine_match("havannah(size=4,swap=true)", fake, games=1, iterations=10)


def test_read_board_in_morat_layout():
    shown = """
            A B C D
         1 O . . . E
        2 . . . . . F
       3 . . .[@]. . G
      4 . . . . . . . 
       5 . . . . . . 
        6 . . . . . 
         7 . . . @
"""
    assert read_board(shown, 4) == {"a1": 0, "d3": 1, "g7": 1}
    assert read_board("nothing here", 4) is None
