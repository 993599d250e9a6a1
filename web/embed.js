// <tavoliere-board>: a live board for other people's pages, added with one module script.
//
//   <script type="module" src="https://HOST/PATH/web/embed.js"></script>
//   <tavoliere-board game="havannah(size=8)" moves="e5,h8,d4" mode="view|play" ply="last"
//                    white="human" black="ai:3" lang="it" theme="auto"
//                    position="stone.0:e5,d4;stone.1:h8">1. e5 h8 2. d4</tavoliere-board>
//
// An annotated game (a study: docs/records.md) is a record with comments, marks and
// variations, in the `record` attribute or as the element's text (without `moves`): the
// board shows the comment of the move on view under it, draws the marks, and lists the
// variations as buttons; mode="study" lets the reader try moves anywhere, and "Back to the
// game" puts the author's study back.
// The element is a skin over the table (web/table.js), the same controller as the room's.
// The text inside it is the record for readers without JavaScript.  `position` (written by
// the room's Record dialog) lets the board show its pieces before Python starts; the engine
// starts only when a board comes into view or is played, and all the boards of a page share
// one worker.  Events: ready, move, gameover.  API: record, goTo(ply), newGame(), engineLoad.
import { BoardView } from "./board.js";
import { boardKey } from "./boards.js";
import { tableControls } from "./controls.js";
import { againButton, problemPieces, showStipulation, startProblem } from "./embedproblem.js";
import { Engine } from "./engine.js";
import { PageError } from "./errors.js";
import { errorText, translate } from "./i18n.js";
import { readPosition } from "./pieces.js";
import { readMoves } from "./links.js";
import { readPlayer } from "./seats.js";
import { specName } from "./spec.js";
import { Table } from "./table.js";
import { GameTexts } from "./texts.js";
import { learnVocabulary } from "./vocabulary.js";

const SITE = new URL("../", import.meta.url);
const STYLE = new URL("embed.css", import.meta.url);
const VIEWER = { kind: "viewer" };  // a seat nobody plays from (view mode)

let site = null;          // site.json, fetched once per page (its vocabulary learnt)
let shared = null;        // the one engine of the page
const boards = new Set();

function siteInfo() {
  if (!site) {
    site = fetch(new URL("site.json", SITE)).then((r) => r.json()).then((info) => {
      learnVocabulary(info.vocabulary);
      return info;
    });
  }
  return site;
}

// The styles are read before the element is defined, so a board is styled from its first
// frame (a stylesheet link in the shadow root would show it unstyled, then move the page).
siteInfo().catch(() => {});
const CSS = await fetch(STYLE).then((r) => (r.ok ? r.text() : "")).catch(() => "");

function engine() {
  if (!shared) {
    shared = new Engine((stage, detail) => { for (const board of boards) board.onStage(stage, detail); });
  }
  return shared;
}

function readSide(element, side) {
  try {
    return readPlayer(element.getAttribute(side));
  } catch {
    throw new PageError("embed.attribute", { attribute: side, value: element.getAttribute(side).slice(0, 20) });
  }
}

class TavoliereBoard extends HTMLElement {
  static observedAttributes = ["game", "moves", "ply", "mode", "white", "black", "seat2", "seat3", "lang", "theme", "position", "goal", "problem", "record"];

  constructor() {
    super();
    this.root = this.attachShadow({ mode: "open" });
    this.started = false;
    this.table = null;
  }

  connectedCallback() {
    boards.add(this);
    if (!this.frame) this.build();
    this.load();
  }

  disconnectedCallback() {
    boards.delete(this);
    if (this.observer) this.observer.disconnect();
  }

  attributeChangedCallback() {
    if (this.frame && this.isConnected) this.load();
  }

  // The board speaks its lang attribute, else the page's, else the browser's language.
  get lang() {
    const asked = this.getAttribute("lang") || (this.closest("[lang]") || {}).lang || navigator.language || "en";
    return asked.toLowerCase().startsWith("it") ? "it" : "en";
  }

  text(key, params = {}) {
    return translate(this.lang, key, params);
  }

