// The boards build.py draws in advance (boards/*.json: layout and starting view), so a page
// shows a board before Python starts.  Only the option that shapes the board changes it: the
// size, or the number of players of a game whose board grows with them (its players option).
import { parseSpec } from "./spec.js";

// The key of the prebuilt board of a spec ("havannah", "havannah(size=8)"), or null when the
// spec names no game of `games` or cannot be read.
export function boardKey(games, spec) {
  let parsed;
  try { parsed = parseSpec(spec); } catch { return null; }
  const info = games.find((g) => g.name === parsed.name);
  if (!info) return null;
  const shaping = info.options.find((o) => o.name === "size" || o.name === info.players_option);
  if (!shaping || !Object.hasOwn(parsed.options, shaping.name)) return info.name;
  // a size is a number (8, or "08" in a link) or one of a few words ("3x5")
  const given = parsed.options[shaping.name];
  const value = /^\d+$/.test(given) ? String(Number(given)) : given;
  return value === String(shaping.default) ? info.name : `${info.name}(${shaping.name}=${value})`;
}
