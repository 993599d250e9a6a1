// Piece tokens, as the engine writes them: `shape[.owner][=label]` (`stone.0`, `pawn.1`,
// `block`, `die.0=3`, `counter=4`).  The same tokens make an embedded board's `position`
// attribute (`stone.0:e5,d4;stone.1:h8`).  No game is named here.
import { PageError } from "./i18n.js";

const SHAPES = new Set(["stone", "pawn", "crowned", "double-crowned", "die", "counter", "marker", "block"]);
const TOKEN = /^([a-z]+(?:-[a-z]+)?)(?:\.(\d))?(?:=([0-9A-Za-z]{1,4}))?$/;
// The words of the first embeds, before pieces were data: still read.
const OLD_WORDS = { white: "stone.0", black: "stone.1", obstacle: "block" };

// {shape, owner (a number or null), label (a string or null)}, or null if not a token.
export function readPiece(token) {
  const match = TOKEN.exec(token);
  if (!match || !SHAPES.has(match[1])) return null;
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
