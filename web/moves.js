// Choosing a move by clicks: the legal moves whose click sequences fit the cells clicked so
// far.  A game whose clicks may come in any order (two stones placed together, say) fits by
// the set of cells; otherwise by the sequence's start.  No rules here.
export function fits(move, clicks, anyOrder = false) {
  if (anyOrder) return new Set(clicks).size === clicks.length && clicks.every((cell) => move.clicks.includes(cell));
  return clicks.every((cell, i) => move.clicks[i] === cell);
}

export function matching(legal, clicks, anyOrder = false) {
  return legal.filter((move) => move.clicks.length && fits(move, clicks, anyOrder));
}

// The cells that may be clicked next.
export function nextClicks(legal, clicks, anyOrder = false) {
  const next = new Set();
  for (const move of matching(legal, clicks, anyOrder)) {
    for (const [i, cell] of move.clicks.entries()) {
      if (anyOrder ? !clicks.includes(cell) : i === clicks.length) next.add(cell);
    }
  }
  return [...next];
}

// The step the next click makes (a name the game gives, "path" say), when every move that
// the clicks so far begin names the same one; else null.
export function nextStep(candidates, clicks, anyOrder = false) {
  if (anyOrder) return null;
  const longer = candidates.filter((move) => move.clicks.length > clicks.length);
  const names = new Set(longer.map((move) => (move.steps || [])[clicks.length] || null));
  return names.size === 1 ? [...names][0] : null;
}

// The move the clicks make exactly, if any (it may also begin longer moves).
export function exact(legal, clicks, anyOrder = false) {
  return legal.find((move) => move.clicks.length === clicks.length && fits(move, clicks, anyOrder)) || null;
}
