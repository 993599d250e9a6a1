// Hidden pieces by link (issue 41 part 4; RULES.md 14.7; docs/fairplay.md "Hidden pieces by
// link"): a game whose players each hide a ply for the whole game (a set-up), played by
// sending links.  The engine does the cryptography and the checks (op "fair": hide, disclose,
// check); this module keeps this browser's hidden ply and its salt in its own storage, under
// tavoliere.fair.<game identifier>, carries the public fields in the links, and gives the
// table a record it can play.  No game is named here: the site data says that a game hides
// information (hidden_information), and the engine's answers say which plies are hidden.
//
// A hidden entry (a stored correspondence game) has, beside the usual fields:
//   hidden  true;
//   line    the moves as the links carry them: each hidden ply as hide=<commitment> until
//           its owner opens it at the end;
//   fair    {pieces, reveals, seals}: the public fields, as the last link had them;
//   guessed {players, known}: the players whose hidden ply this browser does not know, and
//           the pieces of theirs revealed so far (what the table's requests carry);
//   owed    the captures whose value the other player owes: [{ply, player, item, cell}];
//   unsent  the fields changed here since the last link went.
// entry.moves are what the table plays: this side's hidden ply in clear (its own device), the
// other's as a stand-in the engine picks, agreeing with every piece he revealed (it tells
// nothing: the table shows his uncaptured pieces without colour, and a capture whose colour
// is still to come without result).
import { forfeit, forfeited, linkEntry, unfairText } from "./fairlink.js";
import { gameInfo, gameWords, sideName } from "./games.js";
import { t } from "./i18n.js";
import { excerpt, writeLink } from "./links.js";
import { saveCorrespondence } from "./storage.js";

const SECRETS = "tavoliere.fair.";   // + the game's identifier: {hidden: {player, move, salt}}
const HIDE = "hide=";
const busy = new Set();              // the games whose ply, just made, is being committed here

export function hidesPieces(site, spec) {
  const info = gameInfo(site, spec);
  return Boolean(info && info.hidden_information);
}

export function isHidden(entry) {
  return Boolean(entry && entry.hidden);
}

// -- this browser's hidden ply ------------------------------------------------------------------
function loadSecret(id) {
  try {
    const kept = JSON.parse(localStorage.getItem(SECRETS + id));
    const secret = kept && kept.hidden;
    if (secret && Number.isInteger(secret.player) && typeof secret.move === "string" && typeof secret.salt === "string") return secret;
  } catch { /* nothing kept, or unreadable */ }
  return null;
}

function saveSecret(id, secret) {
  try {
    localStorage.setItem(SECRETS + id, JSON.stringify({ hidden: secret }));
    return true;
  } catch {
    return false;
  }
}

// -- the link and the record ----------------------------------------------------------------------
export function hiddenLink(entry) {
  if (busy.has(entry.id)) return null;
  const base = location.href.split("#")[0];
  const corr = { id: entry.id, names: entry.names, by: entry.side };
  return `${base}#${writeLink({ game: entry.game, moves: entry.line, corr, end: entry.ending || null, fair: entry.fair })}`;
}

// The tags of the finished record (python -m tavoliere verify, or Verify here, checks them).
export function hiddenTags(entry) {
  const tags = {};
  if (entry.fair.pieces) tags.Pieces = entry.fair.pieces;
  if (entry.fair.reveals) tags.Reveals = entry.fair.reveals;
  if (entry.fair.seals) tags.Seals = entry.fair.seals;
  return tags;
}

function request(room, step, entry, fields) {
  const secret = loadSecret(entry.id);
  return room.engine.request({ op: "fair", step, game: entry.game, ...(secret ? { secret } : {}), ...fields });
}

// The pieces revealed so far, by the names the engine gives them.
function revealedItems(fair) {
  return (fair.reveals || "").split(".").filter(Boolean).map((entry) => entry.split(":")[1]);
}

// What the table plays and what its requests carry, from a check of the link's record: the
// other's hidden plies stood in for, this side's own in clear.
function tableRecord(entry, check, secret) {
  const moves = [...entry.line];
  const players = [];
  for (const [player, ply] of Object.entries(check.hidden_plies || {})) {
    if (!moves[ply - 1].startsWith(HIDE)) continue;
    if (secret && Number(player) === secret.player) moves[ply - 1] = secret.move;
    else {
      moves[ply - 1] = check.standins[player];
      players.push(Number(player));
    }
  }
  entry.moves = moves;
  entry.guessed = players.length ? { players, known: revealedItems(entry.fair) } : null;
}

