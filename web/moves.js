// Choosing a move by clicks: the legal moves whose click sequences start with the cells
// clicked so far.  Shared by the room and the embedded boards; no rules here.
export function matching(legal, clicks) {
  return legal.filter((move) => clicks.every((cell, i) => move.clicks[i] === cell));
}

// The cells that may be clicked next.
export function nextClicks(legal, clicks) {
  const next = new Set();
  for (const move of matching(legal, clicks)) if (move.clicks.length > clicks.length) next.add(move.clicks[clicks.length]);
  return [...next];
}

// Narrow by one more click: {clicks, candidates, move}.  `move` is set when the clicks pick
// exactly one move; no candidates means the click fits no legal move.  A click that fits
// nothing after a partial choice starts a new choice from that cell.
export function narrow(legal, clicks, cell) {
  let next = [...clicks, cell];
  let candidates = matching(legal, next);
  if (!candidates.length && clicks.length) {
    next = [cell];
    candidates = matching(legal, next);
  }
  return { clicks: next, candidates, move: candidates.length === 1 ? candidates[0] : null };
}
