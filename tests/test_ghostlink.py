"""Ghost by link, the page's side (issue 41 part 4, issue 42; docs/fairplay.md "Hidden pieces by
link").  What is built: the room's "Verify a record" checks a Ghost record played by link (its
Pieces, Reveals and Seals tags: both set-ups against their commitments, every ghost shown during
the game against its own).  Playing Ghost by link in the page is not built yet: the page still
refuses it (docs/fairplay.md says why)."""

import re

import pytest

from conftest import OUTPUT
from test_correspondence import Player
from test_fairlink import verify
from test_hidden_fairplay import play_by_links
from tavoliere.notation import export_record

pytestmark = pytest.mark.browser


def test_the_room_verifies_a_ghost_record_by_link_and_names_a_tampered_reveal(browser, server):
    """RULES.md 14.7: "At the end both reveal set-up and salt. The check above is run, and each
    commitment must match. A mismatch, or a wrong reveal, loses the game for the player who made
    it"."""
    moves, fair, _ = play_by_links(0)
    record = export_record("ghost", moves, fair.tags())
    anna = Player(browser, "Anna")
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
