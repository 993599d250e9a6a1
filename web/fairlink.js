// Fair play by link (issue 41, the page's side; docs/fairplay.md): a correspondence game of a
// game with chance plies rolls dice that neither browser chooses, and one with sealed plies
// sends a commitment to a bid, then reveals it.  The engine does the cryptography (the "fair"
// op); this module carries the public fields in the links and keeps this browser's secrets
// (its chain's seed, its sealed bids and their salts) in its own storage, under its own key,
// until their reveal.  No game is named here: the site data says which plies a game has.
//
// A fair entry (a stored correspondence game) has, beside the usual fields:
//   fair   {dice, shown, seals}: the public fields, as the last link had them;
//   proofs every seal opened so far ("ply:commitment:salt"), for the finished record;
//   held   null, or the other player's sealed ply at the end of the moves: {token, reply}
//          (reply: this side's answer in clear, once made);
//   unsent the fields changed here since the last link went.
// entry.moves are what the table plays: this side's sealed bid in clear (its own device),
// never the other's commitment.
import { gameInfo, gameWords, sideName } from "./games.js";
import { t } from "./i18n.js";
import { endingOutcome, excerpt, writeLink } from "./links.js";
import { $ } from "./room.js";
import { saveCorrespondence } from "./storage.js";

const SECRETS = "tavoliere.fair.";   // + the game's identifier: {seed, seals: [{ply, move, salt, token}]}
const SEAL = "seal=";
const sealing = new Set();           // the games whose bid, just made, is being sealed here

// -- what a game asks of a link --------------------------------------------------------------
export function fairNeeds(site, spec) {
  const info = gameInfo(site, spec) || {};
  return { dice: Boolean(info.chance), seals: Boolean(info.sealed_plies) };
}

export function needsFair(site, spec) {
  const needs = fairNeeds(site, spec);
  return needs.dice || needs.seals;
}

// Hidden pieces (each seat sees a different board) are played by link through
// web/hiddenlink.js, never through this module's steps.
export function playsByLink(site, spec) {
  const info = gameInfo(site, spec);
  return !(info && info.hidden_information);
}

export function isFair(entry) {
  return Boolean(entry && entry.fair);
}

// -- this browser's secrets -----------------------------------------------------------------
function loadSecrets(id) {
  try {
    const kept = JSON.parse(localStorage.getItem(SECRETS + id));
    if (kept && typeof kept === "object") {
      return { seed: typeof kept.seed === "string" ? kept.seed : null, seals: Array.isArray(kept.seals) ? kept.seals : [] };
    }
  } catch { /* nothing kept, or unreadable: no secrets */ }
  return { seed: null, seals: [] };
}

function saveSecrets(id, secrets) {
  try {
    localStorage.setItem(SECRETS + id, JSON.stringify(secrets));
    return true;
  } catch {
    return false;
  }
}

export function forgetSecrets(id) {
  try { localStorage.removeItem(SECRETS + id); } catch { /* nothing kept */ }
}

// -- the link ---------------------------------------------------------------------------------
// The moves a link carries: this side's sealed bids as their commitments, then the other's
// commitment and this side's answer, if any.
export function linkMoves(entry) {
  const tokens = new Map(loadSecrets(entry.id).seals.map((s) => [s.ply, s.token]));
  const moves = entry.moves.map((move, i) => tokens.get(i + 1) || move);
  if (entry.held) moves.push(entry.held.token, ...(entry.held.reply ? [entry.held.reply] : []));
  return moves;
}

// The link of a fair game, or null while a bid just made is being sealed (it must not leave
// in clear).
export function fairLink(entry) {
  if (sealing.has(entry.id)) return null;
  const base = location.href.split("#")[0];
  const corr = { id: entry.id, names: entry.names, by: entry.side };
  return `${base}#${writeLink({ game: entry.game, moves: linkMoves(entry), corr, end: entry.ending || null, fair: entry.fair })}`;
}

