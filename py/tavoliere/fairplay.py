"""Fair dice and sealed plies between two browsers, with no server to trust (docs/fairplay.md).

Two mechanisms, written once for every game: the game only declares chance plies
(``Game.roll``) and sealed plies (``Game.sealed``), as it already does.

* **Commitments**: ``commitment(purpose, player, secret, salt)`` is the hex SHA-256 of
  ``tavoliere-<purpose>|<player>|<secret>|<salt>`` (RULES.md 14.7 fixes this form for Ghost).
  A sealed ply travels as ``seal=<commitment>`` in place of its name until its reveal.
* **Dice by hash chains**: each player draws a secret seed and publishes the head of its chain
  (``v0``; ``v[k-1] = step(v[k])``).  Roll k is drawn by the game's own ``roll`` from a
  random source keyed by both players' k-th values, so neither chooses it, and neither can
  know it before the other's value, which is revealed only once the roll is due.

The public fields (``Fair``) travel with the record: as tags ``[Dice "h0.h1"]``, ``[Shown
"v0.v1"]``, ``[Seals "ply:commitment:salt. ..."]``, or as link fields of the same names in
lower case.  ``check`` replays a record with them and names the first ply that fails.
"""

from __future__ import annotations

import hashlib
import random
import re
import secrets
from dataclasses import dataclass, field, replace

from .core import CHANCE, IllegalMove, InvalidMove, Outcome, load_game
from .messages import Problem, excerpt

__all__ = ["commitment", "fresh_salt", "new_seed", "chain_step", "chain_value", "chain_head",
           "HashRandom", "derived_roll", "Fair", "Opened", "FairError", "Report", "check",
           "follows", "start", "advance_roll", "seal", "reveal", "latest_only", "verify",
           "seal_token", "SEAL", "CHAIN_LENGTH", "HIDE", "Revealed", "hide", "disclose",
           "piece_salt", "piece_commitment"]

CHAIN_LENGTH = 1024          # rolls one chain can serve: Dadi uses a few dozen
VALUE = re.compile(r"[0-9a-f]{32}")      # a chain value: 128 bits in hex
DIGEST = re.compile(r"[0-9a-f]{64}")     # a commitment: SHA-256 in hex
SEAL = "seal="                           # a sealed ply in a record: seal=<commitment>
NONE = "-"                               # a value not published yet


def _sha256(text: str) -> bytes:
    return hashlib.sha256(text.encode("utf-8")).digest()


# -- primitives -----------------------------------------------------------------------------------
def commitment(purpose: str, player: int, secret: str, salt: str) -> str:
    """The published digest that binds ``player`` to ``secret`` without showing it.

    >>> commitment("ghost", 0, "b1c1d2e2", "00112233445566778899aabbccddeeff")[:16]
    '9acb353867ff6a67'
    """
    return _sha256(f"tavoliere-{purpose}|{player}|{secret}|{salt}").hex()


def fresh_salt() -> str:
    """32 hex digits from the system's cryptographic source (the browser's, in Pyodide)."""
    return secrets.token_hex(16)


new_seed = fresh_salt  # a chain's secret seed is drawn the same way


def chain_step(value: str) -> str:
    """The value before ``value`` in a chain: its domain-separated hash, cut to 128 bits."""
    return _sha256(f"tavoliere-chain|{value}").hex()[:32]


def chain_back(value: str, steps: int) -> str:
    for _ in range(steps):
        value = chain_step(value)
    return value


def chain_value(seed: str, k: int) -> str:
    """The k-th value of the chain drawn from ``seed`` (0 is its head)."""
    if not 0 <= k <= CHAIN_LENGTH:
        raise Problem("fair.chain-spent", length=CHAIN_LENGTH)
    return chain_back(seed, CHAIN_LENGTH - k)


def chain_head(seed: str) -> str:
    return chain_value(seed, 0)


class HashRandom(random.Random):
    """A deterministic source whose bits are SHA-256 of a key and a counter, so a game's own
    ``roll(state, rng)`` draws the same dice from the same key in any Python (CPython 3.11,
    Pyodide's 3.14): ``randint``, ``choice`` and ``choices`` all come from these two methods."""

    def __init__(self, key: bytes):
        self._key, self._counter, self._pool = key, 0, b""
        super().__init__()

    def seed(self, *args, **kwargs) -> None:  # the key is the only seed
        pass

    def _take(self, count: int) -> bytes:
        while len(self._pool) < count:
            block = self._key + self._counter.to_bytes(8, "big")
            self._pool += hashlib.sha256(block).digest()
            self._counter += 1
        taken, self._pool = self._pool[:count], self._pool[count:]
        return taken

    def getrandbits(self, k: int) -> int:
        if k < 0:
            raise ValueError("number of bits must be non-negative")
        size = (k + 7) // 8
        return int.from_bytes(self._take(size), "big") >> (size * 8 - k)

    def random(self) -> float:
        return self.getrandbits(53) / (1 << 53)


