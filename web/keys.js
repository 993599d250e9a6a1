// The keyboard: the page's keys (through the record, Enter, Escape, ? for the list of keys),
// the board's cursor (arrows and Enter on the focused board) and the position in words, for
// people who cannot see the board.
import { t } from "./i18n.js";
import { dropPending } from "./magnifier.js";
import { $ } from "./room.js";

export function bindKeys(room) {
  const { table } = room;
  $("keys").addEventListener("click", () => $("keys-dialog").showModal());
  $("describe").addEventListener("click", () => describePosition(room));
  $("board").addEventListener("keydown", (event) => boardKeys(room, event));
  $("board").addEventListener("focus", () => { if (!room.cursor) moveCursor(room, "ArrowRight"); });
  document.addEventListener("keydown", (event) => {
    if (event.target.closest("input, select, textarea, dialog, button:not(:disabled)")) return;  // a button just disabled may still hold the focus
    if (event.key === "?") { event.preventDefault(); $("keys-dialog").showModal(); return; }
    if (event.key === "Enter" && table.complete()) { event.preventDefault(); table.confirm(); return; }
    const h = table.history;
    // left and right along the line on view (a variation's, or the game's), up and down
    // between the moves played at this ply (the game's, then its variations')
    const keys = { ArrowLeft: table.shownCursor() - 1, ArrowRight: table.shownCursor() + 1, Home: 0, End: h.end };
    if (event.key in keys) { event.preventDefault(); table.goTo(keys[event.key]); }
    if (event.key === "ArrowUp" || event.key === "ArrowDown") {
      event.preventDefault();
      table.switchVariation(event.key === "ArrowUp" ? -1 : 1);
    }
    if (event.key === "Escape") { dropPending(room); table.cancel(); room.say(""); }
  });
}

// The position in words, for people who cannot see the board.
function describePosition(room) {
  const v = room.table.view;
  const words = room.texts;
  const state = v.outcome ? words.outcome(v.outcome) : `${words.toMove(v.to_move)}. ${t("desc.legal", { count: v.legal.length })}`;
  const text = `${words.describe(v.pieces)} ${state}`;
  $("description").textContent = text;
  $("description").hidden = false;
  room.announce(text);
}

// The keyboard cursor walks to the nearest cell in the arrow's direction.
function moveCursor(room, key) {
  const { board } = room;
  const layout = board.layout;
  const here = board.cells.get(room.cursor) || layout.cells[Math.floor(layout.cells.length / 2)];
  const [dx, dy] = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] }[key];
  let best = here;
  let bestScore = Infinity;
  for (const cell of layout.cells) {
    const x = cell.x - here.x;
    const y = cell.y - here.y;
    const along = x * dx + y * dy;
    if (along < 0.3) continue;
    const side = x * dy - y * dx;
    // Prefer straight ahead; between two equal cells (hexagons half a row apart) turn the
    // same way for every arrow, so Left then Right comes back to where it started.
    const score = along + Math.abs(side) + 0.01 * side;
    if (score < bestScore) { best = cell; bestScore = score; }
  }
  room.cursor = best.name;
  const token = room.table.view.pieces[best.name];
  room.announce(token ? t("cursor-piece", { cell: best.name, piece: room.texts.piece(token) }) : t("cursor-empty", { cell: best.name }));
  room.render();
}

function boardKeys(room, event) {
  const { table } = room;
  if (event.key.startsWith("Arrow")) {
    event.preventDefault();
    event.stopPropagation();
    moveCursor(room, event.key);
  } else if (event.key === "Enter" || event.key === " ") {
    // A complete move that longer ones begin with: Enter plays it, unless the cursor is on
    // one of the cells that go on (the same cell again plays it too).
    event.preventDefault();
    event.stopPropagation();
    if (table.complete() && !table.targets().includes(room.cursor)) table.confirm();
    else if (room.cursor) table.click(room.cursor);
  }
}
