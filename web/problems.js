// Region: the Problems dialog.  The collection of a game (the current one first, opened at
// the problem of the day), a problem solved on a board of its own (web/problem.js: the
// computer answers with the longest defence, a wrong try is refuted and taken back), "show
// the solution", the results kept in this browser; and "Make a problem": the position on the
// room's board proven for a goal (sound, the key, cooks, main line), given as a link and a
// tag for an article.  The position to prove is set up in an editor (web/editor.js): taken
// from the room's board, then pieces placed and removed by taps, the side to move switched,
// each edit read by the engine's rules, whose refusal is shown as it comes.  The room's own
// game is left as it is.
import { BoardView } from "./board.js";
import { tableControls } from "./controls.js";
import { PositionEditor, paletteLayout, palettePicture } from "./editor.js";
import { gameWords } from "./games.js";
import { t } from "./i18n.js";
import { Solver, goalKind, goalText, loadResults, messageText, solutionText, stipulation } from "./problem.js";
import { $ } from "./room.js";
import { specName } from "./spec.js";

const SLICE_SECONDS = 0.1;  // one step of a composition's proof; the worker answers between steps

export function bindProblems(room) {
  const solver = new Solver(room.engine);
  const board = new BoardView($("problem-board"), (cell) => solver.click(cell));
  const state = { solver, board, game: null, listed: [], today: null, words: null, message: "", kind: "info", proving: 0 };
  room.problems = state;
  $("problems-dialog").problems = state;  // for the browser tests: the solver and its board
  $("problem-board").addEventListener("keydown", (event) => {   // Enter plays a move half made
    if (event.key === "Enter" && solver.table) solver.table.confirm();
  });
  solver.addEventListener("change", () => drawProblem(room));
  solver.addEventListener("message", ({ detail }) => {
    state.message = messageText(detail, t, state.words);
    state.kind = detail.kind || "info";
    drawProblem(room);
  });
  solver.addEventListener("finished", () => drawList(room));
  $("problems").addEventListener("click", () => openProblems(room));
  $("problems-game").addEventListener("change", () => listProblems(room, $("problems-game").value));
  $("problems-list").addEventListener("change", () => openProblem(room, $("problems-list").value));
  $("problem-show").addEventListener("click", () => solver.showSolution());
  $("problem-again").addEventListener("click", () => { state.message = ""; solver.restart(); });
  $("problem-next").addEventListener("click", () => nextProblem(room));
  $("compose-prove").addEventListener("click", () => compose(room));
  bindEditor(room);
}

// The dialog, at the current game's problem of the day (or the game chosen last time).
async function openProblems(room) {
  const state = room.problems;
  const games = $("problems-game");
  games.replaceChildren(...room.site.games.map((g) => new Option(g.title, g.name)));
  const current = room.table.game ? specName(room.table.game) : room.site.games[0].name;
  games.value = state.game || current;
  $("problems-dialog").showModal();
  $("compose-result").textContent = "";
  if ($("compose").open && room.table.game !== state.editor.spec) fromTable(room);
  if (!state.solver.problem || state.game !== games.value) await listProblems(room, games.value);
  else drawProblem(room);
}

async function listProblems(room, game) {
  const state = room.problems;
  state.game = game;
  state.message = t("problems.loading");
  state.kind = "info";
  $("problems-list").replaceChildren();
  drawProblem(room);
  const answer = await room.engine.request({ op: "problem", step: "list", game });
  if (state.game !== game) return;
  if (!answer.ok) {
    state.listed = [];
    state.message = t("problems.none", { game: gameWords(room.site, game).title });
    $("problem-stipulation").textContent = "";
    drawProblem(room);
    return;
  }
  state.listed = answer.problems;
  state.today = answer.today;
  drawList(room);
  await openProblem(room, answer.today);
}

// The collection as a list: the problem of the day first, each with its grade and result.
function drawList(room) {
  const state = room.problems;
  const results = loadResults();
  const select = $("problems-list");
  const chosen = select.value || state.today;
  const mark = (p) => {
    const result = results[`${state.game}:${p.id}`];
    return result ? ` (${t(`problems.${result}-mark`)})` : "";
  };
  const item = (p) => t(goalKind(p) === "capture" ? "problems.capture-item" : "problems.item", { number: state.listed.indexOf(p) + 1, n: p.n, difficulty: p.difficulty });
  const options = state.listed.map((p) => new Option(item(p) + mark(p), p.id));
  const today = state.listed.find((p) => p.id === state.today);
  if (today) options.unshift(new Option(`${t("problems.today")}: ${item(today)}${mark(today)}`, `today:${today.id}`));
  select.replaceChildren(...options);
  select.value = chosen === state.today ? `today:${state.today}` : chosen;
}

