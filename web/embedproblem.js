// An embedded board's mode="problem" (web/embed.js): a problem to solve in an article, with
// the solver of web/problem.js.
//   <tavoliere-board game="barrier" mode="problem" goal="win:3" position="pawn.0:c3;... w ply=6">
//   <tavoliere-board game="barrier" mode="problem" problem="barrier:d238ea00">  (shipped; or barrier:today)
// The stipulation shows above the board, the reader plays the side that must win, the engine
// answers; "show the solution" at any time.
import { tableControls } from "./controls.js";
import { readPosition } from "./pieces.js";
import { Solver, goalText, messageText, solutionText, stipulation } from "./problem.js";
import { GameTexts } from "./texts.js";

// A button that starts again, shown once a move has been tried.
export function againButton(text, act) {
  const button = document.createElement("button");
  button.type = "button";
  button.className = "again";
  button.textContent = text;
  button.hidden = true;
  button.addEventListener("click", act);
  return button;
}

// The pieces of the problem's position text (its first word), drawn before the engine starts.
export function problemPieces(element) {
  const text = element.getAttribute("position");
  return text ? readPosition(text.trim().split(/\s+/)[0].replace(/^-$/, "")) : {};
}

// What the engine is asked to open: a shipped problem ("game:id", "game:today"), or the
// element's game, position and goal.
function problemRequest(element) {
  const named = element.getAttribute("problem");
  if (named) {
    const [game, id] = named.split(":");
    return id === "today" ? { game, today: true } : { game, id };
  }
  return { game: element.spec, position: element.getAttribute("position") || "", goal: element.getAttribute("goal") || "win:1" };
}

// The paragraph above the board that holds the stipulation.
function heading(element) {
  let found = element.frame.querySelector(".stipulation");
  if (!found) {
    found = document.createElement("p");
    found.className = "stipulation";
    element.frame.prepend(found);
  }
  return found;
}

// The stipulation read from the attributes (the side to move is the position's second word,
// w or b), so a reader sees it before the engine starts; a shipped problem waits for it.
export function showStipulation(element) {
  const side = (element.getAttribute("position") || "").trim().split(/\s+/)[1];
  const goal = /^(win|capture):([1-9])$/.exec(element.getAttribute("goal") || "");
  if (element.hasAttribute("problem") || !goal || !["w", "b"].includes(side)) return;
  const problem = { attacker: side === "w" ? 0 : 1, kind: goal[1], n: Number(goal[2]) };
  heading(element).textContent = stipulation(problem, (key, params) => element.text(key, params), element.words);
}

// `engine`: the page's one engine; `siteInfo()`: site.json, once fetched (web/embed.js).
export async function startProblem(element, engine, siteInfo) {
  const solver = new Solver(engine);
  element.solver = solver;
  const show = document.createElement("button");
  show.type = "button";
  show.className = "show-solution";
  show.textContent = element.text("problems.show");
  show.addEventListener("click", () => solver.showSolution());
  element.frame.querySelector(".nav").after(show);
  // the problem from its start again, once a move has been tried (a solved one included)
  const again = againButton(element.text("problems.again"), () => solver.restart());
  show.after(again);
  let said = "";
  let kind = null;
  const draw = () => {
    const table = solver.table;
    if (!table || !table.view) return;
    element.board.show(solver.picture());
    const controls = tableControls(table, (key, params) => element.text(key, params), element.words, element.canvas.clientWidth || Infinity);
    element.frame.querySelector(".buttons").replaceChildren(...controls);
    element.frame.querySelector(".buttons").hidden = !controls.length;
    const moves = table.shownMoves();
    element.moves = moves;  // the element's record: the moves played from the problem's position
    element.ply = table.shownCursor();
    element.frame.querySelector(".moves").textContent = solver.phase === "shown" ? "" : solutionText(moves);
    element.frame.dataset.phase = solver.phase;
    show.disabled = solver.phase === "shown";
    again.hidden = !moves.length && solver.phase !== "shown";
    element.status(said || element.text(solver.phase === "answering" ? "problem.defending" : goalText("problem.your-move", solver.problem || {})), kind);
  };
  solver.addEventListener("change", draw);
  solver.addEventListener("message", ({ detail }) => {
    said = messageText(detail, (key, params) => element.text(key, params), element.words);
    kind = detail.kind === "error" ? "error" : null;
    if (solver.table) draw();
    else element.status(said, kind);  // the problem still being proven: its progress
  });
  solver.addEventListener("finished", ({ detail }) => element.dispatchEvent(new CustomEvent("solved", { detail })));
  const answer = await solver.open(problemRequest(element), async (opened) => {
    element.spec = opened.spec;
    element.words = new GameTexts(await siteInfo(), opened.spec.split("(")[0], element.lang);
    const layout = await engine.request({ op: "layout", game: opened.spec });
    if (layout.ok) element.board.setLayout(layout.layout);
    heading(element).textContent = stipulation(opened, (key, params) => element.text(key, params), element.words);
  });
  said = "";  // (the proof's progress)
  if (!answer.ok) { element.fail(element.words.error(answer)); return; }
  draw();
  element.dispatchEvent(new CustomEvent("ready", { detail: { problem: answer.id || null, spec: answer.spec } }));
}
