// Choosing a move by clicks: the legal moves whose click sequences fit the cells clicked so
// far.  A game may let the clicks after its first `freeAfter` come in any order (the dice a
// die captures after its cell: 1; two stones placed together: 0): those fit by the set of
// cells, the first ones by the sequence.  No rules here.
export function fits(move, clicks, freeAfter = Infinity) {
  const head = clicks.slice(0, freeAfter), rest = clicks.slice(freeAfter);
  const free = move.clicks.slice(freeAfter);
  return head.every((cell, i) => move.clicks[i] === cell)
    && new Set(rest).size === rest.length && rest.every((cell) => free.includes(cell));
}

export function matching(legal, clicks, freeAfter = Infinity) {
  return legal.filter((move) => move.clicks.length && fits(move, clicks, freeAfter));
}

// The cells that may be clicked next.
export function nextClicks(legal, clicks, freeAfter = Infinity) {
  const next = new Set();
  const at = clicks.length;
  for (const move of matching(legal, clicks, freeAfter)) {
    for (const [i, cell] of move.clicks.entries()) {
      if (at < freeAfter ? i === at : i >= freeAfter && !clicks.includes(cell)) next.add(cell);
    }
  }
  return [...next];
}

// The step the next click makes (a name the game gives, "path" say), when every move that
// the clicks so far begin names the same one; else null (always, once the clicks are free).
export function nextStep(candidates, clicks, freeAfter = Infinity) {
  if (clicks.length >= freeAfter) return null;
  const longer = candidates.filter((move) => move.clicks.length > clicks.length);
  const names = new Set(longer.map((move) => (move.steps || [])[clicks.length] || null));
  return names.size === 1 ? [...names][0] : null;
}

// The move the clicks make exactly, if any (it may also begin longer moves).
export function exact(legal, clicks, freeAfter = Infinity) {
  return legal.find((move) => move.clicks.length === clicks.length && fits(move, clicks, freeAfter)) || null;
}
