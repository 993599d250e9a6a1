// The study's region: the notes on the position on view (a comment, a move mark, board marks)
// and the edits of the tree of variations (promote, delete).  The tree is web/tree.js, under
// the table's history; the move list (web/movelist.js) shows it.  A comment is only ever
// written as text (a textarea's value, an element's textContent), never as markup.
import { t } from "./i18n.js";
import { currentReview, verdictText } from "./reviewpanel.js";
import { $ } from "./room.js";

const LABELS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";

export function bindStudy(room) {
  const { table } = room;
  room.marking = null;  // the board mark a tap puts: {kind, from (an arrow's first cell)}
  const glyphs = $("study-glyphs");
  // the six buttons are in the page from the start (the panel keeps its height while loading)
  for (const button of glyphs.children) {
    const glyph = button.dataset.glyph;
    button.title = t(`study.glyph.${glyph}`);
    button.setAttribute("aria-label", t(`study.glyph.${glyph}`));
    button.addEventListener("click", () => table.annotate((tree) => tree.setGlyph(glyph)));
  }
  $("study-comment").addEventListener("input", () => {
    const text = $("study-comment").value;
    table.annotate((tree) => tree.setComment(text));
  });
  $("study-promote").addEventListener("click", () => promote(room));
  $("study-delete").addEventListener("click", () => table.editTree("remove"));
  // a move in a variation is heard as a move of the game is (web/talk.js), and named as such
  table.addEventListener("explored", ({ detail }) => {
    room.announce(t("study.explored", { move: detail.move, ply: detail.ply }));
    room.sounds.play("move");
  });
  $("study-mark").addEventListener("change", () => {
    const kind = $("study-mark").value;
    room.marking = kind ? { kind, from: null } : null;
    room.render();
  });
}

// Promoting a variation into the main line changes the game: never in a correspondence game
// (its record stays as sent).
function promote(room) {
  const { table } = room;
  if (room.corr && table.history.promotesToMain) { room.say(t("study.sent")); return; }
  table.editTree("promote");
}

// A tap on the board while a mark is chosen: the mark is put on (or taken off) the cell; an
// arrow takes two taps.  Answers whether the tap was the mark's.
export function markTap(room, cell) {
  const marking = room.marking;
  if (!marking) return false;
  const { table } = room;
  if (marking.kind === "arrow" && !marking.from) {
    marking.from = cell;
    room.say(t("study.arrow-to", { cell }), "info");
    return true;
  }
  let mark = { kind: marking.kind, cell };
  if (marking.kind === "arrow") mark = { kind: "arrow", cell: marking.from, to: cell };
  if (marking.kind === "label") {
    const marks = table.history.notes().marks;
    const old = marks.find((m) => m.kind === "label" && m.cell === cell);
    const used = new Set(marks.filter((m) => m.kind === "label").map((m) => m.text));
    mark.text = old ? old.text : [...LABELS].find((letter) => !used.has(letter)) || "Z";
  }
  marking.from = null;
  room.say("");
  table.annotate((tree) => tree.toggleMark(mark));
  return true;
}

export function drawStudy(room) {
  const { table } = room;
  const tree = table.history;
  const node = tree.node();
  const ready = room.stage === "ready" && table.ready;
  for (const button of $("study-glyphs").children) {
    button.disabled = !ready || !node;
    button.setAttribute("aria-pressed", String(Boolean(node && node.glyph === button.dataset.glyph)));
  }
  const comment = $("study-comment");
  const text = tree.notes().comment;
  if (document.activeElement !== comment && comment.value !== text) comment.value = text;
  comment.disabled = !ready;
  $("study-promote").disabled = !ready || tree.onMain || Boolean(room.corr && tree.promotesToMain);
  $("study-delete").disabled = !ready || tree.onMain;
  $("study-where").textContent = tree.onMain ? "" : t("study.in-variation", { depth: tree.depth });
  drawGraph(room);
}

// The review's verdicts become the moves' glyphs and comments, where the reader has written
// none: notes like any other, which the reader may change.  Once per review.
export function noteVerdicts(room, review) {
  review.noted = true;
  room.table.annotate((tree) => {
    review.verdicts().forEach((verdict, i) => {
      const node = tree.main.nodes[i];
      if (!verdict || !verdict.mark || !node || node.move !== review.moves[i]) return;
      if (!node.glyph) node.glyph = verdict.mark;
      if (!node.comment) node.comment = verdictText(room, review, i + 1);
    });
  });
}

// -- the win-chance graph of a reviewed game ---------------------------------------------------
const SVG = "http://www.w3.org/2000/svg";
const GRAPH_HEIGHT = 40;

function svg(name, attributes) {
  const element = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) element.setAttribute(key, String(value));
  return element;
}

// The first player's chance after each ply of the game (the review's estimates), a line over
// the plies; a tap on a ply's column goes to that position.
function drawGraph(room) {
  const box = $("study-graph");
  const review = currentReview(room);
  const chances = review && review.done ? review.white : null;
  box.hidden = !chances || chances.length < 2;
  if (box.hidden) { box.replaceChildren(); return; }
  const graph = svg("svg", {});
  const { table } = room;
  const last = chances.length - 1;
  graph.setAttribute("viewBox", `-0.5 0 ${last + 1} ${GRAPH_HEIGHT}`);
  graph.setAttribute("preserveAspectRatio", "none");
  const y = (chance) => GRAPH_HEIGHT * (1 - chance);
  const parts = [svg("line", { x1: -0.5, x2: last + 0.5, y1: y(0.5), y2: y(0.5), class: "even" })];
  let path = "";
  chances.forEach((chance, ply) => {
    if (chance === null) return;
    path += `${path && chances[ply - 1] !== null ? "L" : "M"}${ply} ${y(chance).toFixed(2)} `;
  });
  parts.push(svg("path", { d: path, class: "chance" }));
  if (table.history.onMain) {
    const ply = table.history.cursor;
    parts.push(svg("line", { x1: ply, x2: ply, y1: 0, y2: GRAPH_HEIGHT, class: "here" }));
  }
  chances.forEach((chance, ply) => {
    const column = svg("rect", { x: ply - 0.5, y: 0, width: 1, height: GRAPH_HEIGHT, class: "ply", "data-ply": ply });
    const title = svg("title", {});
    title.textContent = chance === null ? String(ply) : `${ply}: ${Math.round(100 * chance)}%`;
    column.append(title);
    column.addEventListener("click", () => table.goToPlace({ line: table.history.main, n: ply }));
    parts.push(column);
  });
  graph.append(...parts);
  box.replaceChildren(graph);
}
