// A move built by toggling cells (web/toggle.js) at the table, with a canned engine that
// answers as the bridge does for Game.toggle: units, marks, the move they make, the listed
// moves it covers, and the marks (the count) under them.
import "./vocabulary.mjs";  // site.json's words, learnt as the page learns them
import assert from "node:assert/strict";
import { test } from "node:test";
import { Table } from "../../web/table.js";
import { toggled, withToggle } from "../../web/toggle.js";

const UNITS = [["a1", "a2"], ["c3"]];

function cannedEngine() {
  const view = (moves, marked) => {
    const toggling = moves.length === 0;
    const marks = marked || ["c3"];
    const name = marks.length ? `mark:${[...marks].sort().join(",")}` : "mark";
    return {
      ok: true, game: "canned", moves: [...moves], ply: moves.length, players: 2, to_move: moves.length % 2,
      legal: toggling ? [{ name: "mark:c3", clicks: [] }, { name: "mark", clicks: [] }, { name: "accept", clicks: [] }] : [],
      pieces: { a1: "stone.0", a2: "stone.0", c3: "stone.1" }, movers: [], last: null,
      marks: toggling ? { message: { key: "count", params: { marked: marks.length } }, owned: [["b1"], []] } : {},
      ...(toggling ? { toggle: { units: UNITS, marked: marks, move: { name, clicks: [], words: ["move.propose", {}] }, covers: ["mark:c3", "mark"] } } : {}),
    };
  };
  const engine = {
    asked: [],
    ready: Promise.resolve(),
    async request(request) {
      engine.asked.push(request);
      if (request.op === "view") return view(request.moves, request.marked);
      if (request.op === "play") return { ...view([...request.moves, request.move]), played: request.move };
      return { ok: false, error: "op" };
    },
    stop() {},
  };
  return engine;
}

async function openTable() {
  const engine = cannedEngine();
  const table = new Table(engine, { players: [{ kind: "human" }, { kind: "human" }] });
  const messages = [];
  table.addEventListener("message", ({ detail }) => messages.push(detail.key));
  await table.open({ game: "canned" });
  return { table, engine, messages };
}

test("a tap toggles the whole unit of the cell tapped", () => {
  const toggle = { units: UNITS, marked: ["c3"] };
  assert.deepEqual(toggled(toggle, "a2").sort(), ["a1", "a2", "c3"]);
  assert.deepEqual(toggled({ ...toggle, marked: ["a1", "a2"] }, "a1"), []);
  assert.deepEqual(toggled({ ...toggle, marked: ["a1"] }, "a2").sort(), ["a1", "a2"]);  // half marked: on
  assert.equal(toggled(toggle, "b5"), null);
});

test("the toggled move is one button in place of the moves it covers", () => {
  const view = { toggle: { move: { name: "mark:c3" }, covers: ["mark:c3", "mark"] } };
  const buttons = withToggle(view, [{ name: "mark:c3" }, { name: "mark" }, { name: "accept" }]);
  assert.deepEqual(buttons.map((m) => m.name), ["mark:c3", "accept"]);
  assert.deepEqual(withToggle({}, [{ name: "pass" }]).map((m) => m.name), ["pass"]);
});

test("taps ask the engine for the view under the new marks; the button plays the move", async () => {
  const { table, engine, messages } = await openTable();
  assert.deepEqual(table.picture().faded, ["c3"]);
  assert.deepEqual(table.picture().owned, [["b1"], []]);
  await table.click("a1");
  assert.deepEqual(engine.asked.at(-1).marked.sort(), ["a1", "a2", "c3"]);
  assert.deepEqual(table.buttons().map((m) => m.name), ["mark:a1,a2,c3", "accept"]);
  await table.click("c3");
  assert.deepEqual(table.view.toggle.marked.sort(), ["a1", "a2"]);
  assert.deepEqual(table.history.moves, []);  // taps play nothing
  await table.click("b5");
  assert.equal(messages.at(-1), "toggle-nothing");
  await table.play(table.buttons()[0].name);
  assert.deepEqual(table.history.moves, ["mark:a1,a2"]);
  assert.equal(table.view.toggle, undefined);
});
