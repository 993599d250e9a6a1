// Correspondence games: a game played with someone far away by sending links.  This module
// compares a received record with the one this browser keeps, and runs the panel and the two
// dialogs (send your move, the list of games).  The room (app.js) opens links and games; the
// rules stay in the engine.  Names and moves from links are always set as text.
import { errorText, getLanguage, t } from "./i18n.js";
import { download } from "./records.js";
import { deleteCorrespondence, loadCorrespondence, saveCorrespondence } from "./storage.js";
import { drawQR } from "./qr.js";
import { excerpt } from "./links.js";

const $ = (id) => document.getElementById(id);

// How a received record (canonical game and moves) stands to the stored one:
// {kind: "same" | "newer" | "older" | "differs" | "other-game", ply, theirs, ours}; for
// "differs", ply is the first move (counted from 1) where they part.
export function compareRecords(stored, received) {
  if (stored.game !== received.game) return { kind: "other-game" };
  const common = Math.min(stored.moves.length, received.moves.length);
  for (let i = 0; i < common; i++) {
    if (stored.moves[i] !== received.moves[i]) {
      return { kind: "differs", ply: i + 1, theirs: received.moves[i], ours: stored.moves[i] };
    }
  }
  if (received.moves.length === stored.moves.length) return { kind: "same" };
  return { kind: received.moves.length > stored.moves.length ? "newer" : "older" };
}

// The other player's name, short enough for a sentence.
export function opponentOf(entry) {
  return excerpt(entry.names[1 - entry.side], 30);
}

// room: {engine, say(text, kind), gameTitle(spec), sideName(spec, side), entry() (the game on
//        screen, or null), link(entry), open(entry), leave() (the game on screen was deleted),
//        view() (the table's view), atEnd(), refresh() (draw the room again)}
export function wireCorrespondence(room) {
  $("corr-send").addEventListener("click", () => send(room));
  $("corr-show").addEventListener("click", () => showSend(room));
  $("corr-copy").addEventListener("click", () => copy(room));
  $("corr-share").addEventListener("click", () => share(room));
  $("corr-games").addEventListener("click", () => showList(room));
  $("corr-archived").addEventListener("change", () => showList(room));
  $("corr-export").addEventListener("click", () => exportAll(room));
}

// -- the panel beside the board ---------------------------------------------------------------
export function renderPanel(room) {
  const entry = room.entry();
  const v = room.view();
  $("corr").hidden = !entry || !v;
  if (!entry || !v) return;
  const opponent = opponentOf(entry);
  const other = room.sideName(entry.game, 1 - entry.side);
  let status;
  if (v.outcome) status = t("corr.status-over", { name: opponent });
  else if (v.to_move === entry.side) status = t("corr.status-yours", { side: room.sideName(entry.game, entry.side), name: opponent });
  else status = t("corr.status-waiting", { name: opponent, side: other });
  $("corr-status").textContent = status;
  // Something to send: the other player's turn (or the end, after this browser's last move);
  // it stands out while the other player has not seen the last move.
  const last = v.last ? v.last.player : null;
  const resigned = entry.ending === `resign${entry.side}`;  // this side's resignation, to be sent
  const sendable = room.atEnd() && (resigned || (v.outcome ? !entry.ending && last === entry.side : v.to_move !== entry.side));
  $("corr-send").hidden = !sendable;
  $("corr-send").classList.toggle("corr-primary", sendable && (entry.moves.length > entry.sent || (resigned && !entry.sentEnd)));
  $("corr-switch").hidden = entry.settled;
  $("corr-switch").textContent = t("corr.switch", { name: excerpt(entry.names[1 - entry.side], 30), side: other });
}

// -- sending ------------------------------------------------------------------------------------
function markSent(room) {
  const entry = room.entry();
  if (!entry || (entry.sent === entry.moves.length && entry.sentEnd === Boolean(entry.ending))) return;
  entry.sent = entry.moves.length;
  entry.sentEnd = Boolean(entry.ending);
  saveCorrespondence(entry);
  room.refresh();
}

// "Send your move": the share sheet where there is one, else the clipboard, else the dialog
// with the link to copy by hand and its QR code.
async function send(room) {
  const entry = room.entry();
  if (!entry) return;
  if (navigator.share) {
    if (await share(room)) return;
  }
  try {
    await navigator.clipboard.writeText(room.link(entry));
    markSent(room);
    room.say(t("corr.copied", { name: opponentOf(entry) }), "info");
  } catch {
    showSend(room);  // no clipboard: the link, selected, to copy by hand
    $("corr-link").select();
    $("corr-send-message").textContent = t("corr.copy-by-hand");
  }
}

async function share(room) {
  const entry = room.entry();
  try {
    await navigator.share({
      title: t("corr.share-title", { title: room.gameTitle(entry.game) }),
      text: t("corr.share-text", { name: excerpt(entry.names[1 - entry.side], 30) }),
      url: room.link(entry),
    });
    markSent(room);
    room.say(t("corr.shared"), "info");
    return true;
  } catch (error) {
    return error && error.name === "AbortError";  // cancelled by the person: nothing else to do
  }
}

