// The game room: the table (web/table.js) in a page with a header, a panel, dialogs, the link
// in the address bar, saved games and correspondence games.  It keeps no rules and names no
// game: everything about a game comes from the engine's views and from the game's texts in
// site.json.
import { BoardView } from "./board.js";
import { boardKey as sharedBoardKey } from "./boards.js";
import { compareRecords, opponentOf, renderPanel, showSend, wireCorrespondence } from "./correspondence.js";
import { tableControls } from "./controls.js";
import { Engine } from "./engine.js";
import { setSnapshots, snapshotSetting } from "./snapshot.js";
import { PageError, errorText, getLanguage, setLanguage, t, translatePage } from "./i18n.js";
import { ENDINGS, excerpt, newCorrespondenceId, readEnding, readLink, readName, writeLink } from "./links.js";
import { wireRecords } from "./records.js";
import { Review } from "./review.js";
import { currentGame, findCorrespondence, loadCorrespondence, loadGames, newGameId, saveCorrespondence, saveGame } from "./storage.js";
import { CHANCE, Table, endingOutcome, fitSeats, playerText as writePlayer, readPlayer } from "./table.js";
import { GameTexts } from "./texts.js";
import { pieceChanges } from "./pieces.js";
import { Sounds } from "./sound.js";

const DEFAULT_PLAYERS = [{ kind: "human" }, { kind: "ai", level: 2 }];
const MAX_SEATS = 4;  // the most players a game seats (index.html has a choice for each)
const HINT_LEVEL = 3;
const DRAW_HOPE = 0.4;  // the computer accepts a draw when its winning chance is under this

const $ = (id) => document.getElementById(id);
// The first game of the menu opens when nothing else is asked for.
const defaultGame = () => room.site.games[0].name;
const room = {
  site: null,                 // site.json: version, wheel, games (with their texts), boards, messages
  stage: "downloading",
  boardKey: null,
  id: newGameId(),            // this game's key among the saved games
  cursor: null,               // the keyboard cursor's cell
  texts: null,                // the current game's words in the page's language
  opening: null,              // the record being opened, until the engine has read it
  pending: null,              // a tapped cell waiting for its confirmation (small cells, or always)
  confirmAll: loadFlag("tavoliere.confirm", false),
  winBar: loadFlag("tavoliere.winbar", true),
  chance: null,               // the first player's winning chance in the computer's last search
  corr: null,                 // the correspondence game on screen (its stored entry), or null
  opened: 0,                  // records opened so far (links, reloads, lists): for tests
  ended: null,                // {plies, outcome} of the record's end, once seen
  prompt: "",                 // the next step of a move half made, for the strip above the board
  review: null,               // the computer's second look at a finished game (web/review.js)
  seated: false,              // the players came from the link and no saved game keeps them yet
};

const board = new BoardView($("board"), (cell, event) => tap(cell, event), (cell) => table.hover(cell));
const engine = new Engine(onStage);
const sounds = new Sounds(loadFlag("tavoliere.sound", false));
const table = new Table(engine, {
  players: loadPlayers(),
  confirmBranch: () => {
    if (!room.corr) return window.confirm(t("new-line"));
    say(t("corr.at-end"));  // a correspondence game never rewrites its moves
    return false;
  },
});
let markReady;
const ready = new Promise((resolve) => { markReady = resolve; });

// -- saved settings ---------------------------------------------------------------------------
function loadPlayers() {
  try {
    const saved = JSON.parse(localStorage.getItem("tavoliere.players"));
    if (Array.isArray(saved) && saved.length >= 2 && saved.length <= MAX_SEATS) return saved.map((p) => readPlayer(writePlayer(p)));
  } catch { /* unreadable settings: use the defaults */ }
  return DEFAULT_PLAYERS.map((p) => ({ ...p }));
}

function loadFlag(key, fallback) {
  try {
    const saved = localStorage.getItem(key);
    return saved === null ? fallback : saved === "true";
  } catch { return fallback; }
}

function saveFlag(key, value) {
  try { localStorage.setItem(key, String(value)); } catch { /* kept for this visit */ }
}

function validPlayer(p) {
  return p && (p.kind === "human" || (p.kind === "ai" && Number.isInteger(p.level) && p.level >= 1 && p.level <= 5));
}

function savePlayers() {
  try { localStorage.setItem("tavoliere.players", JSON.stringify(table.players)); } catch { /* full: kept for this visit */ }
}