// The tags of the finished record: Dice, Shown and every Seals proof (python -m tavoliere
// verify, or Verify here, checks them).
export function fairTags(entry) {
  if (!isFair(entry)) return {};
  const tags = {};
  if (entry.fair.dice) tags.Dice = entry.fair.dice;
  if (entry.fair.shown) tags.Shown = entry.fair.shown;
  if (entry.proofs && entry.proofs.length) tags.Seals = entry.proofs.join(".");
  return tags;
}

function keepProofs(entry, seals) {
  entry.proofs = entry.proofs || [];
  for (const proof of (seals || "").split(".").filter(Boolean)) {
    if (!entry.proofs.includes(proof)) entry.proofs.push(proof);
  }
}

// -- starting ---------------------------------------------------------------------------------
// A new chain for this side: its seed kept here, its head in the dice field.  Throws the
// engine's message if it fails, or if the seed cannot be kept.
async function newChain(room, entry, dice) {
  const answer = await room.engine.request({ op: "fair", step: "start", game: entry.game, player: entry.side });
  if (!answer.ok) throw new Error(gameWords(room.site, entry.game).error(answer));
  if (!saveSecrets(entry.id, { ...loadSecrets(entry.id), seed: answer.seed })) throw new Error(t("fair.no-storage"));
  const heads = dice ? dice.split(".") : ["-", "-"];
  heads[entry.side] = answer.head;
  return heads.join(".");
}

// A game started here: the fields it needs (and this side's chain).
export async function startFair(room, entry) {
  const needs = fairNeeds(room.site, entry.game);
  if (!needs.dice && !needs.seals) return;
  Object.assign(entry, { fair: {}, proofs: [], held: null, unsent: false });
  if (needs.dice) entry.fair.dice = await newChain(room, entry, null);
}

// -- rolling the dice (the table asks: web/computer.js) ------------------------------------------
// At a roll due in a fair game: this side's value revealed, and the roll once both are known.
// Null when the game on the table is not a fair one with dice (the table rolls as usual);
// {ok: true, move: null} while the other player's value is missing.
export async function fairDice(room, game, line) {
  const entry = room.corr;
  if (!entry || !entry.fair || !entry.fair.dice || game !== entry.game) return null;
  const { seed } = loadSecrets(entry.id);
  const answer = await room.engine.request({ op: "fair", step: "roll", game, moves: line, fair: entry.fair,
    player: entry.side, ...(seed ? { seed } : {}) });
  if (!answer.ok) {
    if (answer.code !== "fair.no-heads") room.say(gameWords(room.site, game).error(answer));
    return { ok: true, move: null };
  }
  if (room.corr !== entry) return { ok: true, move: null };
  const changed = JSON.stringify(answer.fair) !== JSON.stringify(entry.fair);
  entry.fair = answer.fair;
  if (changed) entry.unsent = true;
  saveCorrespondence(entry);
  room.render();
  return { ok: true, move: answer.move };
}

// -- sealing this side's bid --------------------------------------------------------------------
// The table played a sealed bid of this side: its commitment is made at once; the bid and its
// salt stay in this browser's secrets, the commitment goes in the link.
async function sealOwn(room, entry, ply, move) {
  sealing.add(entry.id);
  try {
    const moves = room.table.history.moves.slice(0, ply - 1);
    const answer = await room.engine.request({ op: "fair", step: "seal", game: entry.game, moves, move });
    if (!answer.ok) { room.say(gameWords(room.site, entry.game).error(answer)); return; }
    const secrets = loadSecrets(entry.id);
    secrets.seals = secrets.seals.filter((s) => s.ply !== ply);
    secrets.seals.push({ ply, move: answer.move, salt: answer.salt, token: answer.token });
    if (!saveSecrets(entry.id, secrets)) { room.say(t("fair.no-storage")); return; }
    entry.unsent = true;
    saveCorrespondence(entry);
  } finally {
    sealing.delete(entry.id);
    room.render();
  }
}