async function copy(room) {
  try {
    await navigator.clipboard.writeText($("corr-link").value);
    $("corr-send-message").textContent = t("corr.copied", { name: opponentOf(room.entry()) });
  } catch {
    $("corr-link").select();
    $("corr-send-message").textContent = t("corr.copy-by-hand");
  }
}

// The dialog with the link, the buttons and the QR code; `invite` when the game has just begun.
export function showSend(room, invite = false) {
  const entry = room.entry();
  if (!entry) return;
  const link = room.link(entry);
  const opponent = opponentOf(entry);
  $("corr-send-title").textContent = t(invite ? "corr.invite" : "corr.send");
  $("corr-send-text").textContent = t(invite ? "corr.invite-text" : "corr.send-text",
    { name: opponent, side: room.sideName(entry.game, 1 - entry.side) });
  $("corr-link").value = link;
  $("corr-share").hidden = !navigator.share;
  $("corr-send-message").textContent = "";
  const drawn = drawQR($("corr-qr"), link);
  $("corr-qr-box").hidden = !drawn;
  if (!drawn) $("corr-send-message").textContent = t("corr.qr-too-long");
  markSent(room);
  if (!$("corr-send-dialog").open) $("corr-send-dialog").showModal();
}

// -- the list of games ----------------------------------------------------------------------------
function since(time) {
  if (time === null) return t("corr.no-moves");
  const seconds = Math.round((time - Date.now()) / 1000);
  const format = new Intl.RelativeTimeFormat(getLanguage(), { numeric: "auto" });
  const steps = [["second", 60], ["minute", 60], ["hour", 24], ["day", 30], ["month", 12], ["year", Infinity]];
  let value = seconds;
  for (const [unit, size] of steps) {
    if (Math.abs(value) < size) return t("corr.last-move", { when: format.format(Math.round(value), unit) });
    value /= size;
  }
  return "";
}

function turnText(room, entry) {
  if (entry.outcome) return t("corr.over");
  if (entry.toMove === entry.side) return t("corr.your-turn");
  if (entry.toMove === 1 - entry.side) return t("corr.their-turn", { name: opponentOf(entry) });
  return "";
}

function button(text, label, action) {
  const element = document.createElement("button");
  element.type = "button";
  element.textContent = text;
  element.setAttribute("aria-label", label);
  element.addEventListener("click", action);
  return element;
}

export function showList(room) {
  const { games, problem } = loadCorrespondence();
  const archived = $("corr-archived").checked;
  $("corr-list-message").textContent = problem ? t("saved-problem", { detail: errorText(problem, getLanguage()) }) : "";
  const shown = games.filter((g) => g.archived === archived)
    .sort((a, b) => (b.last ?? b.created) - (a.last ?? a.created));
  const items = shown.map((entry) => {
    const item = document.createElement("li");
    const title = room.gameTitle(entry.game);
    const opponent = opponentOf(entry);
    const label = document.createElement("span");
    label.className = "corr-entry";
    const heading = document.createElement("strong");
    heading.textContent = t("corr.entry", { title, name: opponent, side: room.sideName(entry.game, 1 - entry.side) });
    const detail = document.createElement("span");
    detail.textContent = [turnText(room, entry), since(entry.last)].filter(Boolean).join(" · ");
    label.append(heading, " ", detail);
    const which = t("corr.entry-short", { title, name: opponent });
    const open = button(t("open"), `${t("open")}: ${which}`, () => {
      $("corr-list-dialog").close();
      room.open(entry);
    });
    const archive = button(t(entry.archived ? "corr.unarchive" : "corr.archive"),
      `${t(entry.archived ? "corr.unarchive" : "corr.archive")}: ${which}`, () => {
        entry.archived = !entry.archived;
        saveCorrespondence(entry, { current: false });
        const current = room.entry();
        if (current && current.id === entry.id) current.archived = entry.archived;
        showList(room);
      });
    const remove = button(t("delete"), `${t("delete")}: ${which}`, () => {
      if (!window.confirm(t("corr.confirm-delete", { title, name: opponent }))) return;
      deleteCorrespondence(entry.id);
      const current = room.entry();
      if (current && current.id === entry.id) room.leave();
      showList(room);
    });
    item.append(label, open, archive, remove);
    return item;
  });
  if (!items.length) {
    const empty = document.createElement("li");
    empty.textContent = t(archived ? "corr.none-archived" : "corr.none");
    items.push(empty);
  }
  $("corr-list").replaceChildren(...items);
  $("corr-export").disabled = !games.length;
  if (!$("corr-list-dialog").open) $("corr-list-dialog").showModal();
}

// Every correspondence game (archived ones too) as records, one after the other in one file.
async function exportAll(room) {
  const { games } = loadCorrespondence();
  const texts = [];
  for (const entry of games) {
    const tags = { White: entry.names[0], Black: entry.names[1], Date: new Date(entry.created).toISOString().slice(0, 10), Event: "Correspondence" };
    const answer = await room.engine.request({ op: "export", game: entry.game, moves: entry.moves, tags });
    if (answer.ok) texts.push(answer.text);
    else {
      $("corr-list-message").textContent = room.errorText(answer);
      return;
    }
  }
  download(new Blob([texts.join("\n\n")], { type: "text/plain" }), "tavoliere-correspondence.txt");
  $("corr-list-message").textContent = t("corr.exported", { count: texts.length });
}
