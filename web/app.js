// The game room: owns the record (game spec, moves, players), asks the engine for views, and
// turns clicks into moves by narrowing the legal moves' click sequences.  It keeps no rules.
import { BoardView } from "./board.js";
import { boardKey as sharedBoardKey } from "./boards.js";
import { Engine } from "./engine.js";
import { History } from "./history.js";
import { getLanguage, setLanguage, t, translatePage } from "./i18n.js";
import { matching, narrow, nextClicks } from "./moves.js";
import { wireRecords } from "./records.js";
import { RULES } from "./rules.js";
import { currentGame, loadGames, newGameId, saveGame } from "./storage.js";

const DEFAULT_GAME = "barrier";
const DEFAULT_PLAYERS = [{ kind: "human" }, { kind: "ai", level: 2 }];
const HINT_LEVEL = 3;
const MAX_FRAGMENT = 100000;
const MAX_MOVES = 5000;

const $ = (id) => document.getElementById(id);
const room = {
  site: null,                 // site.json: version, wheel, games, boards
  game: DEFAULT_GAME,         // canonical spec once the engine has read it
  players: loadPlayers(),     // [{kind: "human"} | {kind: "ai", level}] for White and Black
  history: new History(),
  view: null,                 // the engine's view of the position on screen
  clicks: [],                 // cells clicked so far towards the next move
  preview: [],                // cells the candidate moves would turn into obstacles
  hint: [],                   // cells of a suggested move
  thinking: null,             // {id, line} while the computer searches
  playing: false,             // a move is on its way to the engine
  stage: "downloading",
  boardKey: null,
  id: newGameId(),            // this game's key among the saved games
  cursor: null,               // the keyboard cursor's cell
};

const board = new BoardView($("board"), (cell) => clickCell(cell), (cell) => hoverCell(cell));
const engine = new Engine(onStage);
let markReady;
const ready = new Promise((resolve) => { markReady = resolve; });

// -- saved settings ---------------------------------------------------------------------------
function loadPlayers() {
  try {
    const saved = JSON.parse(localStorage.getItem("tavoliere.players"));
    if (Array.isArray(saved) && saved.length === 2 && saved.every(validPlayer)) return saved;
  } catch { /* unreadable settings: use the defaults */ }
  return DEFAULT_PLAYERS.map((p) => ({ ...p }));
}

function validPlayer(p) {
  return p && (p.kind === "human" || (p.kind === "ai" && Number.isInteger(p.level) && p.level >= 1 && p.level <= 5));
}

function savePlayers() {
  localStorage.setItem("tavoliere.players", JSON.stringify(room.players));
}

