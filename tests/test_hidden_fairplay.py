"""Hidden pieces by link: Ghost's set-ups committed at the start, each captured ghost's colour
revealed with its own salt in its owner's next link, both set-ups revealed and the whole game
checked at the end (RULES.md 14.7; issue 41 part 4; tavoliere.fairplay, docs/fairplay.md)."""

import pytest

from tavoliere import load_game
from tavoliere.__main__ import main
from tavoliere.fairplay import (
    HIDDEN_MESSAGES, HIDE, Fair, FairError, Revealed, check, commitment, disclose, follows, hide,
    piece_salt, verify)
from tavoliere.messages import MESSAGES, Problem
from tavoliere.notation import export_record

WHITE_SETUP, BLACK_SETUP = "b1c1d2e2", "b5c5d6e6"
# RULES.md 14.10 G-8: "b1c1d2e2 b5c5d6e6 b2-a2 e5-f5 ... a6-out replays to a White win by escape"
G8_MOVES = "b2-a2 e5-f5 a2-a3 f5-f4 a3-a4 f4-f3 a4-a5 f3-f2 a5-a6 f2-f1 a6-out".split()
# White's c2 walks up and takes Black's c5 (bad in BLACK_SETUP) at ply 7
CAPTURE = "c2-c3 c5-c4 b2-a2 d5-d4 c3-b3 c4-c3 b3xc3".split()


class Side:
    """One browser: its own set-up and salt, never in what it sends."""

    def __init__(self, player, setup, moves, fair):
        answer = hide("ghost", moves, setup, fair)
        self.player, self.setup, self.salt = player, answer["move"], answer["salt"]
        self.token, self.fair = answer["token"], answer["fair"]

    def secret(self):
        return self.player, self.setup, self.salt

    def disclose(self, moves, fair):
        answer = disclose("ghost", moves, fair, *self.secret())
        return answer["moves"], answer["fair"]


def start():
    white = Side(0, WHITE_SETUP, [], Fair())
    black = Side(1, BLACK_SETUP, [white.token], white.fair)
    return white, black, [white.token, black.token], black.fair


def sent(moves, fair):
    """Everything a link carries (web/links.js writes the moves and these fields)."""
    return " ".join(moves) + " " + " ".join(fair.fields().values())


# -- the commitment -------------------------------------------------------------------------------
def test_the_setup_commitment_is_rules_14_7_form_and_its_vectors():
    """RULES.md 14.7: "Each player first publishes a commitment
    sha256("tavoliere-ghost|<player>|<bad cells ascending>|<salt>"), where <salt> is 32 random hex
    digits"; the vectors of G-8."""
    assert commitment("ghost", 0, "b1c1d2e2", "00112233445566778899aabbccddeeff") == \
        "9acb353867ff6a674704f7ff917ff18985a2ce971f8aad53df4f55d664ee59ad"
    assert commitment("ghost", 1, "b5c5d6e6", "ffeeddccbbaa99887766554433221100") == \
        "e7d8caaefc3dc1acfc268e001642b5d3684a0dc770d43863c41a4753a12d3587"
    white = Side(0, "e2d2c1b1", [], Fair())      # any order: the cells are written ascending
    assert white.setup == "b1c1d2e2" and len(white.salt) == 32
    assert white.token == HIDE + commitment("ghost", 0, "b1c1d2e2", white.salt)


def test_the_link_holds_nothing_of_a_setup_or_its_salt_before_the_end():
    """14.7: each player "keeps the set-up and salt on his own device"."""
    white, black, moves, fair = start()
    moves = moves + CAPTURE
    link = sent(*black.disclose(moves + ["a5-a4"][:0], fair))
    for secret in (WHITE_SETUP, BLACK_SETUP, white.salt, black.salt):
        assert secret not in link
    # the per-piece salt revealed for c5 is not the set-up's salt, and opens c5 only
    moves, fair = black.disclose(moves, fair)
    assert [entry.item for entry in fair.reveals] == ["c5"]
    assert fair.reveals[0].salt == piece_salt(black.salt, "c5") != black.salt


