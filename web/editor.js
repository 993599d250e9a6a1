// A position set up by hand, for composing a problem (the Problems dialog, web/problems.js).
// Headless: it knows pieces as tokens on cells ("pawn.0" on "c3") and writes the position text
// the engine reads (py/tavoliere/core.py, Game.read_position: PIECES SIDE [COUNTERS]); the
// engine alone says whether the rules can reach it.  No game is named here: the tokens come
// from the engine's palette of the game.
//
// A tap on a cell cycles it through the palette, starting from the chosen token (the brush):
// empty -> brush -> the tokens after it in the palette, round -> empty again.  With the
// eraser chosen, a tap empties the cell.

export const EMPTY = "";   // the palette's eraser: a cell left empty

export class PositionEditor {
  constructor() {
    this.spec = null;
    this.pieces = {};      // {cell: token}
    this.mover = 0;        // the side to move: 0 (w) or 1 (b)
    this.counters = [];    // the counters of a position read whole ("ply=12"), until an edit
    this.palette = [];     // the tokens this game's pieces take
    this.brush = EMPTY;    // the token a tap on an empty cell places first
  }

  // A position as the engine answered it (step "edit"): its text, pieces and palette.
  load({ spec, position, pieces, to_move: toMove, palette }) {
    this.spec = spec;
    this.pieces = { ...pieces };
    this.mover = toMove === 1 ? 1 : 0;
    this.counters = position.split(" ").slice(2);
    this.palette = [...palette];
    if (!this.palette.includes(this.brush)) this.brush = this.palette[0] || EMPTY;
  }

  // The order a tap goes through: the brush first, then the rest of the palette, then empty.
  cycle() {
    const at = Math.max(0, this.palette.indexOf(this.brush));
    return [...this.palette.slice(at), ...this.palette.slice(0, at), EMPTY];
  }

  // A tap on ``cell``: the next token of the cycle (the brush on an empty cell); with the
  // eraser chosen, an empty cell.
  tap(cell) {
    const order = this.cycle();
    const now = this.pieces[cell] || EMPTY;
    const next = this.brush === EMPTY ? EMPTY
      : now === EMPTY ? order[0] : order[(order.indexOf(now) + 1) % order.length];
    if (next === EMPTY) delete this.pieces[cell];
    else this.pieces[cell] = next;
    this.edited();
    return next;
  }

  choose(token) {
    this.brush = this.palette.includes(token) ? token : EMPTY;
  }

  setMover(side) {
    this.mover = side === 1 ? 1 : 0;
    this.edited();
  }

  clear() {
    this.pieces = {};
    this.edited();
  }

  // An edit drops the counters read with the position: the engine fills in those that fit
  // the new pieces (the earliest values, docs/problems.md section 1).
  edited() {
    this.counters = [];
  }

  // The position text: groups token:cells, the side to move, the counters still kept.
  text() {
    const groups = new Map();
    for (const [cell, token] of Object.entries(this.pieces)) {
      if (!groups.has(token)) groups.set(token, []);
      groups.get(token).push(cell);
    }
    const board = [...groups].map(([token, cells]) => `${token}:${cells.join(",")}`).join(";") || "-";
    return [board, "wb"[this.mover], ...this.counters].join(" ");
  }
}

// The palette as a small board of its own: the eraser then one cell a token, in rows, so the
// board's canvas draws each piece as the game's board does.
export function paletteLayout(palette, columns = 8) {
  const tokens = [EMPTY, ...palette];
  const across = Math.min(columns, tokens.length);
  const rows = Math.ceil(tokens.length / across);
  const cells = tokens.map((token, i) => {
    const x = 0.6 + (i % across) * 1.1, y = 0.6 + Math.floor(i / across) * 1.1;
    const points = [[x - 0.5, y - 0.5], [x + 0.5, y - 0.5], [x + 0.5, y + 0.5], [x - 0.5, y + 0.5]];
    return { name: token || "-", x, y, tone: 0, points };
  });
  return { kind: "square", width: across * 1.1 + 0.1, height: rows * 1.1 + 0.1, cells, labels: [] };
}

// The palette's picture: each token on its cell, the brush ringed.
export function palettePicture(editor) {
  const pieces = Object.fromEntries(editor.palette.map((token) => [token, token]));
  return { pieces, selected: [editor.brush || "-"] };
}