// -- the record in the URL fragment ---------------------------------------------------------
function readFragment() {
  const text = location.hash.replace(/^#/, "");
  if (!text) return { game: DEFAULT_GAME, moves: [], ply: null };
  if (text.length > MAX_FRAGMENT) throw new Error("the link is too long");
  const params = new URLSearchParams(text);
  const game = params.get("game") || DEFAULT_GAME;
  const moves = (params.get("moves") || "").split(",").map((m) => m.trim()).filter(Boolean);
  if (moves.length > MAX_MOVES) throw new Error(`more than ${MAX_MOVES} moves`);
  const players = ["white", "black"].map((side) => params.get(side));
  if (players.some((p) => p !== null)) {
    room.players = players.map((text, i) => (text === null ? room.players[i] : readPlayerText(text)));
  }
  const plyText = params.get("ply");
  const ply = plyText === null || plyText === "last" ? null : Number(plyText);
  if (ply !== null && !(Number.isInteger(ply) && ply >= 0 && ply <= moves.length)) throw new Error(`no ply ${plyText}`);
  return { game, moves, ply };
}

function writeFragment() {
  const h = room.history;
  const parts = [`game=${room.game}`];
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
  if (!room.site.boards[key]) key = DEFAULT_GAME;
  const data = await (await fetch(room.site.boards[key])).json();
  if (room.boardKey !== key) board.setLayout(data.layout);
  room.boardKey = key;
  return data.view;
}

// -- drawing ----------------------------------------------------------------------------------
// Dots on the cells that can be clicked next, unless that is simply every cell (a placement
// game's first click), where they would only hide the board.
function targetsToShow(view) {
  const targets = nextClicks(view.legal, room.clicks);
  return room.clicks.length || targets.length <= 24 ? targets : [];
}

function humanToMove() {
  const v = room.view;
  return v && !v.outcome && room.players[v.to_move].kind === "human" && !room.thinking && !room.playing;
}

function render() {
  const v = room.view;
  const notes = v.notes || {};
  const outcome = v.outcome;
  const canPlay = room.stage === "ready" && humanToMove();
  board.show({
    pieces: v.pieces,
    last: v.last ? v.last.cells : [],
    selected: room.clicks,
    targets: canPlay ? targetsToShow(v) : [],
    preview: room.preview,
    shaded: notes.forbidden || [],
    win: outcome ? outcome.cells : (notes.pending ? notes.pending.cells : []),
    hint: room.hint,
    leaving: notes.captured || [],
    cursor: room.cursor,
  });
  renderTurn();
  renderMoves();
  renderButtons();
}

function renderTurn() {
  const v = room.view;
  const h = room.history;
  let text = v.outcome ? outcomeText(v.outcome) : t("to-move", { player: t(`player.${v.to_move}`) });
  if (!h.atEnd) text += ` · ${t("viewing", { ply: h.cursor, total: h.moves.length })}`;
  $("turn").textContent = text;
  $("players").textContent = t("players", { white: playerText(0), black: playerText(1) });
  const notes = v.notes || {};
  let warning = "";
  if (notes.pending && !v.outcome) {
    const player = notes.pending.player;
    warning = t("pending-six", { player: t(`player.${player}`), opponent: t(`player.${1 - player}`) });
  } else if (notes.forbidden && notes.forbidden.length && !v.outcome) {
    warning = t("forbidden-zone");
  }
  $("warning").textContent = warning;
  $("warning").hidden = !warning;
  const banner = $("banner");
  banner.hidden = !(v.outcome && h.atEnd);
  if (v.outcome) $("banner-text").textContent = outcomeText(v.outcome);
}

function playerText(side) {
  const p = room.players[side];
  return p.kind === "human" ? t(room.players[1 - side].kind === "ai" ? "you" : "person") : t("computer", { level: p.level });
}

function renderMoves() {
  const list = $("move-list");
  const moves = room.history.moves;
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
      if (ply === room.history.cursor) button.setAttribute("aria-current", "step");
      button.addEventListener("click", () => goTo(ply));
      item.append(button);
    }
    items.push(item);
  }
  list.replaceChildren(...items);
  const current = list.querySelector("[aria-current]");
  if (current) current.scrollIntoView({ block: "nearest" });
}

function renderButtons() {
  const h = room.history;
  const example = room.view.legal.length ? room.view.legal[room.view.legal.length >> 1].name : "";
  $("typed-move").placeholder = example;
  const ready = room.stage === "ready";
  $("first").disabled = $("previous").disabled = h.cursor === 0;
  $("next").disabled = $("last").disabled = h.atEnd;
  $("undo").disabled = !ready || !h.moves.length;
  $("redo").disabled = !ready || !h.undone.length;
  $("hint").disabled = !ready || !humanToMove();
  $("move-now").hidden = !room.thinking || room.thinking.kind !== "move";
}

function outcomeText(outcome) {
  const reasons = outcome.reason.split("+").map((r) => t(`reason.${r}`, {
    loser: outcome.winner === null ? "" : t(`player.${1 - outcome.winner}`),
  })).join(" + ");
  if (outcome.winner === null) return `${t("draw")}: ${reasons}`;
  return `${t("wins", { player: t(`player.${outcome.winner}`) })}: ${reasons}`;
}

