// Concern: one game open in two tabs.  Each tab remembers the stored record it opened or last
// saved (its stamp, web/keeping.js); before each save, and whenever another tab writes the
// storage, it compares that with the record stored now.  A tab whose record is no longer the
// stored one never overwrites it: it says so in the page and offers to take the game over
// here (the other tab's record is then kept as a separate saved game) or to open the newer
// record; a move made there meanwhile is saved as a separate game (a correspondence game,
// which cannot be split, is not saved until the player chooses).
import { t } from "./i18n.js";
import { recordStamp, isStale } from "./keeping.js";
import { readEnding } from "./links.js";
import { validPlayer } from "./prefs.js";
import { $ } from "./room.js";
import { saveRecord, sayAfterSave, startGame } from "./session.js";
import { findCorrespondence, findGame, newGameId, saveGame } from "./storage.js";

const STORED = ["tavoliere.games", "tavoliere.correspondence", null];  // null: storage cleared
const known = new WeakMap();  // room -> {key, stamp}: the stored record this tab knows
let notice = null;            // {key, params, origin, takeOver} while the notice is shown

export function bindTabs(room) {
  // under the messages' box, not in it: that box keeps one height (its buttons never move)
  // and would hide the notice's buttons below its fold; this notice is worth the move
  $("message").closest(".messages").after(noticeBox());
  $("keep-take-over").addEventListener("click", () => takeOver(room));
  $("keep-newer").addEventListener("click", () => openNewer(room));
  window.addEventListener("storage", (event) => {
    if (STORED.includes(event.key)) checkTabs(room);
  });
  room.draws.push(drawNotice);  // the notice follows the page's language
}

// The notice, under the message line: its text, then its two buttons.
function noticeBox() {
  const element = (tag, props) => Object.assign(document.createElement(tag), props);
  const box = element("div", { id: "keep-notice", className: "keep-notice", hidden: true });
  box.setAttribute("role", "alert");
  const actions = element("div", { className: "actions" });
  actions.append(element("button", { id: "keep-take-over", type: "button" }), element("button", { id: "keep-newer", type: "button" }));
  box.append(element("p", { id: "keep-text" }), actions);
  return box;
}

// The key of the game on the table among the stored ones.
function gameKey(room) {
  return room.corr ? `corr:${room.corr.id}` : room.id;
}

function storedRecord(room) {
  return room.corr ? findCorrespondence(room.corr.id) : findGame(room.id);
}

// As a record starts to open: this tab knows the stored record it is (none, for a game not
// saved yet).  Read before the board and the engine are awaited, so that a move another tab
// stores meanwhile is seen as that tab's, and one played here meanwhile (a click made while
// the engine started) as this tab's own save.
export function rememberOpening(room) {
  known.set(room, stampOf(room, storedRecord(room)));
  showNotice(null);
}

// After a record opens: a fresh game opened instead of a refused record knows the stored
// one now (none); the tab says at once if another tab has moved its game on meanwhile.
export function rememberOpened(room) {
  const mine = known.get(room);
  if (!mine || mine.key !== gameKey(room)) known.set(room, stampOf(room, storedRecord(room)));
  checkTabs(room);
}

// What this tab knows of a record of its game: the key it is stored under and its stamp.
function stampOf(room, entry) {
  return { key: gameKey(room), stamp: recordStamp(entry) };
}

// After a save that worked: the record this tab wrote.
export function rememberSaved(room, entry) {
  known.set(room, stampOf(room, entry));
}

// The stored record when it is no longer the one this tab knows, else null.
export function staleRecord(room) {
  const mine = known.get(room);
  const stored = storedRecord(room);
  return isStale(stored, mine && mine.key === gameKey(room) ? mine.stamp : null) ? stored : null;
}

// Another tab wrote the storage: say so if it moved this tab's game on.
export function checkTabs(room) {
  const stored = staleRecord(room);
  if (stored) {
    showNotice({ key: room.corr ? "keep.corr-stale" : "keep.stale", origin: gameKey(room), takeOver: !room.corr,
      params: { theirs: stored.moves.length, ours: room.table.history.moves.length } });
  } else if (notice && notice.key.endsWith("stale")) {
    showNotice(null);  // the stored record is this tab's again
  }
}

// A save found the stored record moved on: an ordinary game goes on here under a new key,
// so that both records are kept (said, with the way back to the other tab's record).
export function keepApart(room) {
  const origin = room.id;
  room.id = newGameId();
  showNotice({ key: "keep.kept-apart", origin, takeOver: false, params: {} });
}

// A correspondence game moved on elsewhere: this tab's move is not saved over it.
export function refuseStale(room) {
  checkTabs(room);
  showNotice({ ...notice, key: "keep.corr-refused" });
}

// "Take over here": the other tab's record is kept as a separate saved game, then this tab's
// record is saved in the game's place (and the other tab is told, by the storage event).
function takeOver(room) {
  const stored = staleRecord(room);
  if (stored && !room.corr) {
    const copy = { ...stored, id: newGameId() };
    delete copy.updated;
    saveGame(copy);
    rememberSaved(room, stored);
  }
  showNotice(null);
  sayAfterSave(room, saveRecord(room), t("keep.took-over"));
}

// "Open the newer record": the record stored under the key this notice is about.
function openNewer(room) {
  const origin = notice && notice.origin;
  showNotice(null);
  room.say("");
  if (!origin) return null;
  if (origin.startsWith("corr:")) {
    const entry = findCorrespondence(origin.slice(5));
    return entry && startGame(room, entry.game, entry.moves, null, { entry });
  }
  const entry = findGame(origin);
  if (!entry) return null;
  const players = entry.players.every(validPlayer) ? entry.players : null;
  return startGame(room, entry.game, entry.moves, null, { id: entry.id, ending: readEnding(entry.ending), players, kept: true });
}

function showNotice(next) {
  notice = next;
  drawNotice();
}

function drawNotice() {
  const box = $("keep-notice");
  if (!box) return;
  box.hidden = !notice;
  if (!notice) return;
  $("keep-text").textContent = t(notice.key, notice.params);
  $("keep-take-over").hidden = !notice.takeOver;
  $("keep-take-over").textContent = t("keep.take-over");
  $("keep-newer").textContent = t("keep.open-newer");
}