def roll_key(spec: str, k: int, values) -> bytes:
    """The key of roll k: both players' k-th values, bound to the game and the roll's number."""
    return _sha256(f"tavoliere-roll|{spec}|{k}|{'|'.join(values)}")


def derived_roll(game, state, k: int, values) -> str:
    """The name of roll k at the chance ply ``state``, from every player's k-th chain value."""
    return game.move_name(game.roll(state, HashRandom(roll_key(game.spec, k, values))))


def seal_token(digest: str) -> str:
    return SEAL + digest


# -- the public fields ----------------------------------------------------------------------------
@dataclass(frozen=True)
class Opened:
    """A sealed ply once revealed: its ply (from 1), the commitment sent, the salt revealed."""

    ply: int
    digest: str
    salt: str

    def text(self) -> str:
        return f"{self.ply}:{self.digest}:{self.salt}"


@dataclass(frozen=True)
class Fair:
    """What fair play adds to a record, all public: each player's chain head (None until
    published), his latest revealed chain value (None until his first), and the sealed plies
    opened so far whose proof the record keeps (a link keeps the latest only)."""

    heads: tuple = ()
    shown: tuple = ()
    opened: tuple = ()
    pieces: tuple = ()        # each player's piece commitments (hidden set-ups), None until sent
    reveals: tuple = ()       # Revealed: a captured piece's value with its salt

    @classmethod
    def read(cls, dice: str | None = None, shown: str | None = None,
             seals: str | None = None, pieces: str | None = None,
             reveals: str | None = None) -> "Fair":
        """The fields as tags or link fields write them; a Problem names one that is wrong."""
        heads = _values("dice", dice)
        values = _values("shown", shown)
        opened = []
        for entry in (seals or "").split("."):
            if not entry:
                continue
            parts = entry.split(":")
            if (len(parts) != 3 or not re.fullmatch(r"[1-9][0-9]{0,3}", parts[0])
                    or not DIGEST.fullmatch(parts[1]) or not VALUE.fullmatch(parts[2])):
                raise Problem("fair.field", field="seals", text=excerpt(entry))
            opened.append(Opened(int(parts[0]), parts[1], parts[2]))
        return cls(heads, values, tuple(opened), _pieces(pieces), _reveals(reveals))

    def fields(self) -> dict[str, str]:
        """The fields that are set, as texts: {"dice": ..., "shown": ..., "seals": ...}."""
        out = {}
        if self.heads:
            out["dice"] = ".".join(value or NONE for value in self.heads)
        if self.shown:
            out["shown"] = ".".join(value or NONE for value in self.shown)
        if self.opened:
            out["seals"] = ".".join(entry.text() for entry in self.opened)
        if self.pieces:
            out["pieces"] = ".".join("".join(digests) if digests else NONE
                                     for digests in self.pieces)
        if self.reveals:
            out["reveals"] = ".".join(entry.text() for entry in self.reveals)
        return out

    def tags(self) -> dict[str, str]:
        """The same fields as record tags (Dice, Shown, Seals)."""
        return {name.capitalize(): text for name, text in self.fields().items()}

    @classmethod
    def from_tags(cls, tags: dict) -> "Fair":
        return cls.read(tags.get("Dice"), tags.get("Shown"), tags.get("Seals"),
                        tags.get("Pieces"), tags.get("Reveals"))

    def with_value(self, player: int, value: str, players: int) -> "Fair":
        shown = list(self.shown or (None,) * players)
        shown[player] = value
        return replace(self, shown=tuple(shown))


def _values(name: str, text: str | None) -> tuple:
    if not text:
        return ()
    values = text.split(".")
    if not 2 <= len(values) <= 4 or any(v != NONE and not VALUE.fullmatch(v) for v in values):
        raise Problem("fair.field", field=name, text=excerpt(text))
    return tuple(None if v == NONE else v for v in values)


# -- checking a record ----------------------------------------------------------------------------
class FairError(Problem):
    """A record that fair play refuses: ``ply`` is the first ply that does not hold, ``player``
    the one whose reveal failed (he loses a correspondence game) or None."""

    def __init__(self, ply: int, inner: Problem, player: int | None = None):
        super().__init__("fair.at-ply", **{**inner.params, "ply": ply,
                                           "inner": [inner.code, *inner.params.get("inner", ())]})
        self.ply, self.reason, self.culprit = ply, inner, player

    def forfeit(self, game) -> Outcome | None:
        """The result it gives a correspondence game: a false reveal loses for its sender."""
        if self.culprit is None or game.players != 2:
            return None
        return Outcome(1 - self.culprit, "false-reveal")