// One line for the player: errors (kind "error") stand out, guidance does not.
// The game in progress is saved after every move (and after undo), to resume after a reload.
function save() {
  saveGame({ id: room.id, game: room.game, moves: [...room.history.moves], players: room.players });
}

// Screen readers hear moves and results through a polite live region.
function announce(text) {
  $("announcer").textContent = text;
}

function say(text, kind = "error") {
  $("message").textContent = text;
  $("message").dataset.kind = kind;
}

// -- engine status ------------------------------------------------------------------------------
function onStage(stage, detail) {
  room.stage = stage;
  $("status").textContent = t(`stage.${stage}`, { detail });
  $("status").dataset.stage = stage;
  $("retry").hidden = stage !== "failed";
  if (room.view) render();
}

// -- showing positions ---------------------------------------------------------------------------
async function showPosition() {
  const answer = await engine.request({ op: "view", game: room.game, moves: room.history.line() });
  if (!answer.ok) { say(answer.message); return false; }
  room.view = answer;
  room.clicks = [];
  room.preview = [];
  room.hint = [];
  writeFragment();
  render();
  computerTurn();
  return true;
}

async function goTo(ply) {
  stopThinking();
  room.history.goTo(ply);
  await showPosition();
}

// -- making moves ---------------------------------------------------------------------------------
async function clickCell(cell) {
  if (!room.view) return;
  if (room.stage !== "ready") { say(t("waiting-engine")); return; }
  if (!humanToMove()) return;
  const { clicks, candidates, move } = narrow(room.view.legal, room.clicks, cell);
  if (!candidates.length) {
    room.clicks = [];
    room.preview = [];
    say(t("illegal-click", { cell }));
    render();
    return;
  }
  if (move) {
    await playMove(move.name).catch(() => {});
    return;
  }
  room.clicks = clicks;
  say(t("choose-next"), "info");
  room.preview = await previewCells(candidates);
  render();
}

// The cells that every candidate turns into an obstacle (a Barrier path, a Hekka path before
// its removal), asked of the engine so the page needs no rules.
async function previewCells(candidates) {
  if (candidates.length > 6) return [];
  const line = room.history.line();
  const answers = await Promise.all(candidates.map((m) => engine.request({ op: "preview", game: room.game, moves: line, move: m.name })));
  const sets = answers.filter((a) => a.ok).map((a) => new Set(Object.keys(a.pieces).filter(
    (cell) => a.pieces[cell] === "obstacle" && room.view.pieces[cell] !== "obstacle")));
  if (!sets.length) return [];
  const union = new Set(sets.flatMap((s) => [...s]));
  return [...union];
}

async function hoverCell(cell) {
  if (!humanToMove() || room.stage !== "ready" || room.clicks.length) return;
  const candidates = cell ? matching(room.view.legal, [cell]) : [];
  const wanted = candidates.length && candidates.length <= 6 ? candidates : [];
  const key = wanted.map((m) => m.name).join(" ");
  if (key === room.hoverKey) return;
  room.hoverKey = key;
  const cells = wanted.length ? await previewCells(wanted) : [];
  if (room.hoverKey === key && !room.clicks.length) {
    room.preview = cells;
    render();
  }
}

function cancelSelection() {
  room.clicks = [];
  room.preview = [];
  say("");
  render();
}

async function playMove(name) {
  if (!room.history.atEnd) {
    if (!window.confirm(t("new-line"))) throw new Error("cancelled");
  }
  stopThinking();
  // One move at a time: a second click before the first move's answer would be judged
  // against the old position.
  room.playing = true;
  let answer;
  try {
    answer = await engine.request({ op: "play", game: room.game, moves: room.history.line(), move: name });
  } finally {
    room.playing = false;
  }
  room.clicks = [];
  room.preview = [];
  if (!answer.ok) {
    say(answer.message);
    render();
    throw new Error(answer.message);
  }
  room.history.push(answer.played);
  room.view = answer;
  room.hint = [];
  say("");
  writeFragment();
  save();
  render();
  announce(`${t("played", { player: t(`player.${1 - answer.to_move}`), move: answer.played })}${answer.outcome ? " " + outcomeText(answer.outcome) : ""}`);
  computerTurn();
  return answer;
}

