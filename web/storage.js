// Saved games in localStorage: the game in progress is saved after every move and resumed
// after a reload.  Data that cannot be read is moved aside once (under another key, never
// thrown away) and reported once, so a bad entry never leaves the page blank; a full or
// refused storage is reported, never thrown.  Nothing saved is ever dropped to make room:
// the player is told when the storage is nearly full, while every save still succeeds, and
// decides what to delete.
import { PageError } from "./errors.js";

const KEY = "tavoliere.games";
const CURRENT = "tavoliere.current";
const ASIDE = "tavoliere.unreadable.";
const LIMIT = 50;
const MAX_TEXT = 4_000_000;  // more than fifty games could ever need: certainly not ours
// The room a save should leave free (characters): more than the longest link brings (5,000
// moves) and many moves of every game, yet a small part of any browser's quota.
const HEADROOM = 100_000;
const PROBE = "tavoliere.headroom";

function validGame(entry) {
  return entry && typeof entry.id === "string" && typeof entry.game === "string" &&
    Array.isArray(entry.moves) && entry.moves.every((m) => typeof m === "string") &&
    Array.isArray(entry.players) && entry.players.length >= 2 && entry.players.length <= 4 && typeof entry.updated === "number" &&
    (entry.sealed === undefined || unseal(entry.sealed, entry.moves.length) !== null);
}

function read(key) {
  try { return localStorage.getItem(key); } catch { return null; }
}

// Write; null, or why not (a full quota, storage switched off) as a PageError.
function write(key, text) {
  try {
    localStorage.setItem(key, text);
    return null;
  } catch (error) {
    return new PageError(error && error.name === "QuotaExceededError" ? "storage.full" : "storage.refused");
  }
}

// Whether the storage still has HEADROOM free: browsers do not say how full localStorage is,
// so a text that size is written and removed at once.
function roomLeft() {
  const full = write(PROBE, "x".repeat(HEADROOM));
  try { localStorage.removeItem(PROBE); } catch { /* nothing was written */ }
  return !full;
}

// After a save that worked: null, or a warning that the next ones may not.
function afterSave(problem) {
  return problem || (roomLeft() ? null : new PageError("storage.nearly-full"));
}

// Move unreadable text out of the way: the original key is freed first, so the copy fits
// wherever the original did.
function setAside(text, key = KEY) {
  try { localStorage.removeItem(key); } catch { /* nothing to free */ }
  if (write(`${ASIDE}${Date.now()}`, text)) write(key, text);  // could not move it: leave it
}

// {games, problem}: the entries of a list under `key` that `valid` accepts, newest first, and
// what was set aside, if anything.
function loadList(key, valid) {
  const text = read(key);
  if (text === null) return { games: [], problem: null };
  let games;
  try {
    if (text.length > MAX_TEXT) throw new PageError("storage.too-big", { millions: Math.round(text.length / 1e6) });
    games = JSON.parse(text);
    if (!Array.isArray(games)) throw new PageError("storage.not-list");
  } catch (error) {
    setAside(text, key);
    return { games: [], problem: error instanceof PageError ? error : new PageError("storage.not-list") };
  }
  const good = games.filter(valid);
  if (good.length !== games.length) {
    write(`${ASIDE}${Date.now()}`, JSON.stringify(games.filter((g) => !valid(g))).slice(0, MAX_TEXT));
    write(key, JSON.stringify(good));
    return { games: good, problem: new PageError("storage.some-unreadable", { count: games.length - good.length }) };
  }
  return { games: good.sort((a, b) => b.updated - a.updated), problem: null };
}

// {games, problem}: the saved games, newest first (their records unsealed), and what was set
// aside, if anything.
export function loadGames() {
  const { games, problem } = loadList(KEY, validGame);
  return { games: games.map(opened), problem };
}

// Save a game; returns null, or the problem (the game stays on screen either way): a full
// storage keeps the saved games as they were (key "storage.full"), and a nearly full one is
// a warning after a save that worked ("storage.nearly-full").  An entry marked `seal` is
// stored sealed (below).
export function saveGame(entry) {
  const { games } = loadGames();
  const others = games.filter((g) => g.id !== entry.id);
  const all = [{ ...entry, updated: Date.now() }, ...others].slice(0, LIMIT);
  const problem = write(KEY, JSON.stringify(all.map(sealed)));
  write(CURRENT, entry.id);
  return afterSave(problem);
}

// -- sealed records ------------------------------------------------------------------------------
// While a game keeps something from one of its players (a set-up of hidden pieces, a sealed
// bid), its record is stored sealed: every move as "?", and the record itself mixed with a
// keystream drawn from this browser's own random key.  The storage panel then shows neither
// player the other's secret.  The key lies in the same storage: this keeps a secret from a
// look at the storage, not from code run in the page, which could read the page's memory too.
const SEAL_KEY = "tavoliere.seal";

function sealKey(create) {
  const hex = read(SEAL_KEY);
  if (hex && /^[0-9a-f]{32}$/.test(hex)) return hexBytes(hex);
  if (!create) return null;
  const key = crypto.getRandomValues(new Uint8Array(16));
  return write(SEAL_KEY, bytesHex(key)) ? null : key;
}

function hexBytes(hex) {
  return Uint8Array.from(hex.match(/../g), (pair) => parseInt(pair, 16));
}

