// The strip above the board: whose turn it is (or the step of a move half made), the
// players, the game's warning, the banner at the end, the game's name, the computer's
// thinking and the bar of the first player's winning chance.
import { defaultGame, gameHeading, sealsPlies } from "./games.js";
import { getLanguage, t } from "./i18n.js";
import { excerpt } from "./links.js";
import { currentReview } from "./reviewpanel.js";
import { $, twoPlayers } from "./room.js";

export function bindStrip(room) {
  room.table.addEventListener("progress", ({ detail }) => showProgress(room, detail));
}

export function drawStrip(room) {
  const { table } = room;
  const v = table.view;
  const h = table.history;
  const words = room.texts;
  let text = v.outcome ? words.outcome(v.outcome) : words.toMove(v.to_move);
  if (table.clicks.length && room.prompt) text = room.prompt;
  if (table.handover !== null) text = t("pass-device", { player: words.player(table.handover) });
  if (!h.atEnd && h.onMain) text += ` · ${t("viewing", { ply: table.shownCursor(), total: table.shownMoves().length })}`;
  if (!h.onMain) text += ` · ${t("study.viewing", { ply: h.cursor, total: h.end })}`;  // a variation's plies
  $("turn").textContent = text;
  const label = (side) => (room.corr && room.corr.side === side ? t("corr.you-name", { name: playerName(room, side) }) : playerName(room, side));
  $("players").textContent = table.players.map((_, side) => t("seat", { player: words.player(side), name: label(side) })).join(" · ");
  const warning = v.outcome ? "" : words.mark(v.marks);
  $("warning").textContent = warning;
  $("warning").hidden = !warning;
  const over = Boolean(v.outcome && h.atEnd);
  $("banner").hidden = !over;
  $("board-status").toggleAttribute("data-over", over);
  $("game-name").textContent = gameHeading(room.site, table.game || room.boardKey || defaultGame(room.site));
  $("rematch").hidden = $("swap-sides").hidden = Boolean(room.corr);
  $("thinking").hidden = !table.thinking;
  // a finished search's best move leaves the page with it: a hint for a sealed bid is that
  // bid, and the next player at the device must not find it even in hidden text
  if (!table.thinking) $("thinking").textContent = "";
  drawWinBar(room);
}

// "You", "Person" or "Computer, level N" (a correspondence game: the names); records ask for
// English, a file format's language.
export function playerName(room, side, lang = getLanguage()) {
  if (room.corr) return excerpt(room.corr.names[side], 30);
  const players = room.table.players;
  const p = players[side];
  if (p.kind === "ai") return t("computer", { level: p.level }, lang);
  const alone = players.every((other, i) => i === side || other.kind === "ai");
  return t(alone ? "you" : "person", {}, lang);
}

export function drawWinBar(room) {
  const { table } = room;
  // A finished game under review: the estimate of the position on view (a game's, not a variation's).
  const review = table.view && currentReview(room);
  if (review && table.history.onMain && review.white[table.history.cursor] !== undefined) room.chance = review.white[table.history.cursor];
  // at the end the result says it all, and the strip's room is the result's
  // (an analysis asks for the estimate: web/analysis.js)
  const shown = (room.winBar || Boolean(room.analysis)) && room.chance !== null && !(table.view && table.view.outcome);
  $("win-bar").hidden = !shown;
  if (!shown) return;
  const percent = Math.round(100 * room.chance);
  $("win-bar-fill").style.width = `${percent}%`;
  $("win-bar-text").textContent = t("win-bar-text", { player: room.texts.player(0), chance: percent });
  $("win-bar").setAttribute("aria-label", t("win-bar", { player: room.texts.player(0), chance: percent }));
  $("win-bar").title = $("win-bar").getAttribute("aria-label");
}

// The computer's search (its move or a hint) estimates the mover's chance; the bar shows the
// first player's, until another search or another game.
function showProgress(room, progress) {
  const { table } = room;
  const chance = progress.win_chance;
  if (chance !== null && chance !== undefined && twoPlayers(room)) {
    room.chance = table.view.to_move === 0 ? chance : 1 - chance;
    drawWinBar(room);
  }
  let detail = "";
  // the computer's best move so far is its move: in a game of sealed moves it stays unsaid
  const secret = Boolean(table.thinking && table.thinking.kind === "move" && sealsPlies(room.site, table.game));
  if (progress.proven) detail = t(`proven.${progress.proven}`);
  else if (progress.best && !secret) {
    const chance = progress.win_chance === null || progress.win_chance === undefined ? "?" : Math.round(100 * progress.win_chance);
    detail = t("thinking-detail", { move: progress.best, chance });
  }
  $("thinking").textContent = t("thinking", { detail });
}
