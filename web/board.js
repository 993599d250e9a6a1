// Draws any board on a canvas from the engine's layout (cells as polygons or circles, each
// with a tone) and any piece from its token (shape, owner, label); turns clicks into cell
// names.  It knows no rules and no game.
import { cellDrawing } from "./drawing.js";
import { nearestCentres, quartered, turned } from "./layouts.js";
import { pieceChanges } from "./pieces.js";

const THEME_VARS = ["board-light", "board-dark", "tone-2", "tone-3", "grid-line", "label",
  "player-0", "player-1", "player-2", "player-3", "ink-0", "ink-1", "ink-2", "ink-3", "neutral",
  "neutral-ink", "piece-edge", "obstacle", "obstacle-mark", "last-move", "target", "selected",
  "win", "preview", "shaded", "hint", "last-dot", "note", "note-halo"];
const TONES = ["board-light", "board-dark", "tone-2", "tone-3"];
const LEAVING_MS = 700;  // pieces the game says were captured fade out slowly
// A move's animation: a piece placed drops in, a moving piece slides along its path, a piece
// removed fades out; the longer the path, the longer the slide, never past MOTION_MAX_MS.
const MOTION_MIN_MS = 180;
const MOTION_STEP_MS = 40;
const MOTION_MAX_MS = 250;
const STEP_MS = 80;  // a move given as steps (a sowing) shows each for this long
// When the next click chooses between several paths (or any several sets of cells), each
// choice has its own tint, the one under the pointer or the keyboard cursor stronger.
const PATH_TINTS = [[136, 78, 204], [232, 128, 24], [24, 150, 170], [204, 60, 140]];
const reducedMotion = () => Boolean(window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches);
const easeInOut = (t) => (t < 0.5 ? 4 * t * t * t : 1 - (-2 * t + 2) ** 3 / 2);
const easeOut = (t) => 1 - (1 - t) ** 3;
const clamp01 = (t) => Math.max(0, Math.min(1, t));

export class BoardView {
  constructor(canvas, onCell, onHover = () => {}) {
    this.canvas = canvas;
    this.context = canvas.getContext("2d");
    this.layout = null;
    this.picture = { pieces: {} };
    this.showLabels = true;
    this.motion = null;     // the picture's motion last seen (a new one is a move to animate)
    this.animation = null;  // the move being animated: see animate()
    this.hovered = null;    // the cell under the mouse (it picks the path to stress)
    // A click's pointerType says whether a finger made it; older browsers send a MouseEvent,
    // so the last pointerdown's type stands in.
    canvas.addEventListener("pointerdown", (event) => { this.pointerType = event.pointerType; });
    canvas.addEventListener("click", (event) => {
      const cell = this.cellAt(event.clientX, event.clientY);
      if (cell) onCell(cell, { pointerType: event.pointerType || this.pointerType || "mouse" });
    });
    canvas.addEventListener("pointermove", (event) => {
      if (event.pointerType !== "mouse") return;
      const cell = this.cellAt(event.clientX, event.clientY);
      this.hover(cell);
      onHover(cell);
    });
    canvas.addEventListener("pointerleave", () => { this.hover(null); onHover(null); });
    new ResizeObserver(() => this.boxResized()).observe(canvas.parentElement);
    canvas.addEventListener("blur", () => this.draw());
  }

  setLayout(layout) {
    this.original = layout;
    this.quarter = this.wantsQuarter();
    const upright = this.quarter ? quartered(layout) : layout;
    this.layout = this.flipped ? turned(upright) : upright;
    this.cells = new Map(this.layout.cells.map((cell) => [cell.name, cell]));
    this.spacing = nearestCentres(this.layout.cells);
    this.draw();
  }

  // The board turned half round, the far side nearest the player (who plays the second side).
  setFlipped(flipped) {
    if (Boolean(flipped) === Boolean(this.flipped)) return;
    this.flipped = Boolean(flipped);
    if (this.original) this.setLayout(this.original);
  }

  // How far apart neighbouring cells are on the screen, in CSS pixels.
  cellSpacing() {
    return (this.spacing || 1) * (this.scale || 1);
  }