@dataclass
class Report:
    """What ``check`` found: the facts that hold, in order, and the state it reached."""

    spec: str
    plies: int = 0
    rolls: int = 0            # chance plies checked against both chains
    trusted_rolls: int = 0    # chance plies with no dice fields (played on trust)
    opened: int = 0           # sealed plies checked against their commitments
    unproved_seals: int = 0   # sealed plies revealed with no proof kept in the record
    pending_seal: int | None = None   # the ply of a commitment still waiting for its reveal
    reveal_due: bool = False          # ... and its round is complete: the sealer reveals now
    due_roll: int | None = None       # the number of the roll due at the end, if any
    known: list = field(default_factory=list)   # each player's known chain values, by roll
    shown_state: object = None        # the last state as the player to move may know it
    full_state: object = None         # the last state replayed (hidden plies stood in for)
    hidden_owed: list = field(default_factory=list)   # (ply, owner, item) captured, not revealed
    setups_due: list = field(default_factory=list)    # players whose hidden ply is still hidden
    hidden_plies: dict = field(default_factory=dict)  # each player's hidden ply
    standins: dict = field(default_factory=dict)      # the hidden plies stood in for, by player
    outcome: Outcome | None = None
    lines: list = field(default_factory=list)


def _chain_values(fair: Fair, players: int, most: int, ply: int) -> list[list[str]]:
    """Every player's revealed values v1, v2, ... (at most ``most``): each latest value is
    hashed back until it meets his head, which must happen within ``most`` steps."""
    known = []
    for player in range(players):
        head = fair.heads[player] if player < len(fair.heads) else None
        latest = fair.shown[player] if player < len(fair.shown) else None
        if latest is None:
            known.append([])
            continue
        if head is None:
            raise FairError(ply, Problem("fair.no-heads"))
        values = [latest]
        while values[-1] != head:
            if len(values) > most:
                raise FairError(ply, Problem("fair.chain", player=player), player)
            values.append(chain_step(values[-1]))
        known.append(values[-2::-1])   # v1 first; the head itself is left out
    return known


def check(spec: str, moves, fair: Fair | None = None, result: str | None = None,
          secret: tuple | None = None) -> Report:
    """Replay ``moves`` (names, with ``seal=<commitment>`` for a ply still sealed) and check
    every roll against both chains, every opened seal against its commitment, and ``result``
    (a record's Result tag) against the replay.  FairError at the first ply that fails;
    InvalidMove/IllegalMove (wrapped in FairError) for a move that is not legal."""
    game = load_game(spec)
    fair = fair or Fair()
    moves = list(moves)
    if hides(game) and (fair.pieces or any(text.startswith(HIDE) for text in moves)):
        return _check_hidden(game, moves, fair, result, secret)
    report = Report(game.spec, plies=len(moves))
    dice = bool(fair.heads)
    if dice and len(fair.heads) != game.players:
        raise Problem("fair.field", field="dice", text=excerpt(".".join(map(str, fair.heads))))
    report.known = _chain_values(fair, game.players, CHAIN_LENGTH, len(moves)) if dice else []
    opened = {entry.ply: entry for entry in fair.opened}
    state, sealed_at = game.initial_state(), None
    for ply, text in enumerate(moves, 1):
        if sealed_at is not None and not game.sealed(state):
            raise FairError(ply, Problem("fair.awaiting-reveal", sealed=sealed_at))
        if game.outcome(state) is not None:
            raise FairError(ply, Problem("record.game-over", **game.outcome(state).message_params(game)))
        if text.startswith(SEAL):
            state, sealed_at = _sealed_ply(game, state, ply, text), sealed_at or ply
            continue
        mover = game.to_move(state)
        try:
            move = game.parse_move(text, game.concealed(state) if sealed_at else state)
        except (InvalidMove, IllegalMove) as error:
            raise FairError(ply, error) from None
        name = game.move_name(move)
        if mover == CHANCE:
            report.rolls, report.trusted_rolls = _checked_roll(game, state, ply, name, report,
                                                               dice)
        after = game.apply(state, move)
        if ply in opened:
            _check_opened(game, after, ply, mover, name, opened[ply])
            report.opened += 1
        elif game.sealed(after) and not sealed_at:
            report.unproved_seals += 1
        state = after
    if sealed_at is not None:
        report.pending_seal, report.reveal_due = sealed_at, not game.sealed(state)
    elif game.outcome(state) is None and game.to_move(state) == CHANCE:
        report.due_roll = report.rolls + report.trusted_rolls + 1
    for player, known in enumerate(report.known):   # a value is revealed only once it is due
        if len(known) > (report.due_roll or report.rolls):
            raise FairError(len(moves), Problem("fair.ahead", player=player), player)
    report.outcome = None if sealed_at else game.outcome(state)
    # a round played out over a stand-in for its sealed ply is no state to show
    report.shown_state = None if report.reveal_due else game.concealed(state) if sealed_at else state
    report.full_state = state
    if result is not None and report.outcome is not None:
        derived = game.outcome_text(report.outcome)
        if result != derived:
            raise FairError(len(moves), Problem("fair.result", written=excerpt(result, 60),
                                                outcome=derived))
    report.lines = _summary(game, report, dice)
    return report


