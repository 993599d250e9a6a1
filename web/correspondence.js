// Correspondence games: a game played with someone far away by sending links.  This region
// receives a link (checked by the engine, then merged with the game this browser keeps),
// starts a game, and runs the panel and the two dialogs (send your move, the list of games).
// The session (web/session.js) opens the games; the rules stay in the engine.  Names and
// moves from links are always set as text.
import { PageError } from "./errors.js";
import { fairLink, fairStep, fairTags, forgetSecrets, drawFair, isFair, needsFair, playsByLink, receiveFair, startFair } from "./fairlink.js";
import { hiddenLink, hiddenStep, hiddenTags, hidesPieces, isHidden, receiveHidden, startHidden } from "./hiddenlink.js";
import { defaultGame, gameTitle, gameWords, sideName } from "./games.js";
import { errorText, getLanguage, t } from "./i18n.js";
import { endingOutcome, excerpt, newCorrespondenceId, readName } from "./links.js";
import { download } from "./records.js";
import { $ } from "./room.js";
import { corrLink, sayAfterSave, startGame } from "./session.js";
import { deleteCorrespondence, findCorrespondence, loadCorrespondence, saveCorrespondence } from "./storage.js";
import { drawQR } from "./qr.js";

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

// The link to send: a fair game's carries its public fields and this side's commitments
// (web/fairlink.js); null while a bid just made is being sealed.
export function entryLink(entry) {
  if (isHidden(entry)) return hiddenLink(entry);
  return isFair(entry) ? fairLink(entry) : corrLink(entry);
}

// room: the room's context (web/room.js); room.corr is the correspondence game on screen.
export function bindCorrespondence(room) {
  $("corr-send").addEventListener("click", () => send(room));
  $("corr-show").addEventListener("click", () => showSend(room));
  $("corr-copy").addEventListener("click", () => copy(room));
  $("corr-share").addEventListener("click", () => share(room));
  $("corr-games").addEventListener("click", () => showList(room));
  $("corr-archived").addEventListener("change", () => showList(room));
  $("corr-export").addEventListener("click", () => exportAll(room));
  $("corr-switch").addEventListener("click", () => switchSides(room));
}

// The game's first player had the link opened on the wrong device: this browser plays the
// other side (until the first move settles it).
function switchSides(room) {
  const entry = room.corr;
  if (!entry || entry.settled) return;
  Object.assign(entry, { side: 1 - entry.side, settled: true });
  saveCorrespondence(entry);
  room.say("");
  startGame(room, entry.game, entry.moves, null, { entry });
}

// The games this browser keeps are opened, or left when deleted, with a clean message line.
function openEntry(room, entry) {
  room.say("");
  return startGame(room, entry.game, entry.moves, null, { entry });
}

function leave(room) {
  room.say("");
  return startGame(room, defaultGame(room.site));
}

// -- the panel beside the board ---------------------------------------------------------------
export function renderPanel(room) {
  const entry = room.corr;
  const v = room.table.view;
  $("corr").hidden = !entry || !v;
  if (!entry || !v) return;
  const opponent = opponentOf(entry);
  const other = sideName(room.site, entry.game, 1 - entry.side);
  let status;
  if (v.outcome) status = t("corr.status-over", { name: opponent });
  else if (v.to_move === entry.side) status = t("corr.status-yours", { side: sideName(room.site, entry.game, entry.side), name: opponent });
  else status = t("corr.status-waiting", { name: opponent, side: other });
  // a fair game's step (a bid sealed, dice awaited) says more than whose turn it is
  const step = isHidden(entry) ? hiddenStep(room) : fairStep(room);
  if (step && step.status) status = step.status;
  $("corr-status").textContent = status;
  // Something to send: the other player's turn (or the end, after this browser's last move);
  // it stands out while the other player has not seen the last move.
  const last = v.last ? v.last.player : null;
  const resigned = entry.ending === `resign${entry.side}`;  // this side's resignation, to be sent
  let sendable = room.table.history.atEnd && (resigned || (v.outcome ? !entry.ending && last === entry.side : v.to_move !== entry.side));
  let primary = entry.moves.length > entry.sent || (resigned && !entry.sentEnd);
  if (step && !resigned) ({ sendable, primary = primary } = step);
  $("corr-send").hidden = !sendable;
  $("corr-send").classList.toggle("corr-primary", Boolean(sendable && primary));
  $("corr-switch").hidden = entry.settled;
  drawFair(room);
  $("corr-fair-hidden").hidden = !isHidden(entry);
  $("corr-switch").textContent = t("corr.switch", { name: excerpt(entry.names[1 - entry.side], 30), side: other });
}