  build() {
    const style = document.createElement("style");
    style.textContent = CSS;
    this.frame = document.createElement("div");
    this.frame.className = "frame";
    this.frame.innerHTML = `<div class="box"><canvas tabindex="0"></canvas></div>
      <div class="buttons" hidden></div>
      <nav class="nav"><button data-go="first">«</button><button data-go="previous">‹</button>
      <span class="ply"></span><button data-go="next">›</button><button data-go="last">»</button></nav>
      <p class="comment" hidden></p><button class="back" type="button" hidden></button>
      <p class="status" aria-live="polite"></p><p class="moves"></p>`;
    this.root.append(style, this.frame);
    this.canvas = this.frame.querySelector("canvas");
    this.board = new BoardView(this.canvas, (cell) => this.click(cell));
    this.canvas.addEventListener("keydown", (event) => {
      if (event.key === "Enter" && this.table) this.table.confirm();
      if (event.key === "Escape" && this.table) this.table.cancel();
    });
    for (const button of this.frame.querySelectorAll("[data-go]")) {
      button.addEventListener("click", () => this.go(button.dataset.go));
    }
    this.frame.querySelector(".back").addEventListener("click", () => this.backToStudy());
    // What the attributes say at once, so the frame has its height before site.json comes.
    this.frame.querySelector(".moves").textContent = (this.getAttribute("moves") || "").split(",").map((m) => m.trim()).filter(Boolean).join(" ") || this.textContent.trim();
    this.frame.querySelector(".nav").hidden = (this.getAttribute("mode") || "view") !== "view";
  }

  go(where) {
    if (!this.moves) return;
    const total = this.moves.length;
    const now = this.ply ?? total;  // no ply asked: the last
    const ply = { first: 0, previous: now - 1, next: now + 1, last: total }[where];
    this.goTo(ply);
  }

  // Read the attributes and show what can be shown without the engine.
  async load() {
    const token = (this.token = {});
    try {
      const info = await siteInfo();
      this.spec = this.getAttribute("game") || info.games[0].name;
      const movesText = this.getAttribute("moves");
      this.moves = movesText === null || this.hasAttribute("record") ? null : readMoves(movesText);
      this.tree = null;  // a study's tree, once the engine has read the record
      const plyText = this.getAttribute("ply") || "last";
      this.ply = plyText === "last" ? null : Number(plyText);
      if (this.ply !== null && !(Number.isInteger(this.ply) && this.ply >= 0)) throw new PageError("embed.attribute", { attribute: "ply", value: plyText.slice(0, 20) });
      this.mode = this.getAttribute("mode") || "view";
      if (!["view", "play", "study", "problem"].includes(this.mode)) throw new PageError("embed.attribute", { attribute: "mode", value: this.mode.slice(0, 20) });
      // the seats of a game of more players, when given; the others copy Black's (table.js)
      const more = ["seat2", "seat3"].filter((seat) => this.hasAttribute(seat)).map((seat) => readSide(this, seat));
      const players = [readSide(this, "white"), readSide(this, "black"), ...more];
      this.players = this.mode === "play" ? players : [VIEWER, VIEWER];
      const theme = this.getAttribute("theme") || "auto";
      const dark = theme === "dark" || (theme === "auto" && matchMedia("(prefers-color-scheme: dark)").matches);
      this.frame.dataset.theme = dark ? "dark" : "light";
      this.canvas.setAttribute("aria-label", this.text("embed.board"));
      for (const button of this.frame.querySelectorAll("[data-go]")) button.setAttribute("aria-label", this.text(button.dataset.go));
      const key = boardKey(info.games, this.spec);
      if (!key) throw new PageError("embed.game", { game: this.spec.slice(0, 40), games: info.games.map((g) => g.name).join(", ") });
      if (!info.boards[key]) throw new PageError("embed.size", { game: this.spec.slice(0, 40) });
      const data = await (await fetch(new URL(info.boards[key], SITE))).json();
      if (token !== this.token) return;
      this.words = new GameTexts(info, specName(key), this.lang);
      this.board.setLayout(data.layout);
      const pieces = this.mode === "problem" ? problemPieces(this) : this.hasAttribute("position") ? readPosition(this.getAttribute("position")) : (this.moves && this.moves.length ? {} : data.view.pieces);
      this.board.show({ pieces });
      this.showRecordText();
      if (this.mode === "problem") showStipulation(this);
      this.frame.querySelector(".nav").hidden = this.mode === "play" || this.mode === "problem";
      this.nameNavigation();
      this.dispatchEvent(new CustomEvent("shown"));
      this.startWhenSeen();
    } catch (error) {
      this.fail(errorText(error, this.lang));
    }
  }

  showRecordText() {
    const moves = this.moves || [];
    const list = this.frame.querySelector(".moves");
    if (!moves.length) list.textContent = this.textContent.trim();
    // one unbreakable piece a move ("a4-a5-b5-c5" never split at a hyphen), the one on view marked
    else list.replaceChildren(...moves.flatMap((move, i) => [i ? " " : "", recordMove(move, i + 1 === (this.ply ?? moves.length))]));
    this.frame.querySelector(".ply").textContent = this.moves ? `${this.ply ?? moves.length}/${moves.length}` : "";
  }

