// The position editor (web/editor.js) under Node: taps cycle a cell through the palette from
// the brush, the side to move and "clear" drop the counters read with a position, and the
// text written is the engine's position text (py/tavoliere/core.py, parse_position).
import assert from "node:assert/strict";
import { test } from "node:test";
import { EMPTY, PositionEditor, paletteLayout, palettePicture } from "../../web/editor.js";

function barrier() {
  const editor = new PositionEditor();
  editor.load({ spec: "barrier", position: "pawn.1:a1;pawn.0:c3 w ply=2", pieces: { a1: "pawn.1", c3: "pawn.0" },
    to_move: 0, palette: ["pawn.0", "pawn.1", "block"] });
  return editor;
}

test("a position read whole is written back with its counters", () => {
  const editor = barrier();
  assert.equal(editor.text(), "pawn.1:a1;pawn.0:c3 w ply=2");
  assert.equal(editor.brush, "pawn.0");
});

test("a tap cycles a cell from the brush through the palette, then empties it", () => {
  const editor = barrier();
  assert.deepEqual(["e5", "e5", "e5", "e5"].map((cell) => editor.tap(cell)), ["pawn.0", "pawn.1", "block", EMPTY]);
  editor.choose("block");
  assert.deepEqual(editor.cycle(), ["block", "pawn.0", "pawn.1", EMPTY]);
  assert.equal(editor.tap("b2"), "block");
  assert.equal(editor.tap("c3"), "pawn.1");   // c3 held White's pawn: the next after it
  assert.equal(editor.text(), "pawn.1:a1,c3;block:b2 w");   // an edit drops the counters
});

test("the side to move, clear, and an empty board", () => {
  const editor = barrier();
  editor.setMover(1);
  assert.equal(editor.text(), "pawn.1:a1;pawn.0:c3 b");
  editor.clear();
  assert.equal(editor.text(), "- b");
  editor.choose("nothing");
  assert.equal(editor.brush, EMPTY);
  assert.equal(editor.tap("a1"), EMPTY);        // the eraser leaves an empty cell empty
  editor.choose("pawn.1");
  editor.tap("a1");
  editor.choose(EMPTY);
  assert.equal(editor.tap("a1"), EMPTY);        // and empties a full one
  assert.equal(editor.text(), "- b");
});

test("the palette is a small board: the eraser then one cell a token, the brush ringed", () => {
  const editor = barrier();
  const layout = paletteLayout(editor.palette, 2);
  assert.deepEqual(layout.cells.map((c) => c.name), ["-", "pawn.0", "pawn.1", "block"]);
  assert.equal(layout.cells[2].y > layout.cells[1].y, true);   // two a row
  assert.deepEqual(palettePicture(editor), { pieces: { "pawn.0": "pawn.0", "pawn.1": "pawn.1", block: "block" }, selected: ["pawn.0"] });
  editor.choose(EMPTY);
  assert.deepEqual(palettePicture(editor).selected, ["-"]);
});
