// The move list: the record's shown plies, paired as in a printed game when two players
// simply take turns, each a button that goes to its position, with the review's verdicts and
// the result at the end.
import { markVerdict } from "./reviewpanel.js";
import { $, twoPlayers } from "./room.js";
import { CHANCE } from "./seats.js";

export function drawMoves(room) {
  const { table } = room;
  const list = $("move-list");
  const moves = table.shownMoves();  // a sealed ply is not listed until it is revealed
  const items = [];
  const paired = alternating(room);
  for (const plies of moveRows(table.turns, moves.length, paired)) {
    const item = document.createElement("li");
    const mover = table.turns[plies[plies.length - 1] - 1];
    if (!paired && mover !== undefined && mover !== CHANCE) item.dataset.player = String(mover);
    for (const ply of plies) item.append(plyButton(room, ply, moves[ply - 1]));
    items.push(item, ...studyItems(room, plies));
  }
  // The result closes the list, as in a printed game, while the record is the one that ended
  // (browsing back keeps it; an undo removes it).
  if (table.history.atEnd) room.ended = { plies: moves.length, outcome: table.view.outcome || null };
  if (room.ended && room.ended.outcome && room.ended.plies === moves.length) {
    const result = document.createElement("li");
    result.className = "result";
    result.textContent = resultText(room, room.ended.outcome);
    result.title = room.texts.outcome(room.ended.outcome);
    items.push(result);
  }
  if (table.history.root.comment) items.unshift(commentItem(table.history.root.comment, 0));
  list.replaceChildren(...items);
  // Scroll the list itself, not the page: on a phone the list is below the board, and
  // scrollIntoView would pull the page away from the board after every move.
  const current = list.querySelector("[aria-current]");
  if (current) {
    const top = current.offsetTop - list.offsetTop;
    if (top < list.scrollTop || top + current.offsetHeight > list.scrollTop + list.clientHeight) {
      list.scrollTop = top - list.clientHeight / 2;
    }
  }
}

function plyButton(room, ply, move) {
  const { table } = room;
  const button = document.createElement("button");
  button.type = "button";
  button.className = "move";
  if (table.turns[ply - 1] === CHANCE) button.classList.add("roll");
  // a move the game words ("Re-roll a 3", a roll's dice) is listed in those words, with
  // its notation, the record's, in the tooltip
  const label = plyWords(room, ply, move);
  button.textContent = label;
  if (label !== move) button.title = move;
  button.dataset.ply = String(ply);
  markVerdict(room, button, ply);
  const node = table.history.main.nodes[ply - 1];  // (a verdict written as a glyph shows once)
  if (node && node.glyph && node.glyph !== button.dataset.verdict) button.append(glyphMark(node.glyph));
  if (table.history.onMain && ply === table.shownCursor()) button.setAttribute("aria-current", "step");
  button.addEventListener("click", () => table.goToPlace({ line: table.history.main, n: ply }));
  return button;
}

// -- the study: comments and variations under the moves of the main line -------------------
// Under a row of the main line: the comments of its moves, then the variations that replace
// each of them, indented, as lichess shows them.  Comments are text, never markup.
function studyItems(room, plies) {
  const main = room.table.history.main;
  const items = [];
  for (const ply of plies) {
    const node = main.nodes[ply - 1];
    if (!node) continue;
    if (node.comment) items.push(commentItem(node.comment, 0));
    for (const variation of node.variations) {
      const item = document.createElement("li");
      item.className = "variation";
      item.append(...lineWords(room, variation, 1));
      items.push(item);
    }
  }
  return items;
}

function commentItem(text, depth) {
  const item = document.createElement("li");
  item.className = "comment";
  item.dataset.depth = String(depth);
  item.textContent = text;
  return item;
}

// A variation's moves inline, numbered as in print ("3... d4 4. e5"), with its comments and,
// in brackets, the variations inside it (nested only as deep as the tree: at most 200).
export function lineWords(room, line, depth) {
  const { table } = room;
  const parts = [];
  let numbered = true;
  line.nodes.forEach((node, i) => {
    const ply = line.start + i + 1;
    const button = document.createElement("button");
    button.type = "button";
    button.className = "move";
    const number = ply % 2 ? `${(ply + 1) / 2}. ` : numbered ? `${ply / 2}... ` : "";
    button.textContent = twoPlayers(room) ? `${number}${node.move}` : node.move;
    if (node.glyph) button.append(glyphMark(node.glyph));
    const place = { line, n: i + 1 };
    if (table.history.isHere(place)) button.setAttribute("aria-current", "step");
    button.addEventListener("click", () => table.goToPlace(place));
    parts.push(button);
    numbered = false;
    if (node.comment) {
      const comment = document.createElement("span");
      comment.className = "comment";
      comment.textContent = node.comment;
      parts.push(comment);
      numbered = true;
    }
    for (const variation of node.variations) {
      const group = document.createElement("span");
      group.className = "subvariation";
      group.append("(", ...lineWords(room, variation, depth + 1), ")");
      parts.push(group);
      numbered = true;
    }
  });
  return parts;
}

function glyphMark(glyph) {
  const mark = document.createElement("span");
  mark.className = "glyph";
  mark.textContent = glyph;
  return mark;
}

// How a shown ply reads: in the game's words for it (a roll's dice), or as its button's words
// (a move without cells), or as its notation.
export function plyWords(room, ply, move) {
  const words = room.table.words[ply - 1];
  return words ? room.texts.text(words[0], words[1]) : room.texts.buttonLabel({ name: move });
}

// 1-0, 0-1 or ½-½: the first side's score, then the second's; a game that counts points
// gives them all ("60–47"), and one of more players without points names the winner.
function resultText(room, outcome) {
  if (outcome.scores && outcome.scores.length) return outcome.scores.join("–");
  if (outcome.winner === null || outcome.winner === undefined) return "½-½";
  if (!twoPlayers(room)) return room.texts.player(outcome.winner);
  return outcome.winner === 0 ? "1-0" : "0-1";
}

// Whether the two players simply take turns (no rolls, no third player): the move list then
// pairs their moves, as a printed game does.
function alternating(room) {
  return twoPlayers(room) && !room.table.turns.includes(CHANCE);
}

// The plies of each line of the move list: pairs where two players alternate (`paired`);
// otherwise a line for each turn (a player's moves in a row, each with the rolls before it).
// `turns`: who made each ply (CHANCE: a roll).
export function moveRows(turns, count, paired) {
  const rows = [];
  const plies = Array.from({ length: count }, (_, i) => i + 1);
  if (paired) {
    for (let i = 0; i < count; i += 2) rows.push(plies.slice(i, i + 2));
    return rows;
  }
  let row = [];
  let rolls = [];
  for (const ply of plies) {
    const mover = turns[ply - 1];
    if (mover === CHANCE) { rolls.push(ply); continue; }
    if (row.length && turns[row[row.length - 1] - 1] !== mover) { rows.push(row); row = []; }
    row.push(...rolls, ply);
    rolls = [];
  }
  if (row.length) rows.push(row);
  if (rolls.length) rows.push(rolls);  // dice rolled for a move still to come
  return rows;
}
