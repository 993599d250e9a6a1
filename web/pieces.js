// Piece tokens, as the engine writes them: `shape[.owner][=label]` (`stone.0`, `pawn.1`,
// `block`, `die.0=3`, `counter=4`).  The same tokens make an embedded board's `position`
// attribute (`stone.0:e5,d4;stone.1:h8`).  No game is named here.
import { PageError } from "./errors.js";
import { vocabulary } from "./vocabulary.js";

// The words of the first embeds, before pieces were data: still read.
const OLD_WORDS = { white: "stone.0", black: "stone.1", obstacle: "block" };

// {shape, owner (a number or null), label (a string or null)}, or null if not a token.
export function readPiece(token) {
  const { token: pattern, shapes } = vocabulary();
  const match = pattern.exec(token);
  if (!match || !shapes.has(match[1])) return null;
  return { shape: match[1], owner: match[2] === undefined ? null : Number(match[2]), label: match[3] ?? null };
}

// `token:cell,cell;token:cell` -> {cell: token}; an Error names the first part it cannot read.
export function readPosition(text) {
  const pieces = {};
  for (const part of (text || "").split(";").map((p) => p.trim()).filter(Boolean)) {
    const [word, cells] = part.split(":");
    const token = OLD_WORDS[word] || word;
    if (!readPiece(token) || cells === undefined) throw new PageError("embed.position", { part: part.slice(0, 30) });
    for (const cell of cells.split(",").map((c) => c.trim()).filter(Boolean)) pieces[cell] = token;
  }
  return pieces;
}

// What a move changed, from the pieces before and after it and the cells it touched (in the
// order the engine lists them: a moving piece's path, for instance), without knowing any
// rule:  `moved` [{from, to, token, path}] (a piece that left a cell it emptied, or one of
// the move's cells, for an empty one: the same token, or a piece of the same owner leaving
// the move's first cell, promoted on the way),
// `placed` [cell] (a piece where there was none), `removed` {cell: token} (a piece gone, none
// in its place) and `changed` {cell: old token} (another piece in its place).  A moved
// piece's path follows the move's cells from its start to its end when they list both in
// that order, else it is the straight line.
export function pieceChanges(before, after, cells = []) {
  const all = new Set([...Object.keys(before), ...Object.keys(after)]);
  const differ = [...all].filter((cell) => (before[cell] ?? null) !== (after[cell] ?? null));
  const order = (cell) => { const i = cells.indexOf(cell); return i < 0 ? Infinity : i; };
  // a piece leaves a cell it empties, or one of the move's cells (where it may leave another)
  const sources = differ.filter((cell) => before[cell] && (!after[cell] || cells.includes(cell)))
    .sort((a, b) => order(a) - order(b));
  const arrivals = differ.filter((cell) => after[cell] && !before[cell]).sort((a, b) => order(b) - order(a));
  const moved = [];
  const taken = new Set();
  const owner = (token) => { const p = readPiece(token); return p ? p.owner : null; };
  for (const to of arrivals) {
    let from = sources.find((cell) => !taken.has(cell) && before[cell] === after[to]);
    if (!from && cells.length && cells.includes(to)) {
      const first = cells[0];
      if (!taken.has(first) && before[first] && !after[first] && owner(before[first]) !== null &&
          owner(before[first]) === owner(after[to])) from = first;
    }
    if (!from) continue;
    taken.add(from);
    const [i, j] = [cells.indexOf(from), cells.indexOf(to)];
    const path = i >= 0 && j > i ? cells.slice(i, j + 1) : [from, to];
    moved.push({ from, to, token: before[from], path });
  }
  const arrived = new Set(moved.map((m) => m.to));
  const placed = differ.filter((cell) => after[cell] && !before[cell] && !arrived.has(cell));
  const removed = {};
  const changed = {};
  for (const cell of differ) {
    if (!before[cell] || taken.has(cell)) continue;
    if (after[cell]) changed[cell] = before[cell];
    else removed[cell] = before[cell];
  }
  return { moved, placed, removed, changed };
}
