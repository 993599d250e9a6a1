// web/storage.js: a saved game that keeps something from a player (a hidden set-up, a sealed
// bid) is stored sealed, so the storage shows neither player the other's secret, and comes
// back whole; a sealed entry that cannot be read is set aside, never lost.
import assert from "node:assert/strict";
import { beforeEach, test } from "node:test";

const store = new Map();
globalThis.localStorage = {
  getItem: (key) => (store.has(key) ? store.get(key) : null),
  setItem: (key, value) => { store.set(key, String(value)); },
  removeItem: (key) => { store.delete(key); },
};
const { loadGames, saveGame } = await import("../../web/storage.js");

const SETUPS = ["b1c1d2e2", "b5c5d6e6"];
const ghost = { id: "g", game: "ghost", moves: [...SETUPS, "b2-b3"], players: [{ kind: "human" }, { kind: "ai", level: 1 }], seal: true };
const plain = { id: "h", game: "havannah(size=8)", moves: ["e5", "d4"], players: [{ kind: "human" }, { kind: "human" }] };
const everything = () => [...store.values()].join("\n");

beforeEach(() => store.clear());

test("a sealed record is stored without its moves and read back whole", () => {
  assert.equal(saveGame(ghost), null);
  for (const secret of [...SETUPS, "b2-b3"]) assert.ok(!everything().includes(secret), secret);
  const [back] = loadGames().games;
  assert.deepEqual(back.moves, ghost.moves);
  assert.equal(back.seal, true);
  assert.equal(back.sealed, undefined, "the page never sees the sealed text");
});

test("a study's tree is sealed with its moves", () => {
  const tree = { moves: [...ghost.moves], comments: { 3: "a bold step" } };
  saveGame({ ...ghost, tree });
  assert.ok(!everything().includes("a bold step"));
  assert.deepEqual(loadGames().games[0].tree, tree);
});

test("two saves of one record share no keystream", () => {
  saveGame(ghost);
  const first = JSON.parse(store.get("tavoliere.games"))[0].sealed;
  saveGame(ghost);
  const second = JSON.parse(store.get("tavoliere.games"))[0].sealed;
  assert.notEqual(first, second);
});

test("a record with nothing to keep is stored as it is, beside a sealed one", () => {
  saveGame(plain);
  saveGame(ghost);
  assert.ok(everything().includes('"e5","d4"'));
  const games = loadGames().games;
  assert.deepEqual(games.map((g) => g.moves), [ghost.moves, plain.moves]);
  saveGame({ ...ghost, seal: false, moves: [...ghost.moves, "f6-out"] });  // the end reveals
  assert.ok(everything().includes(SETUPS[1]));
});

test("a sealed record this browser cannot read is set aside as unreadable, not lost", () => {
  saveGame(plain);
  saveGame(ghost);
  const stored = store.get("tavoliere.games");
  store.set("tavoliere.seal", "0".repeat(32));  // another browser's key
  const { games, problem } = loadGames();
  assert.deepEqual(games.map((g) => g.id), ["h"]);
  assert.equal(problem.key, "storage.some-unreadable");
  const aside = [...store.keys()].filter((key) => key.startsWith("tavoliere.unreadable."));
  assert.equal(aside.length, 1);
  assert.equal(JSON.parse(store.get(aside[0]))[0].sealed, JSON.parse(stored)[0].sealed);
});

test("a damaged sealed text is set aside too", () => {
  saveGame(ghost);
  const list = JSON.parse(store.get("tavoliere.games"));
  list[0].sealed = `${"ab".repeat(16)}:not base64!`;
  store.set("tavoliere.games", JSON.stringify(list));
  const { games, problem } = loadGames();
  assert.deepEqual(games, []);
  assert.equal(problem.key, "storage.some-unreadable");
});
