// Draws any board on a canvas from the engine's layout (cell centres and outlines) and a
// picture of what to show; turns clicks into cell names.  It knows no rules.
const THEME_VARS = ["board-light", "board-dark", "grid-line", "label", "white-piece", "black-piece",
  "piece-edge", "obstacle", "obstacle-mark", "last-move", "target", "selected", "win", "preview",
  "shaded", "hint"];
const LEAVING_MS = 700;

export class BoardView {
  constructor(canvas, onCell, onHover = () => {}) {
    this.canvas = canvas;
    this.context = canvas.getContext("2d");
    this.layout = null;
    this.picture = { pieces: {} };
    this.showLabels = true;
    this.leaving = null;  // {cells, pieces, start}: captured stones fading out
    canvas.addEventListener("click", (event) => {
      const cell = this.cellAt(event.clientX, event.clientY);
      if (cell) onCell(cell);
    });
    canvas.addEventListener("pointermove", (event) => {
      if (event.pointerType === "mouse") onHover(this.cellAt(event.clientX, event.clientY));
    });
    canvas.addEventListener("pointerleave", () => onHover(null));
    new ResizeObserver(() => this.draw()).observe(canvas.parentElement);
    canvas.addEventListener("blur", () => this.draw());
  }

  setLayout(layout) {
    this.layout = layout;
    this.cells = new Map(layout.cells.map((cell) => [cell.name, cell]));
    this.draw();
  }

  // picture: {pieces: {cell: "white"|"black"|"obstacle"}, last, targets, selected, preview,
  //           shaded, win, hint: [cells], leaving: [cells whose pieces were just captured]}
  show(picture) {
    const before = this.picture.pieces;
    const gone = (picture.leaving || []).filter((cell) => before[cell] && !picture.pieces[cell]);
    if (gone.length) this.fadeOut(gone, before);
    this.picture = picture;
    this.draw();
  }

  // Captured pieces stay a moment, fading, so the player sees what left the board.
  fadeOut(cells, pieces) {
    const start = performance.now();
    this.leaving = { cells, pieces: Object.fromEntries(cells.map((c) => [c, pieces[c]])), start };
    const step = (now) => {
      if (!this.leaving || this.leaving.start !== start) return;
      if (now - start >= LEAVING_MS) this.leaving = null;
      this.draw();
      if (this.leaving) requestAnimationFrame(step);
    };
    requestAnimationFrame(step);
  }

  // Scale and offset from layout units to CSS pixels of the canvas.
  fit() {
    const { width, height } = this.layout;
    // As wide as the box allows, but short enough to leave room for the panel on a screen.
    const boxWidth = this.canvas.parentElement.clientWidth;
    const maxHeight = window.innerHeight * 0.85;
    const scale = Math.max(1, Math.min(boxWidth / width, maxHeight / height));
    return { scale, cssWidth: width * scale, cssHeight: height * scale };
  }

  draw() {
    if (!this.layout) return;
    const { scale, cssWidth, cssHeight } = this.fit();
    const ratio = window.devicePixelRatio || 1;
    const canvas = this.canvas;
    canvas.style.width = `${cssWidth}px`;
    canvas.style.height = `${cssHeight}px`;
    canvas.width = Math.round(cssWidth * ratio);
    canvas.height = Math.round(cssHeight * ratio);
    const ctx = this.context;
    ctx.setTransform(ratio * scale, 0, 0, ratio * scale, 0, 0);
    this.scale = scale;
    const style = getComputedStyle(canvas);
    const color = Object.fromEntries(THEME_VARS.map((name) => [name, style.getPropertyValue(`--${name}`).trim()]));
    ctx.clearRect(0, 0, this.layout.width, this.layout.height);
    const sets = {};
    for (const key of ["last", "targets", "selected", "preview", "win", "shaded", "hint"]) sets[key] = new Set(this.picture[key] || []);
    const square = this.layout.kind === "square";
    this.layout.cells.forEach((cell, index) => {
      const [fx, fy] = [Math.floor(cell.x), Math.floor(cell.y)];
      const dark = square && (fx + fy) % 2 === 1;
      this.polygon(cell.points);
      ctx.fillStyle = dark ? color["board-dark"] : color["board-light"];
      ctx.fill();
      if (sets.last.has(cell.name)) { ctx.fillStyle = color["last-move"]; ctx.fill(); }
      if (sets.preview.has(cell.name)) { ctx.fillStyle = color.preview; ctx.fill(); }
      if (sets.shaded.has(cell.name)) { ctx.fillStyle = color.shaded; ctx.fill(); }
      if (sets.hint.has(cell.name)) { ctx.fillStyle = color.hint; ctx.fill(); }
      ctx.lineWidth = 0.03;
      ctx.strokeStyle = color["grid-line"];
      ctx.stroke();
    });
    if (this.leaving) {
      ctx.globalAlpha = Math.max(0, 1 - (performance.now() - this.leaving.start) / LEAVING_MS);
      for (const name of this.leaving.cells) this.piece(this.cells.get(name), this.leaving.pieces[name], color);
      ctx.globalAlpha = 1;
    }
    for (const cell of this.layout.cells) {
      const piece = this.picture.pieces[cell.name];
      if (piece) this.piece(cell, piece, color);
      if (sets.win.has(cell.name)) this.ring(cell, 0.42, color.win, 0.09);
      if (sets.selected.has(cell.name)) this.ring(cell, 0.44, color.selected, 0.07);
      if (sets.targets.has(cell.name)) this.dot(cell, piece ? 0.14 : 0.16, color.target);
    }
    const cursor = this.picture.cursor && this.cells.get(this.picture.cursor);
    if (cursor && this.canvas.matches(":focus-visible")) {  // keyboard focus, not a tap
      ctx.setLineDash([0.12, 0.08]);
      this.ring(cursor, 0.47, color.selected, 0.06);
      ctx.setLineDash([]);
    }
    if (this.showLabels) {
      ctx.fillStyle = color.label;
      ctx.font = "0.34px system-ui, sans-serif";
      ctx.textAlign = "center";
      ctx.textBaseline = "middle";
      for (const label of this.layout.labels) ctx.fillText(label.text, label.x, label.y);
    }
  }

