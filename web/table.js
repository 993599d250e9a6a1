// The table: the headless controller behind the room and every embedded board.  It owns the
// record (game spec, moves, the ply on view), the engine's view of the position, the clicks
// so far, previews, hints and the computer's turns, and tells its skin what changed through
// events.  It keeps no rules (the engine has them) and draws nothing (the skins do).
//
// Events: "change" (draw again), "record" (the moves changed: save them), "message" (detail
// {key, params, kind} for a page text, or {answer} for an engine error), "played" (detail
// {move, ply, view, mover, sealed, revealed}), "progress" (the computer's search), "gameover"
// (detail: the outcome), "explored" (detail {move, ply, view, kind}: a move at an earlier
// position or in a variation, the game unchanged).
//
// Sealed plies (moves made at the same time, such as bids): the record keeps them, since the
// engine needs the whole record, but the engine's views hide them (view.sealed counts them,
// view.moves and view.ply leave them out).  Everything a skin shows or writes outside this
// session goes through shownMoves() and shownCursor(), never through history.moves.
//
// Hidden information (a game whose seats know different things: view.hidden_information):
// every request names the seat whose view the engine shows (seat()), and the engine names
// each ply that seat may not see "?" in view.moves; shownMoves() shows those as "?" too, and
// two people at one device pass it after every move, the board shown to nobody meanwhile.
import { History } from "./history.js";
import { endingOutcome } from "./links.js";
import { CHANCE, fitSeats } from "./seats.js";
import { choosing } from "./choosing.js";
import { computerTurns, freshSeed } from "./computer.js";
import { seeing } from "./seeing.js";
import { takingBack } from "./undo.js";
import { toggling, withToggle } from "./toggle.js";

export { endingOutcome, readMoves } from "./links.js";
export { CHANCE, fitSeats, playerText, readPlayer } from "./seats.js";  // (their old home)
export { freshSeed };

export class Table extends EventTarget {
  // engine: the worker client; players: [{kind, level}]; explore: whether a move played at
  // an earlier position opens a variation (the room, a study embed), played by whoever is
  // at the device for either side; without it such a move is refused, or with replaceLater
  // (a problem's table) drops the later moves; "everywhere": the
  // reader plays at the game's end too (a study embed, whose seats are nobody's).  The main
  // line stays the game: the computer answers only there, and a variation never changes what
  // was sent.
  constructor(engine, { players, explore = false, replaceLater = false, seed = freshSeed }) {
    super();
    this.engine = engine;
    this.players = players;
    this.explore = explore;
    this.replaceLater = replaceLater;
    this.seed = seed;
    this.game = null;          // the canonical spec, once the engine has read it
    this.history = new History();
    this.view = null;          // the engine's view of the position on view
    this.clicks = [];          // cells clicked so far towards the next move
    this.fits = null;          // the legal moves those clicks can still make (null: none yet)
    this.preview = [];         // cells the candidate moves would change
    this.ahead = {};           // the changes most candidate moves make: drawn at once
    this.chosen = {};          // the part of a move already chosen, too many ways to go on to draw ahead
    this.hint = [];            // cells of a suggested move
    this.paths = [];           // the choices of the next click when they differ in cells: [{next, cells}]
    this.motion = null;        // the step forward just shown: {before: pieces, cells: the move's, steps: its pieces step by step}
    this.thinking = null;      // {id, kind} while the computer searches
    this.playing = false;      // a move is on its way to the engine
    this.ready = false;        // the engine has answered once
    this.opening = false;      // a prebuilt board is on view while the engine opens a record
    this.early = [];           // the cells clicked on this board before the engine was ready, played once it is
    this.clicking = Promise.resolve();  // the clicks still being taken, in order
    this.ending = null;        // how the players ended the game after its last move (links.js)
    this.endView = null;       // the engine's view of the record's end (its facts: getters below)
    this.masked = new Set();   // the plies (counted from 0) the engine shows this seat as "?"
    this.endTurn = null;       // the player to move at the record's end (two people: the seat shown)
    this.handover = null;      // the side that must take the device before its turn is shown
    this.movers = new Map();   // ply -> the side that made it, for the plies played here
    this.rolling = false;      // the engine is drawing a roll
    this.dice = null;          // (game, moves) => the roll's answer, or null: the room's fair dice
    this.context = null;       // fields every request on this record carries (by link: web/hiddenlink.js)
  }

