// A move built by toggling sets of cells, with a live count (Go's dead stones at the end):
// the view's `toggle` (Game.toggle in the engine) names the units a tap toggles, the cells
// marked so far, the move those marks make and the listed moves it stands for; the view's
// marks are those under the current marks (the count, the cells each player would own).
// A tap toggles the unit of the cell tapped and asks the engine for the view under the new
// marks; the move is played by its one button, beside the position's other buttons.  The
// page knows no game: the engine names the units, the move and the count.

// The buttons of a position with such a move: its own, in place of the listed moves it
// covers (each proposal the engine would list), then the others (accept, resume).
export function withToggle(view, buttons) {
  const toggle = view.toggle;
  if (!toggle) return buttons;
  const covered = new Set(toggle.covers || []);
  return [toggle.move, ...buttons.filter((move) => !covered.has(move.name))];
}

// The marks after a tap on `cell`: its unit marked if it was not wholly marked, else
// unmarked; null when the cell belongs to no unit.
export function toggled(toggle, cell) {
  const unit = toggle.units.find((cells) => cells.includes(cell));
  if (!unit) return null;
  const marked = new Set(toggle.marked);
  const on = !unit.every((name) => marked.has(name));
  for (const name of unit) {
    if (on) marked.add(name);
    else marked.delete(name);
  }
  return [...marked];
}

// Methods of the table (web/table.js).
export const toggling = {
  // A tap in the toggling phase: the unit changes, and the engine gives the view (marks,
  // count, the move) under the new marks.  A tap on a cell of no unit says so.
  async toggleAt(cell) {
    const marked = toggled(this.view.toggle, cell);
    if (marked === null) {
      this.say("toggle-nothing", { cell });
      return;
    }
    const answer = await this.engine.request({ op: "view", game: this.game, moves: this.history.line(), seat: this.seat(), marked });
    if (!answer.ok) { this.emit("message", { answer }); return; }
    this.showView(answer);
  },
};
