// The review's region: the Review button (in the place of Offer a draw once the game is
// over), its progress and summary under the board, and its verdicts on the moves of the list.
// The review itself (the computer's second look at the game) is web/review.js.
import { t } from "./i18n.js";
import { Review } from "./review.js";
import { $, twoPlayers } from "./room.js";
import { noteVerdicts } from "./studypanel.js";

export function bindReview(room) {
  $("review").addEventListener("click", () => startReview(room));
  room.table.addEventListener("record", () => stopStaleReview(room));
}

// The review of the record on the table (a review of another record is over).
export function currentReview(room) {
  const review = room.review;
  return review && review.about(room.table.game, room.table.history.moves) ? review : null;
}

// Whether the record on the table is a finished game (browsed back or not).
function recordOver(room) {
  return Boolean(room.ended && room.ended.outcome && room.ended.plies === room.table.shownMoves().length);
}

function startReview(room) {
  const { table } = room;
  if (currentReview(room) || !table.view || !recordOver(room)) return;
  if (room.review) room.review.stop();
  const review = new Review(room.engine, table.game, table.history.moves, () => {
    if (review !== room.review) return;
    if (review.done && !review.noted) noteVerdicts(room, review);  // glyphs and comments, editable
    room.render();
    if (review.done) room.announce(reviewSummary(review));
  });
  room.review = review;
  room.render();
  review.run();
}

function stopStaleReview(room) {
  if (room.review && !currentReview(room)) {
    room.review.stop();
    room.review = null;
  }
}

function reviewSummary(review) {
  const marks = review.verdicts().map((v) => v.mark);
  return t("review.done", {
    threw: t("review.threw", { count: marks.filter((m) => m === "??").length }),
    costly: t("review.costly", { count: marks.filter((m) => m === "?").length }),
  });
}

export function drawReview(room) {
  const review = currentReview(room);
  // at the end, Review takes the place of Offer a draw (the two share one place: nothing moves)
  const reviewable = recordOver(room) && twoPlayers(room);
  $("offer-draw").toggleAttribute("data-away", reviewable);
  $("review").toggleAttribute("data-away", !reviewable);
  $("review").disabled = Boolean(review) || room.stage !== "ready";
  const status = $("review-status");
  status.hidden = !review;
  if (!review) return;
  const total = review.moves.length + 1;
  let text = t("review.progress", { done: review.weighed, total });
  if (review.error) text = t("review.failed", { detail: room.texts.error(review.error) });
  else if (review.done) text = reviewSummary(review);
  // the verdict on the move on view, for screens without a pointer to hover the list with
  const shown = document.createElement("span");
  shown.className = "verdict-detail";
  shown.textContent = verdictText(room, review, room.table.history.cursor);
  status.replaceChildren(text, shown);
  status.toggleAttribute("data-done", review.done);
}

// "g5?: Black's chance 38% → 0% (the computer preferred a4)", or "" before the review has it.
export function verdictText(room, review, ply) {
  const verdict = review.move(ply);
  if (!verdict) return "";
  const percent = (chance) => (chance === null ? "?" : Math.round(100 * chance));
  let text = t("review.move", { move: review.moves[ply - 1] + verdict.mark, player: room.texts.player(verdict.mover),
    before: percent(verdict.before), after: percent(verdict.after) });
  if (verdict.best) text += ` ${t("review.better", { move: verdict.best })}`;
  return text;
}

// A move of the list with the review's verdict: its mark, and the chances in its title.
export function markVerdict(room, button, ply) {
  const review = currentReview(room);
  const verdict = review && review.move(ply);
  if (!verdict) return;
  button.dataset.verdict = verdict.mark;
  if (verdict.mark) {
    const mark = document.createElement("span");
    mark.className = "verdict";
    mark.textContent = verdict.mark;
    button.append(mark);
  }
  const detail = verdictText(room, review, ply);
  button.title = detail;
  button.setAttribute("aria-label", detail);
}
