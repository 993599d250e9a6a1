// Choosing a move by clicks: the cells that may be clicked next, the legal moves the clicks
// so far can still make (narrowed here, or by the engine when the view has too many to list),
// the clicks taken one at a time, hover previews, and the click made before the engine was
// ready.  Methods of Table (web/table.js mixes them in), written apart so that table.js keeps
// the record and the view; `this` is the table.
import { exact, matching, nextClicks, nextStep } from "./moves.js";
import { MAX_PREVIEWS, previewOf } from "./preview.js";

// A placement game's first click could go almost anywhere: marking every cell would only hide
// the board, so targets are shown before the first click only when there are few.
const MAX_OPEN_TARGETS = 24;

export const choosing = {
  // Whether `clicks` only pick up the piece that moves (Game.picks_up): no move is played
  // on that click alone, and nothing is drawn ahead yet.
  pickedUp(clicks = this.clicks) {
    return Boolean(this.view.picks_up) && clicks.length === 1;
  },

  // The cell a click on `cell` counts as (the game names cells that stand for others).
  sameAs(cell) {
    return (this.view.same || {})[cell] || cell;
  },

  // The cells that may be clicked next, with those that stand for them.
  targets() {
    if (!this.humanToMove()) return [];
    if (this.clicks.length) return this.withSame(nextClicks(this.fits || [], this.clicks, this.freeAfter));
    // A view with too many moves to send lists only the cells they start from.
    const cells = this.view.more ? this.view.more.starts : nextClicks(this.view.legal, [], this.freeAfter);
    return cells.length <= MAX_OPEN_TARGETS ? this.withSame(cells) : [];
  },

  // The targets the board marks: none when there are more than a few (the second stone of a
  // pair may go on any empty cell, and dots on all of them would hide the board).
  markedTargets() {
    const cells = this.targets();
    return cells.length <= MAX_OPEN_TARGETS ? cells : [];
  },

  // `cells` and every cell that stands for one of them.
  withSame(cells) {
    const same = Object.entries(this.view.same || {}).filter(([, to]) => cells.includes(to));
    return same.length ? [...cells, ...same.map(([from]) => from)] : cells;
  },

  // The move the clicks so far make, when they make one that is also the start of longer ones.
  complete() {
    if (!this.clicks.length || !this.fits) return null;
    return exact(this.fits, this.clicks, this.freeAfter);
  },

  // The legal moves that clicks can make: from the view, or asked of the engine when the view
  // had too many to list (every two-stone move of a big board, say).
  async fitting(clicks) {
    if (!this.view.more) return matching(this.view.legal, clicks, this.freeAfter);
    const answer = await this.engine.request({ op: "narrow", game: this.game, moves: this.history.line(), clicks, seat: this.seat() });
    return answer.ok ? answer.legal : [];
  },

  // Clicks are taken one at a time, in the order they were made: a click made while the
  // engine still answers the one before (two quick taps on a board whose moves it narrows)
  // waits for that answer, instead of starting a choice of its own and losing the first.
  click(clicked) {
    const taken = this.clicking.then(() => this.takeClick(clicked));
    this.clicking = taken.catch(() => {});
    return taken;
  },

  async takeClick(clicked) {
    if (!this.view) return;
    const cell = this.sameAs(clicked);
    if (!this.ready || this.opening) {
      this.early.push(cell);
      this.say("waiting-engine", { cell }, "info");
      return;
    }
    if (this.remoteToMove()) { this.say("not-your-turn"); return; }
    if (!this.humanToMove()) return;
    if (this.view.toggle) { await this.toggleAt(cell); return; }  // web/toggle.js
    if (this.pickedUp() && cell === this.clicks[0]) {
      this.cancel();  // the piece picked up, clicked again, is put back
      this.say("");
      return;
    }
    const made = this.complete();
    if (made && cell === this.clicks[this.clicks.length - 1]) {  // the same cell again
      await this.play(made.name);
      return;
    }
    // One more click; a click that fits nothing after a partial choice starts a new choice.
    let clicks = [...this.clicks, cell];
    let candidates = await this.fitting(clicks);
    if (!candidates.length && this.clicks.length) {
      clicks = [cell];
      candidates = await this.fitting(clicks);
    }
    if (!candidates.length) {
      this.cancel();
      this.say("illegal-click", { cell });
      return;
    }
    if (candidates.length === 1 && !this.pickedUp(clicks)) {  // a piece shows where it may go
      await this.play(candidates[0].name);
      return;
    }
    this.clicks = clicks;
    this.fits = candidates;
    const complete = this.complete();
    this.say(complete ? "choose-or-confirm" : "choose-next",
      { move: complete ? complete.name : "", step: complete ? null : nextStep(candidates, clicks, this.freeAfter) }, "info");
    ({ cells: this.preview, ahead: this.ahead, paths: this.paths, chosen: this.chosen = {} } = await previewOf(this, candidates));
    this.emit("change");
  },

  // Enter: play the move the clicks so far make, if they make one.
  async confirm() {
    const complete = this.complete();
    if (complete && this.humanToMove()) await this.play(complete.name);
  },

  cancel() {
    this.clearChoice();
    this.emit("change");
  },

  // The move half made is dropped: its clicks and all that was drawn for them.
  clearChoice() {
    this.clicks = [];
    this.fits = null;
    this.preview = [];
    this.ahead = {};
    this.chosen = {};
    this.paths = [];
  },

  // What a hovered cell would do, before any click.
  async hover(cell) {
    if (!this.humanToMove() || this.clicks.length || this.view.more) return;
    const candidates = cell ? matching(this.view.legal, [cell], this.freeAfter) : [];
    const wanted = candidates.length && candidates.length <= MAX_PREVIEWS ? candidates : [];
    const key = wanted.map((m) => m.name).join(" ");
    if (key === this.hoverKey) return;
    this.hoverKey = key;
    const { changed } = wanted.length ? await previewOf(this, wanted) : { changed: [] };
    if (this.hoverKey === key && !this.clicks.length) {
      this.preview = changed;  // a hover only marks, it draws nothing
      this.emit("change");
    }
  },

  // The clicks made while the engine started count now, in their order, as if made this
  // moment: each plays, or is refused with the reason, like any click.  Only people's moves
  // may come between them: a click was not made knowing the computer's reply, or a roll.
  async playEarlyClicks() {
    const cells = this.early;
    const from = this.history.moves.length;
    this.early = [];
    for (const cell of cells) {
      if (!this.turns.slice(from).every((side) => this.personPlays(side)) || !this.humanToMove()) {
        this.say(this.history.moves.length > from ? "early-click-after" : "early-click-late", { cell });
        return;
      }
      await this.click(cell);
    }
  },
};
