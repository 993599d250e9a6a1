// A problem being solved ("White to play and win in 2"): the headless controller shared by the
// room's Problems dialog (web/problems.js) and the embedded board's mode="problem"
// (web/embed.js).  It keeps a Table (web/table.js) whose every request carries the problem's
// start position, seats the reader on the side that must win and answers each of the
// reader's moves through the engine's problem op (py/tavoliere/solving.py): a correct move
// with the longest defence, a wrong one with its refutation, shown, then taken back.
//
// Events: "change" (draw again), "message" (detail {key, params, kind} for a page text, or
// {answer} for an engine error), "finished" (detail {result: "solved" | "missed"}).
import { Table } from "./table.js";

const RESULTS = "tavoliere.problems";   // localStorage: {"game:id": "solved" | "missed"}
export const PAUSE_MS = 500;            // the defender "thinks" this long before answering
export const TAKE_BACK_MS = 2000;       // a refuted try stays on view this long
const PROOF_SLICE_SECONDS = 0.1;        // a step of a page-given problem's proof
let proofs = 0;                          // the proofs started on this page, for their ids
const DEFENDER = { kind: "problem" };   // a seat only this controller moves (no clicks, no bot)

// The solved and missed problems kept in this browser.
export function loadResults() {
  try {
    const kept = JSON.parse(localStorage.getItem(RESULTS) || "{}");
    return kept && typeof kept === "object" && !Array.isArray(kept) ? kept : {};
  } catch {
    return {};
  }
}

// A problem's result, kept: a clean solution counts for good, a miss until then.
export function keepResult(key, result) {
  const kept = loadResults();
  if (kept[key] === "solved") return;
  kept[key] = result;
  try { localStorage.setItem(RESULTS, JSON.stringify(kept)); } catch { /* kept for this visit only */ }
}

// The engine as a problem's table sees it: every request starts from the problem's position.
function fromPosition(engine, position) {
  return {
    request: (request, onProgress) => engine.request({ ...request, position }, onProgress),
    think: (request, onProgress) => engine.think({ ...request, position }, onProgress),
    stop: (id) => engine.stop(id),
  };
}

// The solution as a magazine prints it: the attacker's moves numbered, each with the reply.
export function solutionText(line) {
  const parts = [];
  for (let i = 0; i < line.length; i += 2) {
    parts.push(`${i / 2 + 1}. ${line.slice(i, i + 2).join(" ")}`);
  }
  return parts.join(" ");
}

// The kind of a problem's goal: "win" (win:N) or "capture" (capture:N, games that count
// captures, such as Go), from the engine's answer (kind) or the goal written out.
export function goalKind(problem) {
  return problem.kind || (/^capture:/.test(problem.goal || "") ? "capture" : "win");
}

// The texts that speak of the goal ("wins", "win in 2") have a capture form, problem.capture.*.
const GOAL_TEXTS = new Set(["problem.stipulation", "problem.correct", "problem.solved", "problem.solved-late",
  "problem.wrong.escapes", "problem.wrong.slow", "problem.wrong.ends", "problem.your-move"]);

// A page text's key for the goal of `problem`.
export function goalText(key, problem) {
  return goalKind(problem) === "capture" && GOAL_TEXTS.has(key) ? key.replace(/^problem\./, "problem.capture.") : key;
}

// The stipulation in the reader's language, with the game's own player names:
// "White to play and win in 2", "Black to play and capture in 2".  text(key, params): the
// page's words; words: the game's.
export function stipulation(problem, text, words) {
  return text(goalText("problem.stipulation", problem), { player: words.player(problem.attacker), count: problem.n });
}