  emit(type, detail = null) {
    this.dispatchEvent(new CustomEvent(type, { detail }));
  }

  say(key, params = {}, kind = "error") {
    this.emit("message", { key, params, kind });
  }

  // -- what the skins draw -----------------------------------------------------------------
  humanToMove() {
    const v = this.view;
    if (!(this.ready && !this.opening && v && !v.outcome && !this.thinking && !this.playing &&
      this.handover === null && !this.midRound() && this.players[v.to_move])) return false;
    return this.exploring() || this.personPlays(v.to_move);
  }

  // Whether a person at this device plays `side` (not the computer, a player afar, the dice).
  personPlays(side) {
    return Boolean(this.players[side] && this.players[side].kind === "human");
  }

  // A position before the game's end (or in a variation) where moves open variations: the
  // reader plays every side there.  Not in a game that hides information from a seat.
  exploring() {
    const here = this.explore === "everywhere" || !this.history.atEnd;
    return Boolean(this.explore && here && this.view && !this.view.hidden_information);
  }

  // The record's facts, as the engine's view of its end says them (kept while an earlier ply
  // is on view): who made each shown ply (CHANCE: a roll), the game's words for each where it
  // has some, and the sealed plies at the end (made, not yet revealed).
  get turns() { return (this.endView && this.endView.movers) || []; }
  get words() { return (this.endView && this.endView.words) || []; }
  get hidden() { return (this.endView && this.endView.sealed) || 0; }

  keepEnd(view) {
    this.endView = view;
    this.keepMasked(view);
  }

  // An earlier position inside a round that was revealed later (a bid made, the answer
  // not yet): no move may be played there, or the one to answer would answer knowing the bid.
  midRound() {
    return Boolean(this.view && this.view.sealed && !this.history.atEnd);
  }

  // The moves that may be shown: the record less its sealed plies, those hidden from this
  // seat as "?".
  shownMoves() {
    const moves = this.history.moves.slice(0, this.history.moves.length - this.hidden);
    return moves.map((move, i) => (this.masked.has(i) ? "?" : move));
  }

  // The ply on view among the shown moves: the record's end, with its sealed plies, counts
  // as the last shown ply (its position looks the same until the reveal).
  shownCursor() {
    if (!this.history.onMain) return this.history.cursor;  // a variation hides no sealed ply
    return Math.min(this.history.cursor, this.history.moves.length - this.hidden);
  }

  // The ply a link names: in a variation, where it leaves the game (a link carries the game).
  linkCursor() {
    return this.history.onMain ? this.shownCursor() : Math.min(this.history.mainPly, this.history.moves.length - this.hidden);
  }

  // A player who moves elsewhere (a correspondence game's other side): the record brings
  // that player's moves, never a click or a call here.
  remoteToMove() {
    const v = this.view;
    return Boolean(v && !v.outcome && !this.exploring() && this.players[v.to_move] && this.players[v.to_move].kind === "remote");
  }

  // How many first clicks of a move keep their order (the rest come in any order).
  get freeAfter() {
    const free = this.view && this.view.free_after;
    return Number.isInteger(free) ? free : Infinity;
  }

  // Moves made without a cell (a swap, a pass, a bid): the skins show them as buttons.
  buttons() {
    if (!this.humanToMove()) return [];
    return withToggle(this.view, this.view.legal.filter((m) => m.clicks.length === 0));
  }

