// The player's settings kept in this browser: on/off choices and the players of the next game.
// A browser that refuses storage keeps them for the visit.
import { playerText, readPlayer } from "./seats.js";
import { vocabulary } from "./vocabulary.js";

export const MAX_SEATS = 4;  // the most players a game seats (index.html has a choice for each)
const DEFAULT_PLAYERS = [{ kind: "human" }, { kind: "ai", level: 2 }];

export function loadFlag(key, fallback) {
  try {
    const saved = localStorage.getItem(key);
    return saved === null ? fallback : saved === "true";
  } catch { return fallback; }
}

export function saveFlag(key, value) {
  try { localStorage.setItem(key, String(value)); } catch { /* kept for this visit */ }
}

export function loadPlayers() {
  try {
    const saved = JSON.parse(localStorage.getItem("tavoliere.players"));
    if (Array.isArray(saved) && saved.length >= 2 && saved.length <= MAX_SEATS) return saved.map((p) => readPlayer(playerText(p)));
  } catch { /* unreadable settings: use the defaults */ }
  return DEFAULT_PLAYERS.map((p) => ({ ...p }));
}

export function savePlayers(players) {
  try { localStorage.setItem("tavoliere.players", JSON.stringify(players)); } catch { /* full: kept for this visit */ }
}

// A player a saved game may bring back: a person, or the computer at a level it has.
export function validPlayer(p) {
  return p && (p.kind === "human" || (p.kind === "ai" && vocabulary().levels.includes(p.level)));
}
