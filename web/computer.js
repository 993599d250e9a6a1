// The computer's turns at the table: its moves, its hints and the dice.  These are methods
// of Table (web/table.js mixes them in), written apart to keep each file about one thing;
// `this` is the table.
import { CHANCE } from "./seats.js";

// A seed for the computer's next search, drawn from the browser's cryptographic source.  A
// bot that mixes its moves (sealed bids) is only as secret as its seed: one the
// player could know or repeat (the ply count) would make its bid the same in every game.
export function freshSeed() {
  return crypto.getRandomValues(new Uint32Array(1))[0] >>> 1;  // 0 .. 2**31 - 1, as the engine takes
}

export const computerTurns = {
  computerTurn() {
    const v = this.view;
    if (!v || v.outcome || !this.history.atEnd || !this.ready || this.thinking) return;
    if (v.to_move === CHANCE) { this.roll(); return; }
    const player = this.players[v.to_move];
    if (player && player.kind === "ai") this.think("move", player.level);
  },

  // The dice are due: a table where someone plays (not a board only shown) has the engine
  // draw them from its cryptographic source, then plays them as the record's next ply.
  async roll() {
    const playing = this.players.some((p) => p.kind === "human" || p.kind === "ai");
    if (this.rolling || !playing || this.opening) return;
    this.rolling = true;
    const game = this.game;
    const line = this.history.line();
    let answer;
    try {
      // a correspondence game's fair dice (web/fairlink.js), when the room gives them
      answer = (this.dice && await this.dice(game, line)) || await this.engine.request({ op: "roll", game, moves: line });
    } finally {
      this.rolling = false;
    }
    // the record moved on meanwhile (an undo, another game): that roll is not due any more
    const same = game === this.game && this.history.line().join(" ") === line.join(" ");
    if (!same || !this.history.atEnd) { this.computerTurn(); return; }
    if (!answer.ok) { this.emit("message", { answer }); return; }
    if (answer.move === null) { this.emit("change"); return; }  // the other player's value for these dice is still to come
    await this.play(answer.move);
  },

  async think(kind, level) {
    const line = this.history.line();
    const pending = this.engine.think({ game: this.game, moves: line, level, seed: this.seed(line) },
      (progress) => this.emit("progress", progress));
    this.thinking = { id: pending.id, kind };
    this.emit("change");
    const answer = await pending;
    if (!this.thinking || this.thinking.id !== pending.id) return;  // stale: the record moved on
    // the pool's searches merged (engine.js): the win bar shows the merged move's chance
    if (answer.ok && answer.workers) this.emit("progress", answer.progress);
    this.thinking = null;
    if (!answer.ok) { this.emit("message", { answer }); this.emit("change"); return; }
    if (kind === "hint") {
      this.hint = answer.cells || [];
      this.say("hint-is", { move: answer.move }, "info");
      this.emit("change");
      return;
    }
    await this.play(answer.move);
  },

  hintMove(level) {
    if (this.humanToMove()) this.think("hint", level);
  },

  // The computer answers now with its best move so far.
  moveNow() {
    if (this.thinking) this.engine.stop(this.thinking.id);
  },

  stopThinking() {
    if (!this.thinking) return;
    this.engine.stop(this.thinking.id);
    this.thinking = null;
  },

  againstComputer() {
    return this.players.some((p) => p.kind === "ai") && this.players.some((p) => p.kind === "human");
  },
};
