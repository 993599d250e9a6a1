// The buttons about the game on the table: going through the record, undo and redo, a hint,
// the computer's move now, resigning and draws, the moves made without a cell (beside the
// turn), a typed move, a rematch and swapping sides.
import { tableControls } from "./controls.js";
import { drawsPossible } from "./games.js";
import { t } from "./i18n.js";
import { savePlayers } from "./prefs.js";
import { $, twoPlayers } from "./room.js";
import { CHANCE } from "./seats.js";
import { startGame } from "./session.js";

const HINT_LEVEL = 3;
const DRAW_HOPE = 0.4;  // the computer accepts a draw when its winning chance is under this

export function bindButtons(room) {
  const { table } = room;
  $("rematch").addEventListener("click", () => { room.say(""); startGame(room, table.game); });
  $("swap-sides").addEventListener("click", () => {
    const players = [table.players[table.players.length - 1], ...table.players.slice(0, -1)];  // every seat moves on one: two players swap
    savePlayers(players);
    room.say("");
    startGame(room, table.game, [], null, { players });
  });
  $("undo").addEventListener("click", () => table.undo());
  $("redo").addEventListener("click", () => table.redo());
  $("hint").addEventListener("click", () => table.hintMove(HINT_LEVEL));
  $("resign").addEventListener("click", () => resign(room));
  $("offer-draw").addEventListener("click", () => offerDraw(room));
  $("move-now").addEventListener("click", () => table.moveNow());
  $("first").addEventListener("click", () => table.goTo(0));
  $("previous").addEventListener("click", () => table.goTo(table.shownCursor() - 1));
  $("next").addEventListener("click", () => table.goTo(table.shownCursor() + 1));
  $("last").addEventListener("click", () => table.goTo(table.history.end));  // the line on view's
  $("typed").addEventListener("submit", async (event) => {
    event.preventDefault();
    const text = $("typed-move").value.trim();
    if (!text || !table.humanToMove()) return;
    const answer = await table.play(text);
    if (answer.ok) $("typed-move").value = "";
  });
}

export function drawButtons(room) {
  const { table } = room;
  const h = table.history;
  const legal = table.view.legal;
  $("typed-move").placeholder = legal.length ? legal[legal.length >> 1].name : "";
  const ready = room.stage === "ready";
  $("first").disabled = $("previous").disabled = table.shownCursor() === 0;
  $("next").disabled = $("last").disabled = h.cursor >= h.end;
  $("undo").disabled = !ready || !h.moves.length || (room.corr !== null && !canTakeBack(room));
  $("redo").disabled = !ready || !h.undone.length;
  $("hint").disabled = !ready || !table.humanToMove() || room.corr !== null;
  // Resigning and drawing need a person at the table and a game still going (not by link).
  // (between two players only: with more, a resignation would not say who wins)
  const playing = ready && !table.opening && !table.view.outcome && h.atEnd && h.moves.length > 0 &&
    table.players.some((p) => p.kind === "human") && twoPlayers(room);
  $("resign").disabled = !playing;
  const drawable = drawsPossible(room.site, table.game);
  $("offer-draw").disabled = !playing || room.corr !== null || !drawable;  // by link, a resignation only
  $("offer-draw").title = drawable ? "" : t("no-draws");
  $("move-now").hidden = !table.thinking || table.thinking.kind !== "move";
  // the turn takes its part of the strip above the board; the buttons have the rest
  const controls = tableControls(table, t, room.texts, $("board-status").clientWidth * 0.7);
  $("move-buttons").replaceChildren(...controls);
  $("move-buttons").hidden = !controls.length;
}

// In a correspondence game a move may be taken back only while it is this browser's own last
// move and the other player has not been sent it.
function canTakeBack(room) {
  const v = room.table.view;
  const h = room.table.history;
  if (room.corr.hidden) return false;  // hidden pieces: the line its links carry is not taken back (web/hiddenlink.js)
  return h.atEnd && h.moves.length > room.corr.sent && Boolean(v.last) && v.last.player === room.corr.side;
}

// -- resigning and draws -------------------------------------------------------------------
// The person who resigns: the one to move, or, against the computer, the person.
function resigningSide(room) {
  const { table } = room;
  if (room.corr) return room.corr.side;
  const mover = table.view.to_move;
  if (mover === CHANCE) return table.players.findIndex((p) => p.kind === "human");
  return table.personPlays(mover) ? mover : 1 - mover;
}

function resign(room) {
  const side = resigningSide(room);
  if (!window.confirm(t("confirm-resign", { player: room.texts.player(side) }))) return;
  room.table.end(`resign${side}`);
}

// Between two people the other one is asked; the computer accepts when its own last
// estimate gives it little hope (under 40%), and declines without one.
function offerDraw(room) {
  const { table } = room;
  const side = resigningSide(room);
  const other = 1 - side;
  if (table.players[other].kind === "ai") {
    const chance = room.chance === null ? null : (other === 0 ? room.chance : 1 - room.chance);
    if (chance === null || chance >= DRAW_HOPE) { room.say(t("computer-declines"), "info"); return; }
    table.end("draw");
    return;
  }
  if (window.confirm(t("draw-offered", { offerer: room.texts.player(side), player: room.texts.player(other) }))) table.end("draw");
  else room.say(t("draw-declined"), "info");
}
