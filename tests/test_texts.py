"""Every game carries its own texts in every language the room speaks (``Game.texts`` over
``core.CORE_TEXTS``): the same keys in English and Italian, a rules summary, a label for each
option and choice, a text for each outcome reason and button move the game produces, and the
same ``{slots}`` in both languages.  The page shows them as they come in site.json."""

import random
import string

import pytest

from tavoliere import load_game
from tavoliere.core import CHANCE, LANGUAGES, game_class, game_names


# Small boards and short limits, so that random games end quickly and reach every ending
# (a registered game missing here is played with its default options).
SMALL = {
    "barrier": ["barrier(size=5)", "barrier(size=6)", "barrier(size=5,first_player=black)"],
    "hekka": ["hekka", "hekka(max_plies=12)", "hekka(areas=symmetric)"],
    "havannah": ["havannah(size=4)", "havannah(size=4,swap=true)",
                 "havannah(size=5,ring_needs_empty=true)"],
    "hexade": ["hexade(size=4)", "hexade(size=4,max_plies=12)", "hexade(size=5)"],
    "connect6": ["connect6(size=13)", "connect6(size=15,first_player=black)"],
    "layli": ["layli", "layli(match=true,max_rounds=3)", "layli(first_player=north)"],
    "go": ["go(size=9,max_plies=80)", "go(size=9,scoring=area,ko=superko,max_plies=60)",
           "go(size=9,handicap=2,max_plies=100)"],
}
GAMES_EACH = 30


def slots(text) -> set[str]:
    """The ``{name}`` slots of a text, or of every paragraph of a list."""
    parts = text if isinstance(text, list) else [text]
    return {name for part in parts for _, name, _, _ in string.Formatter().parse(part) if name}


def played(name):
    """(game, states, moves) of the seeded random games of ``name`` on small boards."""
    specs = SMALL.get(name, [name])
    for index in range(GAMES_EACH):
        game = load_game(specs[index % len(specs)])
        rng, state = random.Random(index), game.initial_state()
        states, moves = [state], []
        while game.outcome(state) is None and len(moves) < 3000:
            move = rng.choice(game.legal_moves(state))
            state = game.apply(state, move)
            states.append(state)
            moves.append(move)
        yield game, states, moves


@pytest.fixture(scope="module", params=game_names())
def name(request):
    return request.param


# The words the page fills in every text: "click" or "tap" for the screen in hand (web/i18n.js).
POINTER_WORDS = {"click", "click_noun"}


def tables(name):
    game = game_class(name)()
    return {language: game.text_table(language) for language in LANGUAGES}


def test_the_room_speaks_english_and_italian():
    assert set(LANGUAGES) == {"en", "it"}


def test_both_languages_have_the_same_keys(name):
    en, it = tables(name)["en"], tables(name)["it"]
    assert sorted(en) == sorted(it)


def test_every_text_is_filled_and_its_slots_agree(name):
    table = tables(name)
    for key, english in table["en"].items():
        italian = table["it"][key]
        assert type(english) is type(italian), key
        for text in (english if isinstance(english, list) else [english]):
            assert isinstance(text, str) and text.strip(), key
        for text in (italian if isinstance(italian, list) else [italian]):
            assert isinstance(text, str) and text.strip(), key
        # the page's pointing words ({click}: "click" or "tap") go where each language's grammar wants them
        assert slots(english) - POINTER_WORDS == slots(italian) - POINTER_WORDS, key


def test_rules_are_paragraphs_in_both_languages(name):
    for language, table in tables(name).items():
        rules = table["rules"]
        assert isinstance(rules, list) and rules, (name, language)
        assert game_class(name).title in rules[0], (name, language)
    assert len(tables(name)["en"]["rules"]) == len(tables(name)["it"]["rules"])