// -- the record in the URL fragment (web/links.js reads and writes it) -------------------------
// {game, moves, ply, corr, ending, seated}: corr is the correspondence part of the link ({id,
// names, by}) or null; white= and black= choose the players of an ordinary link (seated).
function readFragment() {
  const text = location.hash.replace(/^#/, "");
  if (!text) return { game: defaultGame(), moves: [], ply: null, corr: null };
  const link = readLink(text);
  const seated = !link.corr && link.players.some((p) => p !== null);
  if (seated) {
    const seats = link.players.map((text, i) => (text === null ? table.players[i] : readPlayer(text)));
    while (seats.length && seats[seats.length - 1] === undefined) seats.pop();  // seats the link leaves open
    table.players = fitSeats(table.players, seats.length).map((p, i) => seats[i] || p);
  }
  return { game: link.game || defaultGame(), moves: link.moves, ply: link.ply, corr: link.corr, ending: link.end, seated };
}

// The correspondence part of this browser's links: the game's identifier, the names, and the
// side that sends them (this browser's).
function corrFields(entry) {
  return { id: entry.id, names: entry.names, by: entry.side };
}

// The page's own link names no players, except those of the link it was opened from until a
// saved game keeps them: a reload before the first move keeps them too.
function writeFragment() {
  if (!table.game || table.opening) return;
  // the link leaves the device: it carries the revealed moves only, never a sealed one
  const h = table.history;
  const players = room.seated ? table.players.map(writePlayer) : null;
  const link = writeLink({ game: table.game, moves: table.shownMoves(), ply: h.atEnd ? null : table.shownCursor(), corr: room.corr && corrFields(room.corr), end: table.ending, players });
  history.replaceState(null, "", `#${link}`);
}

// The whole link of a correspondence game, at its last move: what the other player opens.
function corrLink(entry) {
  const base = location.href.split("#")[0];
  return `${base}#${writeLink({ game: entry.game, moves: entry.moves, corr: corrFields(entry), end: entry.ending || null })}`;
}

// -- boards prebuilt by build.py (drawn before Python is ready) ------------------------------
function boardKey(spec) {
  return sharedBoardKey(room.site.games, spec);
}

async function loadBoard(spec) {
  let key = boardKey(spec);
  if (!room.site.boards[key]) key = defaultGame();
  const data = await (await fetch(room.site.boards[key])).json();
  if (room.boardKey !== key) board.setLayout(data.layout);
  room.boardKey = key;
  useTexts(key.split("(")[0]);
  return data.view;
}

function useTexts(name) {
  room.texts = new GameTexts(room.site, name, getLanguage());
}

// -- drawing ----------------------------------------------------------------------------------
function render() {
  const v = table.view;
  if (!v) return;
  board.show({ ...table.picture(room.cursor), pending: room.pending ? [room.pending] : [] });
  showLoupe();
  renderTurn();
  renderMoves();
  renderButtons();
  renderReview();
  renderPanel(corrRoom);
}

function renderTurn() {
  const v = table.view;
  const h = table.history;
  const words = room.texts;
  let text = v.outcome ? words.outcome(v.outcome) : words.toMove(v.to_move);
  if (table.clicks.length && room.prompt) text = room.prompt;
  if (table.handover !== null) text = t("pass-device", { player: words.player(table.handover) });
  if (!h.atEnd) text += ` · ${t("viewing", { ply: table.shownCursor(), total: table.shownMoves().length })}`;
  $("turn").textContent = text;
  const label = (side) => (room.corr && room.corr.side === side ? t("corr.you-name", { name: playerName(side) }) : playerName(side));
  $("players").textContent = table.players.map((_, side) => t("seat", { player: words.player(side), name: label(side) })).join(" · ");
  const warning = v.outcome ? "" : words.mark(v.marks);
  $("warning").textContent = warning;
  $("warning").hidden = !warning;
  const over = Boolean(v.outcome && h.atEnd);
  $("banner").hidden = !over;
  $("board-status").toggleAttribute("data-over", over);
  $("game-name").textContent = gameHeading(table.game || room.boardKey || defaultGame());
  $("rematch").hidden = $("swap-sides").hidden = Boolean(room.corr);
  $("thinking").hidden = !table.thinking;
  // a finished search's best move leaves the page with it: a hint for a sealed bid is that
  // bid, and the next player at the device must not find it even in hidden text
  if (!table.thinking) $("thinking").textContent = "";
  renderWinBar();
}

// "You", "Person" or "Computer, level N" (a correspondence game: the names); records ask for
// English, a file format's language.
function playerName(side, lang = getLanguage()) {
  if (room.corr) return excerpt(room.corr.names[side], 30);
  const p = table.players[side];
  if (p.kind === "ai") return t("computer", { level: p.level }, lang);
  const alone = table.players.every((other, i) => i === side || other.kind === "ai");
  return t(alone ? "you" : "person", {}, lang);
}

function renderMoves() {
  const list = $("move-list");
  const moves = table.shownMoves();  // a sealed ply is not listed until it is revealed
  const items = [];
  const paired = alternating();
  for (const plies of moveRows(moves.length, paired)) {
    const item = document.createElement("li");
    const mover = table.turns[plies[plies.length - 1] - 1];
    if (!paired && mover !== undefined && mover !== CHANCE) item.dataset.player = String(mover);
    for (const ply of plies) {
      const button = document.createElement("button");
      button.type = "button";
      button.className = "move";
      if (table.turns[ply - 1] === CHANCE) button.classList.add("roll");
      // a move the game words ("Re-roll a 3", a roll's dice) is listed in those words, with
      // its notation, the record's, in the tooltip
      const label = plyWords(ply, moves[ply - 1]);
      button.textContent = label;
      if (label !== moves[ply - 1]) button.title = moves[ply - 1];
      button.dataset.ply = String(ply);
      markVerdict(button, ply);
      if (ply === table.shownCursor()) button.setAttribute("aria-current", "step");
      button.addEventListener("click", () => table.goTo(ply));
      item.append(button);
    }
    items.push(item);
  }
  // The result closes the list, as in a printed game, while the record is the one that ended
  // (browsing back keeps it; an undo removes it).
  if (table.history.atEnd) room.ended = { plies: moves.length, outcome: table.view.outcome || null };
  if (room.ended && room.ended.outcome && room.ended.plies === moves.length) {
    const result = document.createElement("li");
    result.className = "result";
    result.textContent = resultText(room.ended.outcome);
    result.title = room.texts.outcome(room.ended.outcome);
    items.push(result);
  }
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

// 1-0, 0-1 or ½-½: the first side's score, then the second's; a game that counts points
// gives them all ("60–47"), and one of more players without points names the winner.
function resultText(outcome) {
  if (outcome.scores && outcome.scores.length) return outcome.scores.join("–");
  if (outcome.winner === null || outcome.winner === undefined) return "½-½";
  if (!twoPlayers()) return room.texts.player(outcome.winner);
  return outcome.winner === 0 ? "1-0" : "0-1";
}

// Whether the game on the table has two players (a winning chance, a review, need one rival).
function twoPlayers() {
  return table.players.length === 2;
}

// Whether the two players simply take turns (no rolls, no third player): the move list then
// pairs their moves, as a printed game does.
function alternating() {
  return twoPlayers() && !table.turns.includes(CHANCE);
}

// The plies of each line of the move list: pairs where two players alternate (`paired`);
// otherwise a line for each turn (a player's moves in a row, each with the rolls before it).
function moveRows(count, paired) {
  const rows = [];
  const plies = Array.from({ length: count }, (_, i) => i + 1);
  if (paired) {
    for (let i = 0; i < count; i += 2) rows.push(plies.slice(i, i + 2));
    return rows;
  }
  let row = [];
  let rolls = [];
  for (const ply of plies) {
    const mover = table.turns[ply - 1];
    if (mover === CHANCE) { rolls.push(ply); continue; }
    if (row.length && table.turns[row[row.length - 1] - 1] !== mover) { rows.push(row); row = []; }
    row.push(...rolls, ply);
    rolls = [];
  }
  if (row.length) rows.push(row);
  if (rolls.length) rows.push(rolls);  // dice rolled for a move still to come
  return rows;
}

// -- review -----------------------------------------------------------------------------------
// The review of the record on the table (a review of another record is over).
function currentReview() {
  const review = room.review;
  return review && review.about(table.game, table.history.moves) ? review : null;
}

// Whether the record on the table is a finished game (browsed back or not).
function recordOver() {
  return Boolean(room.ended && room.ended.outcome && room.ended.plies === table.shownMoves().length);
}

function startReview() {
  if (currentReview() || !table.view || !recordOver()) return;
  if (room.review) room.review.stop();
  const review = new Review(engine, table.game, table.history.moves, () => {
    if (review !== room.review) return;
    render();
    if (review.done) announce(reviewSummary(review));
  });
  room.review = review;
  render();
  review.run();
}

function stopStaleReview() {
  if (room.review && !currentReview()) {
    room.review.stop();
    room.review = null;
  }
}

function reviewSummary(review) {
  const marks = review.verdicts().map((v) => v.mark);
  return t("review.done", {
    threw: t("review.threw", { count: marks.filter((m) => m === "??").length }),
    costly: t("review.costly", { count: marks.filter((m) => m === "?").length }),
  });
}

function renderReview() {
  const review = currentReview();
  // at the end, Review takes the place of Offer a draw (the two share one place: nothing moves)
  const reviewable = recordOver() && twoPlayers();
  $("offer-draw").toggleAttribute("data-away", reviewable);
  $("review").toggleAttribute("data-away", !reviewable);
  $("review").disabled = Boolean(review) || room.stage !== "ready";
  const status = $("review-status");
  status.hidden = !review;
  if (!review) return;
  const total = review.moves.length + 1;
  let text = t("review.progress", { done: review.weighed, total });
  if (review.error) text = t("review.failed", { detail: room.texts.error(review.error) });
  else if (review.done) text = reviewSummary(review);
  // the verdict on the move on view, for screens without a pointer to hover the list with
  const shown = document.createElement("span");
  shown.className = "verdict-detail";
  shown.textContent = verdictText(review, table.history.cursor);
  status.replaceChildren(text, shown);
  status.toggleAttribute("data-done", review.done);
}

// "g5?: Black's chance 38% → 0% (the computer preferred a4)", or "" before the review has it.
function verdictText(review, ply) {
  const verdict = review.move(ply);
  if (!verdict) return "";
  const percent = (chance) => (chance === null ? "?" : Math.round(100 * chance));
  let text = t("review.move", { move: review.moves[ply - 1] + verdict.mark, player: room.texts.player(verdict.mover),
    before: percent(verdict.before), after: percent(verdict.after) });
  if (verdict.best) text += ` ${t("review.better", { move: verdict.best })}`;
  return text;
}

// A move of the list with the review's verdict: its mark, and the chances in its title.
function markVerdict(button, ply) {
  const review = currentReview();
  const verdict = review && review.move(ply);
  if (!verdict) return;
  button.dataset.verdict = verdict.mark;
  if (verdict.mark) {
    const mark = document.createElement("span");
    mark.className = "verdict";
    mark.textContent = verdict.mark;
    button.append(mark);
  }
  const detail = verdictText(review, ply);
  button.title = detail;
  button.setAttribute("aria-label", detail);
}

function renderButtons() {
  const h = table.history;
  const legal = table.view.legal;
  $("typed-move").placeholder = legal.length ? legal[legal.length >> 1].name : "";
  const ready = room.stage === "ready";
  $("first").disabled = $("previous").disabled = table.shownCursor() === 0;
  $("next").disabled = $("last").disabled = h.atEnd;
  $("undo").disabled = !ready || !h.moves.length || (room.corr !== null && !canTakeBack());
  $("redo").disabled = !ready || !h.undone.length;
  $("hint").disabled = !ready || !table.humanToMove() || room.corr !== null;
  // Resigning and drawing need a person at the table and a game still going (not by link).
  // (between two players only: with more, a resignation would not say who wins)
  const playing = ready && !table.opening && !table.view.outcome && h.atEnd && h.moves.length > 0 &&
    table.players.some((p) => p.kind === "human") && twoPlayers();
  $("resign").disabled = !playing;
  const drawable = drawsPossible(table.game);
  $("offer-draw").disabled = !playing || room.corr !== null || !drawable;  // by link, a resignation only
  $("offer-draw").title = drawable ? "" : t("no-draws");
  $("move-now").hidden = !table.thinking || table.thinking.kind !== "move";
  // the turn takes its part of the strip above the board; the buttons have the rest
  const controls = tableControls(table, t, room.texts, $("board-status").clientWidth * 0.7);
  $("move-buttons").replaceChildren(...controls);
  $("move-buttons").hidden = !controls.length;
}

// The game and the options it is played with, for the header: the board size always, the
// other options when they differ from their default, each with its label ("Black" alone
// would not say that Black begins).
function gameHeading(spec) {
  const name = spec.split("(")[0];
  const info = gameInfo(spec);
  if (!info) return "";
  const words = new GameTexts(room.site, name, getLanguage());
  const given = givenOptions(spec);
  const parts = [info.title];
  for (const option of info.options.filter((o) => !o.hidden)) {
    const value = String(optionValue(option, given));
    if (option.name !== "size" && value === String(option.default)) continue;
    if (option.kind === "bool") parts.push(value === "true" ? words.option(option.name) : `${words.option(option.name)}: ${t("no")}`);
    else if (option.kind === "choice") parts.push(option.name === "size" ? words.option(option.name, value) : `${words.option(option.name)}: ${words.option(option.name, value)}`);
    // a number in the game's words ("8×8", "4 giocatori"), else "label: value" without the hint
    else parts.push(words.text(`option.${option.name}.header`, { value }, `${words.option(option.name).replace(/\s*\(.*\)$/, "")}: ${value}`));
  }
  return parts.join(" · ");
}

// The options written in a game spec: "game(size=8)" gives size=8.
function givenOptions(spec) {
  return new URLSearchParams((spec.match(/\((.*)\)/) || ["", ""])[1].replaceAll(",", "&"));
}

// An option's value in a spec's options, or its default, as the option's kind.
function optionValue(option, given) {
  if (!given.has(option.name)) return option.default;
  const text = given.get(option.name);
  if (option.kind === "bool") return text === "true";
  return option.kind === "int" ? Number(text) : text;
}

// -- taps on small cells ----------------------------------------------------------------------
// A fingertip covers about 8 mm: on a board whose cells are closer than that (30 CSS pixels,
// at the CSS reference of 96 to the inch), a tap first shows the cell it hit, magnified, and
// plays only when confirmed.  Players who want that for every move can ask for it.
const SMALL_CELL_PX = 30;
const LOUPE_PX = 132;

function tap(cell, event) {
  const finger = event && (event.pointerType === "touch" || event.pointerType === "pen");
  const confirming = table.humanToMove() && (room.confirmAll || (finger && board.cellSpacing() < SMALL_CELL_PX));
  if (!confirming || cell === room.pending) {
    room.pending = null;
    table.click(cell);
    return;
  }
  room.pending = cell;
  render();
}

function confirmPending() {
  const cell = room.pending;
  room.pending = null;
  if (cell) table.click(cell);
  else render();
}

function dropPending() {
  if (!room.pending) return;
  room.pending = null;
  render();
}

// The magnifier: a copy of the board around the pending cell, above it (below, near the top
// edge), inside the board's box, so nothing else on the page moves.
function showLoupe() {
  const loupe = $("loupe");
  const centre = room.pending && board.cellCenter(room.pending);
  if (!centre || !table.humanToMove()) { loupe.hidden = true; return; }
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

// In a correspondence game a move may be taken back only while it is this browser's own last
// move and the other player has not been sent it.
function canTakeBack() {
  const v = table.view;
  const h = table.history;
  return h.atEnd && h.moves.length > room.corr.sent && Boolean(v.last) && v.last.player === room.corr.side;
}

// One line for the player: errors (kind "error") stand out, guidance does not.
function say(text, kind = "error") {
  $("message").textContent = text;
  $("message").dataset.kind = kind;
}

// A move's line in place of the last one, except that a move nobody at this device made (the
// computer's, a roll) leaves an error in view: a refused link's reason must not vanish with
// the first automatic ply of the fresh game that replaces it.
function sayMove(text, mover) {
  const person = table.players[mover] && table.players[mover].kind === "human";
  if (!person && $("message").dataset.kind === "error" && $("message").textContent) return;
  say(text, "info");
}

// Screen readers hear moves and results through a polite live region.
function announce(text) {
  $("announcer").textContent = text;
}

// The game in progress is saved after every move (and after undo), to resume after a reload;
// a correspondence game in its own list.
function save() {
  let problem;
  if (room.corr) {
    const entry = room.corr;
    entry.moves = [...table.history.moves];
    entry.last = Date.now();
    entry.settled = true;
    entry.toMove = table.view.to_move;
    entry.outcome = table.view.outcome || null;
    entry.ending = table.ending;
    problem = saveCorrespondence(entry);
    render();
  } else {
    problem = saveGame({ id: room.id, game: table.game, moves: [...table.history.moves], players: table.players, ending: table.ending });
    if (room.seated && (!problem || problem.key === "storage.nearly-full")) {
      room.seated = false;  // the saved game keeps the players now
      writeFragment();
    }
  }
  if (problem) say(saveText(problem));
}

// What a save's problem tells the player: the storage nearly full (this save worked, a later
// one may not), or why this one failed.
function saveText(problem) {
  if (problem.key === "storage.nearly-full") return t("storage.nearly-full");
  return t("save-problem", { detail: errorText(problem, getLanguage()) });
}

// Say `text` after a save: the save's problem comes first, a warning with the text.
function sayAfterSave(problem, text, kind = "info") {
  if (!problem) say(text, kind);
  else if (problem.key === "storage.nearly-full") say(text ? `${text} ${saveText(problem)}` : saveText(problem));
  else say(saveText(problem));
}

function wireTable() {
  table.addEventListener("change", () => {
    if (!table.humanToMove()) room.pending = null;  // the position moved on under the tap
    writeFragment();
    render();
  });
  table.addEventListener("record", save);
  table.addEventListener("record", stopStaleReview);
  table.addEventListener("message", ({ detail }) => {
    if (detail.answer) say(room.texts.error(detail.answer));
    else say(stepText(detail.params.step) || t(detail.key, detail.params), detail.kind);
    // A move half made: the strip above the board, in view on a phone, names the next step.
    if (detail.key === "choose-next") room.prompt = stepText(detail.params.step) || t("choose-next");
    if (detail.key === "choose-or-confirm") room.prompt = t("move-complete", detail.params);
  });
  table.addEventListener("played", ({ detail }) => {
    const v = detail.view;
    if (detail.sealed) {
      // a sealed move is said to have been made, never what it was: in the game's words when
      // its marks say it (the warning shows them already), else in the page's
      const mark = room.texts.mark(v.marks);
      const text = mark || t("played-sealed", { player: room.texts.player(detail.mover) });
      sayMove(mark ? "" : text, detail.mover);
      announce(text);
      sounds.play("move");
      return;
    }
    // A move with no cell (a swap, a pass) changes the board in no one place: say it aloud.
    const cellless = Boolean(v.last) && (!v.last.cells || !v.last.cells.length);
    const text = revealedText(detail.revealed, cellless);
    sayMove(cellless ? text : "", detail.mover);
    announce(`${text}${v.outcome ? " " + room.texts.outcome(v.outcome) : ""}`);
    // a piece gone from the board is a capture; the end of the game has its own sound
    const motion = table.motion;
    const taken = motion && Object.keys(pieceChanges(motion.before, v.pieces, motion.cells).removed).length;
    if (!v.outcome) sounds.play(taken ? "capture" : "move");
  });
  table.addEventListener("gameover", () => sounds.play("end"));
  table.addEventListener("progress", ({ detail }) => showProgress(detail));
}

// "White played 12. Black played 7.": the moves a move revealed, itself included; a move
// without a cell in its button's words ("White: Re-roll a 3."); a move whose player this
// page did not see made is named alone.
function revealedText(revealed, cellless) {
  return revealed.map(({ move, ply, player }) => {
    if (player === CHANCE) return t("rolled", { move: plyWords(ply, move) });
    const name = cellless ? room.texts.buttonLabel({ name: move }) : move;
    if (player === null) return `${name}.`;
    const said = room.texts.text(`said.${move}`, { player }, "");  // a move in the game's own words
    if (said) return said;
    if (name !== move) return t("chose", { player: room.texts.player(player), move: name });
    // a game may say a played move in its own words: Footsteps' bids are offered, not played
    return room.texts.text("said.played", { player, move }, t("played", { player: room.texts.player(player), move }));
  }).join(" ");
}

// How a shown ply reads: in the game's words for it (a roll's dice), or as its button's words
// (a move without cells), or as its notation.
function plyWords(ply, move) {
  const words = table.words[ply - 1];
  return words ? room.texts.text(words[0], words[1]) : room.texts.buttonLabel({ name: move });
}

// The game's words for the next step of a move half made ("choose the path"), if it has some.
function stepText(step) {
  return step ? room.texts.text(`step.${step}`, {}, "") : "";
}

function renderWinBar() {
  // A finished game under review: the estimate of the position on view.
  const review = table.view && currentReview();
  if (review && review.white[table.history.cursor] !== undefined) room.chance = review.white[table.history.cursor];
  // at the end the result says it all, and the strip's room is the result's
  const shown = room.winBar && room.chance !== null && !(table.view && table.view.outcome);
  $("win-bar").hidden = !shown;
  if (!shown) return;
  const percent = Math.round(100 * room.chance);
  $("win-bar-fill").style.width = `${percent}%`;
  $("win-bar").setAttribute("aria-label", t("win-bar", { player: room.texts.player(0), chance: percent }));
  $("win-bar").title = $("win-bar").getAttribute("aria-label");
}

// -- engine status ------------------------------------------------------------------------------
// How far along the loading bar each stage is: the download is most of a first visit.
const STAGE_PROGRESS = { downloading: 0, starting: 0.85, rules: 0.95, ready: 1, failed: 0 };
const DOWNLOAD_SHARE = 0.8;

function onStage(stage, detail, { received = null, total = null } = {}) {
  room.stage = stage;
  let progress = STAGE_PROGRESS[stage] ?? 0;
  if (received !== null) {
    // (not Intl.NumberFormat: making one costs a phone a tenth of a second while loading)
    const megabytes = (bytes) => (bytes / 1e6).toFixed(1).replace(".", t("decimal-point"));
    detail = total ? t("downloaded-of", { done: megabytes(received), total: megabytes(total) })
      : t("downloaded", { done: megabytes(received) });
    if (total) progress = DOWNLOAD_SHARE * Math.min(1, received / total);
  }
  $("load-progress").value = progress;
  $("status").textContent = t(`stage.${stage}`, { detail });
  $("status").dataset.stage = stage;
  $("loading").toggleAttribute("data-done", stage === "ready" || stage === "failed");
  $("retry").hidden = stage !== "failed";
  if (received === null) render();  // the download's progress changes only the status and the bar
}

// The computer's search (its move or a hint) estimates the mover's chance; the bar shows the
// first player's, until another search or another game.
function showProgress(progress) {
  const chance = progress.win_chance;
  if (chance !== null && chance !== undefined && twoPlayers()) {
    room.chance = table.view.to_move === 0 ? chance : 1 - chance;
    renderWinBar();
  }
  let detail = "";
  // the computer's best move so far is its move: in a game of sealed moves it stays unsaid
  const secret = Boolean(table.thinking && table.thinking.kind === "move" && sealsPlies(table.game));
  if (progress.proven) detail = t(`proven.${progress.proven}`);
  else if (progress.best && !secret) {
    const chance = progress.win_chance === null || progress.win_chance === undefined ? "?" : Math.round(100 * progress.win_chance);
    detail = t("thinking-detail", { move: progress.best, chance });
  }
  $("thinking").textContent = t("thinking", { detail });
}

// -- resigning and draws -------------------------------------------------------------------
// The person who resigns: the one to move, or, against the computer, the person.
function resigningSide() {
  if (room.corr) return room.corr.side;
  const mover = table.view.to_move;
  if (mover === CHANCE) return table.players.findIndex((p) => p.kind === "human");
  return table.players[mover].kind === "human" ? mover : 1 - mover;
}

function resign() {
  const side = resigningSide();
  if (!window.confirm(t("confirm-resign", { player: room.texts.player(side) }))) return;
  table.end(`resign${side}`);
}

// Between two people the other one is asked; the computer accepts when its own last
// estimate gives it little hope (under 40%), and declines without one.
function offerDraw() {
  const side = resigningSide();
  const other = 1 - side;
  if (table.players[other].kind === "ai") {
    const chance = room.chance === null ? null : (other === 0 ? room.chance : 1 - room.chance);
    if (chance === null || chance >= DRAW_HOPE) { say(t("computer-declines"), "info"); return; }
    table.end("draw");
    return;
  }
  if (window.confirm(t("draw-offered", { offerer: room.texts.player(side), player: room.texts.player(other) }))) table.end("draw");
  else say(t("draw-declined"), "info");
}

// -- opening games ----------------------------------------------------------------------------
// Draw the record's board at once, then open it when the engine is ready; a record that
// cannot be read is refused with the reason and a fresh game opens instead.  `entry` opens a
// stored correspondence game: this browser's side is a person, the other side plays from afar.
// `kept`: the record comes from this browser's storage, not from a link (said if it fails).
async function startGame(spec, moves = [], ply = null, { id = newGameId(), entry = null, ending = null, seated = false, kept = false } = {}) {
  table.stopThinking();
  room.seated = seated;
  room.chance = null;
  renderWinBar();
  room.corr = entry;
  room.id = entry ? entry.id : id;
  if (entry) table.players = [0, 1].map((side) => ({ kind: side === entry.side ? "human" : "remote" }));
  else if (table.players.some((p) => p.kind === "remote")) table.players = loadPlayers();
  if (entry) ending = entry.ending || null;  // a correspondence game's end is the one kept here
  if (ending === "draw" && !drawsPossible(spec)) {
    say(t("draw-left-out"));
    ending = null;
  }
  room.opening = { game: spec, moves, ply, id: room.id, entry, ending };  // what Retry opens if the engine fails first
  table.showPrebuilt(await loadBoard(spec));
  await engine.ready;
  let answer = await table.open(spec, moves, ply, ending);
  if (!answer.ok) {
    say(t(kept || entry ? "kept-bad" : "bad-link", { detail: room.texts.error(answer) }));
    room.corr = null;
    if (entry) table.players = loadPlayers();
    const fresh = boardKey(spec) ? spec : defaultGame();
    answer = await table.open(fresh, []);
    if (!answer.ok) answer = await table.open(defaultGame(), []);
  }
  await loadBoard(table.game);
  render();
}

// -- correspondence games --------------------------------------------------------------------------
// A correspondence link: the engine checks its record (an illegal move is refused as in any
// record), then it is merged with the game this browser keeps under the same identifier.  The
// stored game is never rewritten: a link that changes a move, plays for this browser's side or
// is older than the stored game is refused with the reason, and the stored game is opened.
// Resolves to the entry to open, or null (nothing to open: a fresh game).
async function receive(link) {
  await engine.ready;
  const stored = findCorrespondence(link.corr.id);
  const answer = await engine.request({ op: "view", game: link.game, moves: link.moves });
  if (!answer.ok) {
    const words = new GameTexts(room.site, String(link.game).split("(")[0], getLanguage());
    say(t(stored ? "corr.refused-kept" : "corr.refused", { detail: words.error(answer) }));
    return stored;
  }
  if (sealsPlies(answer.game)) {
    say(t(stored ? "corr.refused-kept" : "corr.refused", { detail: t("corr.sealed-game") }));
    return stored;
  }
  if (answer.players !== 2) {  // a link joins two players, as New game says
    say(t(stored ? "corr.refused-kept" : "corr.refused", { detail: t("corr.too-many") }));
    return stored;
  }
  const now = Date.now();
  const count = answer.moves.length;
  if (!stored) {
    const entry = {
      id: link.corr.id, game: answer.game, moves: answer.moves, names: link.corr.names, side: 1 - link.corr.by,
      created: now, updated: now, last: count ? now : null, sent: count, archived: false, settled: false,
      toMove: answer.to_move, outcome: answer.outcome || null, ending: null,
    };
    if (link.ending === `resign${link.corr.by}` && !answer.outcome) Object.assign(entry, { ending: link.ending, outcome: endingOutcome(link.ending) });
    const problem = saveCorrespondence(entry);
    sayAfterSave(problem, t("corr.received", { name: opponentOf(entry), side: sideName(entry.game, entry.side) }));
    return entry;
  }
  const verdict = compareRecords(stored, answer);
  if (verdict.kind === "other-game") {
    say(t("corr.other-game", { link: gameTitle(answer.game), here: gameTitle(stored.game) }));
  } else if (verdict.kind === "differs") {
    say(t("corr.differs", { ply: verdict.ply, theirs: verdict.theirs, ours: verdict.ours }));
  } else if (verdict.kind === "older") {
    say(t("corr.older", { count, stored: stored.moves.length }));
  } else if (verdict.kind === "newer") {
    // The new moves must all be the other side's: a link cannot play for this browser.
    for (let ply = stored.moves.length; ply < count; ply++) {
      const before = await engine.request({ op: "view", game: answer.game, moves: answer.moves.slice(0, ply) });
      if (!before.ok || before.to_move === stored.side) {
        say(t("corr.for-you", { ply: ply + 1, move: answer.moves[ply] }));
        return stored;
      }
    }
    Object.assign(stored, { moves: answer.moves, last: now, sent: count, archived: false, toMove: answer.to_move, outcome: answer.outcome || null });
    const problem = saveCorrespondence(stored);
    sayAfterSave(problem, t("corr.new-moves", { name: opponentOf(stored), move: answer.moves[count - 1] }));
  }
  stored.fresh = verdict.kind === "same" || verdict.kind === "newer";
  if (stored.fresh) receiveEnding(stored, link.ending);
  return stored;
}

// A link's end is taken only when it is the sender's own resignation: nobody resigns for the
// other player, and an agreed draw is not played by link.
function receiveEnding(entry, end) {
  if (!end || end === entry.ending) return;
  if (end !== `resign${1 - entry.side}` || entry.ending || entry.outcome) {
    say(t("corr.end-refused"));
    return;
  }
  Object.assign(entry, { ending: end, outcome: endingOutcome(end), last: Date.now(), archived: false });
  const problem = saveCorrespondence(entry);
  sayAfterSave(problem, t("corr.resigned", { name: opponentOf(entry) }));
}

// A reload reopens the page's own link: when the game saved last is the link's record, the
// page goes on with that game, under its identifier (not a second copy in the saved games)
// and with its players (unless the link names them), as if resumed.  A link written here
// leaves out the sealed plies at the record's end, which the saved game keeps: it takes them
// back when the saved game has sealed plies more, as the engine tells.  A ply the link shows
// as "?" (hidden from this seat: Table.shownMoves) is the saved game's.
async function asSavedGame(record) {
  const saved = record.corr || record.entry ? null : currentGame();
  if (!saved || saved.correspondence || saved.game !== record.game) return record;
  const extra = saved.moves.length - record.moves.length;
  if (extra < 0 || record.moves.some((move, i) => move !== "?" && move !== saved.moves[i])) return record;
  if (extra > 0) {
    if (record.ply !== null) return record;
    await engine.ready;
    const view = await engine.request({ op: "view", game: saved.game, moves: saved.moves });
    if (!(view.ok && view.sealed === extra && view.ply === record.moves.length)) return record;
  }
  if (!record.seated && saved.players.every(validPlayer)) table.players = saved.players;
  return { ...record, moves: saved.moves, id: saved.id };
}

// Open a link or a stored record: a correspondence link is received first.
async function openRecord(record) {
  try {
    if (!record.corr) record = await asSavedGame(record);
    if (!record.corr) return await startGame(record.game, record.moves, record.ply, { id: record.id, entry: record.entry || null, ending: record.ending || null, seated: Boolean(record.seated), kept: Boolean(record.kept) });
    const entry = await receive(record);
    if (!entry) return await startGame(defaultGame());
    const ply = entry.fresh && record.moves.length === entry.moves.length ? record.ply : null;
    delete entry.fresh;
    return await startGame(entry.game, entry.moves, ply, { entry });
  } finally {
    room.opened++;
  }
}

function sideName(spec, side) {
  return new GameTexts(room.site, spec.split("(")[0], getLanguage()).player(side);
}

// Start a correspondence game as `side` (0: the side that moves first) with names [first
// side's, second side's]; resolves to the link for the other player.
async function startCorrespondence({ game, side, names }) {
  if (side !== 0 && side !== 1) throw new PageError("corr.bad-side", { text: excerpt(String(side)) });
  if (!Array.isArray(names) || names.length !== 2) throw new PageError("corr.no-name");
  const clean = names.map(readName);
  if (sealsPlies(game)) throw new PageError("corr.sealed-game");
  await engine.ready;
  const answer = await engine.request({ op: "view", game: String(game), moves: [] });
  if (!answer.ok) throw new Error(new GameTexts(room.site, String(game).split("(")[0], getLanguage()).error(answer));
  if (answer.players !== 2) throw new PageError("corr.too-many");
  const now = Date.now();
  const entry = {
    id: newCorrespondenceId(), game: answer.game, moves: [], names: clean, side, created: now, updated: now,
    last: null, sent: 0, archived: false, settled: true, toMove: answer.to_move, outcome: null,
  };
  const problem = saveCorrespondence(entry);
  sayAfterSave(problem, "");
  await startGame(entry.game, [], null, { entry });
  return corrLink(entry);
}

// What web/correspondence.js needs of the room.
const corrRoom = {
  engine,
  say: (text, kind) => say(text, kind),
  gameTitle: (spec) => gameTitle(spec),
  sideName,
  errorText: (answer) => room.texts.error(answer),
  entry: () => room.corr,
  link: corrLink,
  open: (entry) => { say(""); return startGame(entry.game, entry.moves, null, { entry }); },
  leave: () => { say(""); return startGame(defaultGame()); },
  view: () => table.view,
  atEnd: () => table.history.atEnd,
  refresh: () => render(),
};

// -- the new game dialog -----------------------------------------------------------------------------
function optionControl(words, option, value) {
  const label = document.createElement("label");
  const caption = document.createElement("span");
  caption.textContent = words.option(option.name);
  let input;
  if (option.kind === "bool") {
    input = document.createElement("input");
    input.type = "checkbox";
    input.checked = Boolean(value);
    label.className = "check";
  } else {
    input = document.createElement("select");
    const values = option.kind === "int"
      ? Array.from({ length: Math.min(option.high - option.low + 1, 12) }, (_, i) => option.low + i)
      : option.choices;
    for (const wanted of [option.default, value]) {
      if (option.kind === "int" && !values.includes(wanted)) values.push(wanted);
    }
    if (option.kind === "int") values.sort((a, b) => a - b);
    for (const v of values) {
      const text = option.kind === "choice" ? words.option(option.name, v) : String(v);
      input.append(new Option(text, String(v), false, String(v) === String(value)));
    }
  }
  input.name = option.name;
  label.append(caption, input);
  return label;
}

function playerChoices(select, player) {
  const choices = [new Option(t("person"), "human")];
  for (let level = 1; level <= 5; level++) choices.push(new Option(t("computer", { level }), `ai:${level}`));
  select.replaceChildren(...choices);
  select.value = writePlayer(player);
}

function openNewGameDialog() {
  const gameChoice = $("game-choice");
  gameChoice.replaceChildren(...room.site.games.map((g) => new Option(g.title, g.name)));
  gameChoice.value = boardKey(table.game || defaultGame()) ? (table.game || defaultGame()).split("(")[0] : defaultGame();
  const fillOptions = () => {
    const info = gameInfo(gameChoice.value);
    const words = new GameTexts(room.site, info.name, getLanguage());
    const options = info.options.filter((o) => !o.hidden);  // safety limits, say
    // The game on the table offers its own options again; another game offers its defaults.
    const current = table.game || "";
    const given = current.split("(")[0] === info.name ? givenOptions(current) : new URLSearchParams();
    $("options").replaceChildren(...options.map((o) => optionControl(words, o, optionValue(o, given))));
    const showSeats = () => {
      const count = seatCount(info);
      for (let side = 0; side < MAX_SEATS; side++) {
        $(`seat-${side}`).textContent = words.player(side);
        $(`seat-${side}`).parentElement.hidden = side >= count;
      }
      offerCorrespondence(!info.sealed_plies, count === 2);
    };
    const seatsOption = seatsControl(info);
    if (seatsOption) seatsOption.onchange = showSeats;
    showSeats();
    const chosen = $("corr-side").value || "0";
    $("corr-side").replaceChildren(...[0, 1].map((side) => new Option(words.player(side), String(side))));
    $("corr-side").value = chosen;
  };
  gameChoice.onchange = fillOptions;
  fillOptions();
  const seats = fitSeats(table.players, MAX_SEATS);
  for (let side = 0; side < MAX_SEATS; side++) playerChoices(seatChoice(side), seats[side]);
  try { $("corr-name").value = $("corr-name").value || localStorage.getItem("tavoliere.name") || ""; } catch { /* no name kept */ }
  showCorrespondenceFields();
  $("new-game-dialog").showModal();
}

// The choice of who plays a seat in the New game dialog.
function seatChoice(side) {
  return $(["white-choice", "black-choice", "seat2-choice", "seat3-choice"][side]);
}

// The dialog's control of the option that sets how many players sit (none: a fixed count).
function seatsControl(info) {
  return info.players_option ? $("options").querySelector(`[name="${info.players_option}"]`) : null;
}

// How many players the dialog's game seats: its players option as chosen, or its own count.
function seatCount(info) {
  const chosen = seatsControl(info);
  return chosen ? Number(chosen.value) : info.players;
}

// A game whose moves are sealed cannot be played by link: the link would carry a sealed move
// to the player it is hidden from; and a link joins two players, never three or four.
function offerCorrespondence(unsealed, twoSeats) {
  const offered = unsealed && twoSeats;
  $("corr-choice").disabled = !offered;
  if (!offered) $("corr-choice").checked = false;
  $("corr-sealed").hidden = unsealed;
  $("corr-seats").hidden = !unsealed || twoSeats;
  showCorrespondenceFields();
}

// Whether the rules of the game a spec names can end it drawn (an agreed draw included).
function drawsPossible(spec) {
  const info = gameInfo(spec);
  return !(info && info.no_draws);
}

function sealsPlies(spec) {
  const info = gameInfo(spec);
  return Boolean(info && info.sealed_plies);
}

// The site's description of the game a spec names ("havannah(size=8)": Havannah's), or null.
function gameInfo(spec) {
  const name = String(spec).split("(")[0];
  return (room.site && room.site.games.find((g) => g.name === name)) || null;
}

// "Play with a friend at a distance": the two names and this browser's side instead of the
// players' choices.
function showCorrespondenceFields() {
  const far = $("corr-choice").checked;
  $("corr-fields").hidden = !far;
  $("local-players").hidden = far;
  $("corr-name").required = $("corr-friend").required = far;
}

async function startFromForm() {
  const spec = specFromForm();
  say("");
  if (!$("corr-choice").checked) {
    const count = seatCount(gameInfo(spec));
    table.players = Array.from({ length: count }, (_, side) => readPlayer(seatChoice(side).value));
    savePlayers();
    startGame(spec);
    return;
  }
  const side = Number($("corr-side").value);
  const you = $("corr-name").value;
  const friend = $("corr-friend").value;
  try { localStorage.setItem("tavoliere.name", you.trim()); } catch { /* for this visit */ }
  try {
    await startCorrespondence({ game: spec, side, names: side === 0 ? [you, friend] : [friend, you] });
    showSend(corrRoom, true);
  } catch (error) {
    say(t("corr.not-started", { detail: errorText(error, getLanguage()) }));
  }
}

function specFromForm() {
  const name = $("game-choice").value;
  const info = gameInfo(name);
  const parts = [];
  for (const option of info.options) {
    const input = $("options").querySelector(`[name="${option.name}"]`);
    if (!input) continue;
    const value = option.kind === "bool" ? input.checked : (option.kind === "int" ? Number(input.value) : input.value);
    if (value !== option.default) parts.push(`${option.name}=${option.kind === "bool" ? String(value) : value}`);
  }
  return parts.length ? `${name}(${parts.join(",")})` : name;
}

// -- themes, rules, keys, descriptions ----------------------------------------------------------------
const darkScheme = window.matchMedia("(prefers-color-scheme: dark)");

function applyTheme() {
  let choice = "auto";
  try { choice = localStorage.getItem("tavoliere.theme") || "auto"; } catch { /* the default */ }
  $("theme").value = choice;
  const dark = choice === "dark" || (choice === "auto" && darkScheme.matches);
  document.documentElement.dataset.theme = dark ? "dark" : "light";
  board.draw();
}

function showRules() {
  $("rules-title").textContent = room.texts.title;
  $("rules-text").replaceChildren(...room.texts.rules().map((text) => {
    const paragraph = document.createElement("p");
    paragraph.textContent = text;
    return paragraph;
  }));
  $("rules-dialog").showModal();
}

// The position in words, for people who cannot see the board.
function describePosition() {
  const v = table.view;
  const words = room.texts;
  const state = v.outcome ? words.outcome(v.outcome) : `${words.toMove(v.to_move)}. ${t("desc.legal", { count: v.legal.length })}`;
  const text = `${words.describe(v.pieces)} ${state}`;
  $("description").textContent = text;
  $("description").hidden = false;
  announce(text);
}

// The keyboard cursor walks to the nearest cell in the arrow's direction.
function moveCursor(key) {
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
  const token = table.view.pieces[best.name];
  announce(token ? t("cursor-piece", { cell: best.name, piece: room.texts.piece(token) }) : t("cursor-empty", { cell: best.name }));
  render();
}

function boardKeys(event) {
  if (event.key.startsWith("Arrow")) {
    event.preventDefault();
    event.stopPropagation();
    moveCursor(event.key);
  } else if (event.key === "Enter" || event.key === " ") {
    // A complete move that longer ones begin with: Enter plays it, unless the cursor is on
    // one of the cells that go on (the same cell again plays it too).
    event.preventDefault();
    event.stopPropagation();
    if (table.complete() && !table.targets().includes(room.cursor)) table.confirm();
    else if (room.cursor) table.click(room.cursor);
  }
}

function gameTitle(spec) {
  const info = gameInfo(spec);
  return info ? `${info.title} ${spec.includes("(") ? spec.slice(spec.indexOf("(")) : ""}`.trim() : spec;
}

function wire() {
  $("theme").addEventListener("change", () => {
    try { localStorage.setItem("tavoliere.theme", $("theme").value); } catch { /* for this visit */ }
    applyTheme();
  });
  darkScheme.addEventListener("change", applyTheme);
  // A printout is black on white: the board is drawn light for it, then in the theme again.
  window.addEventListener("beforeprint", () => { document.documentElement.dataset.theme = "light"; board.draw(); });
  window.addEventListener("afterprint", applyTheme);
  $("confirm-taps").checked = room.confirmAll;
  $("confirm-taps").addEventListener("change", () => {
    room.confirmAll = $("confirm-taps").checked;
    saveFlag("tavoliere.confirm", room.confirmAll);
  });
  $("win-bar-on").checked = room.winBar;
  $("win-bar-on").addEventListener("change", () => {
    room.winBar = $("win-bar-on").checked;
    saveFlag("tavoliere.winbar", room.winBar);
    renderWinBar();
  });
  $("sound-on").checked = sounds.on;
  $("sound-on").addEventListener("change", () => {
    sounds.set($("sound-on").checked);
    saveFlag("tavoliere.sound", sounds.on);
  });
  $("loupe-play").addEventListener("click", confirmPending);
  $("loupe-canvas").addEventListener("click", confirmPending);
  $("coordinates").addEventListener("change", () => {
    board.showLabels = $("coordinates").checked;
    board.draw();
  });
  $("quick-start").checked = snapshotSetting();
  $("quick-start").addEventListener("change", () => setSnapshots($("quick-start").checked));
  $("rules").addEventListener("click", showRules);
  $("keys").addEventListener("click", () => $("keys-dialog").showModal());
  $("describe").addEventListener("click", describePosition);
  $("board").addEventListener("keydown", boardKeys);
  $("board").addEventListener("focus", () => { if (!room.cursor) moveCursor("ArrowRight"); });
  wireRecords({
    engine,
    canvas: $("board"),
    say,
    gameTitle,
    errorText: (answer) => room.texts.error(answer),
    record: () => ({
      game: table.game, moves: table.shownMoves(), players: table.players,  // records leave the device
      // a resignation or an agreed draw, in a record's words (English, as its other tags)
      result: table.ending ? new GameTexts(room.site, table.game.split("(")[0], "en").outcome(endingOutcome(table.ending)) : null,
    }),
    playerName: (side) => playerName(side, "en"),
    // the ending a record's Result tag names (a resignation or an agreed draw), as written above
    endingOf: (game, result) => {
      if (!result) return null;
      const words = new GameTexts(room.site, game.split("(")[0], "en");
      return ENDINGS.find((ending) => words.outcome(endingOutcome(ending)) === result) || null;
    },
    open: (entry) => {
      if (entry.players) table.players = entry.players;
      say("");
      return startGame(entry.game, entry.moves, null, { id: entry.id, ending: readEnding(entry.ending), kept: true });
    },
    withLabels: (draw) => {
      const shown = board.showLabels;
      board.showLabels = true;
      board.draw();
      draw();
      board.showLabels = shown;
      board.draw();
    },
  });
  $("language").addEventListener("click", () => {
    setLanguage(getLanguage() === "it" ? "en" : "it");
    translatePage();
    useTexts(room.texts.info ? room.texts.info.name : defaultGame());
    onStage(room.stage, "");
  });
  $("retry").addEventListener("click", () => {
    engine.restart();
    const h = table.history;
    open(table.ready ? { game: table.game, moves: h.moves, ply: h.cursor, id: room.id, entry: room.corr, ending: table.ending } : room.opening);
  });
  $("new-game").addEventListener("click", openNewGameDialog);
  $("corr-choice").addEventListener("change", showCorrespondenceFields);
  $("new-game-form").addEventListener("submit", (event) => {
    if (event.submitter && event.submitter.value !== "start") return;
    startFromForm();
  });
  wireCorrespondence(corrRoom);
  $("corr-switch").addEventListener("click", () => {
    const entry = room.corr;
    if (!entry || entry.settled) return;
    Object.assign(entry, { side: 1 - entry.side, settled: true });
    saveCorrespondence(entry);
    say("");
    startGame(entry.game, entry.moves, null, { entry });
  });
  $("rematch").addEventListener("click", () => { say(""); startGame(table.game); });
  $("review").addEventListener("click", startReview);
  $("swap-sides").addEventListener("click", () => {
    table.players.unshift(table.players.pop());  // every seat moves on one: two players swap
    savePlayers();
    say("");
    startGame(table.game);
  });
  $("undo").addEventListener("click", () => table.undo());
  $("redo").addEventListener("click", () => table.redo());
  $("hint").addEventListener("click", () => table.hintMove(HINT_LEVEL));
  $("resign").addEventListener("click", resign);
  $("offer-draw").addEventListener("click", offerDraw);
  $("move-now").addEventListener("click", () => table.moveNow());
  $("first").addEventListener("click", () => table.goTo(0));
  $("previous").addEventListener("click", () => table.goTo(table.shownCursor() - 1));
  $("next").addEventListener("click", () => table.goTo(table.shownCursor() + 1));
  $("last").addEventListener("click", () => table.goTo(table.history.moves.length));
  $("typed").addEventListener("submit", async (event) => {
    event.preventDefault();
    const text = $("typed-move").value.trim();
    if (!text || !table.humanToMove()) return;
    const answer = await table.play(text);
    if (answer.ok) $("typed-move").value = "";
  });
  document.addEventListener("keydown", (event) => {
    if (event.target.closest("input, select, textarea, dialog, button:not(:disabled)")) return;  // a button just disabled may still hold the focus
    if (event.key === "?") { event.preventDefault(); $("keys-dialog").showModal(); return; }
    if (event.key === "Enter" && table.complete()) { event.preventDefault(); table.confirm(); return; }
    const h = table.history;
    const keys = { ArrowLeft: table.shownCursor() - 1, ArrowRight: table.shownCursor() + 1, Home: 0, End: h.moves.length };
    if (event.key in keys) { event.preventDefault(); table.goTo(keys[event.key]); }
    if (event.key === "Escape") { dropPending(); table.cancel(); say(""); }
  });
}

// The game saved last, to resume after a reload (a link, when there is one, wins).
function resumeRecord() {
  const entry = currentGame();
  if (!entry) return { game: defaultGame(), moves: [], ply: null };
  if (entry.correspondence) {
    delete entry.correspondence;
    return { game: entry.game, moves: entry.moves, ply: null, entry };
  }
  if (entry.players.every(validPlayer)) table.players = entry.players;
  return { game: entry.game, moves: entry.moves, ply: null, id: entry.id, ending: readEnding(entry.ending), kept: true };
}

// Show a record once the engine is ready; if the engine fails, the status line says why and
// the retry button calls this again.
async function open(record) {
  try {
    await openRecord(record);
  } catch {
    return;
  }
  performance.mark("engine-ready");
  markReady();
}

function recordFromFragment() {
  try {
    return readFragment();
  } catch (error) {
    // A correspondence link this browser knows opens its stored game, whatever else is wrong.
    let stored = null;
    try { stored = findCorrespondence(new URLSearchParams(location.hash.slice(1, 200)).get("c")); } catch { /* unknown */ }
    if (stored) {
      say(t("corr.refused-kept", { detail: errorText(error, getLanguage()) }));
      return { game: stored.game, moves: stored.moves, ply: null, entry: stored };
    }
    say(t("bad-link", { detail: errorText(error, getLanguage()) }));
    return { game: defaultGame(), moves: [], ply: null };
  }
}

// Offline play: the service worker caches the whole site.  When a new version has been
// installed beside the running one, a button offers to switch to it.
async function registerServiceWorker() {
  if (!("serviceWorker" in navigator)) return;
  const registration = await navigator.serviceWorker.register("sw.js");
  const offer = (worker) => {
    if (!worker || !navigator.serviceWorker.controller) return;  // the first install needs no reload
    $("update").hidden = false;
    $("update").onclick = () => worker.postMessage("skip-waiting");
  };
  offer(registration.waiting);
  registration.addEventListener("updatefound", () => {
    const worker = registration.installing;
    worker.addEventListener("statechange", () => worker.state === "installed" && offer(worker));
  });
  let reloading = false;
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    if (reloading || $("update").hidden) return;
    reloading = true;
    location.reload();
  });
}

async function main() {
  setLanguage(getLanguage());
  translatePage();
  wire();
  wireTable();
  applyTheme();
  const { problem } = loadGames();  // unreadable saved data is set aside here, once
  const corrProblem = loadCorrespondence().problem;  // and correspondence games, said apart
  room.site = await (await fetch("site.json")).json();
  const record = location.hash.length > 1 ? recordFromFragment() : resumeRecord();
  const problems = [problem && t("saved-problem", { detail: errorText(problem, getLanguage()) }),
    corrProblem && t("corr.unreadable", { detail: errorText(corrProblem, getLanguage()) })];
  if (problem || corrProblem) say(problems.filter(Boolean).join(" "));
  table.showPrebuilt(await loadBoard(record.game));
  performance.mark("board-painted");
  await open(record);
  // After the engine is up, so the worker's cache fills from the HTTP cache, not the network.
  registerServiceWorker().catch(() => {});  // the page works without it, only not offline
  // A link pasted into this tab's address bar changes only the fragment: open it.
  window.addEventListener("hashchange", () => {
    say("");
    openRecord(recordFromFragment());
  });
}

// The page API for tests and embedding (documented in the README).
window.tavoliere = {
  ready,
  // the game of the position on screen: table.game changes first, while its view is asked for
  view: () => table.view && {
    game: table.view.game,
    moves: [...table.view.moves],
    sealed: table.view.sealed || 0,
    to_move: table.view.to_move,
    outcome: table.view.outcome,
    legal: table.view.legal.map((m) => m.name),
  },
  cellCenter: (name) => board.cellCenter(name),
  // Correspondence games: start one ({game, side: 0 or 1, names: [first side's, second
  // side's]}, resolves to the link for the other player), the link to send after the last
  // move (null when the game on screen is not one), and the games kept in this browser.
  correspondence: {
    start: async (options) => {
      try {
        return await startCorrespondence(options || {});
      } catch (error) {
        throw new Error(errorText(error, "en"));
      }
    },
    link: () => (room.corr ? corrLink(room.corr) : null),
    games: () => loadCorrespondence().games.map((g) => ({ ...g, moves: [...g.moves], names: [...g.names] })),
  },
  play: async (name) => {
    const answer = await table.play(name);
    if (!answer.ok) throw new Error(answer.message || answer.error);
    return answer;
  },
  // for tests: whether the computer is thinking, the legal moves with their click
  // sequences, the last move ({name, clicks, cells} or null) and a cell's size in CSS pixels
  thinking: () => Boolean(table.thinking),
  legalMoves: () => table.view.legal.map((m) => ({ name: m.name, clicks: [...m.clicks] })),
  lastMove: () => table.view.last,
  picture: () => table.picture(),  // what the board draws (a move half made included)
  cellSize: () => board.scale,
  animating: () => board.animating,  // a move is being drawn (also the canvas's data-animating)
  cursor: () => room.cursor,
  // how the engine started ({path, ms, key, storage}) and the snapshot made on this visit, if
  // any (README, "Snapshots"); a Promise of the maker's report; a bridge request, answered
  engineLoad: () => engine.load && { ...engine.load, snapshot: engine.snapshot, prestarted: engine.prestarted },
  snapshotDone: () => engine.snapshotDone,
  engineRequest: (request) => engine.request(request),
  opened: () => room.opened,
  // the review of the finished game on the table, as far as it went: {done, verdicts: [{mover,
  // before, after, mark, best}]} with the mover's chances before and after each move, or null
  review: () => {
    const review = currentReview();
    return review && { done: review.done, verdicts: review.verdicts() };
  },
};

main().catch((error) => {
  $("status").textContent = t("stage.failed", { detail: error.message });
  $("retry").hidden = false;
});
