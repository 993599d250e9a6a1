// The study tree (web/tree.js): variations opened by moves at earlier positions, walked,
// promoted and deleted; notes on positions; the engine's JSON form read and written back.
import assert from "node:assert/strict";
import { test } from "node:test";
import { GLYPHS, Tree } from "../../web/tree.js";
import { History } from "../../web/history.js";

test("a move at an earlier position opens a variation and keeps the game", () => {
  const tree = new Tree(["a", "b", "c"], 1);
  assert.equal(tree.atEnd, false);
  assert.deepEqual(tree.line(), ["a"]);
  assert.equal(tree.push("x"), "variation");
  assert.deepEqual(tree.moves, ["a", "b", "c"]);   // the game is whole
  assert.deepEqual(tree.line(), ["a", "x"]);
  assert.equal(tree.onMain, false);
  assert.equal(tree.cursor, 2);
  assert.equal(tree.push("y"), "line");              // the variation goes on
  assert.deepEqual(tree.line(), ["a", "x", "y"]);
  assert.equal(tree.end, 3);
  tree.goTo(1);                                       // back to where it branched
  assert.equal(tree.onMain, true);
  assert.equal(tree.push("b"), "followed");          // the game's own move: followed
  assert.deepEqual(tree.line(), ["a", "b"]);
  tree.goTo(1);
  assert.equal(tree.push("x"), "followed");          // the variation's first move: followed
  assert.deepEqual(tree.line(), ["a", "x"]);
  assert.deepEqual(tree.moves, ["a", "b", "c"]);
  assert.equal(tree.main.nodes[1].variations.length, 1);
});

test("left and right walk the line on view; up and down go between the moves of a ply", () => {
  const tree = new Tree(["a", "b", "c"], 1);
  tree.push("x"); tree.push("y");
  tree.goTo(0); tree.goTo(1);
  tree.push("z");                                     // a second variation at ply 2
  tree.goTo(tree.cursor - 1);
  assert.deepEqual(tree.line(), ["a"]);
  tree.goTo(tree.cursor + 1);                         // right from the branch: the main line
  assert.deepEqual(tree.line(), ["a", "b"]);
  assert.equal(tree.switchVariation(-1), false);      // the main move is the first
  assert.equal(tree.switchVariation(1), true);
  assert.deepEqual(tree.line(), ["a", "x"]);
  assert.equal(tree.switchVariation(1), true);
  assert.deepEqual(tree.line(), ["a", "z"]);
  assert.equal(tree.switchVariation(1), false);
  assert.equal(tree.switchVariation(-1), true);
  tree.goTo(tree.cursor + 1);
  assert.deepEqual(tree.line(), ["a", "x", "y"]);
  assert.equal(tree.switchVariation(1), false);      // y has no other move beside it
  tree.goTo(99);
  assert.deepEqual(tree.line(), ["a", "x", "y"]);     // the end of the line on view
  tree.goTo(0);
  assert.equal(tree.onMain, true);
  assert.equal(tree.cursor, 0);
});

test("promoting a variation into the main line, its old moves become the variation", () => {
  const tree = new Tree(["a", "b", "c"], 1);
  tree.push("x"); tree.push("y");
  tree.goTo(1); tree.push("z");                       // variations [x y] and [z] of b
  tree.switchVariation(-1);                           // x
  tree.goTo(3);                                       // y, in the variation
  assert.equal(tree.promotesToMain, true);
  assert.equal(tree.promote(), true);
  assert.deepEqual(tree.moves, ["a", "x", "y"]);
  assert.deepEqual(tree.line(), ["a", "x", "y"]);     // the same position, now on the main line
  assert.equal(tree.atEnd, true);
  const alternatives = tree.main.nodes[1].variations.map((v) => v.nodes.map((n) => n.move));
  assert.deepEqual(alternatives, [["b", "c"], ["z"]]);
  assert.equal(tree.main.nodes[1].variations[0].parent, tree.main);
  assert.equal(tree.promote(), false);                // the main line has nothing above it
});

test("a variation inside a variation is promoted one level at a time", () => {
  const tree = new Tree(["a", "b", "c"], 1);
  tree.push("x"); tree.push("y");
  tree.goTo(2); tree.push("w");                        // [x y] with a variation [w] of y
  assert.equal(tree.depth, 2);
  assert.equal(tree.promotesToMain, false);
  tree.promote();
  assert.deepEqual(tree.moves, ["a", "b", "c"]);      // the game untouched
  assert.deepEqual(tree.line(), ["a", "x", "w"]);
  assert.equal(tree.depth, 1);
  const variation = tree.main.nodes[1].variations[0];
  assert.deepEqual(variation.nodes.map((n) => n.move), ["x", "w"]);
  assert.deepEqual(variation.nodes[1].variations[0].nodes.map((n) => n.move), ["y"]);
});