def test_messages_are_sentences(name):
    """A position's message stands alone above the board: in both languages it opens with a
    capital letter (or the player's name, which has one) and ends with a full stop."""
    for language, table in tables(name).items():
        for key, text in table.items():
            if key.startswith("message."):
                assert text[0].isupper() or text.startswith("{"), (name, language, key)
                assert text.endswith("."), (name, language, key)


def test_every_option_and_choice_has_a_label(name):
    for language, table in tables(name).items():
        for option in game_class(name).options:
            assert f"option.{option.name}" in table, (name, language, option.name)
            for choice in option.choices:
                assert f"option.{option.name}.{choice}" in table, (name, language, choice)


def test_every_reason_message_and_button_the_game_produces_has_a_text(name):
    reasons, buttons, messages, steps = set(), set(), set(), set()
    for game, states, moves in played(name):
        outcome = game.outcome(states[-1])
        assert outcome is not None
        reasons.update(outcome.reason.split("+"))
        for state, move in zip(states, moves):
            if game.clicks(move) == () and game.to_move(state) != CHANCE:  # a roll: no button
                words = game.move_words(move)   # a button the game words is labelled by them
                buttons.add(("words", words[0], frozenset(words[1])) if words
                            else game.move_name(move))
            for other in game.legal_moves(state):
                named = game.click_steps(other)
                assert len(named) in (0, len(game.clicks(other))), (name, game.move_name(other))
                steps.update(named)
            message = game.marks(state).get("message")
            if message:
                messages.add((message["key"], frozenset(message.get("params", {}))))
        second = states[min(1, len(states) - 1)]
        for move in game.legal_moves(second):  # the swap, if any
            if game.clicks(move) == () and game.to_move(second) != CHANCE:
                buttons.add(game.move_name(move))
    assert reasons
    for language, table in tables(name).items():
        for reason in reasons:
            assert f"reason.{reason}" in table, (name, language, reason)
            assert slots(table[f"reason.{reason}"]) <= {"loser", "scores"}
        for button in buttons:
            if isinstance(button, tuple):
                _, key, params = button
                assert key in table and slots(table[key]) <= params, (name, language, key)
            else:
                assert f"move.{button}" in table, (name, language, button)
        for step in steps:
            assert f"step.{step}" in table, (name, language, step)
        for key, params in messages:
            assert f"message.{key}" in table, (name, language, key)
            # the page fills the pointing words ({click}: "click" or "tap") in every text
            assert slots(table[f"message.{key}"]) <= params | POINTER_WORDS, (name, language, key)


def test_outcomes_read_in_both_languages():
    """Records use the English words (a file format); the page shows the player's language."""
    game = load_game("barrier(size=5)")
    stuck = game.position("a1", "c2", obstacles="b1 a2")
    outcome = game.outcome(stuck)
    assert game.outcome_text(outcome) == "Black wins: White has no legal move"
    assert game.outcome_text(outcome, "it") == "Vince il Nero: il Bianco non ha più mosse possibili"
    havannah = load_game("havannah(size=4)")
    both = type(outcome)(0, "ring+fork")
    assert havannah.outcome_text(both) == "White wins: ring and fork"
    assert havannah.outcome_text(both, "it") == "Vince il Bianco: Anello e Forchetta"
    assert load_game("hexade").outcome_text(type(outcome)(1, "six"), "it") == \
        "Vince il Nero: 6 perfetto"
    assert game.outcome_text(type(outcome)(None, "max-plies"), "it") == \
        "Patta: è stato raggiunto il limite di semimosse"


def test_italian_texts_use_the_newsletters_terms():
    """ITALIAN-REVIEW.md: "tavoliere", never "scacchiera"; the impersonal "si" in the rules."""
    for name in game_names():
        for key, text in tables(name)["it"].items():
            words = " ".join(text) if isinstance(text, list) else text
            assert "scacchiera" not in words.lower(), (name, key)
            assert " hai " not in words and " fai " not in words.lower(), (name, key)