// -- receiving a link ---------------------------------------------------------------------------
// The first ply where the link's moves part from this browser's (a commitment of the other
// player's may be replaced by its reveal: the engine checks that it matches), or null.
// A link still sealed where this browser has the reveal is an older one.
function firstDifference(ours, theirs) {
  const common = Math.min(ours.length, theirs.length);
  for (let i = 0; i < common; i++) {
    if (ours[i] === theirs[i] || (ours[i].startsWith(SEAL) && !theirs[i].startsWith(SEAL))) continue;
    return { ply: i + 1, older: theirs[i].startsWith(SEAL) };
  }
  return null;
}

// The side a refused link's false reveal loses the game for: its sender only (a value of this
// side's own, changed on the way, is the sender's doing too, and wins him nothing); or null.
function culpritOf(entry, check) {
  const winner = check.forfeit ? check.forfeit.winner : null;
  return Number.isInteger(winner) && winner === entry.side ? 1 - entry.side : null;
}

// What a refused link says: the engine's reason, and who loses if it was a false reveal.
export function unfairText(room, entry, check) {
  const detail = gameWords(room.site, entry.game).error(check.problem);
  const culprit = culpritOf(entry, check);
  return culprit === null ? detail : t("fair.forfeit", { detail, side: sideName(room.site, entry.game, culprit) });
}

// A false reveal of the other player loses him the game (the rule for a game by
// link): recorded as this game's end, its moves kept as they were.  A game already over stays.
export function forfeit(entry, check) {
  const culprit = culpritOf(entry, check);
  if (culprit === null || entry.outcome || entry.ending) return;
  entry.ending = `forfeit${culprit}`;
  entry.outcome = endingOutcome(entry.ending);
  entry.last = Date.now();
  saveCorrespondence(entry);
}

export function forfeited(entry) {
  return typeof entry.ending === "string" && entry.ending.startsWith("forfeit");
}

// What a received link of a game by fair play continues: the stored game, or a new entry
// for it (with `fields`, what such an entry starts with).  {entry, now} to go on; {answer}
// when the link ends here: this browser's own link reloaded (the stored game stands), a game
// already forfeited, a game that cannot be read or seats more than two, another game.
export async function linkEntry(room, link, stored, fields) {
  const { engine, site } = room;
  const refuse = (detail) => {
    room.say(t(stored ? "corr.refused-kept" : "corr.refused", { detail }));
    return { answer: stored };
  };
  if (stored && link.corr.by === stored.side) {
    stored.fresh = true;
    return { answer: stored };
  }
  if (stored && forfeited(stored)) return refuse(t("fair.forfeited", { side: sideName(site, stored.game, Number(stored.ending.slice(-1))) }));
  const now = Date.now();
  if (!stored) {
    const view = await engine.request({ op: "view", game: link.game, moves: [] });
    if (!view.ok) return refuse(gameWords(site, link.game).error(view));
    if (view.players !== 2) return refuse(t("corr.too-many"));
    return { now, entry: {
      id: link.corr.id, game: view.game, moves: [], names: link.corr.names, side: 1 - link.corr.by,
      created: now, updated: now, last: null, sent: 0, archived: false, settled: true,
      toMove: view.to_move, outcome: null, ending: null, ...fields,
    } };
  }
  if (link.game !== stored.game) {
    const view = await engine.request({ op: "view", game: link.game, moves: [] });
    if (!view.ok || view.game !== stored.game) {
      room.say(t("corr.other-game", { link: link.game, here: stored.game }));
      return { answer: stored };
    }
  }
  return { now, entry: stored };
}

