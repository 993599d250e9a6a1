// Taps on small cells: a fingertip covers about 8 mm, so on a board whose cells are closer
// than that (30 CSS pixels, at the CSS reference of 96 to the inch) a tap first shows the
// cell it hit, magnified with the cells around it, and plays only when confirmed.  Players
// who want that for every move can ask for it (settings).  The magnifier only confirms: its
// picture plays nothing, a tap outside it or its × closes it, and a cell where nothing can be
// played never opens it (the table says why at once).
import { t } from "./i18n.js";
import { matching, nextClicks } from "./moves.js";
import { $ } from "./room.js";

const SMALL_CELL_PX = 30;
const LOUPE_PX = 200;
const CONTEXT_CELLS = 5;    // the magnifier shows 5x5 cells round the tapped one...
const MAGNIFIED_CELL_PX = 40;
const KEEP_CLEAR = 2.6;     // ...and stands clear of them on the board, in cell spacings

export function bindMagnifier(room) {
  $("loupe-play").addEventListener("click", () => confirmPending(room));
  $("loupe-close").addEventListener("click", () => dropPending(room));
  // a tap anywhere but the magnifier and the board (whose taps choose another cell) closes it
  document.addEventListener("pointerdown", (event) => {
    if (room.pending && !$("loupe").contains(event.target) && event.target !== $("board")) dropPending(room);
  }, true);
  // the position moved on under the tap
  room.table.addEventListener("change", () => { if (!room.table.humanToMove()) room.pending = null; });
}

// A cell tapped or clicked on the board (the board calls this).
export function tap(room, cell, event) {
  const { table, board } = room;
  const finger = event && (event.pointerType === "touch" || event.pointerType === "pen");
  const confirming = table.humanToMove() && (room.confirmAll || (finger && board.cellSpacing() < SMALL_CELL_PX));
  if (!confirming || cell === room.pending || !playable(table, cell)) {
    room.pending = null;
    table.click(cell);  // (a cell where nothing can be played: the table says so)
    return;
  }
  room.pending = cell;
  room.render();
}

// Whether a click on `cell` can go on with the move half made, start a move, or put back the
// piece picked up: the same test the table makes, on what it already knows.
function playable(table, cell) {
  if (!table.view || !table.ready || table.opening) return true;  // the table keeps it for later
  const same = table.sameAs(cell);
  if (table.clicks.includes(same)) return true;
  if (table.clicks.length && nextClicks(table.fits || [], table.clicks, table.freeAfter).includes(same)) return true;
  if (table.view.more) return table.view.more.starts.includes(same);
  return matching(table.view.legal, [same], table.freeAfter).length > 0;
}

function confirmPending(room) {
  const cell = room.pending;
  room.pending = null;
  if (cell) room.table.click(cell);
  else room.render();
}

export function dropPending(room) {
  if (!room.pending) return;
  room.pending = null;
  room.render();
}

// The magnifier: a copy of the board round the pending cell, placed inside the board's box
// where it hides none of the cells shown in it (above, below, then beside), so nothing else on
// the page moves.
export function drawLoupe(room) {
  const { board } = room;
  const loupe = $("loupe");
  const centre = room.pending && board.cellCenter(room.pending);
  if (!centre || !room.table.humanToMove()) { loupe.hidden = true; return; }
  const source = $("board");
  const box = source.parentElement.getBoundingClientRect();
  const canvas = $("loupe-canvas");
  const ratio = window.devicePixelRatio || 1;
  const spacing = board.cellSpacing();
  const zoom = Math.max(LOUPE_PX / (CONTEXT_CELLS * spacing), MAGNIFIED_CELL_PX / spacing);
  canvas.style.width = canvas.style.height = `${LOUPE_PX}px`;
  canvas.width = canvas.height = Math.round(LOUPE_PX * ratio);
  const rect = source.getBoundingClientRect();
  const span = LOUPE_PX / zoom;  // CSS pixels of the board shown
  const sx = (centre.x - rect.left - span / 2) * ratio;
  const sy = (centre.y - rect.top - span / 2) * ratio;
  const ctx = canvas.getContext("2d");
  ctx.fillStyle = getComputedStyle(document.documentElement).getPropertyValue("--bg");
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.drawImage(source, sx, sy, span * ratio, span * ratio, 0, 0, canvas.width, canvas.height);
  $("loupe-play").textContent = t("confirm-cell", { cell: room.pending });
  loupe.hidden = false;
  const { x, y } = placeLoupe(loupe.offsetWidth, loupe.offsetHeight, centre.x - box.left, centre.y - box.top, box, KEEP_CLEAR * spacing);
  loupe.style.left = `${x}px`;
  loupe.style.top = `${y}px`;
}

// Where a magnifier of width w and height h stands clear of the square of half-side `clear`
// round (cx, cy), inside the box: the first place that fits, else the one least outside.
function placeLoupe(w, h, cx, cy, box, clear) {
  const within = (v, size, room) => Math.min(Math.max(v, 0), Math.max(room - size, 0));
  const places = [
    { x: within(cx - w / 2, w, box.width), y: cy - clear - h },
    { x: within(cx - w / 2, w, box.width), y: cy + clear },
    { x: cx - clear - w, y: within(cy - h / 2, h, box.height) },
    { x: cx + clear, y: within(cy - h / 2, h, box.height) },
  ];
  const outside = ({ x, y }) => Math.max(0, -x) + Math.max(0, x + w - box.width) + Math.max(0, -y) + Math.max(0, y + h - box.height);
  return places.reduce((best, place) => (outside(place) < outside(best) ? place : best));
}