test("deleting a variation goes back to where it branched; the main line cannot be deleted", () => {
  const tree = new Tree(["a", "b"], 0);
  tree.push("x"); tree.push("y");
  assert.equal(tree.remove(), true);
  assert.deepEqual(tree.line(), []);
  assert.equal(tree.main.nodes[0].variations.length, 0);
  tree.goTo(2);
  assert.equal(tree.remove(), false);
  assert.deepEqual(tree.moves, ["a", "b"]);
});

test("undo takes back the game's last move with its notes; redo brings them back", () => {
  const tree = new History(["a", "b"]);
  tree.goTo(1); tree.push("x");
  tree.goTo(0); tree.goTo(2); tree.setComment("a note");
  assert.equal(tree.undo(), true);
  assert.deepEqual(tree.moves, ["a"]);
  assert.equal(tree.atEnd, true);
  assert.equal(tree.redo(), true);
  assert.equal(tree.main.nodes[1].comment, "a note");
  assert.equal(tree.main.nodes[1].variations[0].nodes[0].move, "x");
  tree.push("c");
  assert.equal(tree.redo(), false);                   // a new game move forgets the undone ones
  tree.goTo(99);
  assert.equal(tree.cursor, 3);
});

test("comments, move marks and board marks on the position on view", () => {
  const tree = new Tree(["a", "b"], 0);
  tree.setComment("<img src=x onerror=alert(1)>");    // kept as characters: the page shows text
  assert.equal(tree.root.comment, "<img src=x onerror=alert(1)>");
  assert.equal(tree.setGlyph("!"), false);            // the start has no move to mark
  tree.goTo(1);
  assert.equal(tree.setGlyph("!?"), true);
  assert.equal(tree.node().glyph, "!?");
  tree.setGlyph("!?");                                 // given again: taken off
  assert.equal(tree.node().glyph, "");
  assert.equal(tree.setGlyph("?!!"), false);
  tree.toggleMark({ kind: "circle", cell: "e5" });
  tree.toggleMark({ kind: "arrow", cell: "d4", to: "e5" });
  tree.toggleMark({ kind: "circle", cell: "e5" });
  assert.deepEqual(tree.node().marks, [{ kind: "arrow", cell: "d4", to: "e5" }]);
  tree.setComment("x".repeat(20_000));
  assert.equal(tree.node().comment.length, 10_000);
  assert.equal(tree.annotated, true);
  assert.equal(new Tree(["a"]).annotated, false);
});

test("the engine's study JSON is read and written back the same", () => {
  const study = {
    game: "havannah(size=4)", tags: { White: "Anna" }, comment: "the start",
    marks: [{ kind: "circle", cell: "d4" }],
    line: [
      { move: "d4", comment: "centre", glyph: "!", marks: [{ kind: "arrow", cell: "d4", to: "e5" }],
        variations: [[{ move: "c3", glyph: "?!" }, { move: "d4", variations: [[{ move: "e5" }]] }]] },
      { move: "e5", glyph: "!?" },
    ],
  };
  const tree = Tree.fromStudy(study, 1);
  assert.deepEqual(tree.moves, ["d4", "e5"]);
  assert.equal(tree.cursor, 1);
  assert.equal(tree.node().comment, "centre");
  assert.deepEqual(tree.toStudy("havannah(size=4)", { White: "Anna" }), study);
  tree.switchVariation(1);
  assert.deepEqual(tree.line(), ["c3"]);
  tree.goTo(2);
  tree.switchVariation(1);
  assert.deepEqual(tree.line(), ["c3", "e5"]);
  assert.equal(tree.depth, 2);
});

test("a deep tree is walked without recursion over plies", () => {
  const tree = new Tree(Array.from({ length: 5000 }, (_, i) => `m${i}`));
  assert.equal(tree.cursor, 5000);
  tree.goTo(2500);
  tree.push("v");
  assert.equal(tree.line().length, 2501);
  for (let i = 0; i < 300; i++) {   // a move, then another in its place: one level deeper
    tree.push(`p${i}`);
    tree.goTo(tree.cursor - 1);
    if (tree.push(`q${i}`) === "too-deep") break;
  }
  assert.equal(tree.depth, 200);
  assert.equal(tree.toStudy("g").line.length, 5000);
});

test("a study changed by hand is refused whole, its junk notes left out", () => {
  assert.throws(() => Tree.fromStudy({ line: [null] }), /without a move/);
  assert.throws(() => Tree.fromStudy({ line: [{ move: "a", variations: [[{ glyph: "!" }]] }] }), /without a move/);
  const tree = Tree.fromStudy({ line: [{ move: "a", glyph: "!!!", marks: [null, { kind: "blink" }, { kind: "cross", cell: "a1" }], variations: [[]] }] });
  assert.deepEqual(tree.toStudy("g").line, [{ move: "a", marks: [{ kind: "cross", cell: "a1" }] }]);
});

test("the page lists the six glyph buttons in the tree's order", async () => {
  const { readFile } = await import("node:fs/promises");
  const html = await readFile(new URL("../../index.html", import.meta.url), "utf8");
  const listed = [...html.matchAll(/data-glyph="([^"]*)"/g)].map((m) => m[1]);
  assert.deepEqual(listed, GLYPHS);
});
