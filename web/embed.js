// <tavoliere-board>: a live board for other people's pages, added with one module script.
//
//   <script type="module" src="https://HOST/PATH/web/embed.js"></script>
//   <tavoliere-board game="havannah(size=8)" moves="e5,h8,d4" mode="view|play" ply="last"
//                    white="human" black="ai:3" lang="it" theme="auto"
//                    position="white:e5,d4;black:h8">1. e5 h8 2. d4</tavoliere-board>
//
// The text inside the element is the record for readers without JavaScript.  `position`
// (written by the room's Record dialog) lets the board show its pieces before Python starts;
// the engine starts only when a board comes into view or is played, and all the boards of a
// page share one worker.  Events: ready, move, gameover.  API: record, goTo(ply), newGame().
import { BoardView } from "./board.js";
import { boardKey } from "./boards.js";
import { Engine } from "./engine.js";
import { narrow, nextClicks } from "./moves.js";

const SITE = new URL("../", import.meta.url);
const STYLE = new URL("embed.css", import.meta.url);
const TEXTS = {
  en: { "0": "White", "1": "Black", move: "{p} to move", wins: "{p} wins", draw: "Draw", loading: "Starting the engine…",
    thinking: "The computer is thinking…", illegal: "{cell}: no legal move there", error: "This board cannot be shown: {m}",
    first: "First position", previous: "Previous move", next: "Next move", last: "Last position", board: "Tavoliere board" },
  it: { "0": "Bianco", "1": "Nero", move: "Muove il {p}", wins: "Vince il {p}", draw: "Patta", loading: "Avvio del motore…",
    thinking: "Il computer sta pensando…", illegal: "{cell}: nessuna mossa legale lì", error: "Questa scacchiera non si può mostrare: {m}",
    first: "Posizione iniziale", previous: "Mossa precedente", next: "Mossa successiva", last: "Ultima posizione", board: "Scacchiera Tavoliere" },
};
const MAX_MOVES = 5000;

let site = null;          // site.json, fetched once per page
let shared = null;        // the one engine of the page
const boards = new Set();

function siteInfo() {
  if (!site) site = fetch(new URL("site.json", SITE)).then((r) => r.json());
  return site;
}

function engine() {
  if (!shared) {
    shared = new Engine((stage, detail) => { for (const board of boards) board.onStage(stage, detail); });
  }
  return shared;
}

function parsePlayer(text, side) {
  if (!text || text === "human") return null;
  const match = /^ai:([1-5])$/.exec(text);
  if (!match) throw new Error(`${side}="${text.slice(0, 20)}": a player is human or ai:1 to ai:5`);
  return Number(match[1]);
}

function parsePosition(text) {
  const pieces = {};
  for (const part of (text || "").split(";").filter(Boolean)) {
    const [kind, cells] = part.split(":");
    if (!["white", "black", "obstacle"].includes(kind) || cells === undefined) throw new Error(`position: "${part.slice(0, 30)}" is not kind:cells`);
    for (const cell of cells.split(",").filter(Boolean)) pieces[cell.trim()] = kind;
  }
  return pieces;
}

class TavoliereBoard extends HTMLElement {
  static observedAttributes = ["game", "moves", "ply", "mode", "white", "black", "lang", "theme", "position"];

