// Keeping games, the parts without a page (node --test loads them): whether the record a tab
// knows of a saved game is still the stored one, and how a saved game is described in the
// saved-games list, in the page's language.
import { gameHeading, gameWords } from "./games.js";
import { getLanguage, t } from "./i18n.js";
import { endingOutcome, readEnding } from "./links.js";

// -- two tabs on one game -------------------------------------------------------------------
// What a tab compares before it saves: the game, its moves and how the players ended it.
// Other fields of a stored entry (when it was saved, the side to move) change with these.
export function recordStamp(entry) {
  return entry ? JSON.stringify([entry.game, entry.moves, entry.ending || null]) : null;
}

// Whether the stored record has moved on since this tab opened or last saved it (`known`:
// the stamp it had then, null when there was none).  A game nobody stored is never stale:
// saving it takes nothing from anyone.
export function isStale(stored, known) {
  return Boolean(stored) && recordStamp(stored) !== known;
}

// -- the saved-games list -------------------------------------------------------------------
// The game's title as the header writes it, in the page's language and a sentence's
// punctuation: "Havannah, side 8" (never the engine's spec, "havannah(size=8)").
export function savedTitle(site, spec) {
  return gameHeading(site, spec).split(" · ").join(", ") || spec;
}

// The date and time in the page's language (not the browser's): "27 nov 2026, 07:18".
export function savedDate(time, lang = getLanguage()) {
  return new Intl.DateTimeFormat(lang, { dateStyle: "medium", timeStyle: "short" }).format(new Date(time));
}

// The players as the strip names them: "You", "Person" or "Computer, level N".
export function seatNames(players, lang = getLanguage()) {
  return players.map((player, side) => {
    if (player.kind === "ai") return t("computer", { level: player.level }, lang);
    const alone = players.every((other, i) => i === side || other.kind === "ai");
    return t(alone ? "you" : "person", {}, lang);
  });
}

// How the game stands: its result (the rules' or the players'), else whose turn it is, else
// nothing (a game saved before the list said it).
export function savedState(site, entry, lang = getLanguage()) {
  const words = gameWords(site, entry.game, lang);
  const ending = readEnding(entry.ending);
  if (readableOutcome(entry.outcome)) return words.outcome(entry.outcome);
  if (ending) return words.outcome(endingOutcome(ending));
  if (Number.isInteger(entry.toMove) && entry.toMove >= 0) return words.toMove(entry.toMove);
  return "";
}

// An outcome as the engine writes it (the storage is read, not trusted).
function readableOutcome(outcome) {
  return Boolean(outcome) && typeof outcome.reason === "string" &&
    (outcome.winner === null || Number.isInteger(outcome.winner)) &&
    (outcome.scores === undefined || Array.isArray(outcome.scores));
}

// {title, details}: what the list says of a saved game, in the page's language.
export function savedSummary(site, entry) {
  const lang = getLanguage();
  const details = [
    seatNames(entry.players, lang).join(" – "),
    savedState(site, entry, lang),
    t("keep.moves", { count: entry.moves.length }, lang),
    savedDate(entry.updated, lang),
  ];
  return { title: savedTitle(site, entry.game), details: details.filter(Boolean).join(" · ") };
}
