// Taps on small cells: a fingertip covers about 8 mm, so on a board whose cells are closer
// than that (30 CSS pixels, at the CSS reference of 96 to the inch) a tap first shows the
// cell it hit, magnified, and plays only when confirmed.  Players who want that for every
// move can ask for it (settings).
import { t } from "./i18n.js";
import { $ } from "./room.js";

const SMALL_CELL_PX = 30;
const LOUPE_PX = 132;

export function bindMagnifier(room) {
  $("loupe-play").addEventListener("click", () => confirmPending(room));
  $("loupe-canvas").addEventListener("click", () => confirmPending(room));
  // the position moved on under the tap
  room.table.addEventListener("change", () => { if (!room.table.humanToMove()) room.pending = null; });
}

// A cell tapped or clicked on the board (the board calls this).
export function tap(room, cell, event) {
  const { table, board } = room;
  const finger = event && (event.pointerType === "touch" || event.pointerType === "pen");
  const confirming = table.humanToMove() && (room.confirmAll || (finger && board.cellSpacing() < SMALL_CELL_PX));
  if (!confirming || cell === room.pending) {
    room.pending = null;
    table.click(cell);
    return;
  }
  room.pending = cell;
  room.render();
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

// The magnifier: a copy of the board around the pending cell, above it (below, near the top
// edge), inside the board's box, so nothing else on the page moves.
export function drawLoupe(room) {
  const { board } = room;
  const loupe = $("loupe");
  const centre = room.pending && board.cellCenter(room.pending);
  if (!centre || !room.table.humanToMove()) { loupe.hidden = true; return; }
  const source = $("board");
  const box = source.parentElement.getBoundingClientRect();
  const canvas = $("loupe-canvas");
  const ratio = window.devicePixelRatio || 1;
  const zoom = Math.max(2, 48 / board.cellSpacing());
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
  const width = loupe.offsetWidth;
  const height = loupe.offsetHeight;
  const x = Math.min(Math.max(centre.x - box.left - width / 2, 0), box.width - width);
  const above = centre.y - box.top - height - 0.8 * board.cellSpacing();
  const y = above >= 0 ? above : centre.y - box.top + 0.8 * board.cellSpacing();
  loupe.style.left = `${x}px`;
  loupe.style.top = `${Math.min(y, Math.max(box.height - height, 0))}px`;
}
