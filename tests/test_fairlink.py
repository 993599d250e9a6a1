"""Fair play by link, the page's side (issue 41; docs/fairplay.md): Dadi with dice neither
browser chooses, Footsteps with sealed bids.  Two browser contexts (two storages) pass the
links by hand, as two people far apart would."""

import json
import random
import re
from urllib.parse import unquote

import pytest

from conftest import OUTPUT
from test_correspondence import Player

pytestmark = pytest.mark.browser


def field(link, name):
    found = re.search(rf"[#&]{name}=([^&]*)", link)
    return unquote(found.group(1)) if found else None


def with_field(link, name, value):
    return re.sub(rf"([#&]{name}=)[^&]*", lambda m: m.group(1) + value, link)


def link_moves(link):
    return (field(link, "moves") or "").split(",") if field(link, "moves") else []


def settled_link(player):
    """This browser's link once it has done all it can (dice revealed, a bid sealed)."""
    player.page.wait_for_function(
        "() => !document.getElementById('corr-send').hidden && window.tavoliere.correspondence.link() !== null"
        " && !window.tavoliere.thinking()")
    return player.link()


def storage(player):
    return player.page.evaluate("JSON.stringify(Object.assign({}, localStorage))")


def invite(browser, server, game):
    anna, bruno = Player(browser, "Anna"), Player(browser, "Bruno")
    anna.page.goto(server)
    anna.page.evaluate("window.tavoliere.ready")
    anna.page.evaluate("window.tavoliere.correspondence.start({game: %s, side: 0, names: ['Anna', 'Bruno']})"
                       % json.dumps(game))
    return anna, bruno


def corr_status(player):
    return player.page.locator("#corr-status").text_content()


# -- Dadi ---------------------------------------------------------------------------------------
def test_dadi_by_link_rolls_fair_dice_and_refuses_an_edited_roll(browser, server):
    anna, bruno = invite(browser, server, "dadi")
    link = settled_link(anna)
    heads = field(link, "dice").split(".")
    assert len(heads[0]) == 32 and heads[1] == "-" and not field(link, "shown")
    # Anna's seed is only in her own storage: never in her link
    seed = json.loads(anna.page.evaluate("localStorage.getItem(Object.keys(localStorage).find("
                                         "k => k.startsWith('tavoliere.fair.')))"))["seed"]
    assert seed not in link
    bruno.open(link)
    players = {0: anna, 1: bruno}
    rng = random.Random(41)
    sent, rolls, tampered_roll, tampered_value = [link], 0, False, False
    holder, sender = bruno, anna   # who has the game now, who sent it
    for _ in range(400):
        view = holder.view()
        other = anna if holder is bruno else bruno
        if view["outcome"] and other.view()["moves"] == view["moves"]:
            break
        side = 0 if holder is anna else 1
        if view["to_move"] == side and not view["outcome"]:
            assert holder.play(rng.choice(view["legal"])) == "ok"
            continue
        link = settled_link(holder)
        sent.append(link)
        moves = link_moves(link)
        kept = other.view()["moves"]
        if not tampered_roll and any(m.startswith("r") for m in moves[len(kept):]):
            # a hand-edited roll: refused, and the game kept
            ply = next(i for i in range(len(kept), len(moves)) if moves[i].startswith("r"))
            edited = moves[:ply] + ["r" + "6" * (len(moves[ply]) - 1) if moves[ply] != "r" + "6" * (len(moves[ply]) - 1)
                                    else "r" + "1" * (len(moves[ply]) - 1)] + moves[ply + 1:]
            other.open(re.sub(r"moves=[^&]*", "moves=" + ",".join(edited), link))
            text = other.message()
            assert "refused" in text and f"ply {ply + 1}" in text and "both players' dice values give" in text, text
            assert other.view()["moves"] == kept
            tampered_roll = True
        elif not tampered_value and field(link, "shown") and "-" not in field(link, "shown").split("."):
            # a hand-edited chain value: refused, the sender named as the loser, the game kept
            shown = field(link, "shown").split(".")
            mine = 0 if holder is anna else 1
            value = shown[mine]
            shown[mine] = ("0" if value[0] != "0" else "1") + value[1:]
            other.open(with_field(link, "shown", ".".join(shown)))
            text = other.message()
            assert "refused" in text and "does not hash back" in text and "loses" in text, text
            assert other.view()["moves"] == kept
            tampered_value = True
        other.open(link)
        assert "refused" not in other.message(), other.message()
        holder = other
    assert anna.view()["outcome"] and bruno.view()["outcome"] == anna.view()["outcome"]
    final = anna.view()["moves"]
    assert bruno.view()["moves"] == final
    rolls = sum(m.startswith("r") for m in final)
    assert rolls >= 3 and tampered_roll and tampered_value
    # the panel explains why the dice are fair
    anna.page.locator("#corr-fair summary").click()
    assert "neither of you can choose it" in anna.page.locator("#corr-fair").text_content()
    anna.page.screenshot(path=str(OUTPUT / "fairlink-dadi-over.png"))
    longest = max(len(s.split("#", 1)[1]) for s in sent)
    (OUTPUT / "fairlink-dadi.json").write_text(json.dumps(
        {"plies": len(final), "rolls": rolls, "links": len(sent), "longest_fragment": longest,
         "last_fragment": len(sent[-1].split("#", 1)[1])}))
    assert longest < 1500
    assert not anna.errors and not bruno.errors
