// The table (web/table.js), the controller under the room and every embedded board, driven
// under Node with a canned engine: no browser, no Python.  Chromium proves the page; these
// prove the controller's logic (narrowing clicks, the record, the seats) and the links.
import "./vocabulary.mjs";  // site.json's words, learnt as the page learns them
import assert from "node:assert/strict";
import { test } from "node:test";
import { Table } from "../../web/table.js";
import { readLink, readMoves, writeLink } from "../../web/links.js";
import { PageError } from "../../web/errors.js";

// A canned game: `legal(line)` lists the moves after a line, as {name, clicks}; the engine
// answers views, plays, narrowing and previews from it as the bridge would.  `delay` makes
// every answer wait that many milliseconds (a loaded engine); `asked` counts the requests.
function cannedEngine(legal, { players = 2, more = false, delay = 0 } = {}) {
  const view = (moves) => {
    const all = legal(moves);
    return {
      ok: true, game: "canned", moves: [...moves], ply: moves.length, players, to_move: moves.length % players,
      legal: more ? [] : all, more: more ? { starts: [...new Set(all.map((m) => m.clicks[0]))] } : null,
      pieces: Object.fromEntries(moves.map((m, i) => [m.split("-").pop(), `stone.${i % players}`])),
      movers: moves.map((_, i) => i % players), last: moves.length ? { player: (moves.length - 1) % players, cells: [] } : null,
    };
  };
  const engine = {
    asked: [],
    ready: Promise.resolve(),
    async request(request) {
      engine.asked.push(request.op);
      if (delay) await new Promise((resolve) => setTimeout(resolve, delay));
      const moves = request.moves || [];
      if (request.game !== "canned") return { ok: false, error: "game.unknown" };
      if (request.op === "view") return view(moves);
      if (request.op === "narrow") {
        const fit = legal(moves).filter((m) => request.clicks.every((cell, i) => m.clicks[i] === cell));
        return { ok: true, legal: fit };
      }
      if (request.op === "preview") return { ok: true, pieces: view([...moves, request.move]).pieces };
      if (request.op === "play") {
        if (!legal(moves).some((m) => m.name === request.move)) return { ok: false, error: "move.illegal" };
        return { ...view([...moves, request.move]), played: request.move };
      }
      return { ok: false, error: "op" };
    },
    // the computer plays the first legal move at once
    think(request) {
      const answer = Promise.resolve({ ok: true, move: legal(request.moves)[0].name, cells: [] });
      answer.id = ++engine.searches;
      return answer;
    },
    searches: 0,
    stop() {},
  };
  return engine;
}

const move = (name) => ({ name, clicks: name.split("-") });
// Every line has the same moves: a stone on c3, or a step from a1 to b1 or to b2.
const steps = () => ["a1-b1", "a1-b2", "c3"].map(move);
const people = () => [{ kind: "human" }, { kind: "human" }];

async function openTable(legal, options = {}, record = {}) {
  const table = new Table(cannedEngine(legal, options), { players: people() });
  const messages = [];
  table.addEventListener("message", ({ detail }) => messages.push(detail.key || detail.answer.error));
  const answer = await table.open({ game: "canned", ...record });
  assert.equal(answer.ok, true);
  return { table, messages };
}

test("a click that begins several moves waits for the next; the next one plays", async () => {
  const { table, messages } = await openTable(steps);
  await table.click("a1");
  assert.deepEqual(table.clicks, ["a1"]);
  assert.deepEqual(table.targets().sort(), ["b1", "b2"]);
  assert.equal(messages.at(-1), "choose-next");
  await table.click("b2");
  assert.deepEqual(table.history.moves, ["a1-b2"]);
  assert.deepEqual(table.clicks, []);
});

test("a click that makes one move alone plays it at once", async () => {
  const { table } = await openTable(steps);
  await table.click("c3");
  assert.deepEqual(table.history.moves, ["c3"]);
});

test("a click that fits no move is refused and drops the choice", async () => {
  const { table, messages } = await openTable(steps);
  await table.click("a1");
  await table.click("h8");
  assert.equal(messages.at(-1), "illegal-click");
  assert.deepEqual(table.clicks, []);
  assert.deepEqual(table.history.moves, []);
});

test("a move that longer ones begin with is played by clicking its last cell again", async () => {
  const { table, messages } = await openTable(() => ["a1", "a1-b1"].map(move));
  await table.click("a1");
  assert.equal(messages.at(-1), "choose-or-confirm");
  assert.equal(table.complete().name, "a1");
  await table.click("a1");
  assert.deepEqual(table.history.moves, ["a1"]);
});

test("two quick clicks on a board the engine narrows are taken in order", async () => {
  const { table } = await openTable(steps, { more: true, delay: 5 });
  await Promise.all([table.click("a1"), table.click("b1")]);  // the second before the first's answer
  assert.deepEqual(table.history.moves, ["a1-b1"]);
});

test("undo and redo walk the record; the cursor goes back without losing moves", async () => {
  const { table } = await openTable(steps);
  await table.play("c3");
  await table.play("a1-b1");
  assert.deepEqual(table.history.moves, ["c3", "a1-b1"]);
  await table.undo();
  assert.deepEqual(table.history.moves, ["c3"]);
  await table.redo();
  assert.deepEqual(table.history.moves, ["c3", "a1-b1"]);
  await table.goTo(1);
  assert.equal(table.history.cursor, 1);
  assert.deepEqual(table.history.moves, ["c3", "a1-b1"]);
  assert.deepEqual(table.view.moves, ["c3"]);
});

