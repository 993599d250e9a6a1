// The controls for moves made without a cell (a swap, a pass, a bid) and for the change of
// hands after a sealed move; the room and the embedded board share them.  They are built with
// textContent and Option, never from HTML.

// What the table asks of the player beside the board: the button that takes the device after
// a sealed move, or the moves without a cell.  text(key, params): the page's words;
// words: the game's (GameTexts); width: the room for them beside the turn, in pixels.
export function tableControls(table, text, words, width = Infinity) {
  if (table.handover !== null) {
    return [handoverButton(text("take-device", { player: words.player(table.handover) }), () => table.takeOver())];
  }
  const controls = moveControls(table.buttons(), {
    label: (move) => words.buttonLabel(move),
    play: (name) => table.play(name),
    // the list's label in the game's words where it has some ("Your bid")
    words: { choice: words.text("move-choice", {}, text("move-choice")), play: text("move-choice-play") },
    width,
  });
  const view = table.view;
  if (view && view.random && !view.more && view.legal.length && table.humanToMove()) {
    controls.push(randomButton(words.text("random-move", {}, text("random-move")), view.legal, (name) => table.play(name)));
  }
  return controls;
}

// A move left to chance where the game offers it (a set-up of hidden pieces): one of the
// legal moves, drawn uniformly from the browser's cryptographic source, which the other
// player cannot predict (a seeded generator could be).
function randomButton(text, legal, play) {
  const button = document.createElement("button");
  button.type = "button";
  button.className = "random-move";
  button.textContent = text;
  button.addEventListener("click", () => play(legal[uniformIndex(legal.length)].name));
  return button;
}

export function uniformIndex(count) {
  const limit = Math.floor(0x100000000 / count) * count;  // reject the biased tail
  const word = new Uint32Array(1);
  do crypto.getRandomValues(word); while (word[0] >= limit);
  return word[0] % count;
}

// A few such moves are buttons; more (a bid of 1 to 50, say), or labels too long for one row
// (four "… begins" on a phone), are a list and one button that plays the choice, so that
// they keep to one row and the page does not move under them.
export const MAX_MOVE_BUTTONS = 8;
const CHARACTER_WIDTH = 9;  // pixels, about, in the buttons' bold type
const BUTTON_PADDING = 30;  // pixels around a button's label, its border and the gap

let chosen = null;  // the move last chosen in such a list

// moves: [{name, ...}] from the view; label(move): its words; play(name): plays it;
// words: {choice, play} for the list's label and its button; width: the room in pixels.
function moveControls(moves, { label, play, words, width }) {
  const needed = moves.reduce((sum, move) => sum + label(move).length * CHARACTER_WIDTH + BUTTON_PADDING, 0);
  if (moves.length <= MAX_MOVE_BUTTONS && needed <= width) return moves.map((move) => moveButton(move, label, play));
  const choice = document.createElement("select");
  choice.className = "move-choice";
  choice.append(...moves.map((move) => new Option(label(move), move.name)));
  // the page redraws its controls whenever the view changes, and a new round asks again:
  // keep the player's last choice (a bid of 12 stays 12) while it can still be played
  if (moves.some((move) => move.name === chosen)) choice.value = chosen;
  choice.addEventListener("change", () => { chosen = choice.value; });
  // the list's name is written beside it, not only told to screen readers
  const caption = document.createElement("label");
  caption.className = "move-choice-label";
  const captionText = document.createElement("span");
  captionText.textContent = words.choice;
  caption.append(captionText, choice);
  const button = document.createElement("button");
  button.type = "button";
  button.className = "move-choice-play";
  button.textContent = words.play;
  button.addEventListener("click", () => { chosen = choice.value; play(choice.value); });
  return [caption, button];
}

function moveButton(move, label, play) {
  const button = document.createElement("button");
  button.type = "button";
  button.textContent = label(move);
  button.dataset.move = move.name;
  button.addEventListener("click", () => play(move.name));
  return button;
}

// Two people at one device, after a sealed move: the next one takes the device, then asks
// for the turn, so that neither sees the other's choice being made.
function handoverButton(text, takeOver) {
  const button = document.createElement("button");
  button.type = "button";
  button.className = "take-device";
  button.textContent = text;
  button.addEventListener("click", takeOver);
  return button;
}