async function openProblem(room, id) {
  const state = room.problems;
  const wanted = id.replace(/^today:/, "");
  state.message = t("problems.loading");
  drawProblem(room);
  const answer = await state.solver.open({ game: state.game, id: wanted }, async (opened) => {
    state.words = gameWords(room.site, opened.spec);
    const layout = await room.engine.request({ op: "layout", game: opened.spec });
    if (layout.ok) state.board.setLayout(layout.layout);
    $("problem-stipulation").textContent = stipulation(opened, t, state.words);
  });
  if (!answer.ok) {
    state.message = state.words ? state.words.error(answer) : answer.message;
    state.kind = "error";
    drawProblem(room);
    return;
  }
  state.message = "";
  state.kind = "info";
  drawProblem(room);
}

function nextProblem(room) {
  const state = room.problems;
  const at = state.listed.findIndex((p) => p.id === (state.solver.problem || {}).id);
  const next = state.listed[(at + 1) % state.listed.length];
  if (!next) return;
  $("problems-list").value = next.id;
  openProblem(room, next.id);
}

// The problem's board, its controls and what the solver says.
export function drawProblem(room) {
  const state = room.problems;
  const { solver } = state;
  const table = solver.table;
  const dialog = $("problems-dialog");
  dialog.dataset.phase = solver.phase;
  dialog.dataset.empty = String(!state.listed.length);  // a game without problems: no board
  if (table && table.view && state.board.layout) {
    state.board.show(solver.picture());
    const controls = tableControls(table, (key, params) => t(key, params), state.words, $("problem-board").clientWidth || Infinity);
    $("problem-buttons").replaceChildren(...controls);
  }
  const status = $("problem-status");
  const fallback = solver.phase === "answering" ? t("problem.defending") : solver.phase === "solving" ? t(goalText("problem.your-move", solver.problem || {})) : "";
  status.textContent = state.message || fallback;
  status.dataset.kind = state.kind;
  $("problem-show").disabled = !solver.problem || solver.phase === "shown";
}

// -- composing -----------------------------------------------------------------------------
// The room's position proven for the goal chosen, in slices (the worker stays free); the
// answer says whether it is sound, its key or cooks and main line, with a link and a tag.
async function compose(room) {
  const state = room.problems;
  const out = $("compose-result");
  out.textContent = "";
  delete out.dataset.sound;
  $("compose-link").value = "";
  $("compose-embed").value = "";
  if (!state.editor.spec) await fromTable(room);
  await state.reading;
  const { editor } = state;
  if (!editor.spec) return;
  if (!state.checked) { out.textContent = $("compose-position").textContent; out.dataset.sound = "false"; return; }
  const goal = `${$("compose-kind").value || "win"}:${$("compose-goal").value}`;
  const id = `compose-${++state.proving}`;
  const started = await room.engine.request({ op: "problem", step: "start", id, game: editor.spec, position: state.checked, goal });
  if (!started.ok) { out.textContent = gameWords(room.site, editor.spec).error(started); out.dataset.sound = "false"; return; }
  for (;;) {
    const step = await room.engine.request({ op: "problem", step: "step", id, slice: SLICE_SECONDS });
    if (!step.ok) { out.textContent = step.message; return; }
    out.textContent = t("compose.proving", step.progress);
    if (step.progress.done) break;
  }
  const proof = await room.engine.request({ op: "problem", step: "stop", id });
  if (!proof.ok || !proof.done) return;
  room.problems.proof = proof;  // for its printable diagram (web/print.js)
  const n = goal.split(":")[1];
  const said = !proof.keys.length ? [t(goalKind(proof) === "capture" ? "compose.unsound-capture" : "compose.unsound", { n })]
    : [proof.sound ? t("compose.sound", { key: proof.keys[0] }) : t("compose.cooked", { count: proof.keys.length, keys: proof.keys.join(", ") }),
      t("compose.line", { line: solutionText(proof.line) })];
  out.textContent = said.join(" ");
  out.dataset.sound = String(proof.sound);
  const fields = new URLSearchParams({ game: proof.spec, mode: "problem", position: proof.position, goal: proof.goal });
  $("compose-link").value = new URL(`web/embed.html#${fields}`, new URL("./", location.href)).href;
  $("compose-embed").value = `<tavoliere-board game="${attribute(proof.spec)}" mode="problem" goal="${proof.goal}"\n  position="${attribute(proof.position)}"></tavoliere-board>`;
}

