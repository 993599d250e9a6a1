"""The bridge to the Geister AI tournament's programs (``tavoliere.ai.gat``): the names and
cells of RULES.md 14.9, the protocol's board, and matches against a fake client, a tiny
Python script that speaks the protocol.  The real tournament players are a command
(``python -m tavoliere gat-match``), never part of the tests."""

import json
import sys

import pytest

from tavoliere.ai.gat import (NAMES, Ghosts, client_move, client_setup, from_view, gat_match,
                              to_view)
from tavoliere.core import load_game

# Connects, makes BCFG bad, and always steps ghost A north: legal at first, then onto the
# opponent, until A is captured and the move names a ghost no longer on the board.
FAKE = r'''
import socket, sys
args = sys.argv[1:]
port = int(args[args.index("-p") + 1])
connection = socket.create_connection(("127.0.0.1", port))
pending = b""
while True:
    while b"\r\n" not in pending:
        chunk = connection.recv(4096)
        if not chunk:
            sys.exit(0)
        pending += chunk
    line, pending = pending.split(b"\r\n", 1)
    line = line.decode()
    if line.startswith("SET?"):
        connection.sendall(b"SET:BCFG\r\n")
    elif line.startswith("MOV?"):
        assert len(line) == 4 + 48, line
        connection.sendall(b"MOV:A,N\r\n")
    else:
        sys.exit(0)
'''


@pytest.fixture
def fake(tmp_path):
    # started as the client is: the program, the protocol's options, then the library
    script = tmp_path / "fake_client.py"
    script.write_text(f"#!{sys.executable}\n" + FAKE)
    script.chmod(0o755)
    return [str(script), "fakePlayer.so"]


def test_the_ghosts_names_of_rules_14_9_and_the_protocols_cells():
    """RULES.md 14.9: "For White: A=b2, B=c2, C=d2, D=e2, E=b1, F=c1, G=d1, H=e1. For Black:
    A=e5, B=d5, C=c5, D=b5, E=e6, F=d6, G=c6, H=b6." - and the tournament's library starts
    each player's A-D at row 4, columns 1-4, and E-H at row 5, seen from his own side."""
    for side in (0, 1):
        assert [to_view(cell, side) for cell in NAMES[side]] == [
            (1, 4), (2, 4), (3, 4), (4, 4), (1, 5), (2, 5), (3, 5), (4, 5)]
        for name in ("a1", "f6", "c4"):
            assert from_view(*to_view(name, side), side) == name
    # the opponent's ghosts as each side sees them: the library's (4,1), (3,1), ... for A, B
    assert to_view(NAMES[1][0], 0) == (4, 1) and to_view(NAMES[0][0], 1) == (4, 1)


def test_the_protocols_board_hides_the_opponents_colours_until_captured():
    ghosts = Ghosts()
    bad = [set("BCFG"), set("ADEH")]
    start = ghosts.board(0, bad)
    assert start[:12] == "14B24R34R44B" and start[24:27] == "41u"
    for name in ("d2-d3", "d5-d4", "d3xd4"):   # White's C, a bad ghost, takes Black's B
        ghosts.play(name)
    seen = ghosts.board(0, bad)
    assert seen[6:9] == "32R" and seen[27:30] == "99b"      # Black's B was good: shown
    assert ghosts.board(1, bad)[3:6] == "99B"               # Black sees his own loss
    assert ghosts.board(1, bad)[30:33] == "23u"             # and White's C, still unknown


def test_a_clients_words_are_read_or_refused_with_the_text():
    ghosts = Ghosts()
    assert client_setup("SET:BCFG") == set("BCFG")
    assert client_move("MOV:A,N", ghosts, 0) == "b2-b3"
    assert client_move("MOV:A,N", ghosts, 1) == "e5-e4"     # north is towards White for Black
    assert client_move("MOV:E,W", ghosts, 0) == "b1-a1"
    for bad in ("SET:ABC", "SET:ABCZ", "SET:AABC", "hello"):
        with pytest.raises(ValueError, match="not a set-up"):
            client_setup(bad)
    for bad in ("MOV:Z,N", "MOV:A,Q", "MOV:A N", "MOV?"):
        with pytest.raises(ValueError, match="not a move"):
            client_move(bad, ghosts, 0)
    ghosts.where[(0, "A")] = "a6"
    assert client_move("MOV:A,W", ghosts, 0) == "a6-out"    # off the far corner: out


def test_a_match_against_a_fake_client_counts_its_faults(fake, tmp_path):
    records = tmp_path / "games.jsonl"
    result = gat_match(fake, games=2, level=3, iterations=30, seed=0, records=str(records))
    assert result["wins"] + result["losses"] + result["draws"] == 2
    games = [json.loads(line) for line in records.read_text().splitlines()]
    assert [game["ours"] for game in games] == [0, 1]
    # the client's set-up is read by name: BCFG are c2 d2 c1 d1 for White, d5 c5 d6 c6 for Black
    assert games[1]["moves"][0] == "c1c2d1d2" and games[0]["moves"][1] == "c5c6d5d6"
    game = load_game("ghost")
    for record in games:                     # every game replays in our rule book
        state = game.replay(record["moves"])
        assert (game.outcome(state) is not None) == (record["fault"] is None)
    # ghost A's walk north ends when A is captured or blocked: a fault, lost by the client
    for record in games:
        if record["fault"]:
            assert record["winner"] == record["ours"]
    assert all(line.startswith("game ") for line in result["faults"])
