// Keeping games: the saved-games list, the record dialog (export, import, files), the link to
// the position and the Picture dialog (web/print.js draws the diagrams).  Everything from a record or a file is shown as
// text, never as HTML.
import { gameWords } from "./games.js";
import { errorText, getLanguage, t } from "./i18n.js";
import { savedSummary } from "./keeping.js";
import { ENDINGS, endingOutcome, readEnding } from "./links.js";
import { $ } from "./room.js";
import { startGame } from "./session.js";
import { deleteGame, loadGames } from "./storage.js";
import { playerName } from "./strip.js";

const MAX_RECORD = 200000;

// room: the room's context (web/room.js).
export function bindRecords(room) {
  $("copy-link").addEventListener("click", () => copyLink(room));
  $("picture").addEventListener("click", () => $("picture-dialog").showModal());  // web/print.js
  $("saved").addEventListener("click", () => showSaved(room));
  $("record").addEventListener("click", () => showRecord(room));
  $("record-import").addEventListener("click", () => importRecord(room, $("record-text").value));
  $("record-download").addEventListener("click", () => {
    const name = `tavoliere-${tableRecord(room).game.replace(/[^a-z0-9]+/g, "-")}.txt`;
    download(new Blob([$("record-text").value], { type: "text/plain" }), name);
  });
  $("record-file").addEventListener("change", async (event) => {
    const file = event.target.files[0];
    event.target.value = "";
    if (!file) return;
    if (file.size > MAX_RECORD) { recordMessage(t("file-too-big", { name: file.name, limit: MAX_RECORD })); return; }
    const text = await file.text();
    $("record-text").value = text;
    importRecord(room, text);
  });
}

// The record on the table as it leaves the device: its revealed moves, and a resignation or
// an agreed draw in a record's words (English, as its other tags).
function tableRecord(room) {
  const { table } = room;
  return {
    game: table.game, moves: table.shownMoves(), players: table.players,
    result: table.ending ? gameWords(room.site, table.game, "en").outcome(endingOutcome(table.ending)) : null,
  };
}

// The ending a record's Result tag names (a resignation or an agreed draw), as written above.
function endingOf(room, game, result) {
  if (!result) return null;
  const words = gameWords(room.site, game, "en");
  return ENDINGS.find((ending) => words.outcome(endingOutcome(ending)) === result) || null;
}

// A saved or imported game opens with its players, when it keeps them.
function openEntry(room, entry) {
  room.say("");
  return startGame(room, entry.game, entry.moves, null, { id: entry.id, ending: readEnding(entry.ending), players: entry.players || null, kept: true, tree: entry.tree || null });
}

async function copyLink(room) {
  const link = location.href;
  try {
    await navigator.clipboard.writeText(link);
    room.say(t("link-copied"), "info");
  } catch {
    room.say(t("link-here", { link }), "info");
  }
}

export function download(blob, filename) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

function recordMessage(text, kind = "error") {
  $("record-message").textContent = text;
  $("record-message").dataset.kind = kind;
}

async function showRecord(room) {
  const { game, moves, players, result } = tableRecord(room);
  const tags = { White: playerName(room, 0, "en"), Black: playerName(room, 1, "en"), Date: new Date().toISOString().slice(0, 10) };
  if (result) tags.Result = result;
  // a study (variations, comments, marks) is written with them (docs/records.md), unless a
  // ply is hidden from this seat (the tree holds it as played)
  const study = room.table.history.annotated && !room.table.masked.size ? room.table.history.toStudy(game, tags) : null;
  const answer = await room.engine.request(study ? { op: "export", tree: study } : { op: "export", game, moves, tags });
  $("record-text").value = answer.ok ? answer.text : "";
  recordMessage(answer.ok ? "" : room.texts.error(answer));
  const position = await room.engine.request({ op: "position", game, moves });
  $("embed-text").value = position.ok ? embedSnippet(game, moves, position.position) : "";
  $("record-dialog").showModal();
}

// The tag an author pastes into a page to show this game (see README).
function embedSnippet(game, moves, position) {
  const script = new URL("embed.js", import.meta.url).href;
  const quote = (text) => text.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
  return `<script type="module" src="${quote(script)}"></script>\n` +
    `<tavoliere-board game="${quote(game)}" mode="view" moves="${quote(moves.join(","))}" ` +
    `position="${quote(position)}">${quote(moves.join(" "))}</tavoliere-board>`;
}

// The game on screen is kept until the record is read in full: a bad record changes nothing.
async function importRecord(room, text) {
  if (text.length > MAX_RECORD) { recordMessage(t("record-too-long", { limit: MAX_RECORD })); return; }
  const answer = await room.engine.request({ op: "import", text });
  if (!answer.ok) { recordMessage(room.texts.error(answer)); return; }
  recordMessage(t("imported", { count: answer.moves.length }), "info");
  await openEntry(room, { game: answer.game, moves: answer.moves, players: null, ending: endingOf(room, answer.game, answer.tags.Result), tree: answer.tree });
}

function showSaved(room) {
  const { games, problem } = loadGames();
  if (problem) room.say(t("saved-problem", { detail: errorText(problem, getLanguage()) }));
  const list = $("saved-list");
  const items = games.map((entry) => {
    const item = document.createElement("li");
    // in the page's language: the game's title, the players, how it stands, the date
    const label = document.createElement("span");
    const { title, details } = savedSummary(room.site, entry);
    const name = document.createElement("strong");
    name.textContent = title;
    const about = document.createElement("small");
    about.textContent = details;
    label.append(name, " ", about);
    const open = document.createElement("button");
    open.type = "button";
    open.textContent = t("open");
    open.addEventListener("click", () => { $("saved-dialog").close(); openEntry(room, entry); });
    const remove = document.createElement("button");
    remove.type = "button";
    remove.textContent = t("delete");
    remove.addEventListener("click", () => { deleteGame(entry.id); showSaved(room); });
    item.append(label, open, remove);
    return item;
  });
  if (!items.length) {
    const empty = document.createElement("li");
    empty.textContent = t("no-saved");
    items.push(empty);
  }
  list.replaceChildren(...items);
  if (!$("saved-dialog").open) $("saved-dialog").showModal();
}
