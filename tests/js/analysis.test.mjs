// Analyse from here (web/analysis.js): the study tree seen by the table while analysing, driven
// under Node with the table (web/table.js) and a canned engine.  Every move is the reader's
// and a variation; the game's record, what is saved of the study, and the computer stay put.
import "./vocabulary.mjs";  // site.json's words, learnt as the page learns them
import assert from "node:assert/strict";
import { test } from "node:test";
import { AnalysisTree } from "../../web/analysis.js";
import { Table } from "../../web/table.js";

// A canned game of two players taking turns; any of four cells may be played at any time.
function cannedEngine() {
  const legal = () => ["a1", "b2", "c3", "d4"].map((name) => ({ name, clicks: [name] }));
  const view = (moves) => ({
    ok: true, game: "canned", moves: [...moves], ply: moves.length, players: 2, to_move: moves.length % 2,
    legal: legal(), more: null, pieces: {}, movers: moves.map((_, i) => i % 2),
    last: moves.length ? { player: (moves.length - 1) % 2, cells: [] } : null,
  });
  const engine = {
    searches: 0,
    async request(request) {
      if (request.op === "view") return view(request.moves);
      if (request.op === "play") return { ...view([...request.moves, request.move]), played: request.move };
      return { ok: false, error: "op" };
    },
    think(request) {  // the computer plays the first legal move at once
      engine.searches++;
      const answer = Promise.resolve({ ok: true, move: legal(request.moves)[0].name, cells: [] });
      answer.id = engine.searches;
      return answer;
    },
    stop() {},
  };
  return engine;
}

// A game against the computer (second seat) after two plies, the person to move.
async function gameAgainstComputer() {
  const engine = cannedEngine();
  const table = new Table(engine, { players: [{ kind: "human" }, { kind: "ai", level: 1 }], explore: true });
  await table.open({ game: "canned", moves: ["a1", "b2"] });
  const events = [];
  for (const type of ["played", "explored", "record"]) table.addEventListener(type, () => events.push(type));
  return { engine, table, events };
}

test("from the game's end: both sides' moves make the analysis line; the game and the computer wait", async () => {
  const { engine, table, events } = await gameAgainstComputer();
  const game = table.history;
  const tree = new AnalysisTree(game);
  table.history = tree;
  await table.play("c3");   // the person's side
  assert.equal(table.humanToMove(), true, "the computer's side is the reader's too");
  await table.play("d4");   // the computer's side
  assert.deepEqual(table.history.line(), ["a1", "b2", "c3", "d4"]);
  assert.deepEqual(table.history.moves, ["a1", "b2"], "the record is the game");
  assert.deepEqual(table.shownMoves(), ["a1", "b2"]);
  assert.equal(engine.searches, 0, "the computer never answered");
  assert.deepEqual(events, ["explored", "record", "explored", "record"], "no move of the game was played");
  assert.deepEqual(tree.toStudy("canned").line, [{ move: "a1" }, { move: "b2" }], "the saved study has no analysis line");
  assert.equal(tree.inAnalysisLine, true);
  assert.equal(tree.onMain, false);
  // walking the analysis line: back to the game's last position and forward again
  await table.goTo(2);
  assert.deepEqual(table.view.moves, ["a1", "b2"]);
  await table.goTo(3);
  assert.deepEqual(table.view.moves, ["a1", "b2", "c3"], "the next ply of the analysis line, not the game's end");
  assert.equal(engine.searches, 0);
  // the way back: the line goes, the game is as it was
  tree.dropAnalysisLine();
  assert.deepEqual(game.moves, ["a1", "b2"]);
  assert.deepEqual(game.main.nodes.map((node) => node.variations.length), [0, 0]);
});

test("from an earlier position: a variation of the study, kept on the way back; no promotion into the game", async () => {
  const { engine, table } = await gameAgainstComputer();
  const game = table.history;
  await table.goTo(1);
  const tree = new AnalysisTree(game);
  table.history = tree;
  await table.play("c3");   // instead of b2: a variation
  await table.play("d4");
  assert.deepEqual(table.history.line(), ["a1", "c3", "d4"]);
  assert.equal(tree.promotesToMain, true);
  assert.equal(tree.promote(), false, "the game's line stays the game");
  tree.dropAnalysisLine();
  assert.deepEqual(game.moves, ["a1", "b2"]);
  assert.deepEqual(game.toStudy("canned").line[1].variations, [[{ move: "c3" }, { move: "d4" }]]);
  assert.equal(engine.searches, 0);
});

test("Delete in the analysis line drops it; undo and redo do nothing while analysing", async () => {
  const { table } = await gameAgainstComputer();
  const tree = new AnalysisTree(table.history);
  table.history = tree;
  await table.play("c3");
  assert.equal(tree.undo(), false);
  assert.equal(tree.redo(), false);
  assert.equal(await table.editTree("remove"), true);
  assert.deepEqual(tree.line(), ["a1", "b2"]);
  assert.equal(tree.main.nodes.length, 2);
  assert.equal(tree.remove(), false, "nothing left to delete");
});