def follows(spec: str, previous_moves, previous: Fair, moves, fair: Fair) -> None:
    """Check that a link received continues the one received before it: the same chain heads,
    and each commitment sent earlier either still there or opened with the same digest (so a
    sender cannot swap his commitment along with his reveal).  FairError otherwise."""
    published = [(i, head) for i, head in enumerate(previous.heads) if head is not None]
    if any(i >= len(fair.heads) or fair.heads[i] != head for i, head in published):
        raise FairError(len(moves), Problem("fair.heads-changed"))
    opened = {entry.ply: entry.digest for entry in fair.opened}
    for ply, text in enumerate(previous_moves, 1):
        if (not text.startswith((SEAL, HIDE))
                or (ply <= len(moves) and moves[ply - 1] == text)):
            continue
        if opened.get(ply) != text.split("=", 1)[1]:
            game = load_game(spec)
            if text.startswith(HIDE):   # a hidden ply: its owner is the one who changed it
                sealer = game.to_move(check(spec, previous_moves[:ply - 1], previous).full_state)
            else:
                sealer = game.to_move(game.replay(list(moves[:ply - 1])))
            raise FairError(ply, Problem("fair.seal-changed", ply=ply), sealer)
    for player, digests in enumerate(previous.pieces):   # piece commitments never change
        if digests is not None and (player >= len(fair.pieces) or fair.pieces[player] != digests):
            raise FairError(len(moves), Problem("fair.seal-changed", ply=len(moves)), player)


def _sealed_ply(game, state, ply: int, text: str):
    """The state after a ply sent as a commitment: any legal move stands in for the hidden
    one, which is enough since the game keeps the other players' moves independent of it
    (``Game.sealed``); its round cannot be played out until the reveal."""
    if not DIGEST.fullmatch(text[len(SEAL):]):
        raise FairError(ply, Problem("fair.field", field="seal", text=excerpt(text)))
    moves = game.legal_moves(state)
    after = game.apply(state, moves[0]) if moves else state
    if not moves or game.to_move(state) == CHANCE or not game.sealed(after):
        raise FairError(ply, Problem("fair.not-sealed"))
    return after


def _checked_roll(game, state, ply: int, name: str, report: Report, dice: bool):
    number = report.rolls + report.trusted_rolls + 1
    if not dice:
        return report.rolls, report.trusted_rolls + 1
    values = []
    for player, known in enumerate(report.known):
        if len(known) < number:
            raise FairError(ply, Problem("fair.no-value", player=player))
        values.append(known[number - 1])
    derived = derived_roll(game, state, number, values)
    if derived != name:
        raise FairError(ply, Problem("fair.wrong-roll", written=excerpt(name, quoted=False),
                                     derived=derived))
    return report.rolls + 1, report.trusted_rolls


def _check_opened(game, after, ply: int, mover: int, name: str, entry: Opened) -> None:
    if not game.sealed(after):
        raise FairError(ply, Problem("fair.not-sealed"))
    if commitment("seal", mover, name, entry.salt) != entry.digest:
        raise FairError(ply, Problem("fair.bad-reveal", player=mover), mover)


def _summary(game, report: Report, dice: bool) -> list[str]:
    lines = [f"{report.spec}: {report.plies} plies replayed, every move legal"]
    if dice:
        lines.append(f"{report.rolls} rolls equal their derivation from both players' chains")
    if report.trusted_rolls:
        lines.append(f"{report.trusted_rolls} rolls made on trust (no Dice field): not provable")
    if report.opened:
        lines.append(f"{report.opened} sealed plies match their commitments")
    if report.unproved_seals:
        lines.append(f"{report.unproved_seals} sealed plies revealed without a proof in the record")
    if report.pending_seal:
        waiting = "its reveal" if report.reveal_due else "the rest of its round"
        lines.append(f"ply {report.pending_seal} is sealed, waiting for {waiting}")
    if report.due_roll:
        lines.append(f"roll {report.due_roll} is due")
    if report.outcome is not None:
        lines.append(f"result: {game.outcome_text(report.outcome)}")
    return lines


# -- the steps of a game by link ------------------------------------------------------------------
def start() -> tuple[str, str]:
    """A player's new chain: (the seed to keep secret, the head to publish)."""
    seed = new_seed()
    return seed, chain_head(seed)


