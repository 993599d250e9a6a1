// Region: the diagrams of the Rules dialog.  Each game gives its diagrams as data (the game
// module's rule_diagrams, made into views by build.py in boards/show-NAME.json): the set-up,
// a move, each way to win, drawn by the board's own code.  A "try it" diagram is a tiny table
// (web/table.js, the controller of the room and of every embedded board) where the reader
// makes the example move, or any legal move, once the engine is up.
import { BoardView } from "./board.js";
import { gameWords } from "./games.js";
import { t } from "./i18n.js";
import { $ } from "./room.js";
import { Table } from "./table.js";
import { showShow, stillPicture } from "./welcome.js";

const PEOPLE = [{ kind: "human" }, { kind: "human" }];

// Fill the dialog's figures for the game on the table (its rules text is drawn by settings.js).
export async function showDiagrams(room) {
  const box = $("rules-diagrams");
  const name = room.texts.info ? room.texts.info.name : null;
  box.replaceChildren();
  box.dataset.game = name || "";
  if (!name || !room.site.shows || !room.site.shows[name]) return;
  let show;
  try {
    show = await showShow(room, name);
  } catch {
    return;  // the rules read without their pictures
  }
  if (box.dataset.game !== name) return;  // another game's rules were asked for meanwhile
  box.replaceChildren(...show.diagrams.map((diagram) => figure(room, show, diagram)));
}

function figure(room, show, diagram) {
  const words = gameWords(room.site, diagram.spec);
  const box = document.createElement("figure");
  box.className = "rule-diagram";
  box.dataset.caption = diagram.caption;
  const picture = document.createElement("div");
  picture.className = "rule-picture";
  const canvas = document.createElement("canvas");
  picture.append(canvas);
  const caption = document.createElement("figcaption");
  const view = diagram.view;
  const said = [words.text(`diagram.${diagram.caption}`, {}, "")];
  if (view.outcome) said.push(words.outcome(view.outcome));
  caption.textContent = said.filter(Boolean).join(" ");
  box.append(picture, caption);
  let tried = null;  // the table of a diagram the reader plays
  const board = new BoardView(canvas, (cell) => tried && tried.click(cell));
  board.showLabels = false;
  board.setLayout(show.layouts[diagram.spec]);
  if (diagram.try) {
    canvas.setAttribute("role", "img");
    canvas.setAttribute("aria-label", `${caption.textContent} ${t("rules.try-example", { move: diagram.try })}`);
    tried = tryIt(room, board, box, diagram);
  } else {
    canvas.setAttribute("role", "img");
    canvas.setAttribute("aria-label", caption.textContent);
    board.show(stillPicture(view, diagram.ring));
  }
  canvas.dataset.drawn = "true";
  return box;
}

// A diagram the reader plays: the table opens the diagram's record between two people; the
// first move made is judged against the example, and "Again" puts the position back.
function tryIt(room, board, box, diagram) {
  const table = new Table(room.engine, { players: PEOPLE });
  const note = document.createElement("p");
  note.className = "rule-note";
  note.setAttribute("aria-live", "polite");
  const again = document.createElement("button");
  again.type = "button";
  again.textContent = t("rules.again");
  again.hidden = true;
  box.append(note, again);
  const draw = () => {
    const picture = table.picture();
    board.show({ ...picture, hint: table.history.moves.length > diagram.moves.length ? [] : diagram.ring });
  };
  table.addEventListener("change", draw);
  table.addEventListener("message", (event) => {
    const { key, params, answer } = event.detail;
    note.textContent = answer ? gameWords(room.site, diagram.spec).error(answer) : t(key, params || {});
  });
  table.addEventListener("played", (event) => {
    const move = event.detail.move;
    note.textContent = move === diagram.try ? t("rules.tried-example", { move }) : t("rules.tried-other", { move, example: diagram.try });
    again.hidden = false;
    table.players = [{ kind: "viewer" }, { kind: "viewer" }];  // one move: the example is made
  });
  const start = async () => {
    table.showPrebuilt(diagram.view, PEOPLE);
    draw();
    note.textContent = t("rules.try-example", { move: diagram.try });
    again.hidden = true;
    await room.engine.ready;
    await table.open({ game: diagram.spec, moves: diagram.moves, players: PEOPLE });
  };
  again.addEventListener("click", start);
  start().catch(() => { note.textContent = t("rules.try-later"); });
  box.classList.add("try");
  box.dataset.try = diagram.try;
  box.board = board;  // for tests: its cellCenter(name)
  return table;
}
