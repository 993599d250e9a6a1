// Diagrams for print: what a printed picture of a position shows (the pieces, the game's
// own marks, the coordinates; the screen's marks only when asked), the numbers of the stones
// placed in the last moves as Go diagrams number them, a problem's solution as a magazine
// prints it, and the SVG document (the board drawn by web/board.js onto web/svgcanvas.js's
// recorder, the captions under it).  No DOM here: Node tests it.
import { pieceChanges, readPiece } from "./pieces.js";
import { SvgContext } from "./svgcanvas.js";

// What the screen adds to a position for the player at the board: the last move's tint and
// dot, the targets, the choice in progress, the hint, the keyboard cursor, an animation.
// Everything else in a picture (the game's marks: start areas, a win's cells, a count's
// territory; an author's marks) belongs to the diagram.
export const SCREEN_MARKS = ["last", "targets", "selected", "preview", "hint", "paths", "cursor",
  "pending", "chosen", "faded", "motion", "leaving"];

// The picture to print: without the screen's marks unless `withMarks`; never a cursor, a
// hover or an animation, which belong to a moment and not to the position.
export function printPicture(picture, withMarks = false) {
  const kept = { ...picture };
  for (const key of withMarks ? ["cursor", "motion", "leaving", "paths", "chosen"] : SCREEN_MARKS) delete kept[key];
  return kept;
}

// The pieces with the number of the move that placed each, where moves place pieces: a move
// that only puts pieces on empty cells (captures aside) numbers them all with its number; a
// numbered piece that a later move takes, moves or changes loses its number.  A piece with a
// label of its own (a die's pips, a counter's count) keeps it.  `plies`: [{number, before,
// after, cells}] in order, each the pieces before and after a move and the move's cells.
export function numberedPieces(pieces, plies) {
  const numbers = new Map();
  for (const { number, before, after, cells } of plies) {
    const change = pieceChanges(before, after, cells || []);
    for (const m of change.moved) numbers.delete(m.from);
    for (const cell of [...Object.keys(change.removed), ...Object.keys(change.changed), ...change.moved.map((m) => m.to)]) numbers.delete(cell);
    if (!change.moved.length && !Object.keys(change.changed).length) for (const cell of change.placed) numbers.set(cell, number);
  }
  const numbered = { ...pieces };
  for (const [cell, number] of numbers) {
    const piece = readPiece(pieces[cell] || "");
    if (!piece || piece.label) continue;
    numbered[cell] = `${pieces[cell]}=${number}`;
  }
  return numbered;
}

// A problem's solution as the magazine prints it: the attacker's moves numbered, the key
// marked "!", each with the defence that follows: "1. c3! d4 2. e5".
export function printedSolution(line) {
  const parts = [];
  for (let i = 0; i < line.length; i += 2) {
    const attack = i === 0 ? `${line[0]}!` : line[i];
    parts.push([`${i / 2 + 1}.`, attack, ...line.slice(i + 1, i + 2)].join(" "));
  }
  return parts.join(" ");
}

// A caption cut into lines of at most `limit` characters, at spaces; a move's number stays
// with its move ("3." never ends a line).
export function wrapText(text, limit) {
  const lines = [];
  let line = "";
  for (const word of String(text).split(/\s+/).filter(Boolean)) {
    if (line && line.length + 1 + word.length > limit) {
      const number = /\s(\d+\.)$/.exec(line);  // the move's number goes down with it
      lines.push(number ? line.slice(0, number.index) : line);
      line = number ? `${number[1]} ${word}` : word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

export const SVG_UNIT = 40;        // SVG user units (CSS pixels) to a layout unit
const CAPTION_SIZE = 0.42;         // a caption's font size, in layout units
const CAPTION_LINE = 0.6;          // and its line height
const CHAR_WIDTH = 0.62;           // a bold character's width at most, in ems (no fonts to measure)
const MARGIN = 0.3;                // the captions' margin left and right

// The diagram as an SVG document: a white sheet, the board drawn by `board` (a BoardView
// with the layout to print) in `color`, and under it the `captions` (plain text: a
// stipulation, a solution), each wrapped to the board's width.
export function diagramSVG(board, picture, { color, captions = [], title = "" }) {
  const { width, height } = board.layout;
  const lines = captions.flatMap((caption, i) => wrapText(caption, Math.max(12, Math.floor((width - 2 * MARGIN) / (CAPTION_SIZE * CHAR_WIDTH))))
    .map((text) => ({ text, bold: i === 0 })));
  const total = height + (lines.length ? 0.3 + lines.length * CAPTION_LINE : 0);
  const svg = new SvgContext();
  svg.fillStyle = "#ffffff";
  svg.fillRect(0, 0, width * SVG_UNIT, total * SVG_UNIT);
  board.printOn(svg, picture, { color, scale: SVG_UNIT });
  svg.fillStyle = "#000000";
  svg.textAlign = "left";
  svg.textBaseline = "alphabetic";
  lines.forEach(({ text, bold }, i) => {
    svg.font = `${bold ? 700 : 400} ${CAPTION_SIZE}px system-ui, sans-serif`;
    svg.fillText(text, MARGIN, height + 0.3 + (i + 0.75) * CAPTION_LINE);
  });
  return svg.toSVG(width * SVG_UNIT, total * SVG_UNIT, title);
}