  constructor() {
    super();
    this.root = this.attachShadow({ mode: "open" });
    this.clicks = [];
    this.started = false;
    this.view = null;
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
  text(key, params = {}) {
    const asked = this.getAttribute("lang") || (this.closest("[lang]") || {}).lang || navigator.language || "en";
    const lang = asked.toLowerCase().startsWith("it") ? "it" : "en";
    return TEXTS[lang][key].replace(/\{(\w+)\}/g, (_, name) => params[name] ?? "");
  }

  build() {
    const link = document.createElement("link");
    link.rel = "stylesheet";
    link.href = STYLE.href;
    this.frame = document.createElement("div");
    this.frame.className = "frame";
    this.frame.innerHTML = `<div class="box"><canvas tabindex="0"></canvas></div>
      <nav class="nav"><button data-go="first">«</button><button data-go="previous">‹</button>
      <span class="ply"></span><button data-go="next">›</button><button data-go="last">»</button></nav>
      <p class="status" aria-live="polite"></p><p class="moves"></p>`;
    this.root.append(link, this.frame);
    this.canvas = this.frame.querySelector("canvas");
    this.board = new BoardView(this.canvas, (cell) => this.click(cell));
    for (const button of this.frame.querySelectorAll("[data-go]")) {
      button.addEventListener("click", () => this.go(button.dataset.go));
    }
  }

  go(where) {
    const total = this.moves.length;
    const ply = { first: 0, previous: this.ply - 1, next: this.ply + 1, last: total }[where];
    this.goTo(ply);
  }

  // Read the attributes and show what can be shown without the engine.
  async load() {
    const token = (this.token = {});
    try {
      this.spec = this.getAttribute("game") || "barrier";
      const movesText = this.getAttribute("moves");
      this.moves = movesText === null ? null : movesText.split(",").map((m) => m.trim()).filter(Boolean);
      if (this.moves && this.moves.length > MAX_MOVES) throw new Error(`more than ${MAX_MOVES} moves`);
      const plyText = this.getAttribute("ply") || "last";
      this.ply = plyText === "last" ? null : Number(plyText);
      if (this.ply !== null && !(Number.isInteger(this.ply) && this.ply >= 0)) throw new Error(`ply="${plyText.slice(0, 20)}"`);
      this.mode = this.getAttribute("mode") || "view";
      if (!["view", "play"].includes(this.mode)) throw new Error(`mode="${this.mode.slice(0, 20)}": view or play`);
      this.levels = [parsePlayer(this.getAttribute("white"), "white"), parsePlayer(this.getAttribute("black"), "black")];
      const theme = this.getAttribute("theme") || "auto";
      const dark = theme === "dark" || (theme === "auto" && matchMedia("(prefers-color-scheme: dark)").matches);
      this.frame.dataset.theme = dark ? "dark" : "light";
      this.canvas.setAttribute("aria-label", this.text("board"));
      for (const button of this.frame.querySelectorAll("[data-go]")) button.setAttribute("aria-label", this.text(button.dataset.go));
      const info = await siteInfo();
      const key = boardKey(info.games, this.spec);
      if (!key) throw new Error(`game="${this.spec.slice(0, 40)}" is not one of ${info.games.map((g) => g.name).join(", ")}`);
      if (!info.boards[key]) throw new Error(`game="${this.spec.slice(0, 40)}": no such board size`);
      const data = await (await fetch(new URL(info.boards[key], SITE))).json();
      if (token !== this.token) return;
      this.board.setLayout(data.layout);
      const pieces = this.hasAttribute("position") ? parsePosition(this.getAttribute("position")) : (this.moves && this.moves.length ? {} : data.view.pieces);
      this.board.show({ pieces });
      this.showRecordText();
      this.frame.querySelector(".nav").hidden = this.mode !== "view";
      this.dispatchEvent(new CustomEvent("shown"));
      this.startWhenSeen();
    } catch (error) {
      this.fail(error.message);
    }
  }

  showRecordText() {
    const moves = this.moves || [];
    this.frame.querySelector(".moves").textContent = moves.length ? moves.join(" ") : this.textContent.trim();
    this.frame.querySelector(".ply").textContent = this.moves ? `${this.ply ?? moves.length}/${moves.length}` : "";
  }

  fail(message) {
    this.frame.querySelector(".status").textContent = this.text("error", { m: message });
    this.frame.querySelector(".status").dataset.kind = "error";
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
    const status = this.frame.querySelector(".status");
    status.textContent = this.text("loading");
    try {
      await engine().ready;
    } catch {
      return;
    }
    if (this.moves === null) {  // the record is the element's text
      const read = await engine().request({ op: "import", text: `[Game "${this.spec.replace(/["\\]/g, "")}"]\n${this.textContent}` });
      if (!read.ok) { this.fail(read.message); return; }
      this.moves = read.moves;
    }
    const full = await engine().request({ op: "view", game: this.spec, moves: this.moves });
    if (!full.ok) { this.fail(full.message); return; }
    this.spec = full.game;
    this.moves = full.moves;
    if (this.ply === null || this.ply > this.moves.length) this.ply = this.moves.length;
    await this.show();
    this.dispatchEvent(new CustomEvent("ready", { detail: this.record }));
  }

  onStage(stage, detail) {
    if (stage === "failed" && this.started) this.fail(detail);
  }

  async show() {
    const answer = await engine().request({ op: "view", game: this.spec, moves: this.moves.slice(0, this.ply) });
    if (!answer.ok) { this.fail(answer.message); return; }
    this.view = answer;
    this.clicks = [];
    this.render();
    this.computerTurn();
  }

  render() {
    const v = this.view;
    const mine = this.mode === "play" && !v.outcome && this.ply === this.moves.length && this.levels[v.to_move] === null && !this.thinking;
    this.board.show({
      pieces: v.pieces,
      last: v.last ? v.last.cells : [],
      selected: this.clicks,
      targets: mine && (this.clicks.length || nextClicks(v.legal, []).length <= 24) ? nextClicks(v.legal, this.clicks) : [],
      win: v.outcome ? v.outcome.cells : (v.notes && v.notes.pending ? v.notes.pending.cells : []),
      shaded: mine && v.notes && v.notes.forbidden ? v.notes.forbidden : [],
      leaving: (v.notes && v.notes.captured) || [],
    });
    const status = this.frame.querySelector(".status");
    delete status.dataset.kind;
    status.textContent = this.thinking ? this.text("thinking") : v.outcome
      ? (v.outcome.winner === null ? this.text("draw") : this.text("wins", { p: this.text(String(v.outcome.winner)) })) + ` (${v.outcome.reason})`
      : this.text("move", { p: this.text(String(v.to_move)) });
    this.showRecordText();
  }

  async click(cell) {
    if (!this.started) { this.start(); return; }
    const v = this.view;
    if (!v || this.mode !== "play" || v.outcome || this.thinking || this.levels[v.to_move] !== null) return;
    if (this.ply !== this.moves.length) return;
    const { clicks, candidates, move } = narrow(v.legal, this.clicks, cell);
    if (!candidates.length) {
      this.clicks = [];
      this.render();
      this.frame.querySelector(".status").textContent = this.text("illegal", { cell });
      return;
    }
    if (move) { await this.play(move.name); return; }
    this.clicks = clicks;
    this.render();
  }

  async play(name) {
    const answer = await engine().request({ op: "play", game: this.spec, moves: this.moves.slice(0, this.ply), move: name });
    if (!answer.ok) { this.frame.querySelector(".status").textContent = answer.message; return false; }
    this.moves = answer.moves;
    this.ply = this.moves.length;
    this.view = answer;
    this.clicks = [];
    this.render();
    this.dispatchEvent(new CustomEvent("move", { detail: { move: answer.played, ply: this.ply } }));
    if (answer.outcome) this.dispatchEvent(new CustomEvent("gameover", { detail: answer.outcome }));
    this.computerTurn();
    return true;
  }

  async computerTurn() {
    const v = this.view;
    if (this.mode !== "play" || !v || v.outcome || this.thinking || this.ply !== this.moves.length) return;
    const level = this.levels[v.to_move];
    if (level === null) return;
    this.thinking = true;
    this.render();
    const line = this.moves.join(",");
    const answer = await engine().think({ game: this.spec, moves: this.moves, level, seed: this.moves.length });
    this.thinking = false;
    if (line !== this.moves.join(",")) return;  // the record changed meanwhile
    if (answer.ok) await this.play(answer.move);
    else this.fail(answer.message);
  }

  // -- the element's API -----------------------------------------------------------------
  get record() {
    return { game: this.spec, moves: [...(this.moves || [])], ply: this.ply };
  }

  async goTo(ply) {
    if (!this.moves) return;
    this.ply = Math.max(0, Math.min(ply, this.moves.length));
    if (!this.started) { this.start(); return; }
    await this.show();
  }

  async newGame() {
    this.moves = [];
    this.ply = 0;
    if (!this.started) { this.start(); return; }
    await this.show();
  }
}

if (!customElements.get("tavoliere-board")) customElements.define("tavoliere-board", TavoliereBoard);
