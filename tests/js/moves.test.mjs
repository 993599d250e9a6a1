// Click narrowing (web/moves.js) and the record (web/history.js), under Node.
import assert from "node:assert/strict";
import { test } from "node:test";
import { History } from "../../web/history.js";
import { exact, matching, nextClicks, nextStep } from "../../web/moves.js";

const move = (name, steps) => ({ name, clicks: name.split("-"), ...(steps ? { steps } : {}) });

test("clicks narrow the moves by their sequence", () => {
  const legal = ["a1-b1", "a1-b2", "c3"].map((n) => move(n));
  assert.deepEqual(matching(legal, ["a1"]).map((m) => m.name), ["a1-b1", "a1-b2"]);
  assert.deepEqual(nextClicks(legal, ["a1"]).sort(), ["b1", "b2"]);
  assert.deepEqual(nextClicks(legal, []).sort(), ["a1", "c3"]);
  assert.equal(exact(legal, ["a1"]), null);
  assert.equal(exact(legal, ["a1", "b2"]).name, "a1-b2");
});

test("clicks after freeAfter come in any order, each cell once", () => {
  const legal = [move("d4-e5-f6")];
  assert.equal(matching(legal, ["d4", "f6"], 1).length, 1);
  assert.equal(matching(legal, ["f6"], 1).length, 0);  // the first click keeps its place
  assert.equal(matching(legal, ["d4", "f6", "f6"], 1).length, 0);
  assert.deepEqual(nextClicks(legal, ["d4", "f6"], 1), ["e5"]);
  assert.equal(exact(legal, ["d4", "f6", "e5"], 1).name, "d4-e5-f6");
});

test("the next step is named only when every longer move names the same one", () => {
  const legal = [move("a1-b1-c1", ["start", "path", "remove"]), move("a1-b2-c1", ["start", "path", "remove"])];
  assert.equal(nextStep(legal, ["a1"]), "path");
  assert.equal(nextStep([...legal, move("a1-z9", ["start", "other"])], ["a1"]), null);
  assert.equal(nextStep(legal, ["a1"], 1), null);  // free clicks name no step
});

test("the record: a move at an earlier ply opens a variation, the game stays; undo and redo", () => {
  const h = new History(["a", "b", "c"], 1);
  assert.equal(h.atEnd, false);
  assert.deepEqual(h.line(), ["a"]);
  h.push("x");
  assert.deepEqual(h.moves, ["a", "b", "c"]);
  assert.deepEqual(h.line(), ["a", "x"]);
  assert.equal(h.undo(), true);
  assert.deepEqual(h.moves, ["a", "b"]);
  assert.equal(h.redo(), true);
  assert.deepEqual(h.moves, ["a", "b", "c"]);
  assert.equal(h.redo(), false);
  h.goTo(99);
  assert.equal(h.cursor, 3);
});

// The rule is the engine's too (bridge._fits, for lists too long to send): both sides are held
// to the one table of cases in tests/data/clicks.json (tests/test_bridge.py reads it too).
test("click narrowing agrees with the engine's on the shared table of cases", async () => {
  const { readFileSync } = await import("node:fs");
  const { cases } = JSON.parse(readFileSync(new URL("../data/clicks.json", import.meta.url), "utf8"));
  const { fits } = await import("../../web/moves.js");
  for (const c of cases) {
    assert.equal(fits({ clicks: c.move }, c.clicks, c.free_after ?? Infinity), c.fits, c.why);
  }
});
