// The players at the table, one per seat: {kind: "human"}, {kind: "ai", level} or, for the
// other side of a correspondence game, {kind: "remote"} (never read from text).
import { PageError } from "./errors.js";
import { vocabulary } from "./vocabulary.js";

// The engine's `to_move` at a roll of the dice (a chance ply): the table asks the engine to
// draw the roll and plays it, so the record keeps the dice and a reload never rolls again.
export const CHANCE = -1;

// "human" or "ai:N": {kind: "human"} or {kind: "ai", level: N}.
export function readPlayer(text) {
  if (text === null || text === undefined || text === "human") return { kind: "human" };
  const match = /^ai:(\d)$/.exec(text);
  if (match && vocabulary().levels.includes(Number(match[1]))) return { kind: "ai", level: Number(match[1]) };
  throw new PageError("link.player", { text: String(text).slice(0, 20) });
}

export function playerText(player) {
  return player.kind === "ai" ? `ai:${player.level}` : "human";
}

// The seats for a game of `count` players: the ones chosen so far, then, in the seats a
// game of more players adds, a copy of the last one (a viewer stays a viewer, the computer
// keeps its level) or, after a person, the computer at the engine's default level.
export function fitSeats(players, count) {
  const seats = players.slice(0, count);
  const last = players[players.length - 1];
  while (seats.length < count) seats.push(last && last.kind !== "human" ? { ...last } : { kind: "ai", level: vocabulary().defaultLevel });
  return seats;
}