function bytesHex(bytes) {
  return [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
}

// `length` bytes of xorshift128 (Marsaglia, 2003) started from the key mixed with the nonce:
// a new nonce for every save, so no two saves share a keystream.
function keystream(key, nonce, length) {
  const seed = new DataView(key.map((b, i) => b ^ nonce[i]).buffer);
  let [a, b, c, d] = [0, 4, 8, 12].map((i) => seed.getUint32(i) | 0);
  if (!(a | b | c | d)) a = 1;
  const out = new Uint8Array(length);
  for (let i = 0; i < length; i += 4) {
    const t = a ^ (a << 11);
    [a, b, c] = [b, c, d];
    d = (d ^ (d >>> 19) ^ t ^ (t >>> 8)) | 0;
    for (let j = 0; j < 4 && i + j < length; j++) out[i + j] = (d >>> (8 * j)) & 255;
  }
  return out;
}

function mixed(bytes, key, nonce) {
  const stream = keystream(key, nonce, bytes.length);
  return bytes.map((byte, i) => byte ^ stream[i]);
}

// The entry as stored: its moves as "?", and its record (the moves and a study's tree) sealed
// as "nonce:base64"; or the entry as it is.
function sealed(entry) {
  if (!entry.seal) return entry;
  const key = sealKey(true);
  const nonce = crypto.getRandomValues(new Uint8Array(16));
  const record = new TextEncoder().encode(JSON.stringify({ moves: entry.moves, tree: entry.tree || null }));
  let text = "";
  for (const byte of key ? mixed(record, key, nonce) : []) text += String.fromCharCode(byte);
  return { ...entry, moves: entry.moves.map(() => "?"), tree: null, sealed: `${bytesHex(nonce)}:${btoa(text)}` };
}

// The record ({moves, tree}) of a sealed entry, or null if it cannot be read (no key, another
// browser's, or damaged): such an entry is set aside as unreadable, never thrown away.
function unseal(text, length) {
  const key = sealKey(false);
  const parts = typeof text === "string" && text.match(/^([0-9a-f]{32}):([A-Za-z0-9+/=]*)$/);
  if (!key || !parts) return null;
  try {
    const bytes = Uint8Array.from(atob(parts[2]), (char) => char.charCodeAt(0));
    const record = JSON.parse(new TextDecoder().decode(mixed(bytes, key, hexBytes(parts[1]))));
    const { moves } = record;
    return Array.isArray(moves) && moves.length === length && moves.every((m) => typeof m === "string") ? record : null;
  } catch {
    return null;
  }
}

function opened(entry) {
  if (entry.sealed === undefined) return entry;
  const { sealed: text, ...rest } = entry;
  const { moves, tree } = unseal(text, entry.moves.length);
  return { ...rest, moves, tree };
}

// The saved game under `id`, as stored now (another tab may have saved it), or null.
export function findGame(id) {
  return loadGames().games.find((g) => g.id === id) || null;
}

export function deleteGame(id) {
  const { games } = loadGames();
  write(KEY, JSON.stringify(games.filter((g) => g.id !== id)));
  try {
    if (localStorage.getItem(CURRENT) === id) localStorage.removeItem(CURRENT);
  } catch { /* nothing stored */ }
}

// The game on screen last: a saved game, or a correspondence game (marked `correspondence`).
export function currentGame() {
  const id = read(CURRENT);
  const saved = loadGames().games.find((g) => g.id === id);
  if (saved) return saved;
  const corr = findCorrespondence(id);
  return corr ? { ...corr, correspondence: true } : null;
}

export function newGameId() {
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
}

// -- correspondence games ------------------------------------------------------------------------
// Kept apart from the saved games, and never dropped to make room: a full storage is reported
// and the list stays as it was.  An entry: {id, game, moves, names: [white, black], side (the
// side this browser plays), created, updated, last (when the last move came, or null), sent
// (moves the other player has seen: sent or received by link), archived, settled (false until
// this browser has played or chosen its side), toMove and outcome (the engine's, for the list)}.
const CORR = "tavoliere.correspondence";

function validCorrespondence(entry) {
  return entry && typeof entry.id === "string" && typeof entry.game === "string" &&
    Array.isArray(entry.moves) && entry.moves.every((m) => typeof m === "string") &&
    Array.isArray(entry.names) && entry.names.length === 2 && entry.names.every((n) => typeof n === "string") &&
    (entry.side === 0 || entry.side === 1) && typeof entry.updated === "number" &&
    typeof entry.created === "number" && (entry.last === null || typeof entry.last === "number") &&
    Number.isInteger(entry.sent) && typeof entry.archived === "boolean" && typeof entry.settled === "boolean" &&
    (entry.toMove === undefined || Number.isInteger(entry.toMove)) && (entry.outcome === undefined || typeof entry.outcome === "object");
}

export function loadCorrespondence() {
  return loadList(CORR, validCorrespondence);
}

export function findCorrespondence(id) {
  return loadCorrespondence().games.find((g) => g.id === id) || null;
}

// Save a correspondence game (by default it becomes the one resumed); null, or the problem
// (as saveGame's: a received link cannot fill the storage unnoticed).
export function saveCorrespondence(entry, { current = true } = {}) {
  const others = loadCorrespondence().games.filter((g) => g.id !== entry.id);
  entry.updated = Date.now();
  const problem = write(CORR, JSON.stringify([entry, ...others]));
  if (!problem && current) write(CURRENT, entry.id);
  return afterSave(problem);
}

export function deleteCorrespondence(id) {
  const { games } = loadCorrespondence();
  write(CORR, JSON.stringify(games.filter((g) => g.id !== id)));
  try {
    if (localStorage.getItem(CURRENT) === id) localStorage.removeItem(CURRENT);
  } catch { /* nothing stored */ }
}
