// A board turned half round for the player of the second side: every drawn place moves.
import test from "node:test";
import assert from "node:assert/strict";
import { turned } from "../../web/layouts.js";

test("a turned layout mirrors cells, labels, a Go board's lines and its star points", () => {
  const layout = {
    width: 4, height: 3,
    cells: [{ name: "a1", x: 1, y: 2, points: [[0.5, 1.5], [1.5, 1.5], [1.5, 2.5], [0.5, 2.5]] }],
    labels: [{ text: "a", x: 1, y: 2.8 }],
    lines: [[[1, 2], [3, 2]]],
    dots: [[1, 2]],
  };
  const t = turned(layout);
  assert.deepEqual([t.cells[0].x, t.cells[0].y], [3, 1]);
  assert.deepEqual(t.cells[0].points[0], [3.5, 1.5]);
  assert.equal(t.labels[0].x, 3);
  assert.ok(Math.abs(t.labels[0].y - 0.2) < 1e-9);
  assert.deepEqual(t.lines, [[[3, 1], [1, 1]]]);
  assert.deepEqual(t.dots, [[3, 1]]);
  assert.deepEqual(turned({ width: 1, height: 1, cells: [] }).lines, undefined);
});