// -- sending ------------------------------------------------------------------------------------
function markSent(room) {
  const entry = room.corr;
  if (!entry || (entry.sent === entry.moves.length && entry.sentEnd === Boolean(entry.ending) && !entry.unsent)) return;
  entry.sent = entry.moves.length;
  entry.sentEnd = Boolean(entry.ending);
  if (entry.unsent) entry.unsent = false;
  saveCorrespondence(entry);
  room.render();
}

// "Send your move": the share sheet where there is one, else the clipboard, else the dialog
// with the link to copy by hand and its QR code.
async function send(room) {
  const entry = room.corr;
  if (!entry) return;
  if (navigator.share) {
    if (await share(room)) return;
  }
  const link = entryLink(entry);
  if (!link) { room.say(t("fair.sealing")); return; }
  try {
    await navigator.clipboard.writeText(link);
    markSent(room);
    room.say(t("corr.copied", { name: opponentOf(entry) }), "info");
  } catch {
    showSend(room);  // no clipboard: the link, selected, to copy by hand
    $("corr-link").select();
    $("corr-send-message").textContent = t("corr.copy-by-hand");
  }
}

async function share(room) {
  const entry = room.corr;
  const link = entryLink(entry);
  if (!link) { room.say(t("fair.sealing")); return true; }
  try {
    await navigator.share({
      title: t("corr.share-title", { title: gameTitle(room.site, entry.game) }),
      text: t("corr.share-text", { name: excerpt(entry.names[1 - entry.side], 30) }),
      url: link,
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
    $("corr-send-message").textContent = t("corr.copied", { name: opponentOf(room.corr) });
  } catch {
    $("corr-link").select();
    $("corr-send-message").textContent = t("corr.copy-by-hand");
  }
}

// The dialog with the link, the buttons and the QR code; `invite` when the game has just begun.
export function showSend(room, invite = false) {
  const entry = room.corr;
  if (!entry) return;
  const link = entryLink(entry);
  if (!link) { room.say(t("fair.sealing")); return; }
  const opponent = opponentOf(entry);
  $("corr-send-title").textContent = t(invite ? "corr.invite" : "corr.send");
  $("corr-send-text").textContent = t(invite ? "corr.invite-text" : "corr.send-text",
    { name: opponent, side: sideName(room.site, entry.game, 1 - entry.side) });
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
  // Moves by link come minutes or days apart: the first minute is "now", never a count of seconds.
  const minutes = Math.trunc((time - Date.now()) / 60000);
  const format = new Intl.RelativeTimeFormat(getLanguage(), { numeric: "auto" });
  if (minutes === 0) return t("corr.last-move", { when: format.format(0, "second") });
  const steps = [["minute", 60], ["hour", 24], ["day", 30], ["month", 12], ["year", Infinity]];
  let value = minutes;
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
    const title = gameTitle(room.site, entry.game);
    const opponent = opponentOf(entry);
    const label = document.createElement("span");
    label.className = "corr-entry";
    const heading = document.createElement("strong");
    heading.textContent = t("corr.entry", { title, name: opponent, side: sideName(room.site, entry.game, 1 - entry.side) });
    const detail = document.createElement("span");
    detail.textContent = [turnText(room, entry), since(entry.last)].filter(Boolean).join(" · ");
    label.append(heading, " ", detail);
    const which = t("corr.entry-short", { title, name: opponent });
    const open = button(t("open"), `${t("open")}: ${which}`, () => {
      $("corr-list-dialog").close();
      openEntry(room, entry);
    });
    const archive = button(t(entry.archived ? "corr.unarchive" : "corr.archive"),
      `${t(entry.archived ? "corr.unarchive" : "corr.archive")}: ${which}`, () => {
        entry.archived = !entry.archived;
        saveCorrespondence(entry, { current: false });
        const current = room.corr;
        if (current && current.id === entry.id) current.archived = entry.archived;
        showList(room);
      });
    const remove = button(t("delete"), `${t("delete")}: ${which}`, () => {
      if (!window.confirm(t("corr.confirm-delete", { title, name: opponent }))) return;
      deleteCorrespondence(entry.id);
      forgetSecrets(entry.id);
      const current = room.corr;
      if (current && current.id === entry.id) leave(room);
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
    const tags = { White: entry.names[0], Black: entry.names[1], Date: new Date(entry.created).toISOString().slice(0, 10), Event: "Correspondence",
      ...(isHidden(entry) ? hiddenTags(entry) : fairTags(entry)) };
    // a game with hidden pieces: the record as the links carry it (its hidden plies committed)
    const answer = await room.engine.request({ op: "export", game: entry.game, moves: isHidden(entry) ? entry.line : entry.moves, tags });
    if (answer.ok) texts.push(answer.text);
    else {
      $("corr-list-message").textContent = room.texts.error(answer);
      return;
    }
  }
  download(new Blob([texts.join("\n\n")], { type: "text/plain" }), "tavoliere-correspondence.txt");
  $("corr-list-message").textContent = t("corr.exported", { count: texts.length });
}

// -- receiving a link ---------------------------------------------------------------------------
// A correspondence link: the engine checks its record (an illegal move is refused as in any
// record), then it is merged with the game this browser keeps under the same identifier.  The
// stored game is never rewritten: a link that changes a move, plays for this browser's side or
// is older than the stored game is refused with the reason, and the stored game is opened.
// Resolves to the entry to open, or null (nothing to open: a fresh game).
export async function receive(room, link) {
  const { engine, site } = room;
  const say = (text, kind) => room.say(text, kind);
  await engine.ready;
  const stored = findCorrespondence(link.corr.id);
  // a game with hidden pieces goes by web/hiddenlink.js
  if (stored ? isHidden(stored) : hidesPieces(site, link.game)) {
    const entry = await receiveHidden(room, link, stored);
    if (entry && entry.fresh) receiveEnding(room, entry, link.ending);
    return entry;
  }
  // a game with dice or sealed plies goes by fair play (web/fairlink.js), unless this browser
  // keeps it from before, played on trust
  if (stored ? isFair(stored) : needsFair(site, link.game)) {
    const entry = await receiveFair(room, link, stored);
    if (entry && entry.fresh) receiveEnding(room, entry, link.ending);
    return entry;
  }
  const answer = await engine.request({ op: "view", game: link.game, moves: link.moves });
  if (!answer.ok) {
    say(t(stored ? "corr.refused-kept" : "corr.refused", { detail: gameWords(site, link.game).error(answer) }));
    return stored;
  }
  if (!playsByLink(site, answer.game)) {
    say(t(stored ? "corr.refused-kept" : "corr.refused", { detail: t("corr.sealed-game") }));
    return stored;
  }
  if (answer.players !== 2) {  // a link joins two players, as New game says
    say(t(stored ? "corr.refused-kept" : "corr.refused", { detail: t("corr.too-many") }));
    return stored;
  }
  const now = Date.now();
  const count = answer.moves.length;
  if (!stored) {
    const entry = {
      id: link.corr.id, game: answer.game, moves: answer.moves, names: link.corr.names, side: 1 - link.corr.by,
      created: now, updated: now, last: count ? now : null, sent: count, archived: false, settled: false,
      toMove: answer.to_move, outcome: answer.outcome || null, ending: null,
    };
    if (link.ending === `resign${link.corr.by}` && !answer.outcome) Object.assign(entry, { ending: link.ending, outcome: endingOutcome(link.ending) });
    const problem = saveCorrespondence(entry);
    sayAfterSave(room, problem, t("corr.received", { name: opponentOf(entry), side: sideName(site, entry.game, entry.side) }));
    return entry;
  }
  const verdict = compareRecords(stored, answer);
  if (verdict.kind === "other-game") {
    say(t("corr.other-game", { link: gameTitle(site, answer.game), here: gameTitle(site, stored.game) }));
  } else if (verdict.kind === "differs") {
    say(t("corr.differs", { ply: verdict.ply, theirs: verdict.theirs, ours: verdict.ours }));
  } else if (verdict.kind === "older") {
    say(t("corr.older", { count, stored: stored.moves.length }));
  } else if (verdict.kind === "newer") {
    // The new moves must all be the other side's: a link cannot play for this browser.  The
    // answer says who made each ply (a game of sealed plies never comes this far).
    const movers = answer.movers || [];
    for (let ply = stored.moves.length; ply < count; ply++) {
      if (movers[ply] === undefined || movers[ply] === stored.side) {
        say(t("corr.for-you", { ply: ply + 1, move: answer.moves[ply] }));
        return stored;
      }
    }
    Object.assign(stored, { moves: answer.moves, last: now, sent: count, archived: false, toMove: answer.to_move, outcome: answer.outcome || null });
    const problem = saveCorrespondence(stored);
    sayAfterSave(room, problem, t("corr.new-moves", { name: opponentOf(stored), move: answer.moves[count - 1] }));
  }
  stored.fresh = verdict.kind === "same" || verdict.kind === "newer";
  if (stored.fresh) receiveEnding(room, stored, link.ending);
  return stored;
}

// A link's end is taken only when it is the sender's own resignation: nobody resigns for the
// other player, and an agreed draw is not played by link.
function receiveEnding(room, entry, end) {
  if (!end || end === entry.ending) return;
  if (end !== `resign${1 - entry.side}` || entry.ending || entry.outcome) {
    room.say(t("corr.end-refused"));
    return;
  }
  Object.assign(entry, { ending: end, outcome: endingOutcome(end), last: Date.now(), archived: false });
  const problem = saveCorrespondence(entry);
  sayAfterSave(room, problem, t("corr.resigned", { name: opponentOf(entry) }));
}

// -- starting a game ----------------------------------------------------------------------------
// Start a correspondence game as `side` (0: the side that moves first) with names [first
// side's, second side's]; resolves to the link for the other player.
export async function startCorrespondence(room, { game, side, names }) {
  if (side !== 0 && side !== 1) throw new PageError("corr.bad-side", { text: excerpt(String(side)) });
  if (!Array.isArray(names) || names.length !== 2) throw new PageError("corr.no-name");
  const clean = names.map(readName);
  await room.engine.ready;
  const answer = await room.engine.request({ op: "view", game: String(game), moves: [] });
  if (!answer.ok) throw new Error(gameWords(room.site, game).error(answer));
  if (answer.players !== 2) throw new PageError("corr.too-many");
  const now = Date.now();
  const entry = {
    id: newCorrespondenceId(), game: answer.game, moves: [], names: clean, side, created: now, updated: now,
    last: null, sent: 0, archived: false, settled: true, toMove: answer.to_move, outcome: null,
  };
  if (hidesPieces(room.site, answer.game)) startHidden(entry);  // set-ups committed, pieces shown as captured
  else await startFair(room, entry);  // dice and seals that neither player can bend
  sayAfterSave(room, saveCorrespondence(entry), "");
  await startGame(room, entry.game, [], null, { entry });
  return entryLink(entry);
}
