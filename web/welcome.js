// Region: the welcome, the room's home.  Every game of site.json as a card: a small picture of
// its board in play (boards/show-NAME.json, drawn by the board's own code), its title, author,
// one line of what it is about and how long a game takes; one tap starts it against the
// computer at a size that suits the screen.  The game in progress and the correspondence games
// whose turn it is come first.  Shown on a first visit, and from the header's Games button.
// It names no game: what it says of each comes from the game's module through site.json.
import { BoardView } from "./board.js";
import { boardKey } from "./boards.js";
import { defaultGame, gameInfo, gameWords, sideName } from "./games.js";
import { t } from "./i18n.js";
import { $ } from "./room.js";
import { openRecord, startGame } from "./session.js";
import { writeSpec } from "./spec.js";
import { currentGame, loadCorrespondence } from "./storage.js";

// A cell narrower than this on the screen needs the magnifier for every tap: the welcome
// starts the largest board whose cells stay this wide.
export const MIN_CELL_PX = 24;
// The computer's level for a newcomer: it plays sensibly without crushing a first game.
const NEWCOMER_LEVEL = 2;

const pictures = new Map();  // a game's show file, fetched once

export function bindWelcome(room) {
  $("games").addEventListener("click", () => showWelcome(room));
}

// Once greeted, a visitor finds the welcome under Games: it does not open by itself again.
const GREETED = "tavoliere.welcomed";

// A first visit: no link, no game kept in this browser, never greeted before.
export function firstVisit() {
  let greeted = false;
  try { greeted = localStorage.getItem(GREETED) === "1"; } catch { /* no storage: greet */ }
  return location.hash.length <= 1 && !currentGame() && !greeted;
}

export function showShow(room, name) {
  if (!pictures.has(name)) {
    pictures.set(name, fetch(room.site.shows[name]).then((r) => r.json()).catch((error) => {
      pictures.delete(name);
      throw error;
    }));
  }
  return pictures.get(name);
}

// `first`: a first visit, where closing the welcome without a choice still seats the newcomer
// on the side the room's first game gives newcomers (never a lost position).
export function showWelcome(room, { first = false } = {}) {
  const list = $("welcome-games");
  list.replaceChildren(...waitingGames(room), ...room.site.games.filter((g) => room.site.shows[g.name]).map((info) => gameCard(room, info)));
  const dialog = $("welcome");
  dialog.returnValue = "";
  dialog.onclose = first ? () => {
    if (dialog.returnValue !== "chosen") playNewcomer(room, gameInfo(room.site, defaultGame(room.site)));
  } : null;
  if (first) {
    try { localStorage.setItem(GREETED, "1"); } catch { /* greeted again next time */ }
  }
  if (!dialog.open) dialog.showModal();
  list.querySelector("button").focus({ focusVisible: false, preventScroll: true });  // Tab shows the ring; a tap needs none
  // at its top, the heading in view: opened early and empty (web/prestart.js), the dialog had
  // scrolled to its Close button, below the room kept for the cards
  dialog.scrollTop = 0;
}

// The cards that come first: the game on the table while it goes on, then the
// correspondence games where this browser is to move.
function waitingGames(room) {
  const cards = [];
  const { table } = room;
  if (table.view && table.history.moves.length && !table.view.outcome && !table.ending) {
    cards.push(plainCard(t("welcome.continue"), gameWords(room.site, table.game).title, () => {}));
  }
  for (const entry of loadCorrespondence().games) {
    if (entry.archived || entry.outcome || entry.toMove !== entry.side) continue;
    if (room.corr && room.corr.id === entry.id) continue;  // on the table: "continue" says it
    const rival = entry.names[1 - entry.side] || sideName(room.site, entry.game, 1 - entry.side);
    cards.push(plainCard(t("welcome.your-move"), t("welcome.against", { title: gameInfo(room.site, entry.game).title, name: rival }),
      () => openRecord(room, { game: entry.game, moves: entry.moves, ply: null, entry })));
  }
  return cards;
}

function plainCard(heading, detail, act) {
  const card = document.createElement("button");
  card.type = "button";
  card.className = "welcome-card waiting";
  const title = document.createElement("strong");
  title.textContent = heading;
  const line = document.createElement("span");
  line.textContent = detail;
  card.append(title, line);
  card.addEventListener("click", () => {
    $("welcome").close("chosen");
    act();
  });
  return card;
}