  // What the board shows: pieces, marks and the choice in progress.
  picture(cursor = null) {
    const v = this.view;
    const marks = v.marks || {};
    const pieces = { ...v.pieces };
    for (const [cell, token] of Object.entries(this.ahead)) {
      if (token === null) delete pieces[cell];
      else pieces[cell] = token;
    }
    return {
      pieces,
      last: v.last ? v.last.cells : [],
      selected: this.clicks,
      targets: this.markedTargets(),
      chosen: this.chosen,
      preview: this.preview,
      shaded: v.outcome ? [] : marks.shaded || [],
      win: v.outcome ? v.outcome.cells : marks.highlight || [],
      hint: this.hint,
      paths: this.paths,
      leaving: marks.leaving || [],
      faded: v.toggle && !v.outcome ? v.toggle.marked : [],
      owned: v.toggle && v.outcome ? [] : marks.owned || [],  // (no count after a resignation)
      cursor,
      motion: this.motion,
      notes: this.history.notes().marks,  // the study's board marks on this position
    };
  }

  // -- showing positions ---------------------------------------------------------------------
  // A board drawn before the engine has read the record (build.py prebuilds them).
  // `players`: the seats of the game being opened, when they change with it.
  showPrebuilt(view, players = null) {
    this.stopThinking();
    if (this.view && this.view.game !== view.game) this.early = [];  // made on another game's board
    if (players) this.players = players;
    this.view = view;
    this.opening = true;
    this.clearChoice();
  }

  // Open a record: {game (a spec), moves, ply (null: the end), ending, players (null: the
  // seats as they are), tree (a study, Study.to_dict()'s form, whose main line is `moves`)}.
  // The engine checks every move first.  The answer is the engine's; on a failure nothing
  // changes but the seats.  The table is the one owner of the seats: they
  // change here, fitted to the game's count, and in showPrebuilt.
  async open({ game, moves = [], ply = null, ending = null, players = null, tree = null }) {
    this.stopThinking();
    if (players) this.players = players;
    // nobody's view: this answer only tells about the record (the position is asked for again)
    const full = await this.engine.request({ op: "view", game, moves, seat: "none", ...this.context });
    if (!full.ok) return full;
    this.ready = true;
    this.opening = false;
    this.game = full.game;
    this.players = fitSeats(this.players, full.players || 2);
    this.ending = full.outcome ? null : ending;  // a game the rules ended was not resigned
    // the view names the revealed moves only; the sealed ones, and those it names "?" (hidden
    // from this seat), are kept as they were given
    const line = [...full.moves.map((move, i) => (move === "?" ? moves[i] : move)), ...moves.slice(full.moves.length)];
    this.keepEnd(full);
    // a record opened with a sealed ply between two people here (a reload after a bid):
    // the one who made it may still hold the device
    this.handover = this.handoverAfter(null, full);
    this.movers = new Map();
    // a ply counts shown moves (a link's does): the last of them is the record's end
    const cursor = ply === null || ply >= full.moves.length ? line.length : ply;
    const mainLine = tree && Array.isArray(tree.line) ? tree.line.map((node) => node && node.move) : null;
    this.history = mainLine && mainLine.join(" ") === line.join(" ") ? studyOr(tree, line, cursor) : new History(line, cursor);
    await this.show();
    await this.playEarlyClicks();
    return full;
  }
  async show() {
    if (await this.showQuietly()) this.computerTurn();
  }

  // A single step forward is a move the board may animate; any other jump is not.  `ply`
  // counts shown moves: the last of them is the record's end, sealed plies and all.
  async goTo(ply) {
    this.stopThinking();
    if (this.history.onMain && ply >= this.history.moves.length - this.hidden) ply = this.history.moves.length;
    const step = this.view && ply === this.history.cursor + 1 ? this.view.pieces : null;
    this.history.goTo(ply);
    if (await this.showQuietly(step)) this.computerTurn();
  }