def advance_roll(spec: str, moves, fair: Fair, player: int | None = None,
                 seed: str | None = None) -> dict:
    """At a record that ends with a roll due: reveal ``player``'s value for it (from his
    ``seed``) if he has not, then the roll itself once every player's value is known.
    {"fair": Fair, "move": the roll's name or None, "waiting": players whose value is missing}."""
    game = load_game(spec)
    report = check(spec, moves, fair)
    if report.due_roll is None:
        raise Problem("fair.no-roll")
    if len(fair.heads) != game.players or None in fair.heads:
        raise Problem("fair.no-heads")
    number = report.due_roll
    if player is not None and seed is not None and len(report.known[player]) < number:
        if chain_head(seed) != fair.heads[player]:
            raise Problem("fair.chain", player=player)
        fair = fair.with_value(player, chain_value(seed, number), game.players)
        report = check(spec, moves, fair)
    waiting = [p for p, known in enumerate(report.known) if len(known) < number]
    move = None
    if not waiting:
        state = game.replay(list(moves))
        move = derived_roll(game, state, number, [known[number - 1] for known in report.known])
    return {"fair": fair, "move": move, "waiting": waiting}


def seal(spec: str, moves, move: str) -> dict:
    """Seal ``move`` at the end of ``moves``: {"token": seal=<commitment> for the record,
    "move", "salt"} (the page keeps move and salt on this device until the reveal)."""
    game = load_game(spec)
    report = check(spec, moves)   # no sealed ply may be pending before this one
    state = game.replay(list(moves))
    mover = game.to_move(state)
    name = game.move_name(game.parse_move(move, state))
    if mover == CHANCE or not game.sealed(game.apply(state, game.parse_move(name, state))):
        raise FairError(report.plies + 1, Problem("fair.not-sealed"))
    salt = fresh_salt()
    return {"token": seal_token(commitment("seal", mover, name, salt)), "move": name,
            "salt": salt}


def reveal(spec: str, moves, ply: int, move: str, salt: str, fair: Fair | None = None) -> dict:
    """Replace the commitment at ``ply`` with ``move`` and keep its proof: {"moves", "fair"}.
    The whole record is then checked, so a reveal that does not match is refused (FairError,
    whose ``forfeit`` gives the result)."""
    moves = list(moves)
    if not 1 <= ply <= len(moves) or not moves[ply - 1].startswith(SEAL):
        raise Problem("fair.no-seal", ply=ply)
    if not VALUE.fullmatch(salt or ""):
        raise Problem("fair.field", field="salt", text=excerpt(salt))
    digest = moves[ply - 1][len(SEAL):]
    moves[ply - 1] = move
    fair = fair or Fair()
    opened = tuple(e for e in fair.opened if e.ply != ply) + (Opened(ply, digest, salt),)
    fair = replace(fair, opened=opened)
    check(spec, moves, fair)
    return {"moves": moves, "fair": fair}


def latest_only(fair: Fair) -> Fair:
    """The fields a link carries: every chain value but the latest can be hashed again from
    it, and a receiver needs the proof of the last opened seal only (he checked the others)."""
    return replace(fair, opened=fair.opened[-1:])


# -- verifying a finished record ------------------------------------------------------------------
def verify(text: str) -> tuple[bool, list[str]]:
    """Check a text record (tavoliere.notation's format, with ``seal=`` plies and the Dice,
    Shown and Seals tags when it has them): (whether it all holds, the lines to print: what
    holds, then the first ply that does not)."""
    from .notation import RecordError, _check_size, _split_tags
    from .study import main_line_texts
    try:
        text = _check_size(text)
        tags, moves_text, first_line = _split_tags(text.replace("\r\n", "\n").replace("\r", "\n"))
        if "Game" not in tags:
            raise RecordError("record.no-game-tag")
        game = load_game(tags["Game"])
        first = max(game.to_move(game.initial_state()), 0)
        moves = main_line_texts(moves_text, first_line, first)
        result = tags.get("Result")
        report = check(game.spec, moves, Fair.from_tags(tags),
                       None if result in (None, "*") else result)
    except FairError as error:
        return False, [f"FAILS at ply {error.ply}: {error.reason}"]
    except Problem as error:
        return False, [f"FAILS: {error}"]
    return True, report.lines


# -- pieces hidden for the whole game (RULES.md 14.7; issue 41 part 4) ----------------------------
# A game declares what is hidden, and nothing of how it is committed or checked:
#   hidden(state)            the ply to play now stays hidden for the whole game (a set-up);
#   hidden_items(player)     the pieces such a ply gives a value (named by where they start);
#   hidden_values(p, name)   {item: value} under the hidden ply ``name``;
#   hidden_standin(p, known) a hidden ply that agrees with the values ``known`` so far;
#   hidden_trace(trace, state, move)  follows the pieces: (trace, (owner, item, value) or None)
#                            for a move that reveals one (a capture);
#   hidden_purpose           the commitment's purpose ("ghost": RULES.md 14.7's form).
# The record: the hidden ply travels as ``hide=<commitment of the whole ply>`` (14.7's digest),
# with one short commitment per piece in ``pieces``; a revealed piece travels in ``reveals`` as
# ``ply:item:value:salt`` (the piece's own salt, derived from the ply's salt, so the ply's salt
# itself stays secret); at the end the ply is written in clear with its proof in ``seals``.
HIDE = "hide="
PIECE_DIGITS = 32                      # a piece's commitment: 128 bits of SHA-256, in hex
_ITEM = re.compile(r"[a-z0-9]{1,8}")
_WORD = re.compile(r"[a-z]{1,12}")

