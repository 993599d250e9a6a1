// Region: the page kept calm on every screen.  The header's menu (language and theme) is held
// open on a wide screen, where its items stand in the header's row, and folds on a phone; the
// result closing the move list is scrolled into view; a hint's line goes with its hint.
import { t } from "./i18n.js";
import { $ } from "./room.js";

const wide = window.matchMedia("(min-width: 601px)");

export function bindCalm(room) {
  const menu = $("view-menu");
  const fold = () => { menu.open = wide.matches; };
  fold();
  wide.addEventListener("change", fold);
  // on a phone a choice made, or a tap elsewhere, folds the menu again
  const done = () => { if (!wide.matches) menu.open = false; };
  $("theme").addEventListener("change", done);
  $("language").addEventListener("click", done);
  document.addEventListener("pointerdown", (event) => { if (!menu.contains(event.target)) done(); }, true);
  room.table.addEventListener("message", ({ detail }) => {
    room.hintSaid = detail.key === "hint-is" ? t(detail.key, detail.params) : "";
    room.hintAt = room.hintSaid ? position(room.table) : null;
  });
}

// The position a hint was given for: the moves to it and how the game was ended, if it was.
function position(table) {
  return `${table.history.line().join(",")}|${table.ending || ""}`;
}

export function drawCalm(room) {
  const { table } = room;
  // a hint said stays only while its position is on view (a move, a resignation or another
  // position clears it; a hint without cells, a bid, is said and not drawn)
  if (room.hintSaid && position(table) !== room.hintAt) {
    if ($("message").textContent === room.hintSaid) room.say("", "info");
    room.hintSaid = "";
  }
  // the result line, last in the list, in view at the record's end
  const list = $("move-list");
  if (table.history.atEnd && list.lastElementChild && list.lastElementChild.classList.contains("result")) {
    list.scrollTop = list.scrollHeight;
  }
}
