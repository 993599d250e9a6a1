// The game room: the table (web/table.js) in a page with a header, a panel, dialogs, the link
// in the address bar and saved games.  It keeps no rules and names no game: everything about
// a game comes from the engine's views and from the game's texts in site.json.
import { BoardView } from "./board.js";
import { boardKey as sharedBoardKey } from "./boards.js";
import { Engine } from "./engine.js";
import { PageError, errorText, getLanguage, setLanguage, t, translatePage } from "./i18n.js";
import { wireRecords } from "./records.js";
import { currentGame, loadGames, newGameId, saveGame } from "./storage.js";
import { Table, playerText as writePlayer, readMoves, readPlayer } from "./table.js";
import { GameTexts } from "./texts.js";

const DEFAULT_PLAYERS = [{ kind: "human" }, { kind: "ai", level: 2 }];
const HINT_LEVEL = 3;
const MAX_FRAGMENT = 100000;

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
};

const board = new BoardView($("board"), (cell) => table.click(cell), (cell) => table.hover(cell));
const engine = new Engine(onStage);
const table = new Table(engine, {
  players: loadPlayers(),
  confirmBranch: () => window.confirm(t("new-line")),
});
let markReady;
const ready = new Promise((resolve) => { markReady = resolve; });

// -- saved settings ---------------------------------------------------------------------------
function loadPlayers() {
  try {
    const saved = JSON.parse(localStorage.getItem("tavoliere.players"));
    if (Array.isArray(saved) && saved.length === 2) return saved.map((p) => readPlayer(writePlayer(p)));
  } catch { /* unreadable settings: use the defaults */ }
  return DEFAULT_PLAYERS.map((p) => ({ ...p }));
}

function validPlayer(p) {
  return p && (p.kind === "human" || (p.kind === "ai" && Number.isInteger(p.level) && p.level >= 1 && p.level <= 5));
}

function savePlayers() {
  try { localStorage.setItem("tavoliere.players", JSON.stringify(table.players)); } catch { /* full: kept for this visit */ }
}