// The goals the game offers (capture:N where it counts captures): with more than one, a
// choice of kind takes the place of the words "Goal: win in".
// With one (Go's capture alone), its words.
function goalChoice(kinds) {
  const choice = $("compose-kind");
  const kept = choice.value;
  const words = (kind) => (kind === "capture" ? "compose.goal-capture" : "compose.goal");
  choice.replaceChildren(...kinds.map((kind) => new Option(t(words(kind)), kind)));
  choice.value = kinds.includes(kept) ? kept : kinds[0];
  choice.hidden = kinds.length < 2;
  const single = $("compose-goal-words");
  single.hidden = kinds.length > 1;
  single.dataset.t = words(kinds[0]);  // (the page's language switch words it again)
  single.textContent = t(single.dataset.t);
}

function attribute(text) {
  return text.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
}

// -- the position editor ----------------------------------------------------------------------
// A board of its own under "Make a problem": a tap cycles a cell through the game's pieces
// (the palette above it chooses which comes first), a switch sets the side to move, "Clear"
// empties the board, "From the game on the table" takes the room's position.  Every edit is
// read by the engine (the problem op's step "edit", Game.read_position): a position its rules
// cannot reach is refused with their reason, shown under the board, and cannot be checked.
function bindEditor(room) {
  const state = room.problems;
  const editor = new PositionEditor();
  state.editor = editor;
  state.checked = null;    // the position text the engine last accepted, null while refused
  state.reading = null;    // the engine's reading in progress (a promise)
  state.edits = 0;         // the edits made: only the latest one's reading counts
  state.editorBoard = new BoardView($("compose-board"), (cell) => {
    if (!editor.spec) return;
    editor.tap(cell);
    readEdited(room);
  });
  state.paletteBoard = new BoardView($("compose-palette"), (cell) => {
    editor.choose(cell === "-" ? "" : cell);
    drawEditor(room);
  });
  $("compose").addEventListener("toggle", () => {
    if ($("compose").open && (!editor.spec || room.table.game !== editor.spec)) fromTable(room);
  });
  $("compose-side").addEventListener("change", () => {
    editor.setMover(Number($("compose-side").value));
    readEdited(room);
  });
  $("compose-clear").addEventListener("click", () => { editor.clear(); readEdited(room); });
  $("compose-table").addEventListener("click", () => fromTable(room));
}

// The position the room's record reaches, with the game's palette.
function fromTable(room) {
  const { table } = room;
  const state = room.problems;
  if (!table.game) return Promise.resolve();
  const request = { op: "problem", step: "edit", game: table.game, moves: table.history.line() };
  return read(room, request, async (answer) => {
    const layout = await room.engine.request({ op: "layout", game: answer.spec });
    if (layout.ok) state.editorBoard.setLayout(layout.layout);
    state.editor.load(answer);
    state.paletteBoard.setLayout(paletteLayout(answer.palette));
    const words = gameWords(room.site, answer.spec);
    $("compose-side").replaceChildren(...[0, 1].map((side) => new Option(words.player(side), String(side))));
    goalChoice(answer.goals || ["win"]);
  });
}

// The editor's position, read by the rules.
function readEdited(room) {
  const { editor } = room.problems;
  drawEditor(room);
  return read(room, { op: "problem", step: "edit", game: editor.spec, position: editor.text() });
}

// Ask the engine to read a position; the answer of the latest edit only is shown.
function read(room, request, onRead = async () => {}) {
  const state = room.problems;
  const edit = ++state.edits;
  state.checked = null;
  say(room, t("compose.reading"), "info");
  state.reading = (async () => {
    const answer = await room.engine.request(request);
    if (edit !== state.edits) return;
    if (!answer.ok) {
      // a position the rules refuse says so; anything else (a game without problems) as it is
      const message = gameWords(room.site, request.game).error(answer);
      say(room, String(answer.code).startsWith("position.") ? t("compose.unreachable", { message }) : message, "error");
      drawEditor(room);
      return;
    }
    await onRead(answer);
    if (edit !== state.edits) return;
    state.checked = answer.position;
    say(room, t("compose.reachable", { position: answer.position }), "info");
    drawEditor(room);
  })();
  return state.reading;
}

function say(room, text, kind) {
  const line = $("compose-position");
  line.textContent = text;
  line.dataset.kind = kind;
}

function drawEditor(room) {
  const { editor, editorBoard, paletteBoard } = room.problems;
  if (editorBoard.layout) editorBoard.show({ pieces: { ...editor.pieces } });
  if (paletteBoard.layout) paletteBoard.show(palettePicture(editor));
  $("compose-side").value = String(editor.mover);
}