// A fair game's link: the engine checks every roll, chain value, commitment and reveal (and,
// given the link received before, that no commitment was swapped); this side's bid is
// revealed when its round is complete.  The stored game is never rewritten: a refused link
// leaves it as it was.  Resolves to the entry to open, or null.
export async function receiveFair(room, link, stored) {
  const { engine, site } = room;
  const refuse = (detail) => {
    room.say(t(stored ? "corr.refused-kept" : "corr.refused", { detail }));
    return stored;
  };
  if (!playsByLink(site, link.game)) return refuse(t("corr.sealed-game"));
  const continued = await linkEntry(room, link, stored, { fair: {}, proofs: [], held: null, unsent: false });
  if (!continued.entry) return continued.answer;
  const { entry, now } = continued;
  const fair = { ...link.fair };
  const ours = stored ? linkMoves(stored) : [];
  const theirs = link.moves;
  if (stored) {
    const difference = firstDifference(ours, theirs);
    if (difference && !difference.older) {
      const { ply } = difference;
      room.say(t("corr.differs", { ply, theirs: excerpt(theirs[ply - 1]), ours: excerpt(ours[ply - 1]) }));
      return stored;
    }
    if (difference || theirs.length < ours.length) {
      room.say(t("corr.older", { count: theirs.length, stored: ours.length }));
      return stored;
    }
  }
  if (fairNeeds(site, entry.game).dice) {
    const heads = (fair.dice || "").split(".");
    if (heads.length !== 2 || heads[1 - entry.side] === "-") return refuse(t("fair.no-head"));
    if (!stored) {
      if (heads[entry.side] !== "-") return refuse(t("fair.no-head"));
      try {
        fair.dice = await newChain(room, entry, fair.dice);
      } catch (error) {
        return refuse(error.message);
      }
    }
  }
  const previous = stored ? { moves: ours, fair: stored.fair } : undefined;
  const check = await engine.request({ op: "fair", step: "check", game: entry.game, moves: theirs, fair, ...(previous ? { previous } : {}) });
  if (!check.ok) return refuse(gameWords(site, entry.game).error(check));
  if (!check.holds) {
    if (stored) forfeit(stored, check);
    return refuse(unfairText(room, entry, check));
  }
  // this side's commitments: revealed once their round is complete, else kept in clear here
  let moves = [...theirs];
  let opened = { ...fair };
  const secrets = loadSecrets(entry.id);
  for (const secret of secrets.seals) {
    if (moves[secret.ply - 1] !== secret.token) continue;
    if (check.reveal_due && check.pending_seal === secret.ply) {
      const answer = await engine.request({ op: "fair", step: "reveal", game: entry.game, moves, ply: secret.ply,
        move: secret.move, salt: secret.salt, fair: opened });
      if (!answer.ok) return refuse(gameWords(site, entry.game).error(answer));
      ({ moves, fair: opened } = answer);
      secrets.seals = secrets.seals.filter((s) => s !== secret);
      entry.unsent = true;
    }
  }
  const pending = moves.findIndex((m) => m.startsWith(SEAL));
  const own = secrets.seals.find((s) => moves[s.ply - 1] === s.token);
  let held = null;
  if (own) moves[own.ply - 1] = own.move;
  else if (pending >= 0) {
    if (pending < moves.length - 2) return refuse(t("fair.reveal-missing", { name: excerpt(entry.names[1 - entry.side], 30) }));
    if (pending === moves.length - 2 && pending + 1 >= ours.length) {  // an answer this side never made
      room.say(t("corr.for-you", { ply: pending + 2, move: excerpt(moves[pending + 1]) }));
      return stored;
    }
    held = { token: moves[pending], reply: moves[pending + 1] || null };
    moves = moves.slice(0, pending);
  }
  // the new plies must all be the other side's: a link cannot play for this browser
  const view = await engine.request({ op: "view", game: entry.game, moves });
  if (!view.ok) return refuse(gameWords(site, entry.game).error(view));
  const movers = view.movers || [];
  const before = Math.min(ours.length, moves.length);  // (this side's answer to a sealed bid included)
  for (let ply = before; ply < moves.length; ply++) {
    if (movers[ply] === entry.side) {
      room.say(t("corr.for-you", { ply: ply + 1, move: excerpt(moves[ply]) }));
      return stored;
    }
  }
  saveSecrets(entry.id, secrets);
  keepProofs(entry, opened.seals);
  const news = !stored || moves.length !== stored.moves.length || JSON.stringify(opened) !== JSON.stringify(stored.fair) ||
    JSON.stringify(held) !== JSON.stringify(stored.held);
  Object.assign(entry, { moves, fair: opened, held, toMove: view.to_move, outcome: view.outcome || null, sent: moves.length, archived: false });
  if (news) entry.last = now;
  saveCorrespondence(entry);
  const name = excerpt(entry.names[1 - entry.side], 30);
  if (!stored) room.say(t("corr.received", { name, side: sideName(site, entry.game, entry.side) }), "info");
  else if (held && !held.reply) room.say(t("fair.sealed-now", { name }), "info");
  else if (stored.held && stored.held.reply && held && held.reply) room.say(t("fair.reveal-missing", { name }));
  else if (moves.length > stored.moves.length) room.say(t("corr.new-moves", { name, move: moves[moves.length - 1] }), "info");
  else if (news) room.say(t("fair.received", { name }), "info");
  entry.fresh = true;
  return entry;
}

