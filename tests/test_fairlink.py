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
    try:
        player.page.wait_for_function(
            "() => !document.getElementById('corr-send').hidden && window.tavoliere.correspondence.link() !== null"
            " && !window.tavoliere.thinking()")
    except Exception:
        raise AssertionError(f"{player.name} has nothing to send: {player.view()}, "
                             f"{corr_status(player)!r}, {player.message()!r}, {player.link()}") from None
    return player.link()


def storage(player):
    return player.page.evaluate("JSON.stringify(Object.assign({}, localStorage))")


def invite(returning, server, game):
    anna, bruno = Player(returning, "Anna"), Player(returning, "Bruno")
    anna.page.goto(server)
    anna.page.evaluate("window.tavoliere.ready")
    anna.page.evaluate("window.tavoliere.correspondence.start({game: %s, side: 0, names: ['Anna', 'Bruno']})"
                       % json.dumps(game))
    return anna, bruno


def corr_status(player):
    return player.page.locator("#corr-status").text_content()


# -- Dadi ---------------------------------------------------------------------------------------
def test_dadi_by_link_rolls_fair_dice_and_refuses_an_edited_roll(returning, server):
    anna, bruno = invite(returning, server, "dadi")
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
    sent, tampered_roll = [link], False
    holder, sender = bruno, anna   # who has the game now, who sent it
    for _ in range(400):
        # the page may still be completing a roll: wait until it is this side's move or the
        # page has something to send
        holder.page.wait_for_function(
            "s => { const v = window.tavoliere.view(); return (v.to_move === s && !v.outcome) ||"
            " (!document.getElementById('corr-send').hidden && window.tavoliere.correspondence.link() !== null); }",
            arg=0 if holder is anna else 1)
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
        other.open(link)
        assert "refused" not in other.message(), other.message()
        holder = other
    assert anna.view()["outcome"] and bruno.view()["outcome"] == anna.view()["outcome"]
    final = anna.view()["moves"]
    assert bruno.view()["moves"] == final
    rolls = sum(m.startswith("r") for m in final)
    assert rolls >= 3 and tampered_roll
    # the panel explains why the dice are fair
    anna.page.locator("#corr-fair summary").click()
    assert "neither of you can choose it" in anna.page.locator("#corr-fair").text_content()
    anna.page.screenshot(path=str(OUTPUT / "fairlink-dadi-over.png"))
    longest = max(len(s.split("#", 1)[1]) for s in sent)
    (OUTPUT / "fairlink-dadi.json").write_text(json.dumps(
        {"plies": len(final), "rolls": rolls, "links": len(sent), "longest_fragment": longest,
         "last_fragment": len(sent[-1].split("#", 1)[1])}))
    assert longest < 1500
    # a second game: Bruno's chain value edited by hand in his first link.  Refused; by the
    # rules a false reveal loses the game for its sender, and the game is kept as it was
    anna.page.evaluate("window.tavoliere.correspondence.start({game: 'dadi', side: 0, names: ['Anna', 'Bruno']})")
    bruno.open(settled_link(anna))
    link = settled_link(bruno)
    shown = field(link, "shown").split(".")
    assert shown[0] == "-" and len(shown[1]) == 32
    edited = with_field(link, "shown", "-." + ("0" if shown[1][0] != "0" else "1") + shown[1][1:])
    anna.open(edited)
    text = anna.message()
    assert "refused" in text and "does not hash back" in text and "Black loses" in text, text
    view = anna.view()
    assert view["moves"] == [] and view["outcome"]["winner"] == 0 and view["outcome"]["reason"] == "false-reveal"
    assert "Black revealed a value that does not match" in anna.page.locator("#turn").text_content()
    anna.page.screenshot(path=str(OUTPUT / "fairlink-dadi-forfeit.png"))
    anna.open(link)   # the true link comes too late: the game is over
    assert "sent a false reveal and lost it" in anna.message() and anna.view()["outcome"]["reason"] == "false-reveal"
    assert not anna.errors and not bruno.errors


# -- Footsteps ----------------------------------------------------------------------------------
def answer(bruno, bid):
    """Bruno answers Anna's sealed bid with his own, in clear, from the panel's buttons."""
    bruno.page.wait_for_function("b => [...document.querySelectorAll('#corr-bid option')].some(o => o.value === b)", arg=str(bid))
    bruno.page.select_option("#corr-bid", str(bid))
    bruno.page.click("#corr-bid-send")
    bruno.page.wait_for_function("b => window.tavoliere.correspondence.link().endsWith(',' + b)"
                                 " || window.tavoliere.correspondence.link().includes(',' + b + '&')", arg=str(bid))


