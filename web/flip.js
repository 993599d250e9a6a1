// Region: the board's side.  The board turns half round for a person who plays only the
// second side (against the computer, or by link), so their pieces start nearest them, unless
// its layout is upright (a board drawn on lines, seen the same way round by both players as
// Go's diagrams are); the switch under "More" turns it either way for the game on the table.
import { $ } from "./room.js";

export function bindFlip(room) {
  $("flip-board").addEventListener("change", () => {
    room.flip = { id: room.id, flipped: $("flip-board").checked };
    drawFlip(room);
  });
}

export function drawFlip(room) {
  const chosen = room.flip && room.flip.id === room.id ? room.flip.flipped : null;  // a new game: automatic again
  const upright = Boolean(room.board.original && room.board.original.upright);
  const flipped = chosen ?? (playsSecondSide(room) && !upright);
  $("flip-board").checked = flipped;
  room.board.setFlipped(flipped);
}

// Whether the one person at this device plays the second side.
function playsSecondSide(room) {
  if (room.corr) return room.corr.side === 1;
  const people = room.table.players.flatMap((player, side) => (player.kind === "human" ? [side] : []));
  return people.length === 1 && people[0] === 1;
}
