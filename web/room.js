// The room's context: the one object every region of the page receives (app.js makes it).
// A region is a module that draws its part of the page from the context and binds its own
// elements; regions reach each other through the context and plain imports, never through
// adapter objects.
//
//   parts:   engine (the worker client), table (the controller: record, view, seats, clicks),
//            board (the canvas), sounds
//   facts the page keeps beside the table (the table owns the record, the view and the seats):
//            site (site.json), stage (the engine's), boardKey, id (the saved game's key),
//            texts (the game's words), cursor, pending, opening, corr, seated, review, chance,
//            ended, prompt, confirmAll, winBar, opened
//   acts:    render() draws every region, say(text, kind) the message line, announce(text)
//            the live region; ready resolves once a record is open (web/session.js, markOpen)
import { newGameId } from "./storage.js";
import { loadFlag } from "./prefs.js";

export const $ = (id) => document.getElementById(id);

export function makeRoom({ engine, table, board, sounds }) {
  let markReady;
  const ready = new Promise((resolve) => { markReady = resolve; });
  const room = {
    engine, table, board, sounds,
    site: null,                 // site.json: version, wheel, games (with their texts), boards, messages
    stage: "downloading",
    boardKey: null,             // the prebuilt board on the canvas (web/boards.js)
    id: newGameId(),            // this game's key among the saved games
    cursor: null,               // the keyboard cursor's cell
    texts: null,                // the current game's words in the page's language
    opening: null,              // the record being opened, until the engine has read it
    pending: null,              // a tapped cell waiting for its confirmation (small cells, or always)
    confirmAll: loadFlag("tavoliere.confirm", false),
    winBar: loadFlag("tavoliere.winbar", true),
    chance: null,               // the first player's winning chance in the computer's last search
    corr: null,                 // the correspondence game on screen (its stored entry), or null
    opened: 0,                  // records opened so far (links, reloads, lists): for tests
    ended: null,                // {plies, outcome} of the record's end, once seen
    prompt: "",                 // the next step of a move half made, for the strip above the board
    review: null,               // the computer's second look at a finished game (web/review.js)
    seated: false,              // the players came from the link and no saved game keeps them yet
    draws: [],                  // each region's draw(room), in the order the page is drawn
    ready,
    markReady,
    render() {
      if (!table.view) return;
      board.show({ ...table.picture(room.cursor), pending: room.pending ? [room.pending] : [] });
      for (const draw of room.draws) draw(room);
    },
    // One line for the player: errors (kind "error") stand out, guidance does not.
    say(text, kind = "error") {
      $("message").textContent = text;
      $("message").dataset.kind = kind;
    },
    // Screen readers hear moves and results through a polite live region.
    announce(text) {
      $("announcer").textContent = text;
    },
  };
  return room;
}

// Whether the game on the table has two players (a winning chance, a review, need one rival).
export function twoPlayers(room) {
  return room.table.players.length === 2;
}
