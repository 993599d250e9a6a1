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