from .messages import MESSAGES  # noqa: E402  (the texts of this section, in both languages)
HIDDEN_MESSAGES = {
    "fair.no-pieces": {
        "en": "{player} has not published the commitments of his hidden pieces",
        "it": "il {player} non ha pubblicato gli impegni dei suoi pezzi nascosti"},
    "fair.hidden-clear": {
        "en": "{player}'s hidden set-up is written in clear without its proof",
        "it": "lo schieramento nascosto del {player} è scritto in chiaro senza la sua prova"},
    "fair.bad-piece": {
        "en": "{player}'s reveal of the piece {item} does not match his commitment",
        "it": "il {player} ha svelato il pezzo {item} in modo diverso dal suo impegno"},
    "fair.missing-reveal": {
        "en": "{player} moved again without revealing his piece {item}, captured at ply {captured}",
        "it": "il {player} ha mosso di nuovo senza svelare il suo pezzo {item}, catturato alla "
              "semimossa {captured}"},
    "fair.stray-reveal": {
        "en": "the record reveals a piece at ply {at}, which captured none",
        "it": "la partita svela un pezzo alla semimossa {at}, che non ne ha catturato nessuno"},
    "fair.setup-due": {
        "en": "{player} ended the game, or made a move that needs his hidden set-up, without "
              "revealing it",
        "it": "il {player} ha chiuso la partita, o ha fatto una mossa che richiede il suo "
              "schieramento nascosto, senza svelarlo"},
    "fair.own-secret": {
        "en": "the set-up kept on this device does not match {player}'s commitment in the record",
        "it": "lo schieramento tenuto su questo dispositivo non corrisponde all'impegno del "
              "{player} nella partita"},
    "fair.not-hidden": {
        "en": "this ply is not hidden in this game",
        "it": "in questo gioco questa semimossa non è nascosta"},
}
MESSAGES.update(HIDDEN_MESSAGES)


@dataclass(frozen=True)
class Revealed:
    """A hidden piece shown during the game: the ply that captured it, the piece, its value, and
    the piece's own salt (which opens its commitment in ``pieces``)."""

    ply: int
    item: str
    value: str
    salt: str

    def text(self) -> str:
        return f"{self.ply}:{self.item}:{self.value}:{self.salt}"


def _pieces(text: str | None) -> tuple:
    if not text:
        return ()
    parts = text.split(".")
    if not 2 <= len(parts) <= 4 or any(
            p != NONE and not re.fullmatch(f"(?:[0-9a-f]{{{PIECE_DIGITS}}})+", p) for p in parts):
        raise Problem("fair.field", field="pieces", text=excerpt(text))
    return tuple(None if p == NONE else
                 tuple(p[i:i + PIECE_DIGITS] for i in range(0, len(p), PIECE_DIGITS))
                 for p in parts)


def _reveals(text: str | None) -> tuple:
    out = []
    for entry in (text or "").split("."):
        if not entry:
            continue
        parts = entry.split(":")
        if (len(parts) != 4 or not re.fullmatch(r"[1-9][0-9]{0,3}", parts[0])
                or not _ITEM.fullmatch(parts[1]) or not _WORD.fullmatch(parts[2])
                or not VALUE.fullmatch(parts[3])):
            raise Problem("fair.field", field="reveals", text=excerpt(entry))
        out.append(Revealed(int(parts[0]), parts[1], parts[2], parts[3]))
    return tuple(out)


def piece_salt(salt: str, item: str) -> str:
    """A piece's own salt, from the hidden ply's salt: revealing it shows nothing of the others."""
    return _sha256(f"tavoliere-piece|{item}|{salt}").hex()[:32]


def piece_commitment(purpose: str, player: int, item: str, value: str, salt: str) -> str:
    """The commitment to one piece's value, opened by that piece's own salt ``salt``."""
    return commitment(f"{purpose}-piece", player, f"{item}={value}", salt)[:PIECE_DIGITS]


def piece_commitments(game, player: int, name: str, salt: str) -> tuple:
    values = game.hidden_values(player, name)
    return tuple(piece_commitment(game.hidden_purpose, player, item, values[item],
                                  piece_salt(salt, item)) for item in game.hidden_items(player))


def hides(game) -> bool:
    return hasattr(game, "hidden_items")


