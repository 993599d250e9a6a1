// Review: once a game is over, the computer looks again at every position of its record, one
// after the other, and says what each move did to the mover's winning chance.  A move that
// turned a game the mover was not losing into a lost one is marked "??", a costly one "?".
// The engine thinks in slices in its worker, so the page stays free while a review runs.
import { CHANCE } from "./seats.js";

const LEVEL = 5;             // no deliberate imprecision: the computer's honest opinion
const TOTAL_SECONDS = 30;    // a long game gets less time a position ...
const MIN_SECONDS = 0.15;    // ... but never so little that the estimate is noise
const MAX_SECONDS = 0.6;
const THREW_AWAY = 0.25;     // "??": at least this much lost, from a game in the balance ...
const IN_THE_BALANCE = 0.4;  // ... (at least this chance) to a losing one (under even)
const COSTLY = 0.2;          // "?": at least this much (two searches differ by less)

export function secondsPerPosition(positions) {
  return Math.min(MAX_SECONDS, Math.max(MIN_SECONDS, TOTAL_SECONDS / Math.max(1, positions)));
}

// The mark a move earns from the mover's chance before and after it ("", "?" or "??").
export function verdict(before, after) {
  if (before === null || after === null) return "";
  const loss = before - after;
  if (before >= IN_THE_BALANCE && after < 0.5 && loss >= THREW_AWAY) return "??";
  return loss >= COSTLY ? "?" : "";
}

// The first player's chance in a finished position.
function outcomeChance(outcome) {
  if (outcome.winner === null || outcome.winner === undefined) return 0.5;
  return outcome.winner === 0 ? 1 : 0;
}

export class Review {
  // engine: the worker client; onChange() is called as each position is weighed.
  constructor(engine, game, moves, onChange) {
    this.engine = engine;
    this.game = game;
    this.moves = [...moves];
    this.onChange = onChange;
    this.white = [];           // the first player's chance in each position (null: unknown)
    this.best = [];            // the computer's choice in each position
    this.movers = [];          // who moves in each position
    this.done = false;
    this.stopped = false;
    this.error = null;
    this.pending = null;
  }

  // Whether this review belongs to the record `moves` of `game`.
  about(game, moves) {
    return game === this.game && moves.length === this.moves.length && moves.every((m, i) => m === this.moves[i]);
  }

  get weighed() {
    return this.white.length;
  }

  async run() {
    const seconds = secondsPerPosition(this.moves.length + 1);
    for (let ply = 0; ply <= this.moves.length && !this.stopped; ply++) {
      const line = this.moves.slice(0, ply);
      const view = await this.engine.request({ op: "view", game: this.game, moves: line });
      if (!view.ok) return this.fail(view);
      this.movers.push(view.to_move);
      if (view.outcome) {
        this.white.push(outcomeChance(view.outcome));
        this.best.push(null);
      } else if (view.to_move === CHANCE) {  // dice to roll: nobody chooses, nothing to weigh
        this.white.push(null);
        this.best.push(null);
      } else {
        this.pending = this.engine.think({ game: this.game, moves: line, level: LEVEL, seconds, seed: ply });
        const answer = await this.pending;
        this.pending = null;
        if (this.stopped) break;
        if (!answer.ok) return this.fail(answer);
        const chance = answer.progress ? answer.progress.win_chance : null;
        const known = chance !== null && chance !== undefined;
        this.white.push(known ? (view.to_move === 0 ? chance : 1 - chance) : null);
        this.best.push(answer.move);
      }
      this.onChange(this);
    }
    this.done = !this.stopped;
    if (this.done) this.onChange(this);
  }

  fail(answer) {
    this.error = answer;
    this.stopped = true;
    this.onChange(this);
  }

  stop() {
    this.stopped = true;
    if (this.pending) this.engine.stop(this.pending.id);
  }

  // What the review says of the move played at `ply` (1-based), once both positions around it
  // are weighed: the mover's chance before and after, the mark, and the computer's choice.
  move(ply) {
    if (ply < 1 || ply >= this.white.length) return null;
    const mover = this.movers[ply - 1];
    const forMover = (chance) => (chance === null ? null : (mover === 0 ? chance : 1 - chance));
    const before = forMover(this.white[ply - 1]);
    const after = forMover(this.white[ply]);
    const best = this.best[ply - 1];
    return { mover, before, after, mark: verdict(before, after), best: best === this.moves[ply - 1] ? null : best };
  }

  // Every verdict so far, for the page API.
  verdicts() {
    const list = [];
    for (let ply = 1; ply < this.white.length; ply++) list.push(this.move(ply));
    return list;
  }
}
