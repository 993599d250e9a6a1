// Region: diagrams for print.  The Picture dialog downloads the position on view as an SVG or
// a PNG (clean: no screen marks unless ticked; the stones of the last N moves numbered), and
// the Problems dialog's "Printable diagram" gives a problem, or the composition just proven,
// as an SVG with the stipulation and the solution under the board.  Both are drawn by the
// board's own drawing (web/board.js) on paper colours, whatever the theme.
import { diagramSVG, numberedPieces, printPicture, printedSolution } from "./diagram.js";
import { gameWords } from "./games.js";
import { t } from "./i18n.js";
import { stipulation } from "./problem.js";
import { $ } from "./room.js";
import { download } from "./records.js";

const PNG_PIXELS = 1600;    // a PNG's longer side, enough for a printed page
const MAX_NUMBERED = 99;    // the moves a diagram may number

export function bindPrint(room) {
  $("picture-svg").addEventListener("click", () => downloadDiagram(room, "svg"));
  $("picture-png").addEventListener("click", () => downloadDiagram(room, "png"));
  $("problem-print").addEventListener("click", () => printProblem(room));
  $("compose-print").addEventListener("click", () => printComposition(room));
}

// The theme's board colours as a printout takes them: the light theme's, read with the page
// turned light for a moment (as settings.js does before printing).
function paperColors(board) {
  const root = document.documentElement;
  const theme = root.dataset.theme;
  root.dataset.theme = "light";
  const color = board.themeColors();
  if (theme === undefined) delete root.dataset.theme; else root.dataset.theme = theme;
  return color;
}

const fileName = (game, suffix, ext) => `tavoliere-${game.replace(/[^a-z0-9]+/g, "-")}-${suffix}.${ext}`;

// The position on view, as the dialog asks: with the screen's marks or not, the stones of the
// last N moves numbered (asked of the engine, one view a ply).
async function viewedPicture(room) {
  const { table, engine } = room;
  const picture = printPicture(table.picture(), $("picture-marks").checked);
  const n = Math.min(MAX_NUMBERED, Math.max(0, Math.floor(Number($("picture-numbers").value) || 0)));
  const line = table.history.line();
  if (!n || !line.length) return picture;
  const first = Math.max(0, line.length - n);
  const views = await Promise.all(Array.from({ length: line.length - first + 1 }, (_, i) =>
    engine.request({ op: "view", game: table.game, moves: line.slice(0, first + i), seat: table.seat() })));
  if (views.some((v) => !v.ok)) return picture;
  const plies = views.slice(1).map((view, i) => ({ number: first + i + 1, before: views[i].pieces, after: view.pieces, cells: view.last ? view.last.cells : [] }));
  return { ...picture, pieces: numberedPieces(picture.pieces, plies) };
}

async function downloadDiagram(room, kind) {
  const { table, board } = room;
  if (!board.layout || !table.view) return;
  const picture = await viewedPicture(room);
  const color = paperColors(board);
  const name = fileName(table.game, String(table.shownCursor()), kind);
  if (kind === "svg") {
    const svg = diagramSVG(board, picture, { color, title: gameWords(room.site, table.game).title });
    download(new Blob([svg], { type: "image/svg+xml" }), name);
    return;
  }
  const { width, height } = board.layout;
  const scale = PNG_PIXELS / Math.max(width, height);
  const canvas = document.createElement("canvas");
  canvas.width = Math.round(width * scale);
  canvas.height = Math.round(height * scale);
  const context = canvas.getContext("2d");
  context.fillStyle = "#ffffff";
  context.fillRect(0, 0, canvas.width, canvas.height);
  board.printOn(context, picture, { color, scale });
  canvas.toBlob((blob) => download(blob, name), "image/png");
}

// A problem's start position, its stipulation and its solution, as an SVG: `problem` has the
// spec, position, line, n and attacker; `board` is a BoardView with its layout.
async function problemSVG(room, problem, board) {
  const view = await room.engine.request({ op: "view", game: problem.spec, moves: [], position: problem.position });
  if (!view.ok || !board.layout) return null;
  const words = gameWords(room.site, problem.spec);
  const attacker = Number.isInteger(problem.attacker) ? problem.attacker : view.to_move;
  const said = stipulation({ attacker, n: problem.n, kind: problem.kind, goal: problem.goal }, t, words);
  const captions = [said, `${t("print.solution")}: ${printedSolution(problem.line)}`];
  return diagramSVG(board, printPicture({ pieces: view.pieces, shaded: (view.marks || {}).shaded || [] }), { color: paperColors(board), captions, title: said });
}

async function printProblem(room) {
  const { solver, board } = room.problems;
  if (!solver.problem) return;
  const svg = await problemSVG(room, solver.problem, board);
  if (svg) download(new Blob([svg], { type: "image/svg+xml" }), fileName(solver.problem.spec, solver.problem.id || "problem", "svg"));
}

// The composition proven last (problems.js keeps it as room.problems.proof), on the room's board.
async function printComposition(room) {
  const proof = room.problems && room.problems.proof;
  if (!proof || !proof.keys || !proof.keys.length) { $("compose-result").textContent = t("print.prove-first"); return; }
  const n = Number(proof.goal.split(":")[1]);
  const svg = await problemSVG(room, { ...proof, n }, room.board);
  if (svg) download(new Blob([svg], { type: "image/svg+xml" }), fileName(proof.spec, "problem", "svg"));
}