// -- the computer ---------------------------------------------------------------------------------------
function computerTurn() {
  const v = room.view;
  if (!v || v.outcome || !room.history.atEnd || room.stage !== "ready") return;
  const player = room.players[v.to_move];
  if (player.kind !== "ai" || room.thinking) return;
  think("move", player.level);
}

async function think(kind, level) {
  const line = room.history.line();
  const request = { game: room.game, moves: line, level, seed: line.length };
  const pending = engine.think(request, (progress) => showProgress(progress));
  room.thinking = { id: pending.id, kind, line: line.join(",") };
  $("thinking").hidden = false;
  $("thinking").textContent = t("thinking", { detail: "" });
  render();
  const answer = await pending;
  const current = room.thinking;
  if (!current || current.id !== pending.id) return;  // a stale answer: the record moved on
  room.thinking = null;
  $("thinking").hidden = true;
  if (!answer.ok) { say(answer.message); render(); return; }
  if (kind === "hint") {
    room.hint = answer.cells || [];
    say(t("hint-is", { move: answer.move }), "info");
    render();
    return;
  }
  await playMove(answer.move).catch(() => {});
}

function showProgress(progress) {
  if (!room.thinking) return;
  let detail = "";
  if (progress.proven) detail = t(`proven.${progress.proven}`);
  else if (progress.best) {
    const chance = progress.win_chance === null || progress.win_chance === undefined ? "?" : Math.round(100 * progress.win_chance);
    detail = t("thinking-detail", { move: progress.best, chance });
  }
  $("thinking").textContent = t("thinking", { detail });
}

function stopThinking() {
  if (!room.thinking) return;
  engine.stop(room.thinking.id);
  room.thinking = null;
  $("thinking").hidden = true;
}

// -- undo, redo, new games ------------------------------------------------------------------------------
async function undo() {
  stopThinking();
  const h = room.history;
  const againstComputer = room.players.some((p) => p.kind === "ai") && room.players.some((p) => p.kind === "human");
  if (!h.undo()) return;
  await showPosition();
  save();
  // Against the computer, go back to the last position where a person is to move.
  while (againstComputer && room.players[room.view.to_move].kind === "ai" && h.moves.length) {
    h.undo();
    if (!(await showPosition())) break;
  }
}

async function redo() {
  stopThinking();
  const h = room.history;
  if (!h.redo()) return;
  await showPosition();
  while (h.undone.length && room.players[room.view.to_move].kind === "ai" && !room.view.outcome) {
    h.redo();
    await showPosition();
  }
}

async function startGame(spec, moves = [], ply = null, id = newGameId()) {
  stopThinking();
  room.id = id;
  room.history = new History(moves, ply === null ? moves.length : ply);
  room.view = await loadBoard(spec);
  room.game = spec;
  render();
  await engine.ready;
  let answer = await engine.request({ op: "view", game: spec, moves: room.history.line() });
  if (answer.ok && moves.length) {
    const full = await engine.request({ op: "view", game: spec, moves });
    if (!full.ok) answer = full;
    else room.history = new History(full.moves, room.history.cursor);
  }
  if (!answer.ok) {
    say(t("bad-link", { detail: answer.message }));
    room.history = new History();
    const fresh = boardKey(spec) ? await engine.request({ op: "view", game: spec, moves: [] }) : { ok: false };
    answer = fresh.ok ? fresh : await engine.request({ op: "view", game: DEFAULT_GAME, moves: [] });
  }
  room.game = answer.game;
  await loadBoard(room.game);
  await showPosition();
}

