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
    Array.isArray(entry.players) && entry.players.length >= 2 && entry.players.length <= 4 && typeof entry.updated === "number";
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

// {games, problem}: the saved games, newest first, and what was set aside, if anything.
export function loadGames() {
  return loadList(KEY, validGame);
}

// Save a game; returns null, or the problem (the game stays on screen either way): a full
// storage keeps the saved games as they were (key "storage.full"), and a nearly full one is
// a warning after a save that worked ("storage.nearly-full").
export function saveGame(entry) {
  const { games } = loadGames();
  const others = games.filter((g) => g.id !== entry.id);
  const all = [{ ...entry, updated: Date.now() }, ...others].slice(0, LIMIT);
  const problem = write(KEY, JSON.stringify(all));
  write(CURRENT, entry.id);
  return afterSave(problem);
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
