// The geometry of a layout (the engine's cells and labels), apart from drawing it: how far
// apart its cells are, and the layout turned half round for the other side of the table.

// The smallest distance between two cell centres (sampled: boards are regular).
export function nearestCentres(cells) {
  let best = Infinity;
  for (const a of cells.slice(0, 12)) {
    for (const b of cells) {
      const d = Math.hypot(a.x - b.x, a.y - b.y);
      if (d > 1e-6 && d < best) best = d;
    }
  }
  return Number.isFinite(best) ? best : 1;
}

// A layout turned half round: every place mirrored through the board's centre (pieces and
// words are drawn upright at their new places).
export function turned(layout) {
  const { width, height } = layout;
  const point = ([x, y]) => [width - x, height - y];
  return {
    ...layout,
    cells: layout.cells.map((cell) => ({ ...cell, x: width - cell.x, y: height - cell.y, ...(cell.points ? { points: cell.points.map(point) } : {}) })),
    labels: (layout.labels || []).map((label) => ({ ...label, x: width - label.x, y: height - label.y })),
    ...(layout.lines ? { lines: layout.lines.map((segment) => segment.map(point)) } : {}),
    ...(layout.dots ? { dots: layout.dots.map(point) } : {}),
  };
}

// A layout turned a quarter round, clockwise: (x, y) goes to (height - y, x), its width and
// height exchanged (pieces and words are drawn upright at their new places).
export function quartered(layout) {
  const { width, height } = layout;
  const point = ([x, y]) => [height - y, x];
  return {
    ...layout,
    width: height,
    height: width,
    cells: layout.cells.map((cell) => ({ ...cell, x: height - cell.y, y: cell.x, ...(cell.points ? { points: cell.points.map(point) } : {}) })),
    labels: (layout.labels || []).map((label) => ({ ...label, x: height - label.y, y: label.x })),
    ...(layout.lines ? { lines: layout.lines.map((segment) => segment.map(point)) } : {}),
    ...(layout.dots ? { dots: layout.dots.map(point) } : {}),
  };
}
