// Analyse from here (issue 38, item 3): the room's board becomes an analysis board, as
// lichess's does.  The player moves for both sides from the position on view, the computer
// never answers, and the bar above the board shows the computer's estimate of the position on
// view; "Back to the game" returns to the game's position, where the computer plays if its
// turn is due.  The game's record (what is saved, linked and sent) never changes.
//
// Every move made before the game's end is a variation of the study tree (web/tree.js), kept
// with the study as any variation is.  A move made at the game's end has no move of the game
// to stand in for (a variation replaces a ply: no record format can say "after the last move,
// instead of nothing"), so those moves make the analysis line: it follows the game's last
// move while analysing, is shown as a variation, and is dropped on the way back, with the
// variations and notes made on it.
import { gameInfo } from "./games.js";
import { t } from "./i18n.js";
import { lineWords } from "./movelist.js";
import { $, twoPlayers } from "./room.js";
import { CHANCE } from "./seats.js";
import { drawWinBar } from "./strip.js";
import { Tree } from "./tree.js";

const LEVEL = 5;          // the review's level: the computer's honest opinion, no deliberate slips
const SECONDS = 0.8;      // a search for each position on view, in the worker: the page stays free

// The study tree while analysing: the same lines as the game's tree (a variation made here is
// made in the study), seen so that the table takes every move for a variation.  Its main line
// may run past the game's last move (the analysis line); everyone who reads the record
// (`moves`, the saved study) sees the game only, and no position is the game's end, so the
// computer, which plays only there, waits.
export class AnalysisTree extends Tree {
  constructor(tree) {
    super();
    Object.assign(this, { root: tree.root, main: tree.main, undone: tree.undone, here: tree.here });
    this.gameLength = tree.main.nodes.length;
  }

  get moves() { return super.moves.slice(0, this.gameLength); }

  get atEnd() { return false; }

  // The game's plies; from the game's last position on, the analysis line (a variation).
  get onMain() { return this.here.line === this.main && this.here.n < this.gameLength; }

  get inAnalysisLine() { return this.here.line === this.main && this.here.n >= this.gameLength; }

  // A move at the game's end starts (or goes on with) the analysis line: a variation to the
  // table, never the game's next move; what could be redone stays.
  push(name) {
    const undone = this.undone;
    const kind = super.push(name);
    this.undone = undone;
    return kind === "game" ? "line" : kind;
  }

  // No promotion changes the game while analysing.
  get promotesToMain() { return this.here.line.parent === this.main && this.here.line.at < this.gameLength; }

  promote() { return !this.promotesToMain && !this.inAnalysisLine && super.promote(); }

  // Delete, in the analysis line: the line goes, back to the game's last position.
  remove() {
    if (!this.inAnalysisLine) return super.remove();
    if (this.main.nodes.length === this.gameLength) return false;
    this.dropAnalysisLine();
    return true;
  }

  dropAnalysisLine() {
    this.main.nodes.length = this.gameLength;
    this.relink();
    this.here = { line: this.main, n: this.gameLength };
  }

  undo() { return false; }

  redo() { return false; }

  toStudy(game, tags) {
    const study = super.toStudy(game, tags);
    return { ...study, line: study.line.slice(0, this.gameLength) };
  }
}

export function bindAnalysis(room) {
  const { table } = room;
  room.analysis = null;  // while analysing: {tree (the table's history), game (the tree it came from), estimates, search}
  room.draws.push(drawAnalysis);
  $("analyse").addEventListener("click", () => (room.analysis ? backToGame(room) : analyse(room)));
  table.addEventListener("change", () => {
    const analysis = room.analysis;
    if (!analysis) return;
    if (table.history !== analysis.tree) { forget(room); return; }  // another record was opened
    estimate(room);
  });
}

// Whether the game on the table can be analysed: every piece in view, no sealed move, no
// dice (a roll would wait for nobody), two players (the estimate is one side's chance).
export function analysable(room) {
  const { table } = room;
  const info = gameInfo(room.site, table.game);
  return Boolean(room.stage === "ready" && table.ready && !table.opening && table.view && info && twoPlayers(room) &&
    !table.view.hidden_information && !info.hidden_information && !info.sealed_plies && !info.chance);
}

export async function analyse(room) {
  const { table } = room;
  if (room.analysis || !analysable(room) || table.playing) return false;
  table.stopThinking();  // the computer's move waits for the way back
  table.clearChoice();
  const tree = new AnalysisTree(table.history);
  room.analysis = { tree, game: table.history, estimates: new Map(), search: null, key: null };
  table.history = tree;
  room.announce(t("analysis.started"));
  room.say(t("analysis.started"), "info");
  // the position again, as the analysis sees it: after a resignation, its moves are open
  if (!(await table.showQuietly())) table.emit("change");
  return true;
}

// The game again, at its last position; the analysis line goes, the variations stay.
export async function backToGame(room) {
  const analysis = room.analysis;
  const { table } = room;
  await table.clicking;  // a move being made is made in the analysis
  if (!analysis || analysis !== room.analysis || table.playing) return;
  analysis.tree.dropAnalysisLine();
  const game = analysis.game;
  game.here = { line: game.main, n: game.main.nodes.length };
  forget(room);
  table.history = game;
  room.chance = null;  // the analysis's estimate is not the game's
  room.say(t("analysis.back"), "info");
  room.announce(t("analysis.back"));
  await table.goTo(game.moves.length);  // the computer plays if its turn is due
  table.emit("record");  // the study keeps the variations made
}