// The captures whose value the other player owes, with the cell each was taken on (the last
// cell of its move, as the engine names a move's cells).
async function owedCaptures(room, entry, check) {
  const owed = (check.hidden_owed || []).filter((o) => o.player !== entry.side);
  if (!owed.length) return [];
  const view = await room.engine.request({ op: "view", game: entry.game, moves: entry.moves.slice(0, owed[0].ply), seat: entry.side,
    ...(entry.guessed ? { guessed: entry.guessed } : {}) });
  const cells = view.ok && view.last ? view.last.cells || [] : [];
  return owed.map((o) => ({ ...o, cell: cells[cells.length - 1] || o.item }));
}

// The check of this side's line with its secret: what it owes is disclosed (a captured
// piece's value; its hidden ply once the game is over), the table's record rebuilt.  Resolves
// to the check, or to a failed answer (said by the caller).
async function settle(room, entry) {
  let check = await request(room, "check", entry, { moves: entry.line, fair: entry.fair });
  if (!check.ok || !check.holds) return check;
  const secret = loadSecret(entry.id);
  const owes = secret && ((check.hidden_owed || []).some((o) => o.player === entry.side) || (check.setups_due || []).includes(entry.side));
  if (owes) {
    const answer = await request(room, "disclose", entry, { moves: entry.line, fair: entry.fair });
    if (!answer.ok) return answer;
    entry.line = answer.moves;
    entry.fair = answer.fair;
    entry.unsent = true;
    check = await request(room, "check", entry, { moves: entry.line, fair: entry.fair });
    if (!check.ok || !check.holds) return check;
  }
  tableRecord(entry, check, secret);
  entry.owed = await owedCaptures(room, entry, check);
  entry.outcome = check.outcome || null;
  return check;
}

// -- starting -------------------------------------------------------------------------------------
export function startHidden(entry) {
  Object.assign(entry, { hidden: true, line: [], fair: {}, guessed: null, owed: [], unsent: false });
}

// -- this side's plies at the table ---------------------------------------------------------------
// A ply of this side: its hidden ply is committed at once (the ply and its salt stay here, the
// commitment goes in the link); any other joins the line, with what it makes due (its hidden
// ply opened, after a move that ends the game).
async function ownPly(room, entry, move) {
  busy.add(entry.id);
  try {
    if (!loadSecret(entry.id)) {
      const answer = await request(room, "hide", entry, { moves: entry.line, move, fair: entry.fair });
      if (answer.ok) {
        if (!saveSecret(entry.id, { player: entry.side, move: answer.move, salt: answer.salt })) { room.say(t("fair.no-storage")); return; }
        entry.line = [...entry.line, answer.token];
        entry.fair = answer.fair;
      } else if (answer.code === "fair.not-hidden") entry.line = [...entry.line, move];
      else { room.say(gameWords(room.site, entry.game).error(answer)); return; }
    } else entry.line = [...entry.line, move];
    const check = await settle(room, entry);
    if (!check.ok || !check.holds) { room.say(gameWords(room.site, entry.game).error(check.ok ? check.problem : check)); return; }
    entry.unsent = true;
    entry.last = Date.now();
    saveCorrespondence(entry);
    if (room.corr === entry) {
      room.table.context = entry.guessed ? { guessed: entry.guessed } : null;
      if (entry.owed.length) room.say(toCome(room, entry), "info");
    }
  } finally {
    busy.delete(entry.id);
    room.render();
  }
}

function toCome(room, entry) {
  const [owed] = entry.owed;
  return t("hidden.to-come", { name: excerpt(entry.names[1 - entry.side], 30), cell: owed.cell });
}

// -- receiving a link -----------------------------------------------------------------------------
// The first ply where the link's line parts from this browser's: a hidden ply of the other
// player may be opened in it (the engine checks that it opens the same commitment).
function firstDifference(ours, theirs) {
  const common = Math.min(ours.length, theirs.length);
  for (let i = 0; i < common; i++) {
    if (ours[i] === theirs[i] || (ours[i].startsWith(HIDE) && !theirs[i].startsWith(HIDE))) continue;
    return i + 1;
  }
  return null;
}

