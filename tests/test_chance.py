"""Dice and more than two players in the room, in Chromium (issue 15): the page has the
engine draw each roll when it is due and keeps it in the record, a reload or a link never
rolls again, an undo stops at a roll, and a four-player game with three computer seats is
set up in the New game dialog and played to its end by clicks."""

import random

import pytest

from conftest import OUTPUT
from tavoliere import load_game
from test_room import click_cell, legal_moves, play_by_clicks, view

pytestmark = pytest.mark.browser

YOUR_TURN = ("!window.tavoliere.thinking() && (window.tavoliere.view().outcome"
             " || window.tavoliere.view().to_move === 0)")
SETTLED = "v => !window.tavoliere.thinking() && window.tavoliere.view().to_move !== -1"


def test_a_four_player_game_with_three_computer_seats_is_played_to_the_end(watch, server):
    page = watch.open(server)
    page.locator("#new-game").click()
    page.locator("#game-choice").select_option("dadi")
    assert not page.locator("#seat2-choice").is_visible()
    page.locator('#options [name="players"]').select_option("4")
    # four seats, the link option withdrawn (a link joins two players)
    assert page.locator("#seat3-choice").is_visible()
    assert page.locator("#corr-choice").is_disabled() and page.locator("#corr-seats").is_visible()
    page.locator("#white-choice").select_option("human")
    for seat in ("#black-choice", "#seat2-choice", "#seat3-choice"):
        page.locator(seat).select_option("ai:1")
    page.locator("#new-game-dialog button[value=start]").click()
    page.wait_for_function("window.tavoliere.view().game === 'dadi(players=4)'")
    # (the view is the prebuilt board's while the engine opens the record; the seats are
    # drawn once it has)
    page.wait_for_function("document.getElementById('players').textContent.includes('Red:')")
    players = page.locator("#players").text_content()
    assert "Red: Computer, level 1" in players and "Blue: Computer, level 1" in players
    spec = "dadi(players=4)"
    rng = random.Random(4)
    page.wait_for_function(YOUR_TURN, timeout=60_000)
    while not view(page)["outcome"]:
        move = rng.choice(legal_moves(spec, view(page)["moves"]))
        play_by_clicks(page, move, set())
        page.wait_for_function(YOUR_TURN, timeout=90_000)
    final = view(page)
    game = load_game(spec)
    outcome = game.outcome(game.replay(final["moves"]))
    assert final["outcome"]["winner"] == outcome.winner
    assert final["outcome"]["scores"] == list(outcome.scores)
    scores = "–".join(str(score) for score in outcome.scores)
    assert scores in page.locator("#turn").text_content()
    assert page.locator("#move-list .result").text_content() == scores
    # every seat's turns are in the list, each with its colour; the rolls are marked
    for player in range(4):
        assert page.locator(f'#move-list li[data-player="{player}"]').count() >= 16
    assert page.locator("#move-list .move.roll").count() >= 16
    # the choice of the first player is listed in the game's words, its notation in the tooltip
    ply, chosen = next((i + 1, m) for i, m in enumerate(final["moves"]) if m.startswith("first="))
    listed = page.locator(f'#move-list .move[data-ply="{ply}"]')
    assert listed.text_content() == ["White", "Black", "Red", "Blue"][int(chosen[-1])] + " begins"
    assert listed.get_attribute("title") == chosen
    # a roll is listed as its dice, its notation in the tooltip
    first_roll = page.locator('#move-list .move[data-ply="1"]')
    assert first_roll.text_content() == " ".join(final["moves"][0][1:])
    assert first_roll.get_attribute("title") == final["moves"][0]
    OUTPUT.mkdir(exist_ok=True)
    page.screenshot(path=str(OUTPUT / "end-dadi-4.png"))
    assert watch.errors == []


def test_a_roll_stays_in_the_record_through_a_reload_and_a_link(watch, server):
    page = watch.open(server + "#game=dadi&white=human&black=human")
    page.wait_for_function(SETTLED, timeout=30_000)
    rolled = view(page)["moves"]
    assert rolled and all(name.startswith("r") for name in rolled)
    game = load_game("dadi")
    assert game.to_move(game.replay(rolled)) in (0, 1)  # the opening choice, after the rolls
    page.reload()
    page.evaluate("window.tavoliere.ready")
    page.wait_for_function(SETTLED, timeout=30_000)
    # the same dice, the game's first moves however far it has gone
    assert view(page)["moves"][:len(rolled)] == rolled
    link = page.evaluate("location.href")
    assert "r" + rolled[-1][1:] in link
    other = watch.page.context.new_page()
    other.goto(link)
    other.evaluate("window.tavoliere.ready")
    other.wait_for_function(SETTLED, timeout=30_000)
    assert other.evaluate("window.tavoliere.view()")["moves"][:len(rolled)] == rolled
    assert watch.errors == []


def test_undo_never_rolls_the_dice_again(watch, server):
    page = watch.open(server + "#game=dadi&white=human&black=human")
    page.wait_for_function(SETTLED, timeout=30_000)
    before = view(page)["moves"]
    # the last roll is said in its dice, not its notation
    assert page.locator("#message").text_content() == f"Roll: {' '.join(before[-1][1:])}."
    page.locator("#undo").click()
    page.wait_for_function("document.getElementById('message').textContent.includes('rolled')")
    assert view(page)["moves"] == before
    # a placement after the last roll is taken back as any move
    mover = load_game("dadi").to_move(load_game("dadi").replay(before))
    page.locator(f'#move-buttons [data-move="first={mover}"]').click()
    page.wait_for_function("n => window.tavoliere.view().moves.length > n", arg=len(before))
    page.wait_for_function(SETTLED)
    assert view(page)["moves"] == before + [f"first={mover}"]
    # a move without a cell is said in its button's words, once (REVIEWS Players 14: it was
    # "White: White begins.")
    player = ["White", "Black"][mover]
    assert page.locator("#message").text_content() == f"{player} begins."
    page.locator("#undo").click()
    page.wait_for_function("n => window.tavoliere.view().moves.length === n", arg=len(before))
    assert watch.errors == []


def test_any_die_of_a_value_starts_its_placement(watch, server):
    """Black holds 1 1 2 4 4 6: the second 4 in the rack is as good as the first."""
    page = watch.open(server + "#game=dadi&moves=r111121,r351622,r114462,first%3D1"
                      "&white=human&black=human")
    page.wait_for_function("window.tavoliere.view().to_move === 1")
    targets = page.evaluate("window.tavoliere.picture().targets")
    assert {"p1d1", "p1d2", "p1d4", "p1d5"} <= set(targets)  # every die is marked
    click_cell(page, "p1d5")
    page.wait_for_function("document.getElementById('message').dataset.kind === 'info'")
    # the rack is drawn as it will be, one 4 gone: the ring is round the 4 that stays
    picture = page.evaluate("window.tavoliere.picture()")
    assert [picture["pieces"][cell] for cell in picture["selected"]] == ["die.1=4"]
    click_cell(page, "c3")
    page.wait_for_function("window.tavoliere.view().moves.length === 5")
    assert view(page)["moves"][-1] == "c3=4"
    assert watch.errors == []