  polygon(points) {
    const ctx = this.context;
    ctx.beginPath();
    points.forEach(([x, y], i) => (i ? ctx.lineTo(x, y) : ctx.moveTo(x, y)));
    ctx.closePath();
  }

  // Pawns and stones are discs told apart by brightness; obstacles are crossed squares, so the
  // three kinds differ in shape as well as colour.
  piece(cell, piece, color) {
    const ctx = this.context;
    if (piece === "obstacle") {
      const h = 0.3;
      ctx.fillStyle = color.obstacle;
      ctx.fillRect(cell.x - h, cell.y - h, 2 * h, 2 * h);
      ctx.strokeStyle = color["obstacle-mark"];
      ctx.lineWidth = 0.06;
      ctx.beginPath();
      ctx.moveTo(cell.x - h, cell.y - h); ctx.lineTo(cell.x + h, cell.y + h);
      ctx.moveTo(cell.x + h, cell.y - h); ctx.lineTo(cell.x - h, cell.y + h);
      ctx.stroke();
      return;
    }
    ctx.beginPath();
    ctx.arc(cell.x, cell.y, 0.36, 0, 2 * Math.PI);
    ctx.fillStyle = piece === "white" ? color["white-piece"] : color["black-piece"];
    ctx.fill();
    ctx.lineWidth = 0.05;
    ctx.strokeStyle = color["piece-edge"];
    ctx.stroke();
  }

  ring(cell, radius, stroke, width) {
    const ctx = this.context;
    ctx.beginPath();
    ctx.arc(cell.x, cell.y, radius, 0, 2 * Math.PI);
    ctx.lineWidth = width;
    ctx.strokeStyle = stroke;
    ctx.stroke();
  }

  dot(cell, radius, fill) {
    const ctx = this.context;
    ctx.beginPath();
    ctx.arc(cell.x, cell.y, radius, 0, 2 * Math.PI);
    ctx.fillStyle = fill;
    ctx.fill();
  }

  // The cell under a point in viewport CSS pixels: the nearest centre, if close enough.
  cellAt(clientX, clientY) {
    if (!this.layout) return null;
    const rect = this.canvas.getBoundingClientRect();
    const x = (clientX - rect.left) / this.scale;
    const y = (clientY - rect.top) / this.scale;
    let best = null;
    let bestDistance = 0.6 * 0.6;
    for (const cell of this.layout.cells) {
      const d = (cell.x - x) ** 2 + (cell.y - y) ** 2;
      if (d < bestDistance) { best = cell.name; bestDistance = d; }
    }
    return best;
  }

  // A cell's centre in viewport CSS pixels (for tests and keyboard play).
  cellCenter(name) {
    const cell = this.cells && this.cells.get(name);
    if (!cell) return null;
    const rect = this.canvas.getBoundingClientRect();
    return { x: rect.left + cell.x * this.scale, y: rect.top + cell.y * this.scale };
  }
}