function gameCard(room, info) {
  const words = gameWords(room.site, info.name);
  const card = document.createElement("button");
  card.type = "button";
  card.className = "welcome-card";
  card.dataset.game = info.name;
  const picture = document.createElement("div");
  picture.className = "welcome-picture";
  const canvas = document.createElement("canvas");
  canvas.setAttribute("aria-hidden", "true");
  picture.append(canvas);
  const title = document.createElement("strong");
  title.className = "welcome-title";
  title.textContent = info.title;
  const author = document.createElement("span");
  author.className = "welcome-author";
  author.textContent = words.text("author", {}, info.author || "");  // a game may word it per language
  const tagline = document.createElement("span");
  tagline.className = "welcome-tagline";
  tagline.textContent = words.text("tagline", {}, "");
  const length = document.createElement("span");
  length.className = "welcome-minutes";
  length.textContent = info.minutes ? t("welcome.minutes", { minutes: info.minutes }) : "";
  card.append(picture, title, author, tagline, length);
  card.addEventListener("click", () => {
    $("welcome").close("chosen");
    playNewcomer(room, info);
  });
  drawPicture(room, info.name, canvas);
  return card;
}

// The card's picture: a game of the game's own in progress, with no names round the board.
// One picture a task, each drawn once: a phone's main thread is never held long by the cards.
let drawing = Promise.resolve();

function drawPicture(room, name, canvas) {
  const shown = showShow(room, name);
  drawing = drawing.then(async () => {
    try {
      const show = await shown;
      await new Promise((resolve) => setTimeout(resolve, 0));
      const board = new BoardView(canvas, () => {});
      board.showLabels = false;
      board.show(stillPicture(show.sample.view));  // drawn by setLayout, once
      board.setLayout(show.layouts[show.sample.spec]);
      canvas.dataset.drawn = "true";
    } catch { /* the card reads without its picture */ }
  });
}

// What the board draws of a view nobody plays on (as Table.picture, without clicks): the
// pieces, the last move, the marks (start areas, forbidden cells), a win's cells; `ring`:
// cells to stress.
export function stillPicture(view, ring = []) {
  const marks = view.marks || {};
  // where the first click may go, when the view has its moves and they are few (as the room
  // marks them: web/choosing.js, MAX_OPEN_TARGETS)
  const firsts = [...new Set((view.legal || []).map((move) => move.clicks[0]).filter(Boolean))];
  return { pieces: view.pieces, last: view.last ? view.last.cells : [], shaded: view.outcome ? [] : marks.shaded || [],
    win: view.outcome ? view.outcome.cells : marks.highlight || [], hint: ring, targets: firsts.length <= 24 ? firsts : [] };
}

// A game against the computer: the newcomer takes the seat the game gives newcomers (never a
// side that loses with best play), at a board size that suits the screen.
async function playNewcomer(room, info) {
  const seat = info.newcomer_seat || 0;
  const players = Array.from({ length: info.players }, (_, side) =>
    (side === seat ? { kind: "human" } : { kind: "ai", level: NEWCOMER_LEVEL }));
  await room.ready;  // the first record is open: this one follows it
  room.say("");
  await startGame(room, fittingSpec(room.site, info.name, screenSpan()), [], null, { players });
}

// The board's room on this screen, in CSS pixels: the width, or the height a board may take.
function screenSpan() {
  return Math.min(window.innerWidth, window.innerHeight * 0.85) - 16;
}

// The spec of the game `name` at the largest board whose cells stay MIN_CELL_PX wide in
// `span` pixels: its default size when that fits, else the smallest board.
export function fittingSpec(site, name, span) {
  const info = gameInfo(site, name);
  const size = info.options.find((o) => o.name === "size" && !o.hidden);
  if (!size) return name;
  const values = size.kind === "int" ? Array.from({ length: size.high - size.low + 1 }, (_, i) => size.low + i) : size.choices;
  const specOf = (value) => (String(value) === String(size.default) ? name : writeSpec(name, { size: value }));
  const across = (value) => (site.cells_across || {})[boardKey(site.games, specOf(value))] || Infinity;
  const fit = values.filter((value) => span / across(value) >= MIN_CELL_PX);
  if (fit.some((value) => String(value) === String(size.default))) return name;
  const widest = (a, b) => (across(b) > across(a) ? b : a);
  const chosen = fit.length ? fit.reduce(widest) : values.reduce((a, b) => (across(b) < across(a) ? b : a));
  return specOf(chosen);
}
