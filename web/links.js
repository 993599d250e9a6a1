// Links: a record in a URL fragment, read and written in one place for the ordinary links
// (game, moves, ply, players) and the correspondence links (the same, with the game's
// identifier, the two names and the side that sent it).  Reading never trusts the text: every
// field is checked here or by the engine, and what is shown of it is shown as text.
import { PageError } from "./errors.js";
import { vocabulary } from "./vocabulary.js";

export const MAX_FRAGMENT = 100000;
export const MAX_NAME = 30;
const ID = /^[A-Za-z0-9_-]{8,40}$/;
const SEAT_KEYS = ["white", "black", "seat2", "seat3"];  // the players of an ordinary link, by seat
// Characters the fragment keeps as they are, so a link stays short and readable; the rest of
// what encodeURIComponent escapes stays escaped ("&", "#", "+", "%", spaces...).
const KEPT = { "%2C": ",", "%2F": "/", "%3A": ":", "%40": "@", "%3D": "=" };

function escape(text) {
  return encodeURIComponent(text).replace(/%(2C|2F|3A|40|3D)/g, (code) => KEPT[code]);
}

// A short, quoted excerpt of untrusted text for a message.
export function excerpt(text, limit = 20) {
  const chars = [...String(text)];
  return chars.length > limit ? `${chars.slice(0, limit).join("")}…` : chars.join("");
}

// A player's name from a link or a form: trimmed, without control characters, 1 to MAX_NAME
// characters.
export function readName(text) {
  const name = String(text ?? "").replace(/[\u0000-\u001f\u007f-\u009f]/g, "").trim();
  if (!name) throw new PageError("corr.no-name");
  if ([...name].length > MAX_NAME) throw new PageError("corr.long-name", { name: excerpt(name), max: MAX_NAME });
  return name;
}

// How the players ended a game after its last move, as a link and a saved game write it:
// "resign0" or "resign1" (that player resigned) or "draw" (agreed), or "forfeit0" or
// "forfeit1" (that player sent a false reveal in a fair game by link: web/fairlink.js).
// Anything else is null.
export const ENDINGS = ["resign0", "resign1", "draw", "forfeit0", "forfeit1"];

export function readEnding(text) {
  return ENDINGS.includes(text) ? text : null;
}

// The moves of a link or an attribute: names separated by commas.
export function readMoves(text) {
  const moves = (text || "").split(",").map((m) => m.trim()).filter(Boolean);
  const { maxPlies } = vocabulary();
  if (moves.length > maxPlies) throw new PageError("link.too-many-moves", { max: maxPlies });
  return moves;
}

// The outcome of an ending, as the engine writes outcomes.
export function endingOutcome(ending) {
  if (ending === "draw") return { winner: null, reason: "agreement", cells: [] };
  const reason = ending.startsWith("forfeit") ? "false-reveal" : "resign";
  return { winner: 1 - Number(ending.slice(-1)), reason, cells: [] };
}

// The record of a fragment (the text after "#"): {game (null when absent), moves, ply (null:
// the last), players (the white=, black=, seat2= and seat3= texts, or null), corr (null, or {id, names, by}),
// end (null, or an ending: see readEnding), fair (the fair-play fields: see readFair)}.
// Throws a PageError naming what cannot be read.
export function readLink(text) {
  if (text.length > MAX_FRAGMENT) throw new PageError("link.too-long");
  const params = new URLSearchParams(text);
  const moves = readMoves(params.get("moves"));
  const plyText = params.get("ply");
  const ply = plyText === null || plyText === "last" ? null : Number(plyText);
  if (ply !== null && !(Number.isInteger(ply) && ply >= 0 && ply <= moves.length)) {
    throw new PageError("link.ply", { ply: excerpt(plyText) });
  }
  const endText = params.get("end");
  if (endText !== null && readEnding(endText) === null) throw new PageError("link.end", { text: excerpt(endText) });
  return {
    game: params.get("game"),
    moves,
    ply,
    players: SEAT_KEYS.map((key) => params.get(key)),
    corr: readCorrespondence(params),
    end: readEnding(endText),
    fair: readFair(params),
  };
}

// Fair play by link (docs/fairplay.md): the public fields dice= (chain heads), shown= (the
// latest chain values) and seals= (the proof of the last opened seal), as {dice, shown, seals}
// with only those present.  Their shape is checked here; the engine checks what they prove.
// Hidden pieces add pieces= (each piece's commitment) and reveals= (the pieces shown during the
// game: ply:piece:value:salt), web/hiddenlink.js.
export const FAIR_FIELDS = ["dice", "shown", "seals", "pieces", "reveals"];
// Digests, salts and chain values are hex; a reveal also names its cell and value (e6, good).
const FAIR_TEXT = /^[0-9a-f.:-]{1,600}$/;
const FAIR_TEXTS = { reveals: /^[0-9a-z.:-]{1,1200}$/ };

function readFair(params) {
  const fair = {};
  for (const key of FAIR_FIELDS) {
    const text = params.get(key);
    if (text === null) continue;
    if (!(FAIR_TEXTS[key] || FAIR_TEXT).test(text)) throw new PageError("link.fair-field", { field: key, text: excerpt(text) });
    fair[key] = text;
  }
  return fair;
}

function readCorrespondence(params) {
  const id = params.get("c");
  if (id === null) return null;
  if (!ID.test(id)) throw new PageError("corr.bad-id", { text: excerpt(id) });
  const by = params.get("by");
  if (by !== "0" && by !== "1") throw new PageError("corr.bad-side", { text: excerpt(by ?? "") });
  return { id, names: [readName(params.get("n0")), readName(params.get("n1"))], by: Number(by) };
}

// The fragment (without "#") of a record; `corr` ({id, names, by}) makes it a correspondence
// link; `players` (their texts, "human" or "ai:N") names the seats of an ordinary one.
// `fair` ({dice, shown, seals}) adds the fair-play fields of a correspondence game.
export function writeLink({ game, moves = [], ply = null, corr = null, end = null, players = null, fair = null }) {
  const parts = [];
  if (corr) parts.push(`c=${corr.id}`);
  parts.push(`game=${escape(game)}`);
  if (players) players.forEach((text, seat) => parts.push(`${SEAT_KEYS[seat]}=${text}`));
  if (corr) parts.push(`n0=${escape(corr.names[0])}`, `n1=${escape(corr.names[1])}`, `by=${corr.by}`);
  if (moves.length) parts.push(`moves=${moves.map((m) => escape(m).replace(/,/g, "%2C")).join(",")}`);
  if (ply !== null) parts.push(`ply=${ply}`);
  if (end) parts.push(`end=${end}`);
  for (const key of FAIR_FIELDS) if (fair && fair[key]) parts.push(`${key}=${fair[key]}`);
  return parts.join("&");
}

// A new game's identifier: 12 random bytes in base64url (16 characters).
export function newCorrespondenceId() {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_");
}