def guessed_plies(game, states, moves, players, known) -> tuple[set, set]:
    """For a record whose hidden plies of ``players`` are stand-ins (a page by link, before
    they are opened): (the plies that are those hidden plies, the plies whose move revealed a
    piece of theirs not in ``known``, its value still to come).  ``states[i]`` is the state
    before ``moves[i]``."""
    stood, pending, trace = set(), set(), None
    for ply, (state, move) in enumerate(zip(states, moves), 1):
        mover = game.to_move(state)
        if mover != CHANCE and game.hidden(state):
            if mover in players:
                stood.add(ply)
            continue
        trace, shown = game.hidden_trace(trace, state, move)
        if shown is not None and shown[0] in players and shown[1] not in known:
            pending.add(ply)
    return stood, pending


@dataclass
class _Hidden:
    """One player's hidden ply as the replay knows it."""

    ply: int
    digest: str
    name: str
    real: bool        # True: his true ply (opened, or this device's secret); False: a stand-in
    opened: bool


def _check_hidden(game, moves: list, fair: Fair, result: str | None, secret) -> Report:
    """``check`` for a game with hidden plies: replay with each hidden ply either opened (proof
    in ``seals``), known to this device (``secret`` = (player, name, salt)), or stood in for by
    one that agrees with every piece revealed; check every reveal against its piece's
    commitment, that none is late, the opened plies against both commitments, and the result."""
    report = Report(game.spec, plies=len(moves))
    owners = {item: p for p in range(game.players) for item in game.hidden_items(p)}
    known: dict[int, dict] = {p: {} for p in range(game.players)}
    by_ply = {}
    for entry in fair.reveals:
        if entry.item not in owners or entry.ply in by_ply:
            raise Problem("fair.field", field="reveals", text=excerpt(entry.text()))
        by_ply[entry.ply] = entry
        known[owners[entry.item]][entry.item] = entry.value
    opened = {entry.ply: entry for entry in fair.opened}
    hidden: dict[int, _Hidden] = {}
    state, trace, movers, owed = game.initial_state(), None, [], []
    for ply, text in enumerate(moves, 1):
        if game.outcome(state) is not None:
            raise FairError(ply, Problem("record.game-over",
                                         **game.outcome(state).message_params(game)))
        mover = game.to_move(state)
        movers.append(mover)
        if mover != CHANCE and game.hidden(state):
            hidden[mover] = _hidden_ply(game, fair, opened, known, secret, ply, mover, text, state)
            state = game.apply(state, game.parse_move(hidden[mover].name, state))
            continue
        try:
            move = game.parse_move(text, state)
        except (InvalidMove, IllegalMove) as error:
            if mover in hidden and not hidden[mover].real:
                raise FairError(ply, Problem("fair.setup-due", player=mover)) from None
            raise FairError(ply, error) from None
        trace, shown = game.hidden_trace(trace, state, move)
        if shown is not None and shown[0] in hidden:
            owner, item, value = shown
            entry = by_ply.pop(ply, None)
            if entry is None:
                owed.append((ply, owner, item, value))
            elif (entry.item != item or entry.value != value or
                  piece_commitment(game.hidden_purpose, owner, item, entry.value, entry.salt)
                  != fair.pieces[owner][game.hidden_items(owner).index(item)]):
                raise FairError(ply, Problem("fair.bad-piece", player=owner, item=item), owner)
            else:
                report.opened += 1
        state = game.apply(state, move)
        # a move that ends the game by itself (an exit, the move limit) comes with its mover's
        # set-up; one whose end hangs on the colour it captures could not know it would end
        knowable = shown is None or shown[0] == mover
        if (game.outcome(state) is not None and knowable and mover in hidden
                and not hidden[mover].real):
            raise FairError(ply, Problem("fair.setup-due", player=mover), mover)
    if by_ply:
        stray = min(by_ply)
        raise FairError(stray, Problem("fair.stray-reveal", at=stray))
    for ply, owner, item, _ in owed:   # each is due in its owner's next link
        if owner in movers[ply:]:
            raise FairError(ply, Problem("fair.missing-reveal", player=owner, item=item,
                                         captured=ply), owner)
    report.hidden_owed = [(ply, owner, item) for ply, owner, item, _ in owed]
    unsure = any(not hidden[owner].real for _, owner, _, _ in owed)
    outcome = None if unsure else game.outcome(state)
    report.setups_due = [p for p, h in sorted(hidden.items()) if not h.opened] if outcome else []
    report.outcome = outcome
    seat = secret[0] if secret else None
    stand_ins = any(not h.real for h in hidden.values())
    report.shown_state = (None if unsure or (outcome is not None and stand_ins)
                          else game.view(state, seat))
    report.full_state = state
    report.hidden_plies = {p: h.ply for p, h in hidden.items()}
    # a page replays its table with these (a stand-in tells nothing: only revealed values)
    report.standins = {p: h.name for p, h in hidden.items() if not h.real}
    if result is not None and outcome is not None and not report.setups_due:
        derived = game.outcome_text(outcome)
        if result != derived:
            raise FairError(len(moves), Problem("fair.result", written=excerpt(result, 60),
                                                outcome=derived))
    report.lines = _hidden_summary(game, report, hidden)
    return report