def anna_bids(anna, bid):
    assert anna.play(str(bid)) == "ok"
    anna.page.wait_for_function("() => (window.tavoliere.correspondence.link() || '').includes('seal=')")
    return anna.link()


def anna_secret(anna):
    kept = anna.page.evaluate("JSON.stringify(Object.entries(localStorage).filter(([k]) => k.startsWith('tavoliere.fair.')))")
    [[_, text]] = json.loads(kept)
    return json.loads(text)["seals"]


def test_footsteps_by_link_seals_the_first_bid_and_refuses_edited_reveals(returning, server):
    anna, bruno = invite(returning, server, "footsteps")
    rng = random.Random(7)
    first = rng.randint(5, 20)
    link = anna_bids(anna, first)
    [secret] = anna_secret(anna)
    assert secret["move"] == str(first) and link_moves(link) == [secret["token"]]
    # nothing of Anna's bid leaves her browser before its reveal: her link and address bar
    for text in (link, anna.page.url):
        assert secret["salt"] not in text and f"moves={first}" not in text
    link_first = link
    bruno.open(link)
    status = corr_status(bruno)
    assert "Anna has sealed their bid; your bid now" in status, status
    # the second bidder's page, address bar, storage and link hold nothing of the first bid
    page_text = bruno.page.evaluate("document.documentElement.outerHTML + [...document.querySelectorAll('textarea,input')].map(e => e.value).join(' ')")
    kept = storage(bruno)
    for text in (page_text, bruno.page.url, kept, bruno.link()):
        assert secret["salt"] not in text
    [entry] = bruno.page.evaluate("window.tavoliere.correspondence.games()")
    assert entry["moves"] == [] and entry["held"] == {"token": secret["token"], "reply": None}
    assert bruno.view()["moves"] == [] and bruno.page.locator("#move-list").text_content().strip() == ""
    bruno.page.screenshot(path=str(OUTPUT / "fairlink-footsteps-bruno-answers.png"))
    # the same step in Italian, on a third browser set in Italian that opens the same link
    carla = Player(returning, "Carla", locale="it-IT")
    carla.open(link_first)
    status = corr_status(carla)
    assert "Anna ha sigillato la sua offerta; ora tocca a te" in status, status
    carla.page.screenshot(path=str(OUTPUT / "fairlink-footsteps-italian.png"))
    carla.context.close()
    reply = rng.randint(1, 20)
    answer(bruno, reply)
    link = bruno.link()
    assert link_moves(link) == [secret["token"], str(reply)]
    anna.open(link)
    assert anna.view()["moves"] == [str(first), str(reply)] and not anna_secret(anna)
    sent = [link]
    rounds = 1
    while not anna.view()["outcome"]:
        legal = anna.view()["legal"]
        bid = rng.choice(legal[: max(1, len(legal) // 3)])
        link = anna_bids(anna, bid)
        sent.append(link)
        kept = bruno.view()["moves"]
        if rounds == 1:
            ply = len(kept)   # Anna's bid revealed in this link (counted from 0): the round Bruno holds
            moves = link_moves(link)
            assert field(link, "seals").startswith(f"{ply + 1}:")
            # Bruno's own bid changed in Anna's link: refused, the game kept as it was
            edited = re.sub(r"moves=[^&]*", "moves=" + ",".join(moves[:ply + 1] + [str(int(moves[ply + 1]) + 1)] + moves[ply + 2:]), link)
            bruno.open(edited)
            text = bruno.message()
            assert "refused" in text and "rewrites the game" in text, text
            assert bruno.view()["moves"] == kept and not bruno.view()["outcome"]
        bruno.open(link)
        rounds += 1
        if bruno.view()["outcome"]:
            break
        status = corr_status(bruno)
        assert "Anna has sealed their bid; your bid now" in status, status
        bruno.page.wait_for_function("document.querySelectorAll('#corr-bid option').length > 0")   # (asked of the engine)
        legal = bruno.page.evaluate("[...document.querySelectorAll('#corr-bid option')].map(o => o.value)")
        answer(bruno, rng.choice(legal[: max(1, len(legal) // 3)]))
        link = bruno.link()
        sent.append(link)
        anna.open(link)
        assert "refused" not in anna.message(), anna.message()
    # the last reveal goes to Bruno too: both pages end on the same game
    if bruno.view()["moves"] != anna.view()["moves"]:
        link = settled_link(anna)
        sent.append(link)
        bruno.open(link)
    assert bruno.view()["moves"] == anna.view()["moves"] and bruno.view()["outcome"] == anna.view()["outcome"]
    assert rounds >= 3
    bruno.page.screenshot(path=str(OUTPUT / "fairlink-footsteps-over.png"))
    # the finished record, exported, holds; one bid changed in it fails at its ply
    record = export_record(anna)
    assert "[Seals " in record
    assert verify(anna, record).startswith("The record holds.")
    seals = re.search(r'\[Seals "([^"]*)"\]', record).group(1)
    proof = next(p for p in seals.split(".") if p.startswith("3:"))   # the second round's
    bad = record.replace(proof, proof[:-1] + ("0" if proof[-1] != "0" else "1"))
    result = verify(anna, bad, "fairlink-verify.png")
    assert "fails at ply 3" in result and "does not match the commitment" in result, result
    # a false reveal in a new game for each: Anna's bid changed, her salt changed, no reveal
    # at all.  Refused; she loses the game by the rules, its moves kept as they were
    for name, edit, words in (
            ("bid", lambda link: link.replace("moves=10,", "moves=11,"), "does not match the commitment"),
            ("salt", lambda link: with_field(link, "seals", field(link, "seals")[:-1]
                                             + ("0" if field(link, "seals")[-1] != "0" else "1")),
             "does not match the commitment"),
            ("reveal", lambda link: re.sub(r"&seals=[^&]*", "", link), "was not revealed")):
        link = sealed_round(anna, bruno)
        assert field(link, "seals").startswith("1:") and link_moves(link)[:2] == ["10", "5"]
        bruno.open(edit(link))
        text = bruno.message()
        assert "refused" in text and words in text and "White loses" in text, (name, text)
        view = bruno.view()
        assert view["moves"] == [] and view["outcome"]["winner"] == 1 and view["outcome"]["reason"] == "false-reveal", name
        bruno.open(link)
        assert "sent a false reveal and lost it" in bruno.message(), name
        assert corr_status(bruno).startswith("The game is over") and bruno.page.locator("#corr-send").is_hidden()
    bruno.page.screenshot(path=str(OUTPUT / "fairlink-footsteps-forfeit.png"))
    longest = max(len(s.split("#", 1)[1]) for s in sent)
    (OUTPUT / "fairlink-footsteps.json").write_text(json.dumps({"rounds": rounds, "links": len(sent), "longest_fragment": longest}))
    assert longest < 1500
    assert not anna.errors and not bruno.errors


def sealed_round(anna, bruno):
    """A new Footsteps game by link: Anna seals 10, Bruno answers 5, Anna reveals hers with her
    next bid (3, sealed): the link Bruno receives."""
    anna.page.evaluate("window.tavoliere.correspondence.start({game: 'footsteps', side: 0, names: ['Anna', 'Bruno']})")
    bruno.open(anna_bids(anna, 10))
    answer(bruno, 5)
    anna.open(bruno.link())
    assert anna.view()["moves"] == ["10", "5"]
    return anna_bids(anna, 3)


def export_record(player):
    """The finished game as 'Export all as records' writes it (the fair tags included)."""
    return player.page.evaluate("""async () => {
      const { fairTags } = await import('./web/fairlink.js');
      const [entry] = window.tavoliere.correspondence.games();
      const answer = await window.tavoliere.engineRequest({op: 'export', game: entry.game, moves: entry.moves,
        tags: {White: entry.names[0], Black: entry.names[1], ...fairTags(entry)}});
      return answer.text;
    }""")


def verify(player, text, picture=None):
    page = player.page
    page.evaluate("document.getElementById('fair-verify-dialog').showModal()")
    page.fill("#fair-verify-text", text)
    page.evaluate("document.getElementById('fair-verify-result').textContent = ''")
    page.click("#fair-verify")
    page.wait_for_function("document.getElementById('fair-verify-result').textContent !== ''")
    result = page.locator("#fair-verify-result").text_content()
    if picture:
        page.screenshot(path=str(OUTPUT / picture))
    page.evaluate("document.getElementById('fair-verify-dialog').close()")
    return result


def test_link_lengths_of_the_longest_games(returning, server):
    """The fragment the page writes for a Footsteps game of 60 rounds (more than 50 points
    allow: the bound) at its longest point, the 60th bid sealed and the 59th's proof."""
    player = Player(returning, "Anna")
    player.page.goto(server)
    player.page.evaluate("window.tavoliere.ready")
    length = player.page.evaluate("""async () => {
      const { writeLink } = await import('./web/links.js');
      const moves = Array(118).fill('1');
      moves.push('seal=' + 'a'.repeat(64));
      const fair = {seals: '117:' + 'b'.repeat(64) + ':' + 'c'.repeat(32)};
      return writeLink({game: 'footsteps', moves, corr: {id: 'x'.repeat(16), names: ['Anna', 'Bruno'], by: 0}, fair}).length;
    }""")
    (OUTPUT / "fairlink-60-rounds.json").write_text(json.dumps({"fragment": length}))
    assert length < 1500
