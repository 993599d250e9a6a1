// What the page says of the table's events: the message line (errors stand out, guidance
// does not), the live region that screen readers hear, and the sounds of moves.
import { t } from "./i18n.js";
import { plyWords } from "./movelist.js";
import { pieceChanges } from "./pieces.js";
import { CHANCE } from "./seats.js";
import { drawStrip } from "./strip.js";

export function bindTalk(room) {
  const { table, sounds } = room;
  table.addEventListener("message", ({ detail }) => {
    if (detail.answer) room.say(room.texts.error(detail.answer));
    else room.say(stepText(room, detail.params.step) || t(nextKey(room, detail.key), detail.params), detail.kind);
    // A move half made: the strip above the board, in view on a phone, names the next step.
    // The strip says it at once, with the message line: the board follows once the engine
    // has told what the choice would change.
    const prompt = room.prompt;
    if (detail.key === "choose-next") room.prompt = stepText(room, detail.params.step) || t(nextKey(room, detail.key));
    if (detail.key === "choose-or-confirm") room.prompt = t("move-complete", detail.params);
    if (room.prompt !== prompt && table.clicks.length) drawStrip(room);
  });
  table.addEventListener("played", ({ detail }) => {
    const v = detail.view;
    if (detail.sealed) {
      // a sealed move is said to have been made, never what it was: in the game's words when
      // its marks say it (the warning shows them already), else in the page's
      const mark = room.texts.mark(v.marks);
      const text = mark || t("played-sealed", { player: room.texts.player(detail.mover) });
      sayMove(room, mark ? "" : text, detail.mover);
      room.announce(text);
      sounds.play("move");
      return;
    }
    // A move with no cell (a swap, a pass) changes the board in no one place: say it aloud.
    const cellless = Boolean(v.last) && (!v.last.cells || !v.last.cells.length);
    const text = revealedText(room, detail.revealed, cellless);
    // a round of sealed moves revealed: the game's marks (the warning) say it in its words
    const roundSaid = detail.revealed.length > 1 && Boolean(room.texts.mark(v.marks));
    sayMove(room, cellless && !roundSaid ? text : "", detail.mover);
    room.announce(`${text}${v.outcome ? " " + room.texts.outcome(v.outcome) : ""}`);
    // a piece gone from the board is a capture; the end of the game has its own sound
    const motion = table.motion;
    const taken = motion && Object.keys(pieceChanges(motion.before, v.pieces, motion.cells).removed).length;
    if (!v.outcome) sounds.play(taken ? "capture" : "move");
  });
  table.addEventListener("gameover", () => sounds.play("end"));
}

// A move's line in place of the last one, except that a move nobody at this device made (the
// computer's, a roll) leaves an error in view: a refused link's reason must not vanish with
// the first automatic ply of the fresh game that replaces it.
function sayMove(room, text, mover) {
  const person = room.table.personPlays(mover);
  const message = document.getElementById("message");
  if (!person && message.dataset.kind === "error" && message.textContent) return;
  room.say(text, "info");
}

// "White played 12. Black played 7.": the moves a move revealed, itself included; a move
// without a cell in its button's words ("White: Re-roll a 3."); a move whose player this
// page did not see made is named alone.
function revealedText(room, revealed, cellless) {
  return revealed.map(({ move, ply, player }) => {
    if (player === CHANCE) return t("rolled", { move: plyWords(room, ply, move) });
    const name = cellless ? room.texts.buttonLabel({ name: move }) : move;
    if (player === null) return `${name}.`;
    const said = room.texts.text(`said.${move}`, { player }, "");  // a move in the game's own words
    if (said) return said;
    // a button whose words name their player already is said alone ("White begins.")
    if (name !== move) return name.includes(room.texts.player(player)) ? `${name}.` : t("chose", { player: room.texts.player(player), move: name });
    // a game may say a played move in its own words: a bid is offered, not played
    return room.texts.text("said.played", { player, move },
                           t("played", { player: room.texts.player(player), move }));
  }).join(" ");
}

// The game's words for the next step of a move half made ("choose the path"), if it has some.
function stepText(room, step) {
  return step ? room.texts.text(`step.${step}`, {}, "") : "";
}

// "Click a highlighted cell" only where cells are highlighted (the board marks a few only).
function nextKey(room, key) {
  return key === "choose-next" && !room.table.markedTargets().length ? "choose-next-any" : key;
}