  // A position of the study tree ({line, n}: the move list's buttons and the keys name them).
  async goToPlace(place) {
    if (place.line === this.history.main) {  // the game's plies: goTo knows its sealed ones
      if (!this.history.onMain) this.history.goToPlace({ line: place.line, n: Math.min(place.n, place.line.nodes.length) });
      return this.goTo(place.n);
    }
    this.stopThinking();
    this.history.goToPlace(place);
    if (await this.showQuietly()) this.computerTurn();
  }

  // Up and down: the other moves played at the ply on view.
  async switchVariation(step) {
    if (!this.history.switchVariation(step)) return;
    this.stopThinking();
    await this.showQuietly();
  }

  // An edit of the tree (promote, delete): the position on view may have moved; a promotion
  // into the main line changes the game's record.
  async editTree(edit) {
    if (this.thinking || this.playing) return false;
    const record = this.history.moves.join(" ");
    if (!this.history[edit]()) return false;
    if (this.history.moves.join(" ") !== record) await this.newMainLine();
    await this.show();
    this.emit("record");
    return true;
  }

  // The game's record changed by a promotion: what the table keeps of its end is asked again
  // (who made each ply, the game's words for them, the sealed plies at the end).
  async newMainLine() {
    this.ending = null;
    this.movers = new Map();
    const full = await this.engine.request({ op: "view", game: this.game, moves: this.history.moves, seat: "none", ...this.context });
    if (!full.ok) return;
    this.keepEnd(full);
  }

  // A note on the position on view (comment, glyph, mark): the tree changed, nothing else.
  annotate(change) {
    if (!this.ready) return;
    change(this.history);
    this.emit("change");
    this.emit("record");
  }

  // -- making moves ------------------------------------------------------------------------
  // (the clicks that choose a move, one at a time: web/choosing.js)
  // Play a move by name (a click's, a button's, a typed one or the computer's).  Resolves to
  // the engine's answer; an illegal move is reported and changes nothing.
  async play(name) {
    if (this.remoteToMove()) {
      this.say("not-your-turn");
      return { ok: false, error: "not-your-turn" };
    }
    if (this.ending && this.history.atEnd) {  // resigned or agreed drawn: the rules would go on
      this.say("game-ended");
      return { ok: false, error: "game-ended" };
    }
    if (this.midRound()) {  // the one to answer would answer knowing the sealed move
      this.say("mid-round");
      return { ok: false, error: "mid-round" };
    }
    const exploring = this.exploring();
    if (!this.history.atEnd && !exploring && !(this.replaceLater && this.history.cut())) {
      if (this.explore) this.say("study.hidden");  // a game that hides information: no variations
      return { ok: false, error: "cancelled" };
    }
    this.stopThinking();
    // One move at a time: a second click before the first move's answer would be judged
    // against the old position.
    this.playing = true;
    const before = this.view.pieces;
    const mover = this.view.to_move;
    const shownBefore = this.view.ply || 0;
    // two people at one device, a game that hides information: the answer shows nobody's
    // view, since the device changes hands after the move
    const passing = this.view.hidden_information && this.players.filter((p) => p.kind === "human").length > 1;
    let answer;
    try {
      answer = await this.engine.request({ op: "play", game: this.game, moves: this.history.line(), move: name, seat: passing ? "none" : this.seat(), ...this.context });
    } finally {
      this.playing = false;
    }
    this.clearChoice();
    if (!answer.ok) {
      this.emit("message", { answer });
      this.emit("change");
      return answer;
    }
    const kind = this.history.push(answer.played);
    if (kind !== "game") return this.explored(answer, before, kind);
    this.movers.set(this.history.cursor, mover);
    this.ending = null;  // a move played in an earlier position starts a line of its own
    this.view = answer;
    this.keepEnd(answer);
    this.handover = this.handoverAfter(mover, answer);
    this.hint = [];
    // a sealed move changes nothing on view (answer.last is an older move, or none)
    this.motion = answer.sealed ? null : { before, cells: answer.last ? answer.last.cells || [] : [], steps: (answer.last && answer.last.steps) || [] };
    this.emit("change");
    // the plies this one revealed, itself included (none while it is sealed)
    const revealed = [];
    for (let ply = shownBefore + 1; ply <= (answer.ply || 0); ply++) {
      revealed.push({ move: this.shownMoves()[ply - 1], ply, player: this.movers.has(ply) ? this.movers.get(ply) : null });
    }
    this.emit("played", { move: answer.played, ply: this.history.cursor, view: answer, mover, sealed: Boolean(answer.sealed), revealed });
    this.emit("record");
    if (answer.outcome) this.emit("gameover", answer.outcome);
    this.computerTurn();
    return answer;
  }

