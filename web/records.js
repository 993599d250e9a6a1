// Keeping games: the saved-games list, the record dialog (export, import, files), the link to
// the position and a picture of the board.  Everything from a record or a file is shown as
// text, never as HTML.
import { deleteGame, loadGames } from "./storage.js";
import { errorText, getLanguage, t } from "./i18n.js";

const $ = (id) => document.getElementById(id);
const MAX_RECORD = 200000;

// room: {engine, record(): {game, moves, players}, open(entry), say(text, kind), canvas,
//        withLabels(draw), errorText(answer), gameTitle(spec), playerName(side)}
export function wireRecords(room) {
  $("copy-link").addEventListener("click", () => copyLink(room));
  $("picture").addEventListener("click", () => downloadPicture(room));
  $("saved").addEventListener("click", () => showSaved(room));
  $("record").addEventListener("click", () => showRecord(room));
  $("record-import").addEventListener("click", () => importRecord(room, $("record-text").value));
  $("record-download").addEventListener("click", () => {
    const name = `tavoliere-${room.record().game.replace(/[^a-z0-9]+/g, "-")}.txt`;
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

function downloadPicture(room) {
  const { game, moves } = room.record();
  room.withLabels(() => room.canvas.toBlob((blob) => {
    download(blob, `tavoliere-${game.replace(/[^a-z0-9]+/g, "-")}-${moves.length}.png`);
  }));
}

function recordMessage(text, kind = "error") {
  $("record-message").textContent = text;
  $("record-message").dataset.kind = kind;
}

async function showRecord(room) {
  const { game, moves, players, result } = room.record();
  const tags = { White: room.playerName(0), Black: room.playerName(1), Date: new Date().toISOString().slice(0, 10) };
  if (result) tags.Result = result;
  const answer = await room.engine.request({ op: "export", game, moves, tags });
  $("record-text").value = answer.ok ? answer.text : "";
  recordMessage(answer.ok ? "" : room.errorText(answer));
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
  if (!answer.ok) { recordMessage(room.errorText(answer)); return; }
  recordMessage(t("imported", { count: answer.moves.length }), "info");
  await room.open({ game: answer.game, moves: answer.moves, players: null, ending: room.endingOf(answer.game, answer.tags.Result) });
}

function showSaved(room) {
  const { games, problem } = loadGames();
  if (problem) room.say(t("saved-problem", { detail: errorText(problem, getLanguage()) }));
  const list = $("saved-list");
  const items = games.map((entry) => {
    const item = document.createElement("li");
    const label = document.createElement("span");
    const title = room.gameTitle(entry.game);
    label.textContent = t("saved-entry", { title, count: entry.moves.length, date: new Date(entry.updated).toLocaleString() });
    const open = document.createElement("button");
    open.type = "button";
    open.textContent = t("open");
    open.addEventListener("click", () => { $("saved-dialog").close(); room.open(entry); });
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
