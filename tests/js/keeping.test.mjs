// web/keeping.js: whether a tab's record of a saved game is stale, and how the saved-games
// list describes a game in the page's language (title, players, result or turn, date).
import assert from "node:assert/strict";
import { test } from "node:test";
import { setLanguage } from "../../web/i18n.js";
import { isStale, recordStamp, savedDate, savedState, savedSummary, savedTitle, seatNames } from "../../web/keeping.js";

// A site.json with one game, as build.py writes it (only what the list reads).
const site = {
  games: [{
    name: "havannah", title: "Havannah", players: 2,
    options: [{ name: "size", kind: "int", default: 10, hidden: false }],
    texts: {
      en: { "player.0": "White", "player.1": "Black", "option.size": "Cells per side", "option.size.header": "side {value}",
        "reason.ring": "ring", "reason.resign": "{loser} resigned" },
      it: { "player.0": "Bianco", "player.1": "Nero", "option.size": "Caselle per lato", "option.size.header": "lato {value}",
        "reason.ring": "anello", "reason.resign": "il {loser} ha abbandonato" },
    },
  }],
};
const entry = { id: "a", game: "havannah(size=8)", moves: ["e5", "d4"], players: [{ kind: "human" }, { kind: "ai", level: 2 }], updated: Date.UTC(2026, 10, 27, 7, 18) };

test("a stored record is stale once it differs from the one this tab opened or saved", () => {
  const known = recordStamp(entry);
  assert.equal(isStale(entry, known), false);
  assert.equal(isStale({ ...entry, updated: entry.updated + 5, toMove: 0 }, known), false, "only the record counts");
  assert.equal(isStale({ ...entry, moves: ["e5", "d4", "c3"] }, known), true, "another tab played on");
  assert.equal(isStale({ ...entry, moves: ["e5"] }, known), true, "another tab took a move back");
  assert.equal(isStale({ ...entry, ending: "resign0" }, known), true, "another tab resigned");
  assert.equal(isStale(entry, null), true, "a game stored by someone else under this tab's new key");
  assert.equal(isStale(null, known), false, "nothing stored: saving takes nothing from anyone");
});

test("the title is the game's name and size in the page's words, never the engine's spec", () => {
  setLanguage("en");
  assert.equal(savedTitle(site, "havannah(size=8)"), "Havannah, side 8");
  setLanguage("it");
  assert.equal(savedTitle(site, "havannah(size=8)"), "Havannah, lato 8");
  assert.equal(savedTitle(site, "unknown(size=3)"), "unknown(size=3)");
});

test("the date is written in the page's language", () => {
  const time = Date.UTC(2026, 10, 27, 7, 18);
  assert.match(savedDate(time, "it"), /27 nov 2026/);
  assert.match(savedDate(time, "en"), /Nov 27, 2026/);
});

test("players, result or turn, in the page's language", () => {
  assert.deepEqual(seatNames(entry.players, "en"), ["You", "Computer, level 2"]);
  assert.deepEqual(seatNames([{ kind: "human" }, { kind: "human" }], "it"), ["Umano", "Umano"]);
  assert.equal(savedState(site, { ...entry, toMove: 1 }, "en"), "Black to move");
  assert.equal(savedState(site, { ...entry, toMove: 0 }, "it"), "Tocca al Bianco");
  assert.equal(savedState(site, { ...entry, outcome: { winner: 0, reason: "ring" } }, "en"), "White wins: ring");
  assert.equal(savedState(site, { ...entry, ending: "resign1" }, "it"), "Vince il Bianco: il Nero ha abbandonato");
  assert.equal(savedState(site, { ...entry, outcome: { reason: 3 } }, "en"), "", "a stored outcome is read, not trusted");
  assert.equal(savedState(site, entry, "en"), "", "a game saved before the list said how it stands");
});

test("the summary in Italian", () => {
  setLanguage("it");
  const { title, details } = savedSummary(site, { ...entry, toMove: 0 });
  assert.equal(title, "Havannah, lato 8");
  assert.match(details, /^Tu – Computer, livello 2 · Tocca al Bianco · 2 semimosse · 27 nov 2026/);
});
