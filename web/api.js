// The page API, window.tavoliere, for tests and embedding (docs/architecture.md; the README
// documents it for site owners).
import { entryLink, startCorrespondence } from "./correspondence.js";
import { errorText } from "./i18n.js";
import { currentReview } from "./reviewpanel.js";
import { currentGame, loadCorrespondence } from "./storage.js";

export function pageApi(room) {
  const { table, board, engine } = room;
  return {
    ready: room.ready,
    // the position on screen: while a record is opened, its prebuilt board (table.game is
    // still the game before until the engine has read the record)
    view: () => table.view && {
      game: table.view.game,
      moves: [...table.view.moves],
      sealed: table.view.sealed || 0,
      to_move: table.view.to_move,
      outcome: table.view.outcome,
      legal: table.view.legal.map((m) => m.name),
    },
    cellCenter: (name) => board.cellCenter(name),
    // Correspondence games: start one ({game, side: 0 or 1, names: [first side's, second
    // side's]}, resolves to the link for the other player), the link to send after the last
    // move (null when the game on screen is not one), and the games kept in this browser.
    correspondence: {
      start: async (options) => {
        try {
          return await startCorrespondence(room, options || {});
        } catch (error) {
          throw new Error(errorText(error, "en"));
        }
      },
      link: () => (room.corr ? entryLink(room.corr) : null),
      games: () => loadCorrespondence().games.map((g) => ({ ...g, moves: [...g.moves], names: [...g.names] })),
    },
    play: async (name) => {
      // a record still being opened (its prebuilt board on view): the move waits for it, to
      // be judged in that game rather than in the one before (a failed opening keeps
      // `opening`: after a while the move goes to the table as it is)
      for (let waited = 0; table.opening && waited < 30000; waited += 10) {
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      const answer = await table.play(name);
      if (!answer.ok) throw new Error(answer.message || answer.error);
      return answer;
    },
    // for tests: whether the computer is thinking, the legal moves with their click
    // sequences, the last move ({name, clicks, cells} or null) and a cell's size in CSS pixels
    thinking: () => Boolean(table.thinking),
    // whether a record is still being opened (its prebuilt board on view, the engine not done)
    opening: () => Boolean(table.opening),
    legalMoves: () => table.view.legal.map((m) => ({ name: m.name, clicks: [...m.clicks] })),
    lastMove: () => table.view.last,
    picture: () => table.picture(),
    // the whole record this device keeps of the game resumed on a reload (sealed in storage
    // while it keeps something from a player: web/storage.js), or [] if none is saved
    savedMoves: () => { const game = currentGame(); return game ? [...game.moves] : []; },
    // the study tree on the table (Study.to_dict()'s form) and the moves to the position on view
    study: () => table.history.toStudy(table.game),
    line: () => table.history.line(),  // what the board draws (a move half made included)
    cellSize: () => board.scale,
    animating: () => board.animating,  // a move is being drawn (also the canvas's data-animating)
    cursor: () => room.cursor,
    // how the engine started ({path, ms, key, storage}) and the snapshot made on this visit, if
    // any (README, "Snapshots"); a Promise of the maker's report; a bridge request, answered
    engineLoad: () => engine.load && { ...engine.load, snapshot: engine.snapshot, prestarted: engine.prestarted },
    snapshotDone: () => engine.snapshotDone,
    engineRequest: (request) => engine.request(request),
    opened: () => room.opened,
    // The pool of search workers (issue 43, web/pool.js): its state ({size, started, ready,
    // busy, paths, treeGames}), a Promise of it once every worker started, how long the page
    // must be hidden to free it (ms), and a search as the computer's ({game, moves,
    // level|iterations, seed}; the answer's `workers` counts the searches merged).
    pool: () => engine.pool.state(),
    poolReady: () => engine.pool.whenReady(),
    poolHiddenMs: (ms) => { engine.pool.hiddenMs = ms; },
    think: (request) => engine.think(request),
    // the review of the finished game on the table, as far as it went: {done, verdicts: [{mover,
    // before, after, mark, best}]} with the mover's chances before and after each move, or null
    review: () => {
      const review = currentReview(room);
      return review && { done: review.done, verdicts: review.verdicts() };
    },
  };
}
