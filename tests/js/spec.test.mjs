// web/spec.js against the table of cases that core.parse_spec is held to as well
// (tests/data/specs.json; the Python side is tests/test_spec.py).
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { SpecError, parseSpec, specName, specOptions, writeSpec } from "../../web/spec.js";

const { cases } = JSON.parse(readFileSync(new URL("../data/specs.json", import.meta.url), "utf8"));

for (const c of cases) {
  test(`parseSpec ${JSON.stringify(c.spec.slice(0, 30))}`, () => {
    if (c.error) {
      assert.throws(() => parseSpec(c.spec), (error) => error instanceof SpecError && error.code === c.error);
      assert.equal(specName(c.spec), null);
      assert.deepEqual(specOptions(c.spec), {});
    } else {
      const { name, options } = parseSpec(c.spec);
      assert.equal(name, c.name);
      assert.deepEqual({ ...options }, c.options);
      assert.equal(specName(c.spec), c.name);
    }
  });
}

test("a spec that is not text is refused as the engine refuses it", () => {
  assert.throws(() => parseSpec(null), (error) => error.code === "game.spec");
});

test("writeSpec leaves out an empty option list and reads back", () => {
  assert.equal(writeSpec("barrier", {}), "barrier");
  const spec = writeSpec("havannah", { size: 8, swap: "true" });
  assert.equal(spec, "havannah(size=8,swap=true)");
  assert.deepEqual({ ...parseSpec(spec).options }, { size: "8", swap: "true" });
});

test("a prebuilt board is chosen by the option that shapes the board only", async () => {
  const { boardKey } = await import("../../web/boards.js");
  const games = [
    { name: "havannah", options: [{ name: "size", default: 8 }, { name: "swap", default: false }] },
    { name: "dadi", players_option: "players", options: [{ name: "players", default: 2 }] },
    { name: "damone", options: [] },
  ];
  assert.equal(boardKey(games, "havannah"), "havannah");
  assert.equal(boardKey(games, "havannah(size=8,swap=true)"), "havannah");
  assert.equal(boardKey(games, "havannah(swap=true, size=010)"), "havannah(size=10)");
  assert.equal(boardKey(games, "dadi(players=3)"), "dadi(players=3)");
  assert.equal(boardKey(games, "damone(x=1)"), "damone");
  assert.equal(boardKey(games, "chess"), null);
  assert.equal(boardKey(games, "havannah(size=8"), null);
});
