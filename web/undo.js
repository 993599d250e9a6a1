// Taking moves back: undo and redo at the table.  Methods of Table (web/table.js mixes them
// in), written apart; `this` is the table.
import { CHANCE } from "./seats.js";

export const takingBack = {
  // Against the computer, undo goes back to the person's last turn.  A round of moves made
  // at the same time (bids) is taken back whole or not at all: undo never stops where a
  // revealed move would be sealed again, with its answer to be made once more.
  // Dice once rolled stay rolled: a move before a roll cannot be taken back, or undoing
  // would roll them again.
  async undo() {
    const h = this.history;
    const record = h.moves.join(" ");
    this.stopThinking();
    const target = await this.undoTarget();
    if (h.moves.join(" ") !== record) return;  // the record moved on meanwhile
    if (target === null) {
      if (h.moves.length) this.say("undo-nothing", {}, "info");
      this.computerTurn();
      return;
    }
    if (this.turns.slice(target, h.moves.length).includes(CHANCE)) {
      this.say("undo-dice", {}, "info");
      this.computerTurn();
      return;
    }
    this.handover = null;  // the sealed move is taken back: its maker is at the device
    this.ending = null;  // undo takes back a resignation or a draw first
    while (h.moves.length > target && h.undo());
    await this.showQuietly();
    this.emit("record");
    this.computerTurn();
  },

  // The ply an undo goes back to (null: nothing to undo): the last position before the
  // record's end where no move waits sealed, and, against the computer, with a person's move
  // among those taken back (the person's last turn, or the start of the round that holds it).
  // The engine says which positions hold sealed moves and who moves there.
  async undoTarget() {
    const moves = this.history.moves;
    const computer = this.againstComputer();
    let personTakenBack = false;
    for (let ply = moves.length - 1; ply >= 0; ply--) {
      const before = await this.engine.request({ op: "view", game: this.game, moves: moves.slice(0, ply) });
      if (!before.ok) return null;
      personTakenBack = personTakenBack || this.personPlays(before.to_move);  // who made the ply at `ply`
      if (!before.sealed && (!computer || personTakenBack)) return ply;
    }
    return null;
  },

  async redo() {
    this.stopThinking();
    this.handover = null;
    const h = this.history;
    if (!h.redo()) return;
    await this.showQuietly();
    // the computer's moves, the rolls and the rest of a round of sealed moves come back too
    const replayed = () => this.view.to_move === CHANCE || this.view.sealed ||
      (this.players[this.view.to_move] && this.players[this.view.to_move].kind === "ai");
    while (h.undone.length && replayed() && !this.view.outcome) {
      h.redo();
      await this.showQuietly();
    }
    this.emit("record");
    this.computerTurn();
  },
};