  status(text, kind = null) {
    const status = this.frame.querySelector(".status");
    status.textContent = text;
    if (kind) status.dataset.kind = kind;
    else delete status.dataset.kind;
  }

  fail(message) {
    this.status(this.text("embed.error", { m: message }), "error");
  }

  // The engine starts when the board is in view (or when it is clicked).
  startWhenSeen() {
    if (this.observer) this.observer.disconnect();
    this.observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) { this.observer.disconnect(); this.start(); }
    });
    this.observer.observe(this);
  }

  async start() {
    if (this.started) return;
    this.started = true;
    this.status(this.text("embed.loading"));
    try {
      await engine().ready;
    } catch {
      return;
    }
    if (this.mode === "problem") { await startProblem(this, engine(), siteInfo); return; }
    if (this.moves === null) {  // the record is the record attribute, or the element's text
      const read = await engine().request({ op: "import", text: this.recordText() });
      if (!read.ok) { this.fail(this.words.error(read)); return; }
      this.moves = read.moves;
      this.tree = read.tree;  // its comments, marks and variations
    }
    this.table = this.makeTable();
    this.opening = true;
    const answer = await this.table.open({ game: this.spec, moves: this.moves, ply: this.ply === null ? null : Math.min(this.ply, this.moves.length), tree: this.tree });
    this.opening = false;
    if (!answer.ok) { this.fail(this.words.error(answer)); return; }
    this.spec = this.table.game;
    this.moves = this.table.shownMoves();
    if (this.mode === "study" && !this.tree) this.tree = this.table.history.toStudy(this.spec);  // the way back
    // « ‹ › » pressed while the engine started: land on the ply they asked for
    if (this.ply !== null && this.ply !== this.table.shownCursor()) await this.table.goTo(Math.min(this.ply, this.moves.length));
    this.ply = this.table.shownCursor();
    if (this.mode === "play") this.offerAgain({ game: this.spec, moves: [...this.moves], ply: this.table.history.atEnd ? null : this.ply });
    this.render();
    this.dispatchEvent(new CustomEvent("ready", { detail: this.record }));
  }

  // A position to play from (an article's "what wins?"): once it has been played on, a
  // button sets it up again, for another try or for the next reader.
  offerAgain(start) {
    this.again = againButton(this.text("problems.again"), () => this.table.open(start));
    this.againFrom = start;
    this.frame.querySelector(".buttons").after(this.again);
  }

  makeTable() {
    // a study: the reader's moves open variations anywhere, the game's end included
    const table = new Table(engine(), { players: this.players, explore: this.mode === "study" ? "everywhere" : false });
    table.addEventListener("change", () => this.render());
    table.addEventListener("message", ({ detail }) => {
      this.status(detail.answer ? this.words.error(detail.answer) : this.text(detail.key, detail.params), detail.kind === "info" ? null : "error");
    });
    // the page hears of a move once it is revealed (a sealed one, with the one revealing it)
    table.addEventListener("played", ({ detail }) => {
      const first = detail.view.ply - detail.revealed.length + 1;
      detail.revealed.forEach(({ move }, i) => this.dispatchEvent(new CustomEvent("move", { detail: { move, ply: first + i } })));
    });
    table.addEventListener("gameover", ({ detail }) => this.dispatchEvent(new CustomEvent("gameover", { detail })));
    return table;
  }

  onStage(stage, detail) {
    if (stage === "failed" && this.started) this.fail(detail);
  }

  render() {
    const table = this.table;
    const v = table.view;
    // what the element shows and tells its page: the revealed moves, never a sealed one
    this.moves = table.shownMoves();
    this.ply = table.shownCursor();
    this.board.show(table.picture());
    this.status(this.statusText());
    const controls = tableControls(this.table, (key, params) => this.text(key, params), this.words, this.canvas.clientWidth || Infinity);
    this.frame.querySelector(".buttons").replaceChildren(...controls);
    this.frame.querySelector(".buttons").hidden = !controls.length;
    if (this.again) this.again.hidden = this.moves.length === this.againFrom.moves.length && this.moves.every((m, i) => m === this.againFrom.moves[i]);
    this.showRecordText();
    this.renderStudy();
  }

  statusText() {
    const table = this.table;
    const v = table.view;
    if (table.handover !== null) return this.text("pass-device", { player: this.words.player(table.handover) });
    if (table.thinking) return this.text("thinking", { detail: "" });
    return v.outcome ? this.words.outcome(v.outcome) : this.words.toMove(v.to_move);
  }

  // -- an annotated game (a study) -----------------------------------------------------------
  // The record to read when no `moves` are given: the record attribute, or the element's
  // text, under the element's game unless the record names its own.
  recordText() {
    const text = this.getAttribute("record") ?? this.textContent;
    if (/^\s*[[(]/.test(text)) return text;  // tags, or an SGF tree
    return `[Game "${this.spec.replace(/["\\]/g, "")}"]\n${text}`;
  }

  // The comment of the move on view under the board (as text), the line with its variations
  // as buttons, and the way back to the author's study once the reader has tried moves.
  renderStudy() {
    const tree = this.table.history;
    const comment = this.frame.querySelector(".comment");
    comment.textContent = tree.notes().comment;
    comment.hidden = !comment.textContent;
    const back = this.frame.querySelector(".back");
    back.textContent = this.text("embed.study-back");
    back.hidden = this.mode !== "study" || !this.tree || sameStudy(tree, this.tree);
    // a plain record keeps its text; the buttons name every ply of the tree, so a record with
    // a sealed ply or one hidden from this seat keeps its text too (what shownMoves() shows)
    if ((tree.onMain && !tree.annotated) || this.table.hidden || this.table.masked.size) return;
    this.frame.querySelector(".moves").replaceChildren(...this.lineButtons(tree.main, tree));
  }

  // A line's moves as buttons, numbered as in print, with comments and bracketed variations
  // (nested as deep as the tree: at most 200).
  lineButtons(line, tree) {
    const parts = [];
    line.nodes.forEach((node, i) => {
      const ply = line.start + i + 1;
      const button = document.createElement("button");
      button.type = "button";
      button.className = "move";
      const numbered = i === 0 || ply % 2 === 1;
      button.textContent = `${numbered ? (ply % 2 ? `${(ply + 1) / 2}. ` : `${ply / 2}... `) : ""}${node.move}${node.glyph}`;
      const place = { line, n: i + 1 };
      if (tree.isHere(place)) button.setAttribute("aria-current", "step");
      button.addEventListener("click", () => this.table.goToPlace(place));
      parts.push(button, " ");
      for (const variation of node.variations) parts.push("(", ...this.lineButtons(variation, tree), ") ");
    });
    return parts;
  }

  // Each board's « ‹ › » is a landmark of its own name (a page may show several boards).
  nameNavigation() {
    const number = [...document.querySelectorAll("tavoliere-board")].indexOf(this) + 1;
    this.frame.querySelector(".nav").setAttribute("aria-label", this.text("embed.nav", { n: Math.max(number, 1) }));
  }

  // The author's study again, at the game's ply where the reader left it.
  async backToStudy() {
    if (!this.table || !this.tree) return;
    const ply = this.table.history.mainPly;
    await this.table.open({ game: this.spec, moves: this.tree.line.map((node) => node.move), ply, tree: this.tree });
  }

  click(cell) {
    if (!this.started) { this.start(); return; }
    if (this.solver) { this.solver.click(cell); return; }
    if (this.table) this.table.click(cell);
  }

  // -- the element's API -----------------------------------------------------------------
  get record() {
    return { game: this.spec, moves: [...(this.moves || [])], ply: this.ply };
  }

  // How the page's engine started ({path, ms, ...}; README, "Snapshots"), once it is ready.
  get engineLoad() {
    return shared && shared.load;
  }

  async goTo(ply) {
    if (!this.moves) return;
    this.ply = Math.max(0, Math.min(ply, this.moves.length));
    if (!this.table || this.opening) {  // the engine is starting: keep the ply, show its number
      this.showRecordText();
      this.start();
      return;
    }
    await this.table.goTo(this.ply);
  }

  async newGame() {
    this.moves = [];
    this.ply = 0;
    if (!this.table) { this.start(); return; }
    await this.table.open({ game: this.spec });
  }
}

function recordMove(move, onView) {
  const piece = document.createElement("span");
  piece.className = "move";
  piece.textContent = move;
  if (onView) piece.setAttribute("aria-current", "step");
  return piece;
}

if (!customElements.get("tavoliere-board")) customElements.define("tavoliere-board", TavoliereBoard);

// Whether the tree on the table is still the author's study (the reader tried no move).
function sameStudy(tree, study) {
  return JSON.stringify(tree.toStudy(study.game, study.tags).line) === JSON.stringify(study.line);
}
