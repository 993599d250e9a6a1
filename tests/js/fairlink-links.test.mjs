// The fair-play fields of a correspondence link (web/links.js; docs/fairplay.md, the page):
// written and read back as they are, checked for their shape, and the forfeit ending.
import "./vocabulary.mjs";  // site.json's words, learnt as the page learns them
import assert from "node:assert/strict";
import test from "node:test";

import { endingOutcome, readEnding, readLink, writeLink } from "../../web/links.js";

const corr = { id: "abcdefgh12345678", names: ["Anna", "Bruno"], by: 0 };
const head = "8f6f7343f5fece9af4e42cd42ddf92ec";
const token = `seal=${"ab".repeat(32)}`;

test("the fair fields and a sealed ply travel in the link and read back the same", () => {
  const fair = { dice: `${head}.-`, shown: `-.${head}`, seals: `1:${"cd".repeat(32)}:${head}` };
  const text = writeLink({ game: "footsteps", moves: ["12", "7", token], corr, fair });
  assert.match(text, /&moves=12,7,seal=(ab){32}&dice=/);
  const link = readLink(text);
  assert.deepEqual(link.fair, fair);
  assert.deepEqual(link.moves, ["12", "7", token]);
  assert.deepEqual(readLink(writeLink({ game: "havannah", moves: ["a1"], corr })).fair, {});
});

test("a fair field that is not hex digits and separators is refused, naming the field", () => {
  assert.throws(() => readLink(`c=${corr.id}&game=dadi&n0=A&n1=B&by=0&dice=<b>.-`),
    (error) => error.key === "link.fair-field" && error.params.field === "dice");
  assert.throws(() => readLink(`c=${corr.id}&game=dadi&n0=A&n1=B&by=0&shown=${"a".repeat(601)}`),
    (error) => error.key === "link.fair-field" && error.params.field === "shown");
  // a reveal names its cell and value; the commitments stay hex
  const reveal = `7:e6:good:${"ab".repeat(16)}`;
  assert.equal(readLink(`c=${corr.id}&game=ghost&n0=A&n1=B&by=0&reveals=${reveal}`).fair.reveals, reveal);
  assert.throws(() => readLink(`c=${corr.id}&game=ghost&n0=A&n1=B&by=0&pieces=e6good`),
    (error) => error.key === "link.fair-field" && error.params.field === "pieces");
});

test("a false reveal ends the game as a loss for its sender", () => {
  assert.equal(readEnding("forfeit1"), "forfeit1");
  assert.deepEqual(endingOutcome("forfeit1"), { winner: 0, reason: "false-reveal", cells: [] });
  assert.deepEqual(endingOutcome("resign1"), { winner: 0, reason: "resign", cells: [] });
  assert.equal(readEnding("forfeit2"), null);
});