def _hidden_ply(game, fair, opened, known, secret, ply, mover, text, state) -> _Hidden:
    pieces = fair.pieces[mover] if mover < len(fair.pieces) else None
    if pieces is None or len(pieces) != len(game.hidden_items(mover)):
        raise FairError(ply, Problem("fair.no-pieces", player=mover), mover)
    if text.startswith(HIDE):
        digest = text[len(HIDE):]
        if not DIGEST.fullmatch(digest):
            raise FairError(ply, Problem("fair.field", field="hide", text=excerpt(text)))
        if secret is not None and secret[0] == mover:
            _, name, salt = secret
            if (commitment(game.hidden_purpose, mover, name, salt) != digest
                    or piece_commitments(game, mover, name, salt) != pieces):
                raise FairError(ply, Problem("fair.own-secret", player=mover))
            return _Hidden(ply, digest, name, True, False)
        try:
            return _Hidden(ply, digest, game.hidden_standin(mover, known[mover]), False, False)
        except Problem as error:
            raise FairError(ply, error, mover) from None
    entry = opened.get(ply)
    if entry is None:
        raise FairError(ply, Problem("fair.hidden-clear", player=mover), mover)
    try:
        name = game.move_name(game.parse_move(text, state))
    except (InvalidMove, IllegalMove) as error:
        raise FairError(ply, error, mover) from None
    if (commitment(game.hidden_purpose, mover, name, entry.salt) != entry.digest
            or piece_commitments(game, mover, name, entry.salt) != pieces):
        raise FairError(ply, Problem("fair.bad-reveal", player=mover), mover)
    # each colour he showed during the game is checked against this set-up at its capture
    return _Hidden(ply, entry.digest, name, True, True)


def _hidden_summary(game, report: Report, hidden: dict) -> list[str]:
    lines = [f"{report.spec}: {report.plies} plies replayed, every move legal"]
    opened = [p for p, h in sorted(hidden.items()) if h.opened]
    if opened:
        lines.append(f"{len(opened)} hidden set-ups revealed and matching their commitments "
                     "(the whole set-up and each piece)")
    if report.opened:
        lines.append(f"{report.opened} captured pieces revealed and matching their commitments")
    for ply, owner, item in report.hidden_owed:
        lines.append(f"ply {ply} captured {item}: its colour is due in {PLAYER_WORDS[owner]}'s "
                     "next link")
    if report.outcome is not None:
        lines.append(f"result: {game.outcome_text(report.outcome)}")
    for player in report.setups_due:
        lines.append(f"{PLAYER_WORDS[player]}'s set-up is still to be revealed")
    return lines


PLAYER_WORDS = ("White", "Black", "player 3", "player 4")


# -- the steps of a game with hidden plies --------------------------------------------------------
def hide(spec: str, moves, move: str, fair: Fair | None = None) -> dict:
    """Commit to the hidden ply ``move`` at the end of ``moves``: {"token": hide=<digest> for
    the moves, "fair" with this player's piece commitments, "move" and "salt" (kept on this
    device until the end)}."""
    game, fair, moves = load_game(spec), fair or Fair(), list(moves)
    report = check(spec, moves, fair)
    state = report.full_state
    mover = game.to_move(state)
    if not hides(game) or mover == CHANCE or not game.hidden(state):
        raise FairError(len(moves) + 1, Problem("fair.not-hidden"))
    name = game.move_name(game.parse_move(move, state))
    salt = fresh_salt()
    pieces = list(fair.pieces or (None,) * game.players)
    pieces[mover] = piece_commitments(game, mover, name, salt)
    return {"token": HIDE + commitment(game.hidden_purpose, mover, name, salt), "move": name,
            "salt": salt, "fair": replace(fair, pieces=tuple(pieces))}


def disclose(spec: str, moves, fair: Fair, player: int, move: str, salt: str) -> dict:
    """What ``player`` owes at the end of ``moves``: the value of each piece of his captured and
    not yet revealed (with its own salt), and, once the game is over, his hidden ply itself
    (in clear, its proof in ``seals``). {"moves", "fair", "report"}; the result is checked."""
    game, moves = load_game(spec), list(moves)
    report = check(spec, moves, fair, secret=(player, move, salt))
    values = game.hidden_values(player, move)
    added = tuple(Revealed(ply, item, values[item], piece_salt(salt, item))
                  for ply, owner, item in report.hidden_owed if owner == player)
    fair = replace(fair, reveals=fair.reveals + added)
    report = check(spec, moves, fair, secret=(player, move, salt))
    if player in report.setups_due:
        ply = report.hidden_plies[player]
        digest = moves[ply - 1][len(HIDE):]
        moves[ply - 1] = move
        fair = replace(fair, opened=fair.opened + (Opened(ply, digest, salt),))
        report = check(spec, moves, fair, secret=(player, move, salt))
    return {"moves": moves, "fair": fair, "report": report}

