// The record of a game being played: its moves, the ply on view (the cursor) and the moves
// taken back (for redo).  Pure data: no rules, no drawing.
export class History {
  constructor(moves = [], cursor = moves.length) {
    this.moves = [...moves];
    this.cursor = Math.max(0, Math.min(cursor, this.moves.length));
    this.undone = [];
  }

  get atEnd() { return this.cursor === this.moves.length; }

  // The moves that lead to the position on view.
  line() { return this.moves.slice(0, this.cursor); }

  goTo(ply) { this.cursor = Math.max(0, Math.min(ply, this.moves.length)); }

  // Add a move at the cursor; moves after the cursor (another line) are dropped.
  push(name) {
    this.moves.length = this.cursor;
    this.moves.push(name);
    this.cursor = this.moves.length;
    this.undone = [];
  }

  // Take back the last move of the record; false when there is none.
  undo() {
    if (!this.moves.length) return false;
    this.undone.push(this.moves.pop());
    this.cursor = this.moves.length;
    return true;
  }

  redo() {
    if (!this.undone.length) return false;
    this.moves.push(this.undone.pop());
    this.cursor = this.moves.length;
    return true;
  }
}