def italian_words(name):
    """Every Italian text of a game's own (not those all games share), its rules and its
    messages, as one string."""
    own = game_class(name).texts["it"]
    texts = [" ".join(t) if isinstance(t, list) else t for t in own.values()]
    texts += [m["it"] for m in game_class(name).messages.values()]
    return " ".join(texts)


# REVIEWS.md, "Italian", B and C: phrases a native reader found wrong, misleading or calqued,
# and the terms table's four changes; none may come back.
REVIEWED_OUT = {
    "cephalopod": ["dei due colori dei giocatori", "Altrimenti il nuovo dado", " vi ha "],
    "connect6": ["intersezioni di un goban", "formando un sei", "scegli due caselle"],
    "damone": ["tradizionale italiano", "tavoliere", "presa", "casella in cui atterra",
               "si deve scegliere:", "un passo come", "Cattura del damone", '"'],
    "layli": ["da a a f", "un seme passa di fronte", "24 a testa la partita",
              "preparano la successiva", "semi pari", "La semina da {pits}", "Chi muove per primo"],
    "footsteps": ["percorso di sette:", "a offerte pari", "Ultimo turno"],
    "dadi": ["collocati su un tavoliere", "finché il tavoliere è pieno", "anche se stesso",
             "la conquista chi vi ha", "Vince il totale più alto", "collocamento",
             "sono pari", "punti: {scores}", "ora mostra {new}", "si sceglie una volta"],
    "hexade": ["almeno tre caselle dalla prima", "Scopo: il 6 perfetto con"],
}
REVIEWED_IN = {
    "cephalopod": ["tornano ai proprietari"],
    "connect6": ["mette in fila sei pedine del proprio colore"],
    "damone": ["damiera 8×8", "anch'essi di una sola casella", "una cattura come e2xc4xa6",
               "la cattura è obbligatoria", "resta pedina e non può più muoversi"],
    "layli": ["dalla a alla f", "500 semimosse", "stesso numero di semi"],
    "footsteps": ["in caso di parità il segnalino resta fermo", "Turno precedente"],
    "dadi": ["Luca Bellini, 2008", "segnalino «segna 6»", "un piazzamento come d4=3",
             "fra chi vi ha almeno un dado"],
    "hexade": ["entro due caselle dalla prima", "«6 perfetto»", "per custodia"],
}


@pytest.mark.parametrize("game", sorted(REVIEWED_OUT))
def test_the_reviewed_italian_stays_fixed(game):
    words = italian_words(game)
    for phrase in REVIEWED_OUT[game]:
        assert phrase not in words, (game, phrase)
    for phrase in REVIEWED_IN[game]:
        assert phrase in words, (game, phrase)


def test_a_draw_by_agreement_reads_naturally():
    from tavoliere.core import Outcome
    assert load_game("barrier").outcome_text(Outcome(None, "agreement"), "it") == \
        "Patta: per accordo fra i giocatori"


def test_the_reviewed_interface_texts_stay_fixed():
    """REVIEWS.md, "Italian", D (and A.4, A.5): the page's own Italian in web/italian.js."""
    from pathlib import Path
    page = (Path(__file__).parent.parent / "web" / "italian.js").read_text()
    for phrase in ["probabilità per il", "gli apre la partita", "Non tramite link",
                   '\\"Gioca a distanza', "motore nel browser", '"record": "Partita"',
                   "Hai cliccato", "saranno tolte", "da ai:1 a ai:5", "{count} mosse,", "{count} mosse.",
                   "dalle newsletter di PerGioco", "una tua pagina (README,", "che mostra {label}"]:
        assert phrase not in page, phrase
    for phrase in ["probabilità di vittoria del {player}:", "aprirà la partita giocando con",
                   "«Nuova partita», poi «Gioca a distanza con un amico»", "in questo browser",
                   '"record": "Trascrizione"', "Il {click_noun} su {cell}",
                   "da ai:1 ad ai:5", "{count} semimosse", "Fogliaccio degli astratti",
                   "«Boards in your own pages»", "{piece} di valore {label}"]:
        assert phrase in page, phrase