# -- a game by link -------------------------------------------------------------------------------
def test_a_whole_game_by_link_to_an_escape_and_the_check_at_the_end(tmp_path, capsys):
    """14.7: "At the end both reveal set-up and salt. The check above is run, and each
    commitment must match"; G-8's game "replays to a White win by escape"."""
    white, black, moves, fair = start()
    report = check("ghost", moves + G8_MOVES[:-1], fair, secret=white.secret())
    assert ("a6", "out") in [(m.split("-")[0], m.split("-")[-1]) for m in
                             map(load_game("ghost").move_name, load_game("ghost").legal_moves(
                                 report.full_state))]
    moves = moves + G8_MOVES
    with pytest.raises(FairError) as error:          # the exit's link must reveal his set-up
        check("ghost", moves, fair)
    assert error.value.reason.code == "fair.setup-due"
    moves, fair = white.disclose(moves, fair)        # White's link: the exit and his set-up
    report = check("ghost", moves, fair, secret=black.secret())
    assert report.outcome.winner == 0 and report.setups_due == [1]
    moves, fair = black.disclose(moves, fair)        # Black's last link: his set-up
    report = check("ghost", moves, fair)
    assert moves[:2] == [WHITE_SETUP, BLACK_SETUP] and report.setups_due == []
    assert report.lines[-1] == "result: White wins: a good ghost of the winner left the board"
    record = export_record("ghost", moves, fair.tags())
    assert verify(record)[0]
    path = tmp_path / "ghost.txt"
    path.write_text(record)
    assert main(["verify", str(path)]) == 0
    assert "2 hidden set-ups revealed and matching" in capsys.readouterr().out


def test_g8_a_setup_that_makes_the_exit_illegal_fails_the_check():
    """G-8: "The same moves with White's set-up b1b2c1e2 fail the check at a6-out: that ghost is
    bad"; by link, White cannot reveal another set-up than the one he committed to."""
    white, black, moves, fair = start()
    moves, fair = white.disclose(moves + G8_MOVES, fair)
    moves, fair = black.disclose(moves, fair)
    liar = Side(0, "b1b2c1e2", [], Fair())
    with pytest.raises(FairError) as error:
        check("ghost", ["b1b2c1e2", *moves[1:]], fair)
    assert error.value.reason.code == "fair.bad-reveal" and error.value.culprit == 0
    # even honestly committed, that set-up makes the exit illegal
    honest = Side(1, BLACK_SETUP, [liar.token], liar.fair)
    with pytest.raises(FairError) as error:
        check("ghost", [liar.token, honest.token, *G8_MOVES], honest.fair, secret=liar.secret())
    assert error.value.ply == 13


def test_a_capture_is_revealed_in_its_owners_next_link():
    """14.7: "Each of his replies carries the colour of any ghost of his just captured"; 14.5:
    the colour of a captured ghost is known to both "from the capture on"."""
    white, black, moves, fair = start()
    moves = moves + CAPTURE
    report = check("ghost", moves, fair, secret=white.secret())
    assert report.hidden_owed == [(9, 1, "c5")] and report.shown_state is None
    moves, fair = black.disclose(moves, fair)
    assert fair.reveals == (Revealed(9, "c5", "bad", piece_salt(black.salt, "c5")),)
    report = check("ghost", moves + ["d4-d3"], fair, secret=white.secret())
    assert report.opened == 1 and report.hidden_owed == []
    board = report.shown_state.board      # White's view: Black's 7 ghosts left, colours unknown
    assert board.count("u") == 7 and not set(board) & set("gb")
    assert report.shown_state.lost == (0, 0, 0, 1)       # c5 was bad, and both know it


def test_a_reply_without_the_reveal_loses_for_its_sender():
    """14.7: "A mismatch, or a wrong reveal, loses the game for the player who made it"; a reply
    that leaves out the captured ghost's colour is a missing reveal."""
    white, black, moves, fair = start()
    with pytest.raises(FairError) as error:
        check("ghost", moves + CAPTURE + ["d4-d3"], fair)
    assert error.value.reason.code == "fair.missing-reveal" and error.value.culprit == 1
    assert error.value.forfeit(load_game("ghost")).winner == 0