// -- this side's answer to a sealed bid ---------------------------------------------------------
async function answerSealed(room, move) {
  const entry = room.corr;
  if (!entry || !entry.held || entry.held.reply) return;
  const moves = [...entry.moves, entry.held.token, move];
  const check = await room.engine.request({ op: "fair", step: "check", game: entry.game, moves, fair: entry.fair });
  if (!check.ok || !check.holds) {
    room.say(gameWords(room.site, entry.game).error(check.ok ? check.problem : check));
    return;
  }
  entry.held.reply = move;
  entry.unsent = true;
  entry.last = Date.now();
  saveCorrespondence(entry);
  room.say(t("fair.answered", { move, name: excerpt(entry.names[1 - entry.side], 30) }), "info");
  room.render();
}

// -- the panel ------------------------------------------------------------------------------------
// What the correspondence panel says of a fair game's step: {status, sendable} or null (the
// panel's own words hold).
export function fairStep(room) {
  const entry = room.corr;
  if (!isFair(entry) || forfeited(entry)) return null;  // (a game over says so, and has nothing to send)
  const name = excerpt(entry.names[1 - entry.side], 30);
  if (entry.held && !entry.held.reply) return { status: t("fair.sealed-now", { name }), sendable: false };
  if (entry.held) return { status: t("fair.waiting-reveal", { name }), sendable: true, primary: entry.unsent };
  if (sealing.has(entry.id)) return { status: t("fair.sealing"), sendable: false };
  const v = room.table.view;
  const busy = room.table.rolling || room.table.playing;  // this side's value may be on its way
  if (v && v.to_move === -1 && !v.outcome) return { status: t("fair.waiting-dice", { name }), sendable: !busy, primary: entry.unsent };
  if (entry.unsent && v && (v.outcome || v.to_move !== entry.side)) return { status: null, sendable: true, primary: true };
  // the game ended on a ply made here that was no move of this side's (a roll completed here)
  if (v && v.outcome && !entry.ending && entry.moves.length > entry.sent) return { status: null, sendable: true, primary: true };
  return null;
}