function forget(room) {
  const analysis = room.analysis;
  if (!analysis) return;
  stopSearch(room, analysis);
  room.analysis = null;
  $("win-bar").removeAttribute("data-pending");
}

function stopSearch(room, analysis) {
  if (analysis.search) room.engine.stop(analysis.search.id);
  analysis.search = null;
}

// The computer's estimate of the position on view: known, or asked for (the search before
// it, of another position, is stopped).  The bar shows the first player's chance.
function estimate(room) {
  const analysis = room.analysis;
  const { table } = room;
  const v = table.view;
  const line = table.history.line();
  const key = line.join(" ");
  if (key === analysis.key) return;
  analysis.key = key;
  stopSearch(room, analysis);
  if (analysis.estimates.has(key)) { showChance(room, analysis.estimates.get(key), false); return; }
  if (v.outcome) { showChance(room, v.outcome.winner === 0 ? 1 : v.outcome.winner === 1 ? 0 : 0.5, false); return; }
  if (v.to_move === CHANCE) return;
  const mover = v.to_move;
  const white = (chance) => (chance === null || chance === undefined ? null : (mover === 0 ? chance : 1 - chance));
  $("win-bar").setAttribute("data-pending", "");
  const search = room.engine.think({ game: table.game, moves: line, level: LEVEL, seconds: SECONDS, seed: line.length },
    (progress) => { if (analysis.search === search && white(progress.win_chance) !== null) showChance(room, white(progress.win_chance), true); });
  analysis.search = search;
  search.then((answer) => {
    if (analysis.search !== search) return;  // another position is on view, or the analysis is over
    analysis.search = null;
    const chance = answer.ok && answer.progress ? white(answer.progress.win_chance) : null;
    if (chance === null) { $("win-bar").removeAttribute("data-pending"); return; }
    analysis.estimates.set(key, chance);
    showChance(room, chance, false);
  });
}

function showChance(room, chance, pending) {
  room.chance = chance;
  $("win-bar").toggleAttribute("data-pending", pending);
  drawWinBar(room);
}

export function drawAnalysis(room) {
  const analysis = room.analysis;
  const button = $("analyse");
  button.textContent = t(analysis ? "analysis.back-button" : "analysis.button");
  button.disabled = !analysis && !analysable(room);
  button.setAttribute("aria-pressed", String(Boolean(analysis)));
  $("board-status").toggleAttribute("data-analysis", Boolean(analysis));
  if (analysis) $("turn").dataset.analysis = t("analysis.label");
  else $("turn").removeAttribute("data-analysis");
  // a short label beside the button, on its row: entering the analysis moves nothing below
  $("analysis-label").textContent = t("analysis.label");
  $("analysis-label").hidden = !analysis;
  if (!analysis) return;
  // the game's record does not move while analysing: no undo, no redo, no resigning
  $("undo").disabled = $("redo").disabled = true;
  const tree = analysis.tree;
  $("study-promote").disabled = tree.promotesToMain || tree.inAnalysisLine || tree.onMain;
  $("study-delete").disabled = tree.onMain || (tree.inAnalysisLine && tree.main.nodes.length === tree.gameLength);
  // (past the game's last move: at that position itself nothing is lost yet)
  if (tree.inAnalysisLine && tree.here.n > tree.gameLength) $("study-where").textContent = t("analysis.in-line");
  drawAnalysisLine(room, tree);
}

// The analysis line in the move list, after the game's moves, as a variation is listed
// (numbered as in print, the variations inside it in brackets); each move goes to its position.
function drawAnalysisLine(room, tree) {
  const { table } = room;
  const list = $("move-list");
  for (const old of list.querySelectorAll(".analysis-line")) old.remove();
  const nodes = tree.main.nodes.slice(tree.gameLength);
  if (!nodes.length) return;
  const item = document.createElement("li");
  item.className = "variation analysis-line";
  let numbered = true;
  nodes.forEach((node, i) => {
    const ply = tree.gameLength + i + 1;
    const button = document.createElement("button");
    button.type = "button";
    button.className = "move";
    const number = ply % 2 ? `${(ply + 1) / 2}. ` : numbered ? `${ply / 2}... ` : "";
    button.textContent = `${number}${node.move}${node.glyph}`;
    if (tree.isHere({ line: tree.main, n: ply })) button.setAttribute("aria-current", "step");
    button.addEventListener("click", () => {
      tree.goToPlace({ line: tree.main, n: ply });  // (in the analysis line first: the game's plies end before it)
      table.goTo(ply);
    });
    item.append(button);
    numbered = Boolean(node.variations.length);
    for (const variation of node.variations) {
      const group = document.createElement("span");
      group.className = "subvariation";
      group.append("(", ...lineWords(room, variation, 1), ")");
      item.append(group);
    }
  });
  list.append(item);
}