@pytest.mark.parametrize("tamper", ["value", "salt", "item"])
def test_a_tampered_reveal_loses_for_its_sender(tamper):
    """14.7: "A mismatch, or a wrong reveal, loses the game for the player who made it"."""
    white, black, moves, fair = start()
    moves, fair = black.disclose(moves + CAPTURE, fair)
    entry = fair.reveals[0]
    changed = {"value": Revealed(entry.ply, entry.item, "good", entry.salt),
               "salt": Revealed(entry.ply, entry.item, entry.value, "0" * 32),
               "item": Revealed(entry.ply, "d5", entry.value, entry.salt)}[tamper]
    fields = Fair(pieces=fair.pieces, reveals=(changed,)).fields()   # as the link writes them
    tampered = Fair.read(pieces=fields["pieces"], reveals=fields["reveals"])
    with pytest.raises(FairError) as error:
        check("ghost", moves + ["d4-d3"], tampered, secret=white.secret())
    assert error.value.reason.code == "fair.bad-piece" and error.value.culprit == 1
    assert error.value.ply == 9 and "Black" in str(error.value)


def test_a_revealed_setup_must_agree_with_every_colour_shown_and_both_commitments():
    """14.7 check 3: "every colour revealed during the game equals the colour that the set-ups
    give"; a set-up revealed with a salt that opens the whole-set-up commitment but not the pieces'
    (or the other way round) is a wrong reveal."""
    white, black, moves, fair = start()
    moves, fair = black.disclose(moves + CAPTURE, fair)
    game_over = moves + ["d4-d3"]
    # Black opens a set-up in which c5 was good: neither commitment matches
    liar = list(game_over)
    liar[1] = "b5d5d6e6"
    with pytest.raises(FairError) as error:
        check("ghost", liar, fair.__class__(
            pieces=fair.pieces, reveals=fair.reveals,
            opened=(type(fair).read(seals=f"2:{moves[1][5:]}:{black.salt}").opened)))
    assert error.value.reason.code == "fair.bad-reveal" and error.value.culprit == 1


def test_a_changed_commitment_between_links_loses_for_its_sender():
    white, black, moves, fair = start()
    other = Side(1, "b6c6d6e6", [white.token], white.fair)
    with pytest.raises(FairError) as error:
        follows("ghost", moves, fair, [white.token, other.token], other.fair)
    assert error.value.culprit == 1


def test_every_hidden_code_is_raised_and_said_in_both_languages():
    white, black, moves, fair = start()
    clear_white = [WHITE_SETUP, black.token]
    attempts = [
        lambda: check("ghost", [white.token], fair.__class__()),                  # no-pieces
        lambda: check("ghost", clear_white, fair),                                # hidden-clear
        lambda: check("ghost", moves + CAPTURE + ["d4-d3"], fair),                # missing-reveal
        lambda: check("ghost", moves + G8_MOVES, fair),                           # setup-due
        lambda: check("ghost", moves, fair, secret=(0, "b1b2c1c2", white.salt)),  # own-secret
        lambda: hide("ghost", moves, "b2-b3", fair),                              # not-hidden
        lambda: check("ghost", moves + ["b2-b3"], fair.__class__(
            pieces=fair.pieces, reveals=(Revealed(3, "b5", "bad", "0" * 32),))),  # stray-reveal
        lambda: check("ghost", moves + CAPTURE + ["d4-d3"], fair.__class__(
            pieces=fair.pieces, reveals=(Revealed(9, "c5", "bad", "0" * 32),))),  # bad-piece
    ]
    codes = set()
    for attempt in attempts:
        with pytest.raises(Problem) as error:
            attempt()
        codes.update([error.value.code, *error.value.params.get("inner", [])])
    assert set(HIDDEN_MESSAGES) <= codes
    for code in HIDDEN_MESSAGES:
        assert MESSAGES[code]["en"] != MESSAGES[code]["it"]


def test_games_of_perfect_information_and_one_device_ghost_are_unchanged():
    """A Ghost record with its set-ups in clear and no piece commitments (a game on one device)
    is checked as before: it has no commitments to match."""
    report = check("ghost", [WHITE_SETUP, BLACK_SETUP, *G8_MOVES])
    assert report.outcome.winner == 0