  // picture: {pieces: {cell: token}, last, targets, selected, preview, shaded, win, hint:
  //           [cells], leaving: [cells whose pieces were just captured], cursor: cell,
  //           paths: [{cells, next}] (the choices of the next click, each tinted apart),
  //           motion: {before, cells} (a move just made: the pieces before it and its cells),
  //           faded: [cells whose pieces are marked], owned: [[cells counting for player 0], ...]}
  show(picture) {
    const motion = picture.motion || null;
    if (motion !== this.motion) {
      this.motion = motion;
      this.animation = null;  // a move animated before is cut short
      this.canvas.removeAttribute("data-animating");
      if (motion && motion.before && !reducedMotion()) {
        if (motion.steps && motion.steps.length) this.step(motion.steps);
        else this.animate(motion.before, picture.pieces, motion.cells || [], picture.leaving || []);
      }
    }
    this.picture = picture;
    this.draw();
  }

  // Whether a move is being animated (also the canvas's data-animating attribute).
  get animating() {
    return Boolean(this.animation);
  }

  // A move, drawn in a few frames from the pieces before it to those after (pieces.js tells
  // what moved, what was placed, removed or changed).  Input is never held up: clicks go on
  // as usual, and a new picture simply draws on with the frames left.
  animate(before, after, cells, leaving) {
    const change = pieceChanges(before, after, cells);
    const removed = Object.keys(change.removed);
    if (!change.moved.length && !change.placed.length && !removed.length && !Object.keys(change.changed).length) return;
    const steps = Math.max(1, ...change.moved.map((m) => m.path.length - 1));
    const duration = Math.min(MOTION_MAX_MS, Math.max(MOTION_MIN_MS, 140 + MOTION_STEP_MS * steps));
    const slow = new Set(removed.filter((cell) => leaving.includes(cell)));
    const start = performance.now();
    this.run({ ...change, after, slow, duration, start, end: start + (slow.size ? Math.max(duration, LEAVING_MS) : duration) });
  }

  // A move given as steps: each step's pieces shown in turn, STEP_MS apiece, then the move's
  // result (the picture's pieces).  Clicks are not held up, as with any animation.
  step(steps) {
    const start = performance.now();
    this.run({ steps, start, end: start + STEP_MS * steps.length });
  }

  // Draws an animation frame by frame until its end (a newer one stops it).
  run(animation) {
    this.animation = animation;
    this.canvas.setAttribute("data-animating", "");
    const frame = () => {
      if (this.animation !== animation) return;
      if (performance.now() >= animation.end) this.animation = null;
      this.draw();
      if (this.animation) requestAnimationFrame(frame);
      else this.canvas.removeAttribute("data-animating");
    };
    requestAnimationFrame(frame);
  }

  // The pieces of the step on view while a move is shown step by step, else null.
  stepPieces(now) {
    const a = this.animation;
    if (!a || !a.steps) return null;
    return a.steps[Math.min(a.steps.length - 1, Math.floor((now - a.start) / STEP_MS))];
  }

  // The animation at this moment: per cell, how to draw its piece ({alpha, scale, old,
  // oldAlpha, hidden}), the sliding pieces ({token, x, y}) and the pieces fading out.
  animationFrame(now) {
    const a = this.animation;
    const elapsed = now - a.start;
    const t = clamp01(elapsed / a.duration);
    const cells = new Map();
    const sliders = [];
    for (const move of a.moved) {
      const points = move.path.map((name) => this.cells.get(name)).filter(Boolean);
      const n = points.length - 1;
      if (n < 1) continue;
      const p = easeInOut(t);
      // the path's length, each step by its own length, so jumps and steps keep one speed
      const lengths = points.slice(1).map((q, i) => Math.hypot(q.x - points[i].x, q.y - points[i].y));
      const total = lengths.reduce((x, y) => x + y, 0) || 1;
      let along = p * total;
      let i = 0;
      while (i < n - 1 && along > lengths[i]) { along -= lengths[i]; i += 1; }
      const f = lengths[i] ? clamp01(along / lengths[i]) : 1;
      sliders.push({ token: move.token, x: points[i].x + (points[i + 1].x - points[i].x) * f, y: points[i].y + (points[i + 1].y - points[i].y) * f });
      if (t < 1) cells.set(move.to, { hidden: true });
      // what the piece leaves behind on its path appears as it passes
      move.path.forEach((name, k) => {
        if (k < n && a.after[name] && (k === 0 || a.placed.includes(name))) cells.set(name, { alpha: clamp01((p - k / n) * n), scale: 1 });
      });
    }
    const drop = easeOut(t);
    for (const name of a.placed) {
      if (!cells.has(name)) cells.set(name, { alpha: drop, scale: 1 + 0.35 * (1 - drop) });
    }
    for (const [name, old] of Object.entries(a.changed)) {
      if (!cells.has(name)) cells.set(name, { alpha: t, scale: 1, old, oldAlpha: 1 - t });
    }
    const fading = Object.entries(a.removed).map(([name, token]) => {
      const span = a.slow.has(name) ? LEAVING_MS : a.duration;
      return { name, token, alpha: clamp01(1 - elapsed / span) };
    });
    return { cells, sliders, fading };
  }