// -- the new game dialog -----------------------------------------------------------------------------
function optionControl(option, value) {
  const label = document.createElement("label");
  const caption = document.createElement("span");
  caption.textContent = t(`option.${option.name}`);
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
      const text = option.kind === "choice" ? t(`option.${option.name}.${v}`) : String(v);
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
  select.value = player.kind === "human" ? "human" : `ai:${player.level}`;
}

function openNewGameDialog() {
  const gameChoice = $("game-choice");
  gameChoice.replaceChildren(...room.site.games.map((g) => new Option(g.title, g.name)));
  gameChoice.value = boardKey(room.game) ? room.game.split("(")[0] : DEFAULT_GAME;
  const fillOptions = () => {
    const info = room.site.games.find((g) => g.name === gameChoice.value);
    // max_plies is a safety limit, not a choice players need to make
    const options = info.options.filter((o) => o.name !== "max_plies");
    $("options").replaceChildren(...options.map((o) => optionControl(o, o.default)));
  };
  gameChoice.onchange = fillOptions;
  fillOptions();
  playerChoices($("white-choice"), room.players[0]);
  playerChoices($("black-choice"), room.players[1]);
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

// "human" or "ai:N" (the new game form's values; also accepted in the link as white=/black=)
function readPlayerText(text) {
  const match = /^ai:([1-5])$/.exec(text);
  if (text === "human") return { kind: "human" };
  if (match) return { kind: "ai", level: Number(match[1]) };
  throw new Error(`a player is human or ai:1 to ai:5, not ${text.slice(0, 20)}`);
}

function readPlayer(select) {
  return readPlayerText(select.value);
}

// -- wiring -----------------------------------------------------------------------------------------------
// -- themes, rules, keys, descriptions ----------------------------------------------------------------
const darkScheme = window.matchMedia("(prefers-color-scheme: dark)");

function applyTheme() {
  const choice = localStorage.getItem("tavoliere.theme") || "auto";
  $("theme").value = choice;
  const dark = choice === "dark" || (choice === "auto" && darkScheme.matches);
  document.documentElement.dataset.theme = dark ? "dark" : "light";
  board.draw();
}

function showRules() {
  const name = room.game.split("(")[0];
  const info = room.site.games.find((g) => g.name === name);
  $("rules-title").textContent = info ? info.title : name;
  $("rules-text").replaceChildren(...(RULES[name] ? RULES[name][getLanguage()] : []).map((text) => {
    const paragraph = document.createElement("p");
    paragraph.textContent = text;
    return paragraph;
  }));
  $("rules-dialog").showModal();
}

// The position in words, for people who cannot see the board.
function describePosition() {
  const v = room.view;
  const groups = {};
  for (const [cell, piece] of Object.entries(v.pieces)) (groups[piece] = groups[piece] || []).push(cell);
  const parts = ["white", "black", "obstacle"].filter((k) => groups[k]).map(
    (kind) => t("desc.pieces", { kind: t(`content.${kind}`), cells: groups[kind].join(", ") }));
  if (!parts.length) parts.push(t("desc.none"));
  parts.push(v.outcome ? outcomeText(v.outcome) : `${t("to-move", { player: t(`player.${v.to_move}`) })}. ${t("desc.legal", { count: v.legal.length })}`);
  const text = parts.join(" ");
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
  const content = room.view.pieces[best.name] || "empty";
  announce(t("cursor", { cell: best.name, content: t(`content.${content}`) }));
  render();
}

function boardKeys(event) {
  if (event.key.startsWith("Arrow")) {
    event.preventDefault();
    event.stopPropagation();
    moveCursor(event.key);
  } else if ((event.key === "Enter" || event.key === " ") && room.cursor) {
    event.preventDefault();
    clickCell(room.cursor);
  }
}

function gameTitle(spec) {
  const info = room.site.games.find((g) => g.name === spec.split("(")[0]);
  return info ? `${info.title} ${spec.includes("(") ? spec.slice(spec.indexOf("(")) : ""}`.trim() : spec;
}

function wire() {
  $("theme").addEventListener("change", () => {
    localStorage.setItem("tavoliere.theme", $("theme").value);
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
    record: () => ({ game: room.game, moves: [...room.history.moves], players: room.players }),
    playerName: (side) => playerText(side),
    open: (entry) => {
      if (entry.players) room.players = entry.players;
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
    onStage(room.stage, "");
  });
  $("retry").addEventListener("click", () => {
    engine.restart();
    open({ game: room.game, moves: room.history.moves, ply: room.history.cursor, id: room.id });
  });
  $("new-game").addEventListener("click", openNewGameDialog);
  $("new-game-form").addEventListener("submit", (event) => {
    if (event.submitter && event.submitter.value !== "start") return;
    room.players = [readPlayer($("white-choice")), readPlayer($("black-choice"))];
    savePlayers();
    say("");
    startGame(specFromForm());
  });
  $("rematch").addEventListener("click", () => { say(""); startGame(room.game); });
  $("swap-sides").addEventListener("click", () => {
    room.players.reverse();
    savePlayers();
    say("");
    startGame(room.game);
  });
  $("undo").addEventListener("click", undo);
  $("redo").addEventListener("click", redo);
  $("hint").addEventListener("click", () => humanToMove() && think("hint", HINT_LEVEL));
  $("move-now").addEventListener("click", () => room.thinking && engine.stop(room.thinking.id));
  $("first").addEventListener("click", () => goTo(0));
  $("previous").addEventListener("click", () => goTo(room.history.cursor - 1));
  $("next").addEventListener("click", () => goTo(room.history.cursor + 1));
  $("last").addEventListener("click", () => goTo(room.history.moves.length));
  $("typed").addEventListener("submit", async (event) => {
    event.preventDefault();
    const text = $("typed-move").value.trim();
    if (!text || !humanToMove()) return;
    try {
      await playMove(text);
      $("typed-move").value = "";
    } catch { /* the message is already shown */ }
  });
  document.addEventListener("keydown", (event) => {
    if (event.target.closest("input, select, textarea, dialog")) return;
    if (event.key === "?") { event.preventDefault(); $("keys-dialog").showModal(); return; }
    const keys = { ArrowLeft: room.history.cursor - 1, ArrowRight: room.history.cursor + 1, Home: 0, End: room.history.moves.length };
    if (event.key in keys) { event.preventDefault(); goTo(keys[event.key]); }
    if (event.key === "Escape") cancelSelection();
  });
}

// The game saved last, to resume after a reload (a link, when there is one, wins).
function resumeRecord() {
  const { problem } = loadGames();
  if (problem) say(t("saved-problem", { detail: problem }));
  const entry = currentGame();
  if (!entry) return { game: DEFAULT_GAME, moves: [], ply: null };
  room.players = entry.players.every(validPlayer) ? entry.players : room.players;
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
    say(t("bad-link", { detail: error.message }));
    return { game: DEFAULT_GAME, moves: [], ply: null };
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
  applyTheme();
  room.site = await (await fetch("site.json")).json();
  const record = location.hash.length > 1 ? recordFromFragment() : resumeRecord();
  room.game = record.game;
  room.view = await loadBoard(record.game);
  render();
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
  view: () => room.view && {
    game: room.game,
    moves: [...room.view.moves],
    to_move: room.view.to_move,
    outcome: room.view.outcome,
    legal: room.view.legal.map((m) => m.name),
  },
  cellCenter: (name) => board.cellCenter(name),
  play: (name) => playMove(name),
  // for tests: whether the computer is thinking, the legal moves with their click
  // sequences, the last move ({name, clicks, cells} or null) and a cell's size in CSS pixels
  thinking: () => Boolean(room.thinking),
  legalMoves: () => room.view.legal.map((m) => ({ name: m.name, clicks: [...m.clicks] })),
  lastMove: () => room.view.last,
  cellSize: () => board.scale,
  cursor: () => room.cursor,
};

main().catch((error) => {
  $("status").textContent = t("stage.failed", { detail: error.message });
  $("retry").hidden = false;
});