  // A move made at an earlier position or in a variation: the view follows it, the game's
  // record is the same; "record" still tells that the tree has a new line to keep.
  explored(answer, before, kind) {
    if (kind === "too-deep") {
      this.history.goTo(this.history.cursor);  // (the tree is unchanged)
      this.say("study.too-deep");
      this.emit("change");
      return { ok: false, error: "too-deep" };
    }
    this.view = answer;
    this.hint = [];
    this.motion = answer.sealed ? null : { before, cells: answer.last ? answer.last.cells || [] : [] };
    this.emit("change");
    this.emit("explored", { move: answer.played, ply: this.history.cursor, view: answer, kind });
    if (kind !== "followed") this.emit("record");
    this.computerTurn();  // (only at the game's end, which a followed move may reach)
    return answer;
  }

  // -- resigning and agreeing a draw ------------------------------------------------------
  // The players end the game after its last move: "resign0" or "resign1" (that player
  // resigns) or "draw" (agreed).  The record keeps it after its moves; a move played or an
  // undo takes it back.
  end(ending) {
    const v = this.view;
    if (!v || v.outcome || !this.history.atEnd || !this.ready || this.opening || this.playing) return false;
    this.stopThinking();
    this.ending = ending;
    this.showView(v);
    this.emit("record");
    this.emit("gameover", this.view.outcome);
    return true;
  }

  // The view at the record's end carries the ending as its outcome, with no moves left.
  withEnding(view) {
    if (!this.ending || !this.history.atEnd || view.outcome) return view;
    return { ...view, outcome: endingOutcome(this.ending), legal: [], more: null };
  }

  // The view of the position on view, without starting the computer (undo and redo step
  // over its moves first).  `before`: the pieces one move earlier, when this is a step forward.
  async showQuietly(before = null) {
    const answer = await this.engine.request({ op: "view", game: this.game, moves: this.history.line(), seat: this.seat(), ...this.context });
    if (!answer.ok) { this.emit("message", { answer }); return false; }
    this.showView(answer, before);
    return true;
  }

  // A new position on view: the choice in progress and the hint go.  `before`: the pieces
  // one move earlier, when the position is a step forward (the board may animate it).
  showView(view, before = null) {
    this.view = this.withEnding(view);
    if (this.history.atEnd) this.keepEnd(view);
    this.clearChoice();
    this.hint = [];
    this.motion = before && view.last ? { before, cells: view.last.cells || [], steps: view.last.steps || [] } : null;
    this.emit("change");
  }
}

// The study kept with a record (a saved game's, an import's), or the plain record when the
// study cannot be read (a saved game changed by hand): the game opens either way.
function studyOr(tree, line, cursor) {
  try {
    return History.fromStudy(tree, cursor);
  } catch {
    return new History(line, cursor);
  }
}

// The clicks towards a move (web/choosing.js), the computer's turns and the dice
// (web/computer.js), undo and redo (web/undo.js), who sees the table (web/seeing.js), moves
// built by toggling cells (web/toggle.js): methods of the table written apart.
Object.assign(Table.prototype, choosing, computerTurns, takingBack, seeing, toggling);