// A message of the solver (or the table under it) in words: player numbers become names.
export function messageText(detail, text, words) {
  if (detail.answer) return words.error(detail.answer);
  const params = { ...detail.params };
  for (const name of ["player", "opponent"]) if (Number.isInteger(params[name])) params[name] = words.player(params[name]);
  const said = text(detail.key, params);
  return detail.more ? `${said} ${text(detail.more)}` : said;
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export class Solver extends EventTarget {
  constructor(engine, { pause = PAUSE_MS, takeBack = TAKE_BACK_MS } = {}) {
    super();
    this.engine = engine;
    this.pause = pause;
    this.takeBack = takeBack;
    this.problem = null;    // the engine's answer to "open": spec, position, goal, n, attacker, keys, line, id
    this.table = null;
    this.phase = "none";    // opening, solving, answering, refuted, solved, shown
    this.missed = false;    // a wrong try was played or the solution shown
    this.answering = false; // the defender's reply is being played
  }

  emit(type, detail = null) {
    this.dispatchEvent(new CustomEvent(type, { detail }));
  }

  say(key, params = {}, kind = "info") {
    this.emit("message", { key: goalText(key, this.problem || {}), params, kind });
  }

  // The key of the result kept for this problem: the game and the shipped id, or the position.
  get resultKey() {
    const p = this.problem;
    return p.id ? `${p.spec.split("(")[0]}:${p.id}` : `${p.spec} ${p.position} ${p.goal}`;
  }

  // Open a problem: {game, id} (a shipped one), {game, today: true} (the problem of the day)
  // or {game, position, goal}.  Resolves to the engine's answer; nothing changes on failure.
  // `prepare(answer)` readies the page's side (its words, board layout, stipulation) before
  // the problem is on view, so that "solving" always shows this problem's own heading.
  async open(request, prepare = async () => {}) {
    if (request.position !== undefined) {
      const proof = await this.prove(request);
      if (!proof.ok) return proof;
      request = { ...request, position: proof.position, goal: proof.goal };
    }
    const answer = await this.engine.request({ op: "problem", step: "open", ...request });
    if (!answer.ok) return answer;
    await prepare(answer);
    this.phase = "opening";  // until its table has the start position on view
    this.problem = answer;
    this.missed = false;
    const players = [DEFENDER, DEFENDER];
    players[answer.attacker] = { kind: "human" };
    const table = new Table(fromPosition(this.engine, answer.position), { players, replaceLater: true });
    table.addEventListener("change", () => this.emit("change"));
    table.addEventListener("message", ({ detail }) => this.emit("message", detail));
    table.addEventListener("played", ({ detail }) => this.answer(detail));
    if (this.table) this.table.stopThinking();
    this.table = table;
    await this.restart();
    return answer;
  }

  // A problem given by its position (an embed, a composer's link) is proven a slice at a
  // time, its progress said, so that the worker answers between slices and the reader sees it
  // working; the engine keeps the proof for the "open" that follows.
  async prove({ game, position, goal }) {
    const id = `proof-${++proofs}`;
    const started = await this.engine.request({ op: "problem", step: "start", id, game, position, goal });
    if (!started.ok) return started;
    for (;;) {
      const step = await this.engine.request({ op: "problem", step: "step", id, slice: PROOF_SLICE_SECONDS });
      if (!step.ok) return step;
      if (step.progress.done) break;
      this.say("compose.proving", step.progress);
    }
    return this.engine.request({ op: "problem", step: "stop", id });
  }

  // A tap on the board counts only while the reader is to find a move (not while a reply
  // or a refuted try is on view).
  click(cell) {
    if (this.table && this.phase === "solving") this.table.click(cell);
  }

  // What the board shows: the table's picture, without targets while no move is asked for.
  picture() {
    const picture = this.table.picture();
    return this.phase === "solving" ? picture : { ...picture, targets: [], paths: [] };
  }

  // The problem from its start again (after a miss, or to solve it once more).
  async restart() {
    const players = [DEFENDER, DEFENDER];
    players[this.problem.attacker] = { kind: "human" };
    const opened = await this.table.open({ game: this.problem.spec, moves: [], players });
    this.phase = "solving";
    if (!opened.ok) this.emit("message", { answer: opened });
    this.emit("change");
  }

  // The reader's move, judged; the defender answers.
  async answer({ move, mover }) {
    if (this.answering || mover !== this.problem.attacker || this.phase !== "solving") return;
    const table = this.table;
    const before = table.history.line().slice(0, -1);
    this.phase = "answering";
    this.emit("change");
    const { spec, position, goal, id } = this.problem;
    const named = id ? { id } : {};  // a shipped problem: the engine knows its proof
    const verdict = await this.engine.request({ op: "problem", step: "move", game: spec, position, goal, ...named, moves: before, move });
    if (table !== this.table) return;  // another problem was opened meanwhile
    if (!verdict.ok) {
      this.phase = "solving";
      this.emit("message", { answer: verdict });
      this.emit("change");
      return;
    }
    if (verdict.reply) {
      await sleep(this.pause);
      this.answering = true;
      try { await table.play(verdict.reply); } finally { this.answering = false; }
    }
    if (verdict.verdict === "solved") { this.finish(verdict); return; }
    if (verdict.verdict === "correct") {
      this.phase = "solving";
      this.say("problem.correct", { move: verdict.move, reply: verdict.reply, count: verdict.left });
      this.emit("change");
      return;
    }
    // wrong: the refutation stays on view a moment, with why, then both moves go back
    this.missed = true;
    keepResult(this.resultKey, "missed");
    this.phase = "refuted";
    const why = { move: verdict.move, reply: verdict.reply || "", count: verdict.left,
      player: this.problem.attacker, opponent: 1 - this.problem.attacker };
    this.say(`problem.wrong.${verdict.reason}`, why, "error");
    this.emit("change");
    await sleep(this.takeBack);
    if (table !== this.table || this.phase !== "refuted") return;
    await table.goTo(before.length);
    this.phase = "solving";
    this.emit("message", { key: goalText(`problem.wrong.${verdict.reason}`, this.problem), params: why, kind: "error", more: "problem.taken-back" });
    this.emit("change");
  }

  finish(verdict) {
    this.phase = "solved";
    const result = this.missed ? "missed" : "solved";
    keepResult(this.resultKey, result);
    this.say(this.missed ? "problem.solved-late" : "problem.solved", { move: verdict.move });
    this.emit("change");
    this.emit("finished", { result });
  }

  // The whole solution on the board (its last position) and in words; counts as a miss.
  async showSolution() {
    if (!this.problem) return;
    this.missed = true;
    keepResult(this.resultKey, "missed");
    this.phase = "shown";
    const line = this.problem.line;
    await this.table.open({ game: this.problem.spec, moves: line, players: [{ kind: "viewer" }, { kind: "viewer" }] });
    this.say("problem.solution", { line: solutionText(line) });
    this.emit("change");
  }
}
