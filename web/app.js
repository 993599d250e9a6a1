// The game room's composition root: it makes the engine, the table, the board and the room's
// context (web/room.js), lets each region of the page bind its own elements, and opens the
// first record.  It keeps no rules and names no game; each region draws its part of the page
// (docs/architecture.md has the map).
import { BoardView } from "./board.js";
import { bindButtons, drawButtons } from "./buttons.js";
import { bindAnalysis } from "./analysis.js";
import { bindCalm, drawCalm } from "./calm.js";
import { bindCorrespondence, renderPanel } from "./correspondence.js";
import { Engine } from "./engine.js";
import { bindFairlink } from "./fairlink.js";
import { bindHiddenlink } from "./hiddenlink.js";
import { bindFlip, drawFlip } from "./flip.js";
import { errorText, getLanguage, setLanguage, t, translatePage } from "./i18n.js";
import { bindKeys } from "./keys.js";
import { bindLoading, registerServiceWorker, showStage } from "./loading.js";
import { bindMagnifier, drawLoupe, tap } from "./magnifier.js";
import { drawMoves } from "./movelist.js";
import { bindNewGame } from "./newgame.js";
import { pageApi } from "./api.js";
import { loadFlag, loadPlayers } from "./prefs.js";
import { bindPrint } from "./print.js";
import { bindProblems } from "./problems.js";
import { bindRecords } from "./records.js";
import { bindReview, drawReview } from "./reviewpanel.js";
import { $, makeRoom } from "./room.js";
import { bindSession, firstRecord, followAddress, open, showFirstBoard } from "./session.js";
import { applyTheme, bindSettings } from "./settings.js";
import { Sounds } from "./sound.js";
import { loadCorrespondence, loadGames } from "./storage.js";
import { bindStrip, drawStrip } from "./strip.js";
import { bindStudy, drawStudy, markTap } from "./studypanel.js";
import { bindTabs } from "./tabs.js";
import { Table } from "./table.js";
import { learnVocabulary } from "./vocabulary.js";
import { bindTalk } from "./talk.js";
import { bindWelcome, firstVisit, showWelcome } from "./welcome.js";

const board = new BoardView($("board"), (cell, event) => markTap(room, cell) || tap(room, cell, event), (cell) => table.hover(cell));
const engine = new Engine((...news) => showStage(room, ...news), { pool: true, later: true });
const sounds = new Sounds(loadFlag("tavoliere.sound", false));
// a move at an earlier position opens a variation (web/tree.js); the game's moves stay
// (its seats once site.json has said the computer's levels: main)
const table = new Table(engine, { players: [], explore: true });
const room = makeRoom({ engine, table, board, sounds });
// The regions, in the order the page is drawn.
room.draws = [drawFlip, drawLoupe, drawStrip, drawMoves, drawCalm, drawButtons, drawReview, renderPanel, drawStudy];

function bindRegions() {
  bindSettings(room);
  bindMagnifier(room);
  bindKeys(room);
  bindRecords(room);
  bindLoading(room);
  bindNewGame(room);
  bindCorrespondence(room);
  bindFairlink(room);
  bindHiddenlink(room);
  bindSession(room);  // (the record is saved before a stale review stops)
  bindTabs(room);
  bindReview(room);
  bindButtons(room);
  bindTalk(room);
  bindStrip(room);
  bindWelcome(room);
  bindCalm(room);
  bindFlip(room);
  bindProblems(room);
  bindStudy(room);
  bindAnalysis(room);  // (its draw follows the study's)
  bindPrint(room);
  // the regions above have taken the table's news; then the page is drawn again
  table.addEventListener("change", () => room.render());
}

async function main() {
  setLanguage(getLanguage());
  translatePage();
  bindRegions();
  applyTheme(room);
  room.site = await (await fetch("site.json")).json();
  learnVocabulary(room.site.vocabulary);
  table.players = loadPlayers();
  const { problem } = loadGames();  // unreadable saved data is set aside here, once
  const corrProblem = loadCorrespondence().problem;  // and correspondence games, said apart
  if (firstVisit()) showWelcome(room, { first: true });  // before the record: it opens behind the welcome
  const record = firstRecord(room);
  const problems = [problem && t("saved-problem", { detail: errorText(problem, getLanguage()) }),
    corrProblem && t("corr.unreadable", { detail: errorText(corrProblem, getLanguage()) })];
  if (problem || corrProblem) room.say(problems.filter(Boolean).join(" "));
  await showFirstBoard(room, record);
  performance.mark("board-painted");
  // Python's downloads start once that board is on screen (a hidden tab paints no frame)
  requestAnimationFrame(() => setTimeout(() => engine.start(), 0));
  setTimeout(() => engine.start(), 200);
  await open(room, record);
  // After the engine is up, so the worker's cache fills from the HTTP cache, not the network.
  registerServiceWorker().catch(() => {});  // the page works without it, only not offline
  followAddress(room);
}

window.tavoliere = pageApi(room);

main().catch((error) => {
  $("status").textContent = t("stage.failed", { detail: error.message });
  $("retry").hidden = false;
});
