// The move left to chance (a set-up of hidden pieces): uniform over the legal moves.
import test from "node:test";
import assert from "node:assert/strict";
import { uniformIndex } from "../../web/controls.js";

test("a random index covers every move about equally and never leaves the range", () => {
  const counts = new Array(70).fill(0);
  for (let i = 0; i < 70_000; i++) counts[uniformIndex(70)] += 1;
  assert.equal(counts.reduce((a, b) => a + b), 70_000);
  // 1,000 expected each; 6 standard deviations (about 190) either side
  assert.ok(Math.min(...counts) > 800 && Math.max(...counts) < 1200, counts.join(","));
  assert.equal(uniformIndex(1), 0);
});