// -- the record in the URL fragment ---------------------------------------------------------
function readFragment() {
  const text = location.hash.replace(/^#/, "");
  if (!text) return { game: defaultGame(), moves: [], ply: null };
  if (text.length > MAX_FRAGMENT) throw new PageError("link.too-long");
  const params = new URLSearchParams(text);
  const game = params.get("game") || defaultGame();
  const moves = readMoves(params.get("moves"));
  const players = ["white", "black"].map((side) => params.get(side));
  if (players.some((p) => p !== null)) {
    table.players = players.map((text, i) => (text === null ? table.players[i] : readPlayer(text)));
  }
  const plyText = params.get("ply");
  const ply = plyText === null || plyText === "last" ? null : Number(plyText);
  if (ply !== null && !(Number.isInteger(ply) && ply >= 0 && ply <= moves.length)) throw new PageError("link.ply", { ply: plyText.slice(0, 20) });
  return { game, moves, ply };
}

function writeFragment() {
  if (!table.game || table.opening) return;
  const h = table.history;
  const parts = [`game=${table.game}`];
  if (h.moves.length) parts.push(`moves=${h.moves.join(",")}`);
  if (!h.atEnd) parts.push(`ply=${h.cursor}`);
  history.replaceState(null, "", `#${parts.join("&")}`);
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
  board.show(table.picture(room.cursor));
  renderTurn();
  renderMoves();
  renderButtons();
}

function renderTurn() {
  const v = table.view;
  const h = table.history;
  const words = room.texts;
  let text = v.outcome ? words.outcome(v.outcome) : words.toMove(v.to_move);
  if (!h.atEnd) text += ` · ${t("viewing", { ply: h.cursor, total: h.moves.length })}`;
  $("turn").textContent = text;
  $("players").textContent = t("players", { white: playerName(0), black: playerName(1) });
  const warning = v.outcome ? "" : words.mark(v.marks);
  $("warning").textContent = warning;
  $("warning").hidden = !warning;
  $("banner").hidden = !(v.outcome && h.atEnd);
  if (v.outcome) $("banner-text").textContent = words.outcome(v.outcome);
  $("thinking").hidden = !table.thinking;
}

// "You", "Person" or "Computer, level N"; records ask for English, a file format's language.
function playerName(side, lang = getLanguage()) {
  const p = table.players[side];
  if (p.kind === "ai") return t("computer", { level: p.level }, lang);
  return t(table.players[1 - side].kind === "ai" ? "you" : "person", {}, lang);
}

function renderMoves() {
  const list = $("move-list");
  const moves = table.history.moves;
  const items = [];
  for (let i = 0; i < moves.length; i += 2) {
    const item = document.createElement("li");
    for (const ply of [i + 1, i + 2]) {
      if (ply > moves.length) break;
      const button = document.createElement("button");
      button.type = "button";
      button.className = "move";
      button.textContent = moves[ply - 1];
      button.dataset.ply = String(ply);
      if (ply === table.history.cursor) button.setAttribute("aria-current", "step");
      button.addEventListener("click", () => table.goTo(ply));
      item.append(button);
    }
    items.push(item);
  }
  list.replaceChildren(...items);
  const current = list.querySelector("[aria-current]");
  if (current) current.scrollIntoView({ block: "nearest" });
}

function renderButtons() {
  const h = table.history;
  const legal = table.view.legal;
  $("typed-move").placeholder = legal.length ? legal[legal.length >> 1].name : "";
  const ready = room.stage === "ready";
  $("first").disabled = $("previous").disabled = h.cursor === 0;
  $("next").disabled = $("last").disabled = h.atEnd;
  $("undo").disabled = !ready || !h.moves.length;
  $("redo").disabled = !ready || !h.undone.length;
  $("hint").disabled = !ready || !table.humanToMove();
  $("move-now").hidden = !table.thinking || table.thinking.kind !== "move";
  const buttons = table.buttons().map((move) => {
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = room.texts.buttonLabel(move);
    button.dataset.move = move.name;
    button.addEventListener("click", () => table.play(move.name));
    return button;
  });
  $("move-buttons").replaceChildren(...buttons);
  $("move-buttons").hidden = !buttons.length;
}

// One line for the player: errors (kind "error") stand out, guidance does not.
function say(text, kind = "error") {
  $("message").textContent = text;
  $("message").dataset.kind = kind;
}

// Screen readers hear moves and results through a polite live region.
function announce(text) {
  $("announcer").textContent = text;
}

// The game in progress is saved after every move (and after undo), to resume after a reload.
function save() {
  const problem = saveGame({ id: room.id, game: table.game, moves: [...table.history.moves], players: table.players });
  if (problem) say(t("save-problem", { detail: errorText(problem, getLanguage()) }));
}

function wireTable() {
  table.addEventListener("change", () => { writeFragment(); render(); });
  table.addEventListener("record", save);
  table.addEventListener("message", ({ detail }) => {
    if (detail.answer) say(room.texts.error(detail.answer));
    else say(t(detail.key, detail.params), detail.kind);
  });
  table.addEventListener("played", ({ detail }) => {
    say("");
    const v = detail.view;
    const player = room.texts.player(v.last.player);
    announce(`${t("played", { player, move: detail.move })}${v.outcome ? " " + room.texts.outcome(v.outcome) : ""}`);
  });
  table.addEventListener("progress", ({ detail }) => showProgress(detail));
}

// -- engine status ------------------------------------------------------------------------------
function onStage(stage, detail) {
  room.stage = stage;
  $("status").textContent = t(`stage.${stage}`, { detail });
  $("status").dataset.stage = stage;
  $("retry").hidden = stage !== "failed";
  render();
}

function showProgress(progress) {
  let detail = "";
  if (progress.proven) detail = t(`proven.${progress.proven}`);
  else if (progress.best) {
    const chance = progress.win_chance === null || progress.win_chance === undefined ? "?" : Math.round(100 * progress.win_chance);
    detail = t("thinking-detail", { move: progress.best, chance });
  }
  $("thinking").textContent = t("thinking", { detail });
}

// -- opening games ----------------------------------------------------------------------------
// Draw the record's board at once, then open it when the engine is ready; a record that
// cannot be read is refused with the reason and a fresh game opens instead.
async function startGame(spec, moves = [], ply = null, id = newGameId()) {
  table.stopThinking();
  room.id = id;
  room.opening = { game: spec, moves, ply, id };  // what Retry opens if the engine fails first
  table.showPrebuilt(await loadBoard(spec));
  await engine.ready;
  let answer = await table.open(spec, moves, ply);
  if (!answer.ok) {
    say(t("bad-link", { detail: room.texts.error(answer) }));
    const fresh = boardKey(spec) ? spec : defaultGame();
    answer = await table.open(fresh, []);
    if (!answer.ok) answer = await table.open(defaultGame(), []);
  }
  await loadBoard(table.game);
  render();
}

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
    if (option.kind === "int" && !values.includes(option.default)) values.push(option.default);
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
    const info = room.site.games.find((g) => g.name === gameChoice.value);
    const words = new GameTexts(room.site, info.name, getLanguage());
    const options = info.options.filter((o) => !o.hidden);  // safety limits, say
    $("options").replaceChildren(...options.map((o) => optionControl(words, o, o.default)));
    for (const side of [0, 1]) $(`seat-${side}`).textContent = words.player(side);
  };
  gameChoice.onchange = fillOptions;
  fillOptions();
  playerChoices($("white-choice"), table.players[0]);
  playerChoices($("black-choice"), table.players[1]);
  $("new-game-dialog").showModal();
}