export function drawFair(room) {
  const entry = room.corr;
  const fair = isFair(entry);
  $("corr-fair").hidden = !fair;
  const bids = $("corr-bids");
  const answering = fair && entry.held && !entry.held.reply && !forfeited(entry);
  bids.hidden = !answering;
  if (!fair) return;
  const needs = fairNeeds(room.site, entry.game);
  $("corr-fair-dice").hidden = !needs.dice;
  $("corr-fair-seals").hidden = !needs.seals;
  if (!answering) {
    bids.replaceChildren();
    delete bids.dataset.key;
    return;
  }
  const key = `${entry.id}:${entry.moves.length}`;
  if (bids.dataset.key === key) return;
  bids.dataset.key = key;
  legalAnswers(room, entry).then((legal) => {
    if (bids.dataset.key !== key) return;
    const words = gameWords(room.site, entry.game);
    const label = document.createElement("label");
    label.textContent = `${t("fair.your-answer")} `;
    const choice = document.createElement("select");
    choice.id = "corr-bid";
    choice.append(...legal.map((move) => new Option(words.buttonLabel({ name: move }), move)));
    label.append(choice);
    const play = document.createElement("button");
    play.type = "button";
    play.id = "corr-bid-send";
    play.textContent = t("fair.answer");
    play.addEventListener("click", () => answerSealed(room, choice.value));
    bids.replaceChildren(label, play);
  });
}

// The moves this side may answer with: the engine gives them from what it may know.
async function legalAnswers(room, entry) {
  const check = await room.engine.request({ op: "fair", step: "check", game: entry.game,
    moves: [...entry.moves, entry.held.token], fair: entry.fair });
  return check.ok && check.holds ? check.legal : [];
}

// -- verifying a record -------------------------------------------------------------------------
// A pasted record (with its Dice, Shown and Seals tags where it has them) checked by the
// engine: what holds, or the first ply that does not.
async function verifyRecord(room) {
  const out = $("fair-verify-result");
  out.textContent = "";
  const text = $("fair-verify-text").value;
  const record = await room.engine.request({ op: "import", text });
  if (!record.ok) { out.textContent = t("fair.verify-fails", { detail: room.texts.error(record) }); return; }
  const tags = record.tags || {};
  const fields = {};
  if (tags.Dice) fields.dice = tags.Dice;
  if (tags.Shown) fields.shown = tags.Shown;
  if (tags.Seals) fields.seals = tags.Seals;
  if (tags.Pieces) fields.pieces = tags.Pieces;     // hidden set-ups: a commitment per piece
  if (tags.Reveals) fields.reveals = tags.Reveals;  // ... and the pieces shown during the game
  const check = await room.engine.request({ op: "fair", step: "check", game: record.game, moves: record.moves, fair: fields });
  const words = gameWords(room.site, record.game);
  if (!check.ok) { out.textContent = t("fair.verify-fails", { detail: words.error(check) }); return; }
  if (!check.holds) {
    // the reason alone: the sentence names the ply already
    const { params } = check.problem;
    const inner = params.inner || [];
    const reason = inner.length ? { code: inner[0], params: { ...params, inner: inner.slice(1) } } : check.problem;
    out.textContent = t("fair.verify-ply", { ply: check.ply, detail: words.error(reason) });
    return;
  }
  const facts = [t("fair.verify-plies", { count: record.moves.length })];
  if (fields.dice) facts.push(t("fair.verify-dice"));
  if (fields.pieces) facts.push(t("fair.verify-hidden"));
  else if (fields.seals) facts.push(t("fair.verify-seals"));
  if (!fields.dice && !fields.seals && needsFair(room.site, record.game)) facts.push(t("fair.verify-trust"));
  out.textContent = `${t("fair.verify-holds")} ${facts.join(" ")}`;
}

export function bindFairlink(room) {
  // a bid of this side, sealed at the table of a fair game: its commitment is made at once
  room.table.addEventListener("played", (event) => {
    const entry = room.corr;
    const { sealed, mover, move, ply } = event.detail;
    if (isFair(entry) && sealed && mover === entry.side) sealOwn(room, entry, ply, move);
  });
  room.table.dice = (game, line) => fairDice(room, game, line);
  $("fair-verify-open").addEventListener("click", () => {
    $("fair-verify-result").textContent = "";
    $("fair-verify-dialog").showModal();
  });
  $("fair-verify").addEventListener("click", () => verifyRecord(room));
}