def test_the_bridge_steps_hide_disclose_and_check():
    """The page's side (op ``fair``): hide answers the token and the piece commitments to send
    and the set-up and salt to keep; check with this device's secret gives the mover's moves and
    what is owed; disclose adds the colour owed; no answer but hide's holds the salt."""
    import json
    from tavoliere.bridge import handle as answer_text

    def handle(request):
        return json.loads(answer_text(json.dumps(request)))
    mine = handle({"op": "fair", "step": "hide", "game": "ghost", "moves": [], "move": WHITE_SETUP,
                   "fair": {}})
    theirs = handle({"op": "fair", "step": "hide", "game": "ghost", "moves": [mine["token"]],
                     "move": BLACK_SETUP, "fair": mine["fair"]})
    moves, fair = [mine["token"], theirs["token"], *CAPTURE], theirs["fair"]
    white = {"player": 0, "move": mine["move"], "salt": mine["salt"]}
    black = {"player": 1, "move": theirs["move"], "salt": theirs["salt"]}
    answer = handle({"op": "fair", "step": "check", "game": "ghost", "moves": moves, "fair": fair,
                     "secret": white})
    assert answer["holds"] and answer["hidden_owed"] == [{"ply": 9, "player": 1, "item": "c5"}]
    assert answer["legal"] == []                       # Black's reveal comes first
    answer = handle({"op": "fair", "step": "disclose", "game": "ghost", "moves": moves,
                     "fair": fair, "secret": black})
    assert "reveals" in answer["fair"] and answer["moves"] == moves
    assert black["salt"] not in json.dumps(answer) and BLACK_SETUP not in json.dumps(answer)
    after = handle({"op": "fair", "step": "check", "game": "ghost", "moves": moves + ["d4-d3"],
                    "fair": answer["fair"], "secret": white})
    assert after["holds"] and after["to_move"] == 0 and "a2-a1" in after["legal"]
    assert white["salt"] not in json.dumps(after)
    tampered = dict(answer["fair"], reveals=answer["fair"]["reveals"].replace(":bad:", ":good:"))
    refused = handle({"op": "fair", "step": "check", "game": "ghost", "moves": moves + ["d4-d3"],
                      "fair": tampered, "secret": white})
    assert not refused["holds"] and refused["forfeit"]["winner"] == 0


def play_by_links(seed):
    """A random game between two pages passing links: each page discloses what it owes (a
    captured ghost's colour; its set-up once the game is over), then moves.  Answers the final
    record's moves and fields, and each link's size (moves and fields, as characters)."""
    import random
    game, rng = load_game("ghost"), random.Random(seed)
    moves, fair, secrets, sizes = [], Fair(), [], []
    for player in (0, 1):
        setup = rng.choice(game.legal_moves(check("ghost", moves, fair).full_state))
        side = Side(player, game.move_name(setup), moves, fair)
        moves, fair = moves + [side.token], side.fair
        secrets.append(side)
    while True:
        report = check("ghost", moves, fair)
        if report.outcome is not None and not report.setups_due:
            return moves, fair, sizes
        owed = [owner for _, owner, _ in report.hidden_owed]
        sender = secrets[owed[0] if owed else report.setups_due[0] if report.outcome
                         else game.to_move(report.full_state)]
        moves, fair = sender.disclose(moves, fair)
        mine = check("ghost", moves, fair, secret=sender.secret())
        if mine.outcome is None:
            moves = moves + [game.move_name(rng.choice(game.legal_moves(mine.full_state)))]
            moves, fair = sender.disclose(moves, fair)
        sizes.append(len(" ".join(moves)) + sum(len(k) + len(v) + 2 for k, v in fair.fields().items()))


@pytest.mark.parametrize("seed", [0, 2, 4])
def test_random_games_by_link_end_with_a_record_that_verifies(seed):
    """Every way a game ends (an exit, a fourth good or bad ghost captured, whose end hangs on a
    colour the capturer could not know) comes to a record that `verify` accepts, with every
    colour shown during the game checked against its commitment."""
    moves, fair, sizes = play_by_links(seed)
    holds, lines = verify(export_record("ghost", moves, fair.tags()))
    assert holds, lines
    assert "2 hidden set-ups revealed and matching their commitments" in lines[1]
    assert f"{len(fair.reveals)} captured pieces revealed" in lines[2]