  // The mouse over the board: a choice between paths stresses the one under it.
  hover(cell) {
    if (cell === this.hovered) return;
    const before = this.stressedPath();
    this.hovered = cell;
    if (this.stressedPath() !== before) this.draw();
  }

  // The index of the path the pointer or the keyboard cursor is on, or -1.
  stressedPath() {
    const paths = this.picture.paths || [];
    const cursor = this.picture.cursor && this.canvas.matches(":focus-visible") ? this.picture.cursor : null;
    for (const cell of [this.hovered, cursor]) {
      const i = cell ? paths.findIndex((path) => path.next === cell || path.cells.includes(cell)) : -1;
      if (i >= 0) return i;
    }
    return -1;
  }

  // Scale and offset from layout units to CSS pixels of the canvas.
  // The box's first observation follows a draw at the size it reports, and a page of many
  // boards (the welcome's cards) would draw each twice in one long task: only a new size draws.
  boxResized() {
    const box = this.canvas.parentElement;
    const seen = this.drawnBox;
    if (seen && seen.width === box.clientWidth && seen.height === box.clientHeight) return;
    this.draw();
  }

  fit() {
    const { width, height } = this.layout;
    // The box says how to fit (its --board-fit): "box", the largest board its width and
    // height hold; "width", as wide as the box (an iframe sized to its content: its height
    // follows the board, so it must not limit it); otherwise as wide as the box, but short
    // enough to leave the page a view.
    const box = this.canvas.parentElement;
    const boxWidth = box.clientWidth;
    this.drawnBox = { width: boxWidth, height: box.clientHeight };
    const fit = getComputedStyle(box).getPropertyValue("--board-fit").trim();
    const maxHeight = fit === "box" ? box.clientHeight : fit === "width" ? Infinity : window.innerHeight * 0.85;
    const scale = Math.max(1, Math.min(boxWidth / width, maxHeight / height));
    return { scale, cssWidth: width * scale, cssHeight: height * scale };
  }

  // A box that says so (--board-turn: quarter, a phone held sideways) draws a board a
  // quarter round when that makes it a tenth larger or more (a hexagon with a corner at the
  // top, a board with a rack above and below): it then fills the height beside the panel
  // instead of leaving a band on either side.  A square board never turns.
  wantsQuarter() {
    const layout = this.original;
    const box = this.canvas.parentElement;
    if (!layout || !box || getComputedStyle(box).getPropertyValue("--board-turn").trim() !== "quarter") return false;
    const { clientWidth: w, clientHeight: h } = box;
    const upright = Math.min(w / layout.width, h / layout.height);
    const sideways = Math.min(w / layout.height, h / layout.width);
    return sideways >= 1.1 * upright;
  }

  draw() {
    if (!this.layout) return;
    if (this.wantsQuarter() !== Boolean(this.quarter)) { this.setLayout(this.original); return; }
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
    this.color = this.themeColors();
    ctx.clearRect(0, 0, this.layout.width, this.layout.height);
    this.drawPicture();
  }

  // A picture for print on any 2D context, a canvas's (a PNG) or web/svgcanvas.js's recorder
  // (an SVG), by the same drawing as the screen's: `picture` as show() takes it (the caller
  // leaves out the screen's marks), `color` the theme's colours by name (THEME_VARS), `scale`
  // pixels to a layout unit.  The board on view is left as it is.
  printOn(context, picture, { color, scale = 1, labels = true }) {
    if (!this.layout) return;
    const print = Object.create(this);
    Object.assign(print, { context, picture, color, showLabels: labels, animation: null, hovered: null });
    context.setTransform(scale, 0, 0, scale, 0, 0);
    print.drawPicture();
  }