// A link of a game with hidden pieces: the engine checks every reveal and commitment (and,
// given the link received before, that none was swapped); this side discloses what it owes
// at once.  The stored game is never rewritten by a refused link.  Resolves to the entry to
// open, or the stored one.
export async function receiveHidden(room, link, stored) {
  const { engine, site } = room;
  const refuse = (detail) => {
    room.say(t(stored ? "corr.refused-kept" : "corr.refused", { detail }));
    return stored;
  };
  const continued = await linkEntry(room, link, stored, {});
  if (!continued.entry) return continued.answer;
  const { entry, now } = continued;
  if (!stored) startHidden(entry);
  const ours = stored ? stored.line : [];
  const theirs = link.moves;
  const ply = firstDifference(ours, theirs);
  if (ply !== null) {
    room.say(t("corr.differs", { ply, theirs: excerpt(theirs[ply - 1]), ours: excerpt(ours[ply - 1]) }));
    return stored;
  }
  if (theirs.length < ours.length) {
    room.say(t("corr.older", { count: theirs.length, stored: ours.length }));
    return stored;
  }
  const previous = stored ? { moves: ours, fair: stored.fair } : undefined;
  const check = await request(room, "check", entry, { moves: theirs, fair: link.fair, ...(previous ? { previous } : {}) });
  if (!check.ok) return refuse(gameWords(site, entry.game).error(check));
  if (!check.holds) {
    if (stored) forfeit(stored, check);
    return refuse(unfairText(room, entry, check));
  }
  // the new plies must all be the other side's: a link cannot play for this browser
  const candidate = { ...entry, line: [...theirs], fair: { ...link.fair } };
  tableRecord(candidate, check, loadSecret(entry.id));
  const view = await engine.request({ op: "view", game: entry.game, moves: candidate.moves, seat: "none",
    ...(candidate.guessed ? { guessed: candidate.guessed } : {}) });
  if (!view.ok) return refuse(gameWords(site, entry.game).error(view));
  const movers = view.movers || [];
  for (let i = ours.length; i < theirs.length; i++) {
    if (movers[i] === entry.side || (movers[i] === undefined && !hiddenOf(check, 1 - entry.side, i + 1))) {
      room.say(t("corr.for-you", { ply: i + 1, move: excerpt(theirs[i]) }));
      return stored;
    }
  }
  const before = stored ? { line: stored.line.length, fair: JSON.stringify(stored.fair) } : null;
  const next = { ...entry, line: [...theirs], fair: { ...link.fair }, archived: false };
  const settled = await settle(room, next);
  if (!settled.ok || !settled.holds) return refuse(gameWords(site, entry.game).error(settled.ok ? settled.problem : settled));
  Object.assign(entry, next, { sent: theirs.length, toMove: view.to_move });
  const news = !before || entry.line.length !== before.line || JSON.stringify(link.fair) !== before.fair;
  if (news) entry.last = now;
  saveCorrespondence(entry);
  const name = excerpt(entry.names[1 - entry.side], 30);
  if (!stored) room.say(t("corr.received", { name, side: sideName(site, entry.game, entry.side) }), "info");
  else if (entry.owed.length) room.say(toCome(room, entry), "info");
  else if (news && theirs.length > before.line) room.say(t("corr.new-moves", { name, move: view.moves[view.moves.length - 1] || "?" }), "info");
  else if (news) room.say(t("hidden.received", { name }), "info");
  entry.fresh = true;
  return entry;
}

// Whether ply is the hidden ply of player, as the check found it.
function hiddenOf(check, player, ply) {
  return (check.hidden_plies || {})[String(player)] === ply;
}

// -- the panel ------------------------------------------------------------------------------------
// What the correspondence panel says of a hidden game's step: {status, sendable, primary} or
// null (the panel's own words hold).
export function hiddenStep(room) {
  const entry = room.corr;
  if (!isHidden(entry) || forfeited(entry)) return null;
  const name = excerpt(entry.names[1 - entry.side], 30);
  if (busy.has(entry.id)) return { status: t("hidden.committing"), sendable: false };
  if (entry.owed && entry.owed.length) return { status: toCome(room, entry), sendable: true, primary: entry.unsent };
  const v = room.table.view;
  if (v && v.outcome && entry.unsent) return { status: t("hidden.opened", { name }), sendable: true, primary: true };
  if (v && v.outcome && (entry.line || []).some((m) => m.startsWith(HIDE))) return { status: t("hidden.open-due", { name }), sendable: false };
  if (entry.unsent && v && v.to_move !== entry.side) return { status: null, sendable: true, primary: true };
  return null;
}

// The table plays this entry's record: its requests name the hidden plies stood in for.
export function tableContext(entry) {
  return isHidden(entry) && entry.guessed ? { guessed: entry.guessed } : null;
}

export function bindHiddenlink(room) {
  room.table.addEventListener("played", (event) => {
    const entry = room.corr;
    const { mover, move, ply } = event.detail;
    if (!isHidden(entry) || mover !== entry.side) return;
    if (ply !== entry.line.length + 1) return;  // (a ply the line has already)
    ownPly(room, entry, move);
  });
}