def test_the_hidden_steps_refuse_wrong_typed_fields_never_an_internal_error():
    import json
    from test_bridge import WRONG
    from tavoliere.bridge import handle
    white, black, moves, fair = start()
    secret = {"player": 1, "move": black.setup, "salt": black.salt}
    valid = {
        "hide": {"game": "ghost", "moves": [], "move": WHITE_SETUP, "fair": {}},
        "disclose": {"game": "ghost", "moves": moves + CAPTURE, "fair": fair.fields(),
                     "secret": secret},
        "check": {"game": "ghost", "moves": moves + CAPTURE, "fair": fair.fields(),
                  "secret": secret, "previous": {"moves": moves, "fair": fair.fields()}},
    }
    for step, request in valid.items():
        assert json.loads(handle(json.dumps({"op": "fair", "step": step, **request})))["ok"], step
        for key in [*request, "step"]:
            for wrong in WRONG:
                answer = json.loads(handle(json.dumps({"op": "fair", "step": step,
                                                       **request, key: wrong})))
                assert answer.get("error") != "internal", (step, key, wrong, answer)
        for inner in secret:
            for wrong in WRONG:
                answer = json.loads(handle(json.dumps({"op": "fair", "step": step, **request,
                                                       "secret": {**secret, inner: wrong}})))
                assert answer.get("error") != "internal", (step, inner, wrong, answer)


# -- the page's table by link (web/hiddenlink.js): the other's set-up stood in for ----------------
def test_a_table_with_a_stand_in_shows_a_capture_whose_colour_is_to_come():
    """14.7: "Each of his replies carries the colour of any ghost of his just captured"; until
    that reply the capturer's table shows the capture with no colour and no result, and never a
    colour of the stand-in; 14.5: the colour of a captured ghost is known "from the capture on"."""
    import json
    from tavoliere.bridge import handle as answer_text

    def handle(request):
        return json.loads(answer_text(json.dumps(request)))
    white, black, moves, fair = start()
    secret = {"player": 0, "move": white.setup, "salt": white.salt}
    check_ = handle({"op": "fair", "step": "check", "game": "ghost", "moves": moves + CAPTURE,
                     "fair": fair.fields(), "secret": secret})
    assert check_["hidden_plies"] == {"0": 1, "1": 2} and list(check_["standins"]) == ["1"]
    assert BLACK_SETUP not in json.dumps(check_) and white.setup not in json.dumps(check_)
    record = [white.setup, check_["standins"]["1"], *CAPTURE]
    guessed = {"players": [1], "known": []}
    view = handle({"op": "view", "game": "ghost", "moves": record, "seat": 0, "guessed": guessed})
    assert view["moves"][:2] == ["?", "?"] and view["moves"][-1] == "b3xc3"
    assert view["outcome"] is None and view["marks"] == {} and "words" not in view
    assert not [t for t in view["pieces"].values() if t.startswith("stone.1")]
    played = handle({"op": "play", "game": "ghost", "moves": record[:-1], "move": "b3xc3", "seat": 0,
                     "guessed": guessed})
    assert played["outcome"] is None and played["marks"] == {}
    # Black's reveal came: the colour is shown, from the capture on
    known = handle({"op": "view", "game": "ghost", "moves": record, "seat": 0,
                    "guessed": {"players": [1], "known": ["c5"]}})
    assert known["words"][-1] == ["move.capture-bad", {"move": "b3xc3"}]
    assert known["marks"]["message"]["key"] == "captured-bad"
    wrong = handle({"op": "view", "game": "ghost", "moves": record, "guessed": {"players": "1"}})
    assert wrong["code"] == "fair.field"


def test_a_stand_in_never_shows_a_result_or_colours_that_wait_for_a_reveal():
    """14.6: "the move captured the opponent's fourth good ghost -> the mover wins"; by link the
    capturer cannot know it is the fourth good one until its owner shows it, so his table shows
    no result and none of the other side's colours (the end would show them all: 14.5)."""
    game = load_game("ghost")
    # G-3: "Black has already lost G, G, G, B. c3xc4 -> White wins"
    state = game.position("c3 B, a1 G, f2 G, d1 B", "c4 G, d5 B, e5 B, b6 B", lost=(0, 0, 3, 1))
    after = game.apply(state, game.parse_move("c3xc4", state))
    assert game.outcome(after).winner == 0 and "b" in game.view(after, 0).board
    waiting = game.hidden_view(after, 0, settled=False)
    assert game.outcome(waiting) is None and not set(waiting.board) & set("gb")
    settled = game.hidden_view(after, 0)
    assert game.outcome(settled).winner == 0 and not set(settled.board) & set("gb")
