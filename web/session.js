// The session: opening records (a link, a reload, a saved game, a correspondence game),
// saving the game after every move, and the link in the address bar with the browser's
// history (a game opened adds an entry, so Back returns to the game before; a move replaces
// it).  A record here is
// {game, moves, ply, id, entry, ending, seated, players}: entry is a stored correspondence
// game, players the seats it brings (null: the seats as they are).
import { boardKey as sharedBoardKey } from "./boards.js";
import { receive } from "./correspondence.js";
import { defaultGame, drawsPossible, gameWords } from "./games.js";
import { errorText, getLanguage, t } from "./i18n.js";
import { tableContext } from "./hiddenlink.js";
import { readEnding, readLink, writeLink } from "./links.js";
import { loadPlayers, validPlayer } from "./prefs.js";
import { $ } from "./room.js";
import { fitSeats, playerText, readPlayer } from "./seats.js";
import { currentGame, findCorrespondence, findGame, newGameId, saveCorrespondence, saveGame } from "./storage.js";
import { drawWinBar } from "./strip.js";
import { keepApart, refuseStale, rememberOpened, rememberOpening, rememberSaved, staleRecord } from "./tabs.js";

export function bindSession(room) {
  room.table.addEventListener("change", () => writeFragment(room));
  room.table.addEventListener("record", () => saveRecord(room));
}