function specFromForm() {
  const name = $("game-choice").value;
  const info = room.site.games.find((g) => g.name === name);
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
  const info = room.site.games.find((g) => g.name === spec.split("(")[0]);
  return info ? `${info.title} ${spec.includes("(") ? spec.slice(spec.indexOf("(")) : ""}`.trim() : spec;
}

function wire() {
  $("theme").addEventListener("change", () => {
    try { localStorage.setItem("tavoliere.theme", $("theme").value); } catch { /* for this visit */ }
    applyTheme();
  });
  darkScheme.addEventListener("change", applyTheme);
  $("coordinates").addEventListener("change", () => {
    board.showLabels = $("coordinates").checked;
    board.draw();
  });
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
    record: () => ({ game: table.game, moves: [...table.history.moves], players: table.players }),
    playerName: (side) => playerName(side, "en"),
    open: (entry) => {
      if (entry.players) table.players = entry.players;
      say("");
      return startGame(entry.game, entry.moves, null, entry.id);
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
    open(table.ready ? { game: table.game, moves: h.moves, ply: h.cursor, id: room.id } : room.opening);
  });
  $("new-game").addEventListener("click", openNewGameDialog);
  $("new-game-form").addEventListener("submit", (event) => {
    if (event.submitter && event.submitter.value !== "start") return;
    table.players = [readPlayer($("white-choice").value), readPlayer($("black-choice").value)];
    savePlayers();
    say("");
    startGame(specFromForm());
  });
  $("rematch").addEventListener("click", () => { say(""); startGame(table.game); });
  $("swap-sides").addEventListener("click", () => {
    table.players.reverse();
    savePlayers();
    say("");
    startGame(table.game);
  });
  $("undo").addEventListener("click", () => table.undo());
  $("redo").addEventListener("click", () => table.redo());
  $("hint").addEventListener("click", () => table.hintMove(HINT_LEVEL));
  $("move-now").addEventListener("click", () => table.moveNow());
  $("first").addEventListener("click", () => table.goTo(0));
  $("previous").addEventListener("click", () => table.goTo(table.history.cursor - 1));
  $("next").addEventListener("click", () => table.goTo(table.history.cursor + 1));
  $("last").addEventListener("click", () => table.goTo(table.history.moves.length));
  $("typed").addEventListener("submit", async (event) => {
    event.preventDefault();
    const text = $("typed-move").value.trim();
    if (!text || !table.humanToMove()) return;
    const answer = await table.play(text);
    if (answer.ok) $("typed-move").value = "";
  });
  document.addEventListener("keydown", (event) => {
    if (event.target.closest("input, select, textarea, dialog, button")) return;
    if (event.key === "?") { event.preventDefault(); $("keys-dialog").showModal(); return; }
    if (event.key === "Enter" && table.complete()) { event.preventDefault(); table.confirm(); return; }
    const h = table.history;
    const keys = { ArrowLeft: h.cursor - 1, ArrowRight: h.cursor + 1, Home: 0, End: h.moves.length };
    if (event.key in keys) { event.preventDefault(); table.goTo(keys[event.key]); }
    if (event.key === "Escape") { table.cancel(); say(""); }
  });
}

// The game saved last, to resume after a reload (a link, when there is one, wins).
function resumeRecord() {
  const entry = currentGame();
  if (!entry) return { game: defaultGame(), moves: [], ply: null };
  if (entry.players.every(validPlayer)) table.players = entry.players;
  return { game: entry.game, moves: entry.moves, ply: null, id: entry.id };
}

// Show a record once the engine is ready; if the engine fails, the status line says why and
// the retry button calls this again.
async function open(record) {
  try {
    await startGame(record.game, record.moves, record.ply, record.id);
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
  room.site = await (await fetch("site.json")).json();
  const record = location.hash.length > 1 ? recordFromFragment() : resumeRecord();
  if (problem) say(t("saved-problem", { detail: errorText(problem, getLanguage()) }));
  table.showPrebuilt(await loadBoard(record.game));
  performance.mark("board-painted");
  await open(record);
  // After the engine is up, so the worker's cache fills from the HTTP cache, not the network.
  registerServiceWorker().catch(() => {});  // the page works without it, only not offline
  // A link pasted into this tab's address bar changes only the fragment: open it.
  window.addEventListener("hashchange", () => {
    say("");
    const next = recordFromFragment();
    startGame(next.game, next.moves, next.ply);
  });
}

// The page API for tests and embedding (documented in the README).
window.tavoliere = {
  ready,
  view: () => table.view && {
    game: table.game,
    moves: [...table.view.moves],
    to_move: table.view.to_move,
    outcome: table.view.outcome,
    legal: table.view.legal.map((m) => m.name),
  },
  cellCenter: (name) => board.cellCenter(name),
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
  cellSize: () => board.scale,
  cursor: () => room.cursor,
};

main().catch((error) => {
  $("status").textContent = t("stage.failed", { detail: error.message });
  $("retry").hidden = false;
});
