// What the moves a choice in progress could still make would change on the board, asked of
// the engine so the page needs no rules: the table (web/table.js) draws it ahead, marks it
// and tints the paths apart.
export const MAX_PREVIEWS = 6;
const MAX_PATHS = 4;  // choices of the next click tinted apart (board.js has four tints)

// What the candidate moves would change, asked of the engine so the page needs no rules.
// `ahead`: each change that most candidates make (a token, or null: emptied), drawn at once,
// so a pawn already stands on its chosen cell, among its new obstacles, while the obstacle
// to remove is chosen (a piece that may be clicked next is never emptied: a die to capture
// stays until chosen; nor is anything drawn ahead while a piece is only picked up);
// `cells`: the cells the candidates disagree on (marked); `changed`: every cell some
// candidate changes; `paths`: when the next click chooses between moves that change
// different cells (two paths to one destination), each choice, {next: the cell clicked
// for it, cells: the marked cells only its moves change}, so the board can tell them apart.
export async function previewOf(table, candidates) {
  if (candidates.length > MAX_PREVIEWS) return { cells: [], ahead: {}, changed: [], paths: [], chosen: await chosenPart(table, candidates) };
  const line = table.history.line();
  const before = table.view.pieces;
  const results = await Promise.all(candidates.map((m) => table.engine.request({ op: "preview", game: table.game, moves: line, move: m.name, seat: table.seat() })));
  const answers = results.filter((a) => a.ok);
  const cells = [];
  const changed = [];
  const ahead = {};
  const clickable = new Set(table.targets());  // a piece still to be clicked stays in view
  const pickedUp = table.pickedUp();           // it stays where it is
  const touched = new Set([...Object.keys(before), ...answers.flatMap((a) => Object.keys(a.pieces))]);
  for (const cell of touched) {
    const now = before[cell] ?? null;
    const counts = new Map();
    for (const a of answers) counts.set(a.pieces[cell] ?? null, (counts.get(a.pieces[cell] ?? null) || 0) + 1);
    if (counts.size === 1 && counts.has(now)) continue;  // no candidate changes it
    changed.push(cell);
    if (counts.size > 1 && !table.clicks.includes(cell)) cells.push(cell);
    const [token, count] = [...counts].sort((x, y) => y[1] - x[1])[0];
    if (!pickedUp && count * 2 > answers.length && token !== now && !(token === null && clickable.has(cell))) ahead[cell] = token;
  }
  return { cells, ahead, changed, paths: choices(table, candidates, results, cells, before) };
}

// The choices of the next click among the candidates, each with the marked cells that only
// its moves change; none when the next click may be any of several (clicks in any order),
// or when there are fewer than two choices (or too many to tell apart).
function choices(table, candidates, results, marked, before) {
  const at = table.clicks.length;
  if (at >= table.freeAfter) return [];
  const groups = new Map();
  candidates.forEach((move, i) => {
    const next = move.clicks[at];
    if (next === undefined || !results[i].ok) return;
    if (!groups.has(next)) groups.set(next, new Set());
    for (const cell of marked) {
      if ((results[i].pieces[cell] ?? null) !== (before[cell] ?? null)) groups.get(next).add(cell);
    }
  });
  if (groups.size < 2 || groups.size > MAX_PATHS) return [];
  const owners = new Map();
  for (const cells of groups.values()) for (const cell of cells) owners.set(cell, (owners.get(cell) || 0) + 1);
  const paths = [...groups].map(([next, cells]) => ({ next, cells: [...cells].filter((cell) => owners.get(cell) === 1) }));
  return paths.some((path) => path.cells.length) ? paths : [];
}

// The part of a move already chosen, when the candidates are too many to preview: what both
// the first and the last candidate put on the cells clicked so far (a pair's first stone), for
// the board to draw see-through.
async function chosenPart(table, candidates) {
  const ends = [candidates[0], candidates[candidates.length - 1]];
  const line = table.history.line();
  const answers = await Promise.all(ends.map((m) => table.engine.request({ op: "preview", game: table.game, moves: line, move: m.name, seat: table.seat() })));
  if (!answers.every((a) => a.ok)) return {};
  const before = table.view.pieces;
  const part = {};
  for (const cell of table.clicks) {
    const token = answers[0].pieces[cell];
    if (token && token === answers[1].pieces[cell] && token !== before[cell]) part[cell] = token;
  }
  return part;
}
