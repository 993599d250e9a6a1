// The game room page: owns the record (game spec + move names), asks the engine for views,
// and turns clicks into moves by narrowing the legal moves' click sequences.
import { BoardView } from "./board.js";
import { Engine } from "./engine.js";
import { getLanguage, setLanguage, t, translatePage } from "./i18n.js";

const DEFAULT_GAME = "barrier";
const MAX_FRAGMENT = 100000;
const MAX_MOVES = 5000;

const $ = (id) => document.getElementById(id);
const state = {
  site: null,      // site.json: version, wheel, games, boards
  game: DEFAULT_GAME,
  view: null,      // the engine's (or the prebuilt) view of the record
  clicks: [],      // cells clicked so far towards the next move
  stage: "downloading",
};

const board = new BoardView($("board"), (cell) => clickCell(cell));
const engine = new Engine(onStage);
let markReady;
const ready = new Promise((resolve) => { markReady = resolve; });

// -- the record in the URL fragment ------------------------------------------------------
function readFragment() {
  const text = location.hash.replace(/^#/, "");
  if (!text) return { game: DEFAULT_GAME, moves: [] };
  if (text.length > MAX_FRAGMENT) throw new Error("the link is too long");
  const params = new URLSearchParams(text);
  const game = params.get("game") || DEFAULT_GAME;
  const moves = (params.get("moves") || "").split(",").map((m) => m.trim()).filter(Boolean);
  if (moves.length > MAX_MOVES) throw new Error(`more than ${MAX_MOVES} moves`);
  return { game, moves };
}

function writeFragment() {
  const parts = [`game=${state.game}`];
  if (state.view.moves.length) parts.push(`moves=${state.view.moves.join(",")}`);
  history.replaceState(null, "", `#${parts.join("&")}`);
}

// -- drawing -------------------------------------------------------------------------------
function boardKey(spec) {
  // The prebuilt boards are keyed by canonical spec; only the size changes the board.
  const match = /^\s*([a-z]+)\s*(?:\((.*)\))?\s*$/.exec(spec);
  if (!match) return null;
  const info = state.site.games.find((g) => g.name === match[1]);
  if (!info) return null;
  const size = /(?:^|,)\s*size\s*=\s*(\d+)/.exec(match[2] || "");
  const sizeOption = info.options.find((o) => o.name === "size");
  if (!size || !sizeOption || Number(size[1]) === sizeOption.default) return info.name;
  return `${info.name}(size=${Number(size[1])})`;
}

async function loadBoard(spec) {
  const key = state.site.boards[boardKey(spec)] ? boardKey(spec) : DEFAULT_GAME;
  const data = await (await fetch(state.site.boards[key])).json();
  board.setLayout(data.layout);
  return data.view;
}

function targetsFor(legal, clicks) {
  const next = new Set();
  for (const move of matching(legal, clicks)) if (move.clicks.length > clicks.length) next.add(move.clicks[clicks.length]);
  return [...next];
}

function matching(legal, clicks) {
  return legal.filter((move) => clicks.every((cell, i) => move.clicks[i] === cell));
}

function render() {
  const view = state.view;
  const outcome = view.outcome;
  board.show({
    pieces: view.pieces,
    last: view.last ? view.last.cells : [],
    selected: state.clicks,
    targets: state.stage === "ready" && !outcome ? targetsFor(view.legal, state.clicks) : [],
    win: outcome ? outcome.cells : [],
  });
  $("turn").textContent = outcome ? outcomeText(outcome) : t("to-move", { player: t(`player.${view.to_move}`) });
  const list = $("move-list");
  list.replaceChildren(...view.moves.map((name) => {
    const item = document.createElement("li");
    item.textContent = name;
    return item;
  }));
}

function outcomeText(outcome) {
  if (outcome.winner === null) return `${t("draw")}: ${reasonText(outcome)}`;
  return `${t("wins", { player: t(`player.${outcome.winner}`) })}: ${reasonText(outcome)}`;
}

function reasonText(outcome) {
  const loser = outcome.winner === null ? "" : t(`player.${1 - outcome.winner}`);
  return outcome.reason.split("+").map((r) => t(`reason.${r}`, { loser })).join(" + ");
}

function say(text) {
  $("message").textContent = text;
}

// -- engine status -------------------------------------------------------------------------
function onStage(stage, detail) {
  state.stage = stage;
  $("status").textContent = t(`stage.${stage}`, { detail });
  $("status").dataset.stage = stage;
  $("retry").hidden = stage !== "failed";
  if (state.view) render();
}

// -- moves -----------------------------------------------------------------------------------
async function clickCell(cell) {
  if (!state.view || state.view.outcome) return;
  if (state.stage !== "ready") { say(t("waiting-engine")); return; }
  let clicks = [...state.clicks, cell];
  let candidates = matching(state.view.legal, clicks);
  if (!candidates.length && state.clicks.length) {  // a fresh start elsewhere
    clicks = [cell];
    candidates = matching(state.view.legal, clicks);
  }
  if (!candidates.length) {
    state.clicks = [];
    say(t("illegal-click", { cell }));
    render();
    return;
  }
  const complete = candidates.filter((move) => move.clicks.length === clicks.length);
  if (candidates.length === 1 || complete.length === 1 && candidates.length === complete.length) {
    await playMove(candidates[0].name);
    return;
  }
  state.clicks = clicks;
  say(t("choose-next"));
  render();
}

async function playMove(name) {
  const answer = await engine.request({ op: "play", game: state.game, moves: state.view.moves, move: name });
  state.clicks = [];
  if (!answer.ok) {
    say(answer.message);
    render();
    throw new Error(answer.message);
  }
  state.view = answer;
  say("");
  writeFragment();
  render();
  return answer;
}

// -- starting a game ---------------------------------------------------------------------------
async function openRecord(game, moves) {
  const answer = await engine.request({ op: "view", game, moves });
  if (answer.ok) {
    state.game = answer.game;
    state.view = answer;
    return true;
  }
  say(t("bad-link", { detail: answer.message }));
  return false;
}

async function newGame(game) {
  state.game = game;
  state.clicks = [];
  state.view = await loadBoard(game);
  render();
  await engine.ready;
  if (!(await openRecord(game, []))) await openRecord(DEFAULT_GAME, []);
  await loadBoard(state.game);
  writeFragment();
  render();
}

function fillNewGameForm() {
  const gameChoice = $("game-choice");
  gameChoice.replaceChildren(...state.site.games.map((g) => new Option(g.title, g.name)));
  const syncSizes = () => {
    const info = state.site.games.find((g) => g.name === gameChoice.value);
    const size = info.options.find((o) => o.name === "size");
    const choice = $("size-choice");
    const sizes = size ? Array.from({ length: size.high - size.low + 1 }, (_, i) => size.low + i) : [];
    choice.replaceChildren(...sizes.map((n) => new Option(String(n), String(n), false, n === size.default)));
    choice.disabled = !sizes.length;
  };
  gameChoice.addEventListener("change", syncSizes);
  syncSizes();
  $("new-game").addEventListener("submit", (event) => {
    event.preventDefault();
    const size = $("size-choice").disabled ? "" : `(size=${$("size-choice").value})`;
    say("");
    newGame(gameChoice.value + size);
  });
}

async function main() {
  setLanguage(getLanguage());
  translatePage();
  $("language").addEventListener("click", () => {
    setLanguage(getLanguage() === "it" ? "en" : "it");
    translatePage();
    onStage(state.stage, "");
  });
  $("retry").addEventListener("click", () => engine.restart());
  state.site = await (await fetch("site.json")).json();
  fillNewGameForm();

  let record;
  try {
    record = readFragment();
  } catch (error) {
    say(t("bad-link", { detail: error.message }));
    record = { game: DEFAULT_GAME, moves: [] };
  }
  state.game = record.game;
  state.view = await loadBoard(record.game);
  render();
  performance.mark("board-painted");

  await engine.ready;
  if (!(await openRecord(record.game, record.moves))) {
    const fresh = boardKey(record.game) && (await openRecord(record.game, []));
    if (!fresh) await openRecord(DEFAULT_GAME, []);
  }
  await loadBoard(state.game);
  writeFragment();
  render();
  performance.mark("engine-ready");
  markReady();
}

// The page API for tests and embedding (documented in the README).
window.tavoliere = {
  ready,
  view: () => state.view && {
    game: state.game,
    moves: [...state.view.moves],
    to_move: state.view.to_move,
    outcome: state.view.outcome,
    legal: state.view.legal.map((m) => m.name),
  },
  cellCenter: (name) => board.cellCenter(name),
  play: (name) => playMove(name),
};

main().catch((error) => {
  $("status").textContent = t("stage.failed", { detail: error.message });
  $("retry").hidden = false;
});
