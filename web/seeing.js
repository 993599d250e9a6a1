// Who sees the table: the seat whose view the engine shows in a game that hides
// information, the plies it shows that seat as "?", and the change of hands between two
// people at one device after a sealed move (or any move of such a game).  Methods of Table
// (web/table.js mixes them in), written apart; `this` is the table.
export const seeing = {
  // What a view of the record's end tells about the whole record: the plies it names "?"
  // (hidden from the seat it was asked for), and whose turn it is there.
  keepMasked(view) {
    this.masked = new Set((view.moves || []).flatMap((move, i) => (move === "?" ? [i] : [])));
    this.endTurn = view.to_move;
  },

  // Whose view the engine shows in a game that hides information from some seats: the one
  // person at the table; between two people, the one to move, but nobody's while the device
  // changes hands; nobody's at a table of computers.  (Other games show every seat alike.)
  seat() {
    const people = this.players.flatMap((p, side) => (p.kind === "human" ? [side] : []));
    if (people.length === 1) return people[0];
    if (!people.length || this.handover !== null) return "none";
    // two people: the one whose turn it is at the record's end, whatever ply is on view
    return Number.isInteger(this.endTurn) && this.endTurn >= 0 ? this.endTurn : undefined;
  },

  // The next person at this device has taken it: their turn may be shown (in a game that
  // hides information, the position as that person may see it).
  takeOver() {
    if (this.handover === null) return;
    this.handover = null;
    if (this.view && this.view.hidden_information) this.showQuietly();
    else this.emit("change");
  },

  // After a sealed move between two people at this device, the next one must not see the
  // screen the mover left: the device changes hands before that turn is shown.
  // (mover null: the sealed ply's maker is not known here, a record just opened: then any
  // other person at the table may have made it.)
  // In a game that hides information the device changes hands after every move (a record
  // just opened: once a move has been made).
  handoverAfter(mover, view) {
    const moved = mover !== null || (view.moves || []).length > 0;
    if (!(view.sealed || (view.hidden_information && moved)) || view.outcome || view.to_move === mover) return null;
    const maker = mover !== null ? this.personPlays(mover) : this.players.some((p, side) => side !== view.to_move && this.personPlays(side));
    return maker && this.personPlays(view.to_move) ? view.to_move : null;
  },
};