// -- the record in the URL fragment (web/links.js reads and writes it) -------------------------
// {game, moves, ply, corr, ending, seated, players}: corr is the correspondence part of the
// link ({id, names, by}) or null; white= and black= choose the players of an ordinary link.
function readFragment(room) {
  const text = location.hash.replace(/^#/, "");
  if (!text) return { game: defaultGame(room.site), moves: [], ply: null, corr: null };
  const link = readLink(text);
  const seated = !link.corr && link.players.some((p) => p !== null);
  let players = null;
  if (seated) {
    const current = room.table.players;
    const seats = link.players.map((text, i) => (text === null ? current[i] : readPlayer(text)));
    while (seats.length && seats[seats.length - 1] === undefined) seats.pop();  // seats the link leaves open
    players = fitSeats(current, seats.length).map((p, i) => seats[i] || p);
  }
  return { game: link.game || defaultGame(room.site), moves: link.moves, ply: link.ply, corr: link.corr, ending: link.end, seated, players, fair: link.fair };
}

// The correspondence part of this browser's links: the game's identifier, the names, and the
// side that sends them (this browser's).
function corrFields(entry) {
  return { id: entry.id, names: entry.names, by: entry.side };
}

// The page's own link names no players, except those of the link it was opened from until a
// saved game keeps them: a reload before the first move keeps them too.
function writeFragment(room) {
  const { table } = room;
  if (!table.game || table.opening) return;
  // the link leaves the device: it carries the revealed moves only, never a sealed one
  const players = room.seated ? table.players.map(playerText) : null;
  const link = writeLink({ game: table.game, moves: table.shownMoves(), ply: table.history.atEnd ? null : table.linkCursor(),
    corr: room.corr && corrFields(room.corr), end: table.ending, players });
  const state = historyState(room);
  const before = history.state && history.state.tavoliere;
  // another game than the entry's adds an entry; the first page of a tab, a link pasted or
  // a move replaces it
  if (before && (before.id !== state.tavoliere.id || before.corr !== state.tavoliere.corr)) history.pushState(state, "", `#${link}`);
  else history.replaceState(state, "", `#${link}`);
}

// What the history entry keeps of the game on the table: the key it is stored under, so
// Back and Forward reopen the kept game, not the link as a new arrival.
function historyState(room) {
  return { tavoliere: room.corr ? { corr: room.corr.id } : { id: room.id } };
}

// The whole link of a correspondence game, at its last move: what the other player opens.
export function corrLink(entry) {
  const base = location.href.split("#")[0];
  return `${base}#${writeLink({ game: entry.game, moves: entry.moves, corr: corrFields(entry), end: entry.ending || null })}`;
}

// -- boards prebuilt by build.py (drawn before Python is ready) ------------------------------
export function boardKey(room, spec) {
  return sharedBoardKey(room.site.games, spec);
}

async function loadBoard(room, spec, superseded = () => false) {
  let key = boardKey(room, spec);
  if (!room.site.boards[key]) key = defaultGame(room.site);
  const data = await (await fetch(room.site.boards[key])).json();
  if (superseded()) return null;  // the board of a game asked for later stays
  if (room.boardKey !== key) room.board.setLayout(data.layout);
  room.boardKey = key;
  useTexts(room, key);
  return data.view;
}

export function useTexts(room, spec) {
  room.texts = gameWords(room.site, spec);
}

// -- saving ---------------------------------------------------------------------------------
// The game in progress is saved after every move (and after undo), to resume after a reload;
// a correspondence game in its own list.
// A tab never saves over a record another tab has moved on (web/tabs.js).  Null, or the
// save's problem (said).
export function saveRecord(room) {
  const { table } = room;
  let problem;
  if (room.corr) {
    if (staleRecord(room)) return refuseStale(room);  // said in the notice
    const entry = room.corr;
    entry.moves = [...table.history.moves];
    entry.last = Date.now();
    entry.settled = true;
    if (table.history.atEnd) {  // (a variation's position, or an analysis's, is not the game's)
      entry.toMove = table.view.to_move;
      entry.outcome = table.view.outcome || null;
    }
    entry.ending = table.ending;
    problem = saveCorrespondence(entry);
    if (saved(problem)) rememberSaved(room, entry);
    room.render();
  } else {
    if (staleRecord(room)) {
      keepApart(room);
      history.replaceState(historyState(room), "", location.href);  // the same entry, the new key
    }
    const entry = tableEntry(room);
    problem = saveGame(entry);
    if (saved(problem)) rememberSaved(room, entry);
    if (room.seated && saved(problem)) {
      room.seated = false;  // the saved game keeps the players now
      writeFragment(room);
    }
  }
  if (problem) room.say(saveText(problem));
  return problem;
}

function saved(problem) {
  return !problem || problem.key === "storage.nearly-full";
}

// The saved game of the table: its record and players, and, for the saved-games list, how
// it stands at the record's end (the result, or whose turn).
function tableEntry(room) {
  const { table } = room;
  const v = table.view;
  const end = table.history.atEnd && v;
  const outcome = end && v.outcome ? { winner: v.outcome.winner, reason: v.outcome.reason, scores: v.outcome.scores } : null;
  // sealed in storage while the record keeps something from a player (web/storage.js)
  const last = table.endView || v;
  const seal = Boolean(last && !last.outcome && (last.hidden_information || last.sealed));
  return { id: room.id, game: table.game, moves: [...table.history.moves], players: table.players, ending: table.ending,
    toMove: end ? v.to_move : undefined, outcome, seal,
    tree: table.history.annotated ? table.history.toStudy(table.game) : null };  // a study's variations and notes
}

// What a save's problem tells the player: the storage nearly full (this save worked, a later
// one may not), or why this one failed.
export function saveText(problem) {
  if (problem.key === "storage.nearly-full") return t("storage.nearly-full");
  return t("save-problem", { detail: errorText(problem, getLanguage()) });
}

// Say `text` after a save: the save's problem comes first, a warning with the text.
export function sayAfterSave(room, problem, text, kind = "info") {
  if (!problem) room.say(text, kind);
  else if (problem.key === "storage.nearly-full") room.say(text ? `${text} ${saveText(problem)}` : saveText(problem));
  else room.say(saveText(problem));
}

// -- opening games ----------------------------------------------------------------------------
// Draw the record's board at once, then open it when the engine is ready; a record that
// cannot be read is refused with the reason and a fresh game opens instead.  `entry` opens a
// stored correspondence game: this browser's side is a person, the other side plays from afar.
// `kept`: the record comes from this browser's storage, not from a link (said if it fails).
export async function startGame(room, spec, moves = [], ply = null, { id = newGameId(), entry = null, ending = null, seated = false, players = null, kept = false, tree = null } = {}) {
  const { table, engine } = room;
  table.stopThinking();
  room.seated = seated;
  room.chance = null;
  drawWinBar(room);
  room.corr = entry;
  room.id = entry ? entry.id : id;
  rememberOpening(room);
  let seats = players || table.players;
  if (entry) seats = [0, 1].map((side) => ({ kind: side === entry.side ? "human" : "remote" }));
  else if (seats.some((p) => p.kind === "remote")) seats = loadPlayers();
  if (entry) ending = entry.ending || null;  // a correspondence game's end is the one kept here
  if (ending === "draw" && !drawsPossible(room.site, spec)) {
    room.say(t("draw-left-out"));
    ending = null;
  }
  table.context = tableContext(entry);  // a game by link whose hidden plies are stood in for
  const opening = { game: spec, moves, ply, id: room.id, entry, ending, players: seats };
  room.opening = opening;  // what Retry opens if the engine fails first
  // A game asked for while this one waited (New game, a card, before Python had loaded)
  // opens instead: this one stops where it stands.
  const superseded = () => room.opening !== opening;
  const board = await loadBoard(room, spec, superseded);
  if (superseded()) return;
  table.showPrebuilt(board, seats);
  room.render();  // its board and name at once, while the engine is still busy
  await engine.ready;
  if (superseded()) return;
  let answer = await table.open({ game: spec, moves, ply, ending, players: seats, tree });  // (tree: a study's variations and notes)
  if (superseded()) return;
  if (!answer.ok) {
    room.say(t(kept || entry ? "kept-bad" : "bad-link", { detail: room.texts.error(answer) }));
    room.corr = null;
    room.id = newGameId();  // the fresh game is saved apart: the record that failed stays kept
    const fallback = entry ? loadPlayers() : null;
    const fresh = boardKey(room, spec) ? spec : defaultGame(room.site);
    answer = await table.open({ game: fresh, players: fallback });
    if (!answer.ok) answer = await table.open({ game: defaultGame(room.site) });
  }
  rememberOpened(room);
  await loadBoard(room, table.game, superseded);
  room.render();
  markOpen(room);
}

// The page is ready once a record has opened: the first record, or the game asked for
// while it waited (New game, a card), which stopped the first one where it stood.
function markOpen(room) {
  if (performance.getEntriesByName("engine-ready").length) return;
  performance.mark("engine-ready");
  room.markReady();
}

// A reload reopens the page's own link: when the game saved last is the link's record, the
// page goes on with that game, under its identifier (not a second copy in the saved games)
// and with its players (unless the link names them), as if resumed.  A link written here
// leaves out the sealed plies at the record's end, which the saved game keeps: it takes them
// back when the saved game has sealed plies more, as the engine tells.  A ply the link shows
// as "?" (hidden from this seat: Table.shownMoves) is the saved game's.
async function asSavedGame(room, record) {
  const saved = record.corr || record.entry ? null : currentGame();
  if (!saved || saved.correspondence || saved.game !== record.game) return record;
  const extra = saved.moves.length - record.moves.length;
  if (extra < 0 || record.moves.some((move, i) => move !== "?" && move !== saved.moves[i])) return record;
  if (extra > 0) {
    if (record.ply !== null) return record;
    await room.engine.ready;
    const view = await room.engine.request({ op: "view", game: saved.game, moves: saved.moves });
    if (!(view.ok && view.sealed === extra && view.ply === record.moves.length)) return record;
  }
  const players = !record.seated && saved.players.every(validPlayer) ? saved.players : record.players;
  return { ...record, moves: saved.moves, id: saved.id, players, tree: saved.tree || null };
}

// Open a link or a stored record: a correspondence link is received first.
export async function openRecord(room, record) {
  try {
    if (!record.corr && !record.kept) record = await asSavedGame(room, record);
    if (!record.corr) {
      return await startGame(room, record.game, record.moves, record.ply, { id: record.id, entry: record.entry || null,
        ending: record.ending || null, seated: Boolean(record.seated), players: record.players || null, kept: Boolean(record.kept), tree: record.tree || null });
    }
    const entry = await receive(room, record);
    if (!entry) return await startGame(room, defaultGame(room.site));
    const ply = entry.fresh && record.moves.length === entry.moves.length ? record.ply : null;
    delete entry.fresh;
    return await startGame(room, entry.game, entry.moves, ply, { entry });
  } finally {
    room.opened++;
  }
}

// Show a record once the engine is ready (the page is ready then: markOpen); if the engine
// fails, the status line says why and the retry button calls this again.
export async function open(room, record) {
  try {
    await openRecord(room, record);
  } catch { /* said on the status line, with Retry */ }
}

// The record the page opens first: the link's (on a reload, the game kept under its history
// entry), or the game saved last.
export function firstRecord(room) {
  return location.hash.length > 1 ? recordFromHistory(room, history.state) : resumeRecord(room);
}

// Its board, drawn before the engine is ready.
export async function showFirstBoard(room, record) {
  room.table.showPrebuilt(await loadBoard(room, record.game), record.players || null);
  room.render();  // at once, not at the engine's next news: the page's first paint waits on nothing
}

// The game saved last, to resume after a reload (a link, when there is one, wins).
function resumeRecord(room) {
  const entry = currentGame();
  if (!entry) return { game: defaultGame(room.site), moves: [], ply: null };
  if (entry.correspondence) {
    delete entry.correspondence;
    return { game: entry.game, moves: entry.moves, ply: null, entry };
  }
  const players = entry.players.every(validPlayer) ? entry.players : null;
  return { game: entry.game, moves: entry.moves, ply: null, id: entry.id, ending: readEnding(entry.ending), players, kept: true, tree: entry.tree || null };
}

function recordFromFragment(room) {
  try {
    return readFragment(room);
  } catch (error) {
    // A correspondence link this browser knows opens its stored game, whatever else is wrong.
    let stored = null;
    try { stored = findCorrespondence(new URLSearchParams(location.hash.slice(1, 200)).get("c")); } catch { /* unknown */ }
    if (stored) {
      room.say(t("corr.refused-kept", { detail: errorText(error, getLanguage()) }));
      return { game: stored.game, moves: stored.moves, ply: null, entry: stored };
    }
    room.say(t("bad-link", { detail: errorText(error, getLanguage()) }));
    return { game: defaultGame(room.site), moves: [], ply: null };
  }
}

// A link pasted into this tab's address bar changes only the fragment: open it.  Back and
// Forward open the game their entry kept, without a word: nothing new arrived.
export function followAddress(room) {
  window.addEventListener("popstate", (event) => {
    room.say("");
    openRecord(room, recordFromHistory(room, event.state));
  });
}

// The record a history entry opens: the game stored under its key, at the position its link
// shows while the link's moves are the kept game's (else at the kept game's end); the link
// itself when nothing is stored under that key (a link just pasted has no key).
function recordFromHistory(room, state) {
  const keyed = state && state.tavoliere;
  if (!keyed) return recordFromFragment(room);
  const stored = keyed.corr ? findCorrespondence(keyed.corr) : findGame(keyed.id);
  if (!stored) return { ...recordFromFragment(room), ...(keyed.id ? { id: keyed.id } : {}) };
  let ply = null;
  try {
    const link = readLink(location.hash.replace(/^#/, ""));
    const prefix = link.moves.length <= stored.moves.length && link.moves.every((move, i) => move === "?" || move === stored.moves[i]);
    if (link.game === stored.game && prefix) ply = link.ply;
  } catch { /* the kept game at its end */ }
  if (keyed.corr) return { game: stored.game, moves: stored.moves, ply, entry: stored };
  const players = stored.players.every(validPlayer) ? stored.players : null;
  return { game: stored.game, moves: stored.moves, ply, id: stored.id, ending: readEnding(stored.ending), players, kept: true };
}

// The record on the table as Retry opens it again (or the one being opened, before any).
export function currentRecord(room) {
  const { table } = room;
  const h = table.history;
  if (!table.ready) return room.opening;
  return { game: table.game, moves: h.moves, ply: h.cursor, id: room.id, entry: room.corr, ending: table.ending, players: table.players };
}
