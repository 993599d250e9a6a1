"""Ghost by link, the page's side (issue 41 part 4, issue 42; docs/fairplay.md "Hidden pieces by
link").  Two browser contexts (two storages) play a whole game by passing links by hand: each
set-up chosen on its own page, committed, kept in that browser's storage; the opponent's
ghosts without colour; a capture whose colour is still to come shown as such, the result
waiting for it; each reveal added to the owner's next link and checked; both set-ups opened and
checked at the end.  A hand-edited reveal is refused with its ply named and the game kept;
nothing of a player's uncaptured colours ever reaches the other's page, address bar or
storage.  The room's "Verify a record" checks a Ghost record played by link."""

import json
import random
import re

import pytest

from conftest import OUTPUT, click_more
from test_correspondence import Player
from test_fairlink import field, invite, link_moves, settled_link, storage, verify, with_field
from test_hidden_fairplay import play_by_links
from tavoliere.fairplay import Fair, verify as verify_record
from tavoliere.notation import export_record

pytestmark = pytest.mark.browser


def test_the_room_verifies_a_ghost_record_by_link_and_names_a_tampered_reveal(returning, server):
    """RULES.md 14.7: "At the end both reveal set-up and salt. The check above is run, and each
    commitment must match. A mismatch, or a wrong reveal, loses the game for the player who made
    it"."""
    moves, fair, _ = play_by_links(0)
    record = export_record("ghost", moves, fair.tags())
    anna = Player(returning, "Anna")
    anna.page.goto(server)
    anna.page.evaluate("window.tavoliere.ready")
    result = verify(anna, record, "ghostlink-verify-holds.png")
    assert result.startswith("The record holds.") and "every piece shown during the game" in result, result
    # the first ghost shown during the game, its colour flipped in the record
    first = fair.reveals[0]
    flipped = "good" if first.value == "bad" else "bad"
    owner = "White" if first.item[1] in "12" else "Black"
    tampered = record.replace(f"{first.ply}:{first.item}:{first.value}:", f"{first.ply}:{first.item}:{flipped}:")
    result = verify(anna, tampered, "ghostlink-verify-tampered.png")
    assert f"fails at ply {first.ply}" in result and f"{owner}'s reveal of the piece {first.item}" in result, result
    # a set-up opened at the end other than the one committed to
    setup = re.search(r"1\. (\S+) ", record).group(1)
    other = "b1c1d1e1" if setup != "b1c1d1e1" else "b2c2d2e2"
    result = verify(anna, record.replace(f"1. {setup} ", f"1. {other} "))
    assert "fails at ply 1" in result and "White's reveal does not match the commitment" in result, result
    assert not anna.errors


# -- a whole game by link -------------------------------------------------------------------------
SEED = 3        # capture-first random play: 29 moves, 5 captures, a fourth good ghost taken


def choose(rng, legal, setup=None):
    """The test's player: a set-up at random among those with a bad ghost on ``setup`` (his
    last home cell: no stand-in, which takes the first cells free, can then equal it, so the
    search for it below finds only the true one); then an exit, else a capture, else any move."""
    names = sorted(legal)
    if setup:
        return rng.choice([name for name in names if setup in name])
    for kind in ("-out", "x"):
        found = [m for m in names if kind in m]
        if found:
            return rng.choice(found)
    return rng.choice(names)


def secret_of(player):
    [text] = json.loads(player.page.evaluate(
        "JSON.stringify(Object.entries(localStorage).filter(([k]) => k.startsWith('tavoliere.fair.')).map(([, v]) => v))"))
    return json.loads(text)["hidden"]


def page_text(player):
    return player.page.evaluate("document.documentElement.outerHTML + "
                                "[...document.querySelectorAll('textarea,input')].map(e => e.value).join(' ')")


def reveals(link):
    return [entry.split(":") for entry in (field(link, "reveals") or "").split(".") if entry]