test("against the computer, undo goes back to the person's last turn", async () => {
  const table = new Table(cannedEngine(steps), { players: [{ kind: "human" }, { kind: "ai", level: 1 }] });
  await table.open({ game: "canned" });
  await table.play("c3");
  await new Promise((resolve) => setTimeout(resolve, 10));  // the computer's answer
  assert.deepEqual(table.history.moves, ["c3", "a1-b1"]);
  await table.undo();
  assert.deepEqual(table.history.moves, []);
  assert.equal(table.humanToMove(), true);
});

test("a move at an earlier position needs the player's consent (here refused)", async () => {
  const { table } = await openTable(steps, {}, { moves: ["c3", "a1-b1"], ply: 1 });
  assert.equal(table.history.cursor, 1);
  const answer = await table.play("a1-b2");
  assert.equal(answer.error, "cancelled");
  assert.deepEqual(table.history.moves, ["c3", "a1-b1"]);
});

test("exploring: a move at an earlier position opens a variation; the computer answers only in the game", async () => {
  const table = new Table(cannedEngine(steps), { players: [{ kind: "human" }, { kind: "ai", level: 1 }], explore: true });
  await table.open({ game: "canned", moves: ["c3", "a1-b1"], ply: 0 });
  const records = [];
  table.addEventListener("record", () => records.push(table.history.moves.join(" ")));
  assert.equal(table.humanToMove(), true);
  const answer = await table.play("a1-b2");
  assert.equal(answer.ok, true);
  assert.deepEqual(table.history.moves, ["c3", "a1-b1"]);   // the game is whole
  assert.deepEqual(table.history.line(), ["a1-b2"]);
  assert.equal(table.humanToMove(), true);                  // the reader plays the computer's side too
  await table.play("c3");
  await new Promise((resolve) => setTimeout(resolve, 10));
  assert.deepEqual(table.history.line(), ["a1-b2", "c3"]);  // no answer from the computer here
  assert.deepEqual(records, ["c3 a1-b1", "c3 a1-b1"]);
  await table.goTo(0);
  await table.goTo(2);
  assert.deepEqual(table.history.line(), ["c3", "a1-b1"]);
  assert.equal(table.history.atEnd, true);
  await table.goTo(0);
  await table.play("a1-b2");                                // into the variation again
  assert.equal(await table.editTree("promote"), true);      // it becomes the game
  assert.deepEqual(table.history.moves, ["a1-b2", "c3"]);
  assert.equal(table.history.cursor, 1);                    // the same position on view
  await table.goTo(2);                                      // the game's end
  await table.play("c3");
  await new Promise((resolve) => setTimeout(resolve, 10));
  assert.deepEqual(table.history.moves, ["a1-b2", "c3", "c3", "a1-b1"]);  // the computer answers the game
});

test("an illegal move is reported and changes nothing", async () => {
  const { table, messages } = await openTable(steps);
  const answer = await table.play("z9");
  assert.equal(answer.ok, false);
  assert.equal(messages.at(-1), "move.illegal");
  assert.deepEqual(table.history.moves, []);
});

test("open takes the seats and fits them to the game's count", async () => {
  const table = new Table(cannedEngine(steps, { players: 3 }), { players: people() });
  await table.open({ game: "canned", players: [{ kind: "human" }, { kind: "ai", level: 2 }] });
  assert.deepEqual(table.players, [{ kind: "human" }, { kind: "ai", level: 2 }, { kind: "ai", level: 2 }]);
});

test("a record the engine refuses leaves the table as it was", async () => {
  const { table } = await openTable(steps, {}, { moves: ["c3"] });
  const answer = await table.open({ game: "nonsense", moves: ["x"] });
  assert.equal(answer.ok, false);
  assert.equal(table.game, "canned");
  assert.deepEqual(table.history.moves, ["c3"]);
});

test("the view's facts are taken from the answer: a play asks the engine once", async () => {
  const { table } = await openTable(steps);
  table.engine.asked.length = 0;
  await table.play("c3");
  assert.deepEqual(table.engine.asked, ["play"]);
  assert.deepEqual(table.turns, [0]);
});

test("links: a record written into a fragment reads back the same", () => {
  const record = { game: "havannah(size=8)", moves: ["e5", "c4-c5-d5/d5", "pass"], ply: 2, end: "resign1",
    corr: { id: "AbCdEfGhIjKl", names: ["Anna & Bo", "Carlo"], by: 1 } };
  const link = readLink(writeLink(record));
  assert.equal(link.game, record.game);
  assert.deepEqual(link.moves, record.moves);
  assert.equal(link.ply, 2);
  assert.equal(link.end, "resign1");
  assert.deepEqual(link.corr, record.corr);
});

test("links: seats, bad plies and too many moves", () => {
  assert.deepEqual(readLink(writeLink({ game: "hekka", players: ["human", "ai:3"] })).players, ["human", "ai:3", null, null]);
  assert.throws(() => readLink("game=hekka&moves=a,b&ply=3"), (e) => e instanceof PageError && e.key === "link.ply");
  assert.throws(() => readMoves(Array(5001).fill("a").join(",")), (e) => e instanceof PageError && e.key === "link.too-many-moves");
});