  // The theme's colours by name, read from the canvas's style (see THEME_VARS).
  themeColors() {
    const style = getComputedStyle(this.canvas);
    return Object.fromEntries(THEME_VARS.map((name) => [name, style.getPropertyValue(`--${name}`).trim()]));
  }

  // The board, the picture's marks and pieces, and the coordinates, on this.context in layout
  // units, in this.color.
  drawPicture() {
    const ctx = this.context;
    const color = this.color;
    const sets = {};
    for (const key of ["last", "targets", "selected", "preview", "win", "shaded", "hint", "pending"]) sets[key] = new Set(this.picture[key] || []);
    // the choices of the next click, each in its own tint (cells two choices share keep the
    // common preview shade), the one under the pointer or the cursor stressed
    const paths = this.picture.paths || [];
    const stressed = paths.length ? this.stressedPath() : -1;
    const tintOf = new Map();
    paths.forEach((path, i) => { for (const name of path.cells) tintOf.set(name, i); });
    for (const cell of this.layout.cells) {
      this.outline(cell);
      ctx.fillStyle = color[TONES[cell.tone || 0]] || color["board-light"];
      ctx.fill();
      for (const key of ["last", "preview", "shaded", "hint"]) {
        if (key === "preview" && tintOf.has(cell.name)) continue;
        if (sets[key].has(cell.name)) { ctx.fillStyle = color[key === "last" ? "last-move" : key]; ctx.fill(); }
      }
      if (tintOf.has(cell.name)) {
        const i = tintOf.get(cell.name);
        ctx.fillStyle = this.tint(i, stressed === i ? 0.62 : stressed < 0 ? 0.45 : 0.25);
        ctx.fill();
      }
      if (this.layout.lines) continue;  // the lines between points are drawn below
      ctx.lineWidth = 0.03;
      ctx.strokeStyle = color["grid-line"];
      ctx.stroke();
    }
    if (this.layout.lines) this.crossingLines();
    if (stressed >= 0) {  // the stressed choice's cells outlined in its tint, over the grid
      for (const name of paths[stressed].cells) {
        const cell = this.cells.get(name);
        if (!cell) continue;
        this.outline(cell);
        ctx.lineWidth = 0.08;
        ctx.strokeStyle = this.tint(stressed, 1);
        ctx.stroke();
      }
    }
    const stepped = this.stepPieces(performance.now());
    const motion = this.animation && !stepped ? this.animationFrame(performance.now()) : null;
    const pieces = stepped || this.picture.pieces;
    if (motion) {  // pieces leaving the board, under the rest
      for (const { name, token, alpha } of motion.fading) {
        if (alpha > 0) this.drawPiece(this.cells.get(name), token, alpha);
      }
    }
    // The piece the last move ended on (its last cell that holds one) wears a dot, clear on
    // pieces of any colour; the other cells of the move keep only their tint.
    const marked = stepped ? null : [...(this.picture.last || [])].reverse().find((name) => pieces[name]);
    const chosen = this.picture.chosen || {};
    // a move built by toggling cells: the marked pieces see-through, the cells that count
    // for a player under those marks with a small square of that player's colour
    const faded = new Set(this.picture.faded || []);
    const owned = new Map((this.picture.owned || []).flatMap((cells, player) => cells.map((name) => [name, player])));
    for (const cell of this.layout.cells) {
      const piece = pieces[cell.name];
      const moving = motion && motion.cells.get(cell.name);
      if (moving) {
        if (moving.old && moving.oldAlpha > 0) this.drawPiece(cell, moving.old, moving.oldAlpha);
        if (piece && !moving.hidden && moving.alpha > 0) this.drawPiece(cell, piece, moving.alpha, moving.scale);
      } else if (piece && faded.has(cell.name)) this.drawPiece(cell, piece, 0.4);
      else if (piece) this.piece(cell, piece);
      else if (chosen[cell.name]) this.drawPiece(cell, chosen[cell.name], 0.5);  // the part of a move already chosen
      if (owned.has(cell.name)) this.ownedMark(cell, owned.get(cell.name));
      if (cell.name === marked && !moving) this.lastMark(cell);
      if (sets.win.has(cell.name)) this.ring(cell, 0.42, color.win, 0.09);
      if (sets.selected.has(cell.name)) this.ring(cell, 0.44, color.selected, 0.07);
      if (sets.pending.has(cell.name)) this.ring(cell, 0.42, color.selected, 0.14);
      // a target on a piece is a ring, so the piece's label (pips, a count) stays readable;
      // a target that starts one of several paths wears the path's tint
      const target = tintOf.has(cell.name) && paths[tintOf.get(cell.name)].next === cell.name
        ? this.tint(tintOf.get(cell.name), 1) : color.target;
      if (sets.targets.has(cell.name)) {
        if (piece) this.ring(cell, 0.45, target, 0.07);
        else this.dot(cell, 0.16, target);
      }
    }
    if (motion) for (const { token, x, y } of motion.sliders) this.piece({ x, y }, token);
    this.drawNotes(this.picture.notes || []);
    const cursor = this.picture.cursor && this.cells.get(this.picture.cursor);
    if (cursor && this.canvas.matches(":focus-visible")) {  // keyboard focus, not a tap
      ctx.setLineDash([0.12, 0.08]);
      this.ring(cursor, 0.47, color.selected, 0.06);
      ctx.setLineDash([]);
    }
    if (this.showLabels) {
      ctx.fillStyle = color.label;
      this.text("0.34px", 400);
      for (const label of this.layout.labels) ctx.fillText(label.text, label.x, label.y);
    }
  }