def test_a_whole_ghost_game_by_link(returning, server):
    """RULES.md 14.7: "Each player first publishes a commitment ... and keeps the set-up and
    salt on his own device. Each of his replies carries the colour of any ghost of his just
    captured ... At the end both reveal set-up and salt. The check above is run, and each
    commitment must match. A mismatch, or a wrong reveal, loses the game for the player who
    made it"; 14.5: the opponent's colours are never seen "until captured or escaped"."""
    anna, bruno = invite(returning, server, "ghost")
    players = {0: anna, 1: bruno}
    rng = random.Random(SEED)
    # Anna's set-up, chosen on her page, committed: the link carries only commitments
    view = anna.view()
    assert view["to_move"] == 0 and not view["outcome"]
    assert anna.play(choose(rng, view["legal"], "e2")) == "ok"
    link = settled_link(anna)
    secrets = {0: secret_of(anna)}
    assert link_moves(link)[0].startswith("hide=") and len(field(link, "pieces").split(".")) == 2
    bruno.open(link)
    assert "refused" not in bruno.message(), bruno.message()
    view = bruno.view()
    assert view["to_move"] == 1
    assert bruno.play(choose(rng, view["legal"], "e6")) == "ok"
    link = settled_link(bruno)
    secrets[1] = secret_of(bruno)
    sent, holder = [link], anna
    shown_to_come, tampered = 0, False
    for _ in range(200):
        other = anna if holder is bruno else bruno
        side = 0 if holder is anna else 1
        # nothing of the sender's set-up, nor any salt, has reached the other page
        before = other.view()["moves"]
        holder_before = holder.view()["moves"]
        count = len(reveals(link))
        if not tampered and any(int(r[0]) <= len(before) and (r[1][1] in "12") == (side == 0) for r in reveals(link)):
            # the holder's own earlier reveal, its colour changed on the way: refused, the ply
            # named, the game kept (his own value changed wins the sender nothing)
            ply, item, colour, _ = next(r for r in reveals(link) if (r[1][1] in "12") == (side == 0))
            flipped = "good" if colour == "bad" else "bad"
            edited = with_field(link, "reveals", field(link, "reveals").replace(f"{ply}:{item}:{colour}:", f"{ply}:{item}:{flipped}:"))
            holder.open(edited)
            text = holder.message()
            assert "refused" in text and f"ply {ply}" in text and f"reveal of the piece {item} does not match" in text, text
            assert holder.view()["moves"] == holder_before and not holder.view()["outcome"]
            holder.page.screenshot(path=str(OUTPUT / "ghostlink-tampered.png"))
            tampered = True
        holder.open(link)
        assert "refused" not in holder.message(), holder.message()
        if link_moves(link)[1 - side].startswith("hide="):    # (its owner has not opened it yet)
            for text in (page_text(holder), holder.page.url, storage(holder)):
                assert secrets[1 - side]["salt"] not in text and secrets[1 - side]["move"] not in text
        view = holder.view()
        board = holder.page.evaluate("window.tavoliere.picture().pieces")
        if not view["outcome"]:
            # the opponent's ghosts have no colour on this page
            assert not [token for token in board.values() if token.startswith(f"stone.{1 - side}")]
        if view["outcome"] and other.view()["outcome"] and not re.search(r"hide=", holder.link() or ""):
            if other.view()["moves"] == view["moves"]:
                break
        if view["to_move"] == side and not view["outcome"]:
            move = choose(rng, view["legal"])
            assert holder.play(move) == "ok"
            if "x" in move:
                holder.page.wait_for_function("() => window.tavoliere.correspondence.link() !== null")
                # its colour is to come: no colour in the move list, no result yet
                message = holder.message()
                name = "Bruno" if holder is anna else "Anna"
                assert f"{name} will show the colour of the piece taken on {move[3:]} in their next link" in message, message
                assert not holder.view()["outcome"] and holder.view()["moves"][-1] == move
                if not shown_to_come:
                    holder.page.screenshot(path=str(OUTPUT / "ghostlink-colour-to-come.png"))
                shown_to_come += 1
        link = settled_link(holder)
        sent.append(link)
        for secret in (secrets[side]["salt"], secrets[side]["move"]):
            assert secret not in link or "hide=" not in link_moves(link)[side]
        holder = other
    else:
        raise AssertionError("the game did not end")
    final_a, final_b = anna.view(), bruno.view()
    assert final_a["outcome"] == final_b["outcome"] and final_a["outcome"]["reason"] in ("fourth-good", "fourth-bad", "exit")
    assert final_a["moves"] == final_b["moves"] and final_a["moves"][:2] == [secrets[0]["move"], secrets[1]["move"]]
    assert shown_to_come == sum("x" in m for m in final_a["moves"]) >= 1 and tampered
    last = sent[-1]
    assert len(reveals(last)) >= 1 and "hide=" not in last
    anna.page.screenshot(path=str(OUTPUT / "ghostlink-over.png"))
    # the last link again, its sender's set-up proof changed by hand (the salt of his opened
    # set-up): refused, the ply named, the sender named as the loser by the rules, the game
    # kept as it ended
    receiver, sender_side = holder, 1 - (0 if holder is anna else 1)
    ply = sender_side + 1
    proofs = field(last, "seals").split(".")
    proof = next(p for p in proofs if p.startswith(f"{ply}:"))
    edited = proof[:-1] + ("0" if proof[-1] != "0" else "1")
    receiver.open(with_field(last, "seals", ".".join(edited if p == proof else p for p in proofs)))
    text = receiver.message()
    loser = ("White", "Black")[sender_side]
    assert "refused" in text and f"ply {ply}" in text and f"{loser} loses" in text, text
    assert receiver.view()["outcome"] == final_a["outcome"] and receiver.view()["moves"] == final_a["moves"]
    # the last link is the whole record: both set-ups opened with their proofs, every reveal
    fields = {name: field(last, name) for name in ("pieces", "reveals", "seals")}
    record = export_record("ghost", link_moves(last), Fair.read(**fields).tags())
    holds, lines = verify_record(record)
    assert holds and "2 hidden set-ups revealed and matching" in lines[1], lines
    # and the page's own export ("Export all as records") verifies in the room
    click_more(bruno.page, "#corr-games")
    with bruno.page.expect_download() as download:
        bruno.page.click("#corr-export")
    exported = open(download.value.path(), encoding="utf-8").read()
    assert "[Pieces " in exported and "[Reveals " in exported and "hide=" not in exported
    bruno.page.evaluate("document.getElementById('corr-list-dialog').close()")
    result = verify(bruno, exported)
    assert result.startswith("The record holds.") and "every piece shown during the game" in result, result
    # the finished game, exported as the page writes it, verifies
    longest = max(len(s.split("#", 1)[1]) for s in sent)
    (OUTPUT / "ghostlink-game.json").write_text(json.dumps(
        {"plies": len(final_a["moves"]), "links": len(sent), "reveals": len(reveals(last)),
         "longest_fragment": longest, "last_fragment": len(last.split("#", 1)[1])}))
    assert not anna.errors and not bruno.errors
