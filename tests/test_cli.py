"""The command line: perft counts agree with the slow reference; bad input is a message."""

import re
import subprocess
import sys

import pytest

from conftest import ROOT
from reference import barrier as reference


def run(*args):
    return subprocess.run([sys.executable, "-m", "tavoliere", *args], cwd=ROOT, capture_output=True,
                          text=True, env={"PYTHONPATH": str(ROOT / "py"), "PATH": "/usr/bin:/bin"})


@pytest.mark.parametrize("size", [5, 8])
def test_perft_prints_the_reference_counts(size):
    result = run("perft", f"barrier(size={size})", "3")
    assert result.returncode == 0, result.stderr
    counts = [int(n) for n in re.findall(r"^perft \d+ (\d+)", result.stdout, re.M)]
    start = reference.new_game(size)
    assert counts == [reference.perft(start, depth) for depth in (1, 2, 3)]


def test_perft_after_moves_and_show():
    result = run("perft", "barrier", "1", "--moves", "c4", "f6", "c4-d4-e4-e3", "f6-f5-f4-g4")
    assert "perft 1 8 " in result.stdout
    shown = run("show", "barrier", "--moves", "c4", "f6")
    assert "White to move, 16 legal moves" in shown.stdout


@pytest.mark.parametrize("args, words", [
    (["perft", "chess", "1"], "unknown game"),
    (["show", "barrier", "--moves", "c4", "c4"], "ply 2"),
])
def test_bad_input_is_an_error_message_not_a_traceback(args, words):
    result = run(*args)
    assert result.returncode == 2
    assert words in result.stderr and "Traceback" not in result.stderr


def test_the_rules_benchmark_plays_the_same_games_in_each_row_whatever_came_before(monkeypatch):
    """``bench rules`` compares two runtimes on the same work: each row draws its games from a
    generator of its own, so a row's games do not depend on how many the rows before it
    played (fewer in the slower runtime)."""
    from tavoliere import bench

    def plies(rows):
        return {row["game"]: row["plies_per_game"] for row in rows}

    once = plies(bench.rules(seconds=0))                        # one game a row
    assert {"havannah", "hexade", "damone book", "layli book"} <= set(once)
    original = bench._havannah_game
    skipped = []

    def havannah_after_another(rng, cells):                     # the first row plays more
        skipped.append(original(rng, cells))
        return original(rng, cells)

    monkeypatch.setattr(bench, "_havannah_game", havannah_after_another)
    again = plies(bench.rules(seconds=0))
    assert skipped
    del once["havannah"], again["havannah"]
    assert again == once


def test_gtp_tally_adds_up_the_kept_morat_games_and_names_a_bad_file(tmp_path):
    result = run("gtp-tally", "tests/data/morat/base8-w4-10700it-v-76500sims.jsonl",
                 "tests/data/morat/base8-w1-10700it-v-76500sims.jsonl")
    assert result.returncode == 0, result.stderr
    rows = [line.split(" | ") for line in result.stdout.splitlines()[2:]]
    assert {(row[3], row[6], row[7]) for row in rows} == {("4", "43", "0.0% (0)"),
                                                         ("1", "40", "2.5% (1)")}
    missing = run("gtp-tally", str(tmp_path / "none.jsonl"))
    assert missing.returncode == 2 and "No such file" in missing.stderr
    (tmp_path / "bad.jsonl").write_text('{"spec": "havannah"}\n')
    bad = run("gtp-tally", str(tmp_path / "bad.jsonl"))
    assert bad.returncode == 2 and "record 1 is not a game of gtp-match" in bad.stderr
    assert bad.stdout == ""


def test_a_match_measures_one_idea_in_cpu_time_and_refuses_an_unknown_one():
    result = run("match", "go(size=9,scoring=area)", "level3", "level3-no-shapes", "--games", "1",
                 "--seconds", "0.01", "--cpu")
    assert result.returncode == 0, result.stderr
    assert "level3 v level3-no-shapes, 1 games, colours alternated, 0.01 s of CPU time a move" in result.stdout
    bad = run("match", "go(size=9)", "level3", "level3-no-magic", "--games", "1")
    assert bad.returncode == 2 and "no idea called 'magic'" in bad.stderr
    assert "Traceback" not in bad.stderr