  // A cell's outline as the current path: its polygon, or its circle.
  outline(cell) {
    const ctx = this.context;
    ctx.beginPath();
    if (cell.radius) {
      ctx.arc(cell.x, cell.y, cell.radius, 0, 2 * Math.PI);
      return;
    }
    cell.points.forEach(([x, y], i) => (i ? ctx.lineTo(x, y) : ctx.moveTo(x, y)));
    ctx.closePath();
  }

  // A piece drawn see-through and scaled about its centre (a frame of an animation).
  drawPiece(cell, token, alpha, scale = 1) {
    if (!cell) return;
    const ctx = this.context;
    ctx.save();
    ctx.globalAlpha = alpha;
    if (scale !== 1) {
      ctx.translate(cell.x, cell.y);
      ctx.scale(scale, scale);
      ctx.translate(-cell.x, -cell.y);
    }
    this.piece(cell, token);
    ctx.restore();
  }

  // The tint of the i-th choice of the next click, at an opacity.
  tint(i, alpha) {
    const [r, g, b] = PATH_TINTS[i % PATH_TINTS.length];
    return `rgba(${r}, ${g}, ${b}, ${alpha})`;
  }

  text(size, weight) {
    const ctx = this.context;
    ctx.font = `${weight} ${size} system-ui, sans-serif`;
    ctx.textAlign = "center";
    ctx.textBaseline = "middle";
  }

  // The colours of a piece: its owner's, or the neutral wood of counters and markers.  A
  // layout's `palette` gives the colour each seat plays where it is not the seat's own (the
  // first player's dark stones, say).
  paint(owner) {
    const color = this.color;
    if (owner === null) return { fill: color.neutral, ink: color["neutral-ink"] };
    const slot = (this.layout && this.layout.palette && this.layout.palette[owner]) ?? owner;
    return { fill: color[`player-${slot}`] || color["player-0"], ink: color[`ink-${slot}`] || color["ink-0"] };
  }

  // The cell under a point in viewport CSS pixels: the one whose outline holds it, else the
  // nearest centre if close enough (a tap on a line between two cells still counts).
  cellAt(clientX, clientY) {
    if (!this.layout) return null;
    const rect = this.canvas.getBoundingClientRect();
    const ratio = window.devicePixelRatio || 1;
    const x = (clientX - rect.left) / this.scale;
    const y = (clientY - rect.top) / this.scale;
    let best = null;
    let bestDistance = 0.6 * 0.6;
    for (const cell of this.layout.cells) {
      this.outline(cell);  // the path is in layout units; the point, in device pixels
      if (this.context.isPointInPath((clientX - rect.left) * ratio, (clientY - rect.top) * ratio)) return cell.name;
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

Object.assign(BoardView.prototype, cellDrawing);
