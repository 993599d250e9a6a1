// What the board draws on a cell, in layout units on its 2D context (a canvas, or the SVG
// recorder of a printed diagram): every piece shape, the marks of a move and of a count, a
// study's notes, the lines of a Go board.  Methods of BoardView (board.js mixes them in), so
// they read its context, colours and layout.
import { readPiece } from "./pieces.js";

// The outline of a knight, in cells from its centre: muzzle on the left, mane on the right.
const KNIGHT = [[-0.27, 0.34], [0.28, 0.34], [0.25, 0.2], [0.17, 0.08], [0.21, -0.08], [0.16, -0.23],
  [0.07, -0.33], [0.03, -0.25], [-0.09, -0.23], [-0.23, -0.09], [-0.3, 0.01], [-0.25, 0.07],
  [-0.12, 0.05], [-0.04, 0.1], [-0.16, 0.23]];
const PIPS = {  // pip positions on a die face, in units of a third of the face
  1: [[0, 0]], 2: [[-1, -1], [1, 1]], 3: [[-1, -1], [0, 0], [1, 1]],
  4: [[-1, -1], [1, -1], [-1, 1], [1, 1]], 5: [[-1, -1], [1, -1], [0, 0], [-1, 1], [1, 1]],
  6: [[-1, -1], [1, -1], [-1, 0], [1, 0], [-1, 1], [1, 1]],
};

export const cellDrawing = {
  // A board whose pieces stand where lines cross (a layout's `lines`, segments between
  // points, and `dots`, its star points), drawn over the cells' squares.
  crossingLines() {
    const ctx = this.context;
    ctx.strokeStyle = ctx.fillStyle = this.color["grid-line"];
    ctx.lineWidth = 0.04;
    ctx.beginPath();
    for (const [[x1, y1], [x2, y2]] of this.layout.lines) { ctx.moveTo(x1, y1); ctx.lineTo(x2, y2); }
    ctx.stroke();
    for (const [x, y] of this.layout.dots || []) {
      ctx.beginPath();
      ctx.arc(x, y, 0.1, 0, 2 * Math.PI);
      ctx.fill();
    }
  },

  // A cell that counts for `player` (territory at the count): a small square of its colour.
  ownedMark(cell, player) {
    const ctx = this.context;
    const h = 0.14;
    ctx.fillStyle = this.paint(player).fill;
    ctx.fillRect(cell.x - h, cell.y - h, 2 * h, 2 * h);
    ctx.lineWidth = 0.03;
    ctx.strokeStyle = this.color["piece-edge"];
    ctx.strokeRect(cell.x - h, cell.y - h, 2 * h, 2 * h);
  },

  // Every shape differs in outline as well as colour, so pieces read in print and for
  // colour-blind players: discs (stones), pawns, knights (a horse's head), crowned discs, dice
  // with pips, numbered counters, small diamonds (markers) and crossed squares (blocks).
  piece(cell, token) {
    const parsed = readPiece(token);
    if (!parsed || !cell) return;
    const { shape, owner, label } = parsed;
    const ctx = this.context;
    const { fill, ink } = this.paint(owner);
    const edge = this.color["piece-edge"];
    const { x, y } = cell;
    if (shape === "block") {
      const h = 0.3;
      ctx.fillStyle = this.color.obstacle;
      ctx.fillRect(x - h, y - h, 2 * h, 2 * h);
      ctx.strokeStyle = this.color["obstacle-mark"];
      ctx.lineWidth = 0.06;
      ctx.beginPath();
      ctx.moveTo(x - h, y - h); ctx.lineTo(x + h, y + h);
      ctx.moveTo(x + h, y - h); ctx.lineTo(x - h, y + h);
      ctx.stroke();
      return;
    }
    if (shape === "die") {
      this.roundedSquare(x, y, 0.33, 0.09, fill, edge);
      ctx.fillStyle = ink;
      for (const [px, py] of PIPS[Number(label)] || []) {
        ctx.beginPath();
        ctx.arc(x + px * 0.17, y + py * 0.17, 0.055, 0, 2 * Math.PI);
        ctx.fill();
      }
      return;
    }
    if (shape === "marker") {
      ctx.beginPath();
      ctx.moveTo(x, y - 0.3); ctx.lineTo(x + 0.24, y); ctx.lineTo(x, y + 0.3); ctx.lineTo(x - 0.24, y);
      ctx.closePath();
      this.fillAndEdge(fill, edge);
    } else if (shape === "pawn") {
      ctx.beginPath();  // a head on a flared body
      ctx.arc(x, y - 0.14, 0.14, 0, 2 * Math.PI);
      this.fillAndEdge(fill, edge);
      ctx.beginPath();
      ctx.moveTo(x - 0.1, y - 0.02); ctx.lineTo(x + 0.1, y - 0.02);
      ctx.quadraticCurveTo(x + 0.12, y + 0.18, x + 0.3, y + 0.24);
      ctx.lineTo(x + 0.3, y + 0.33); ctx.lineTo(x - 0.3, y + 0.33); ctx.lineTo(x - 0.3, y + 0.24);
      ctx.quadraticCurveTo(x - 0.12, y + 0.18, x - 0.1, y - 0.02);
      ctx.closePath();
      this.fillAndEdge(fill, edge);
    } else if (shape === "knight") {
      ctx.beginPath();  // a horse's head facing left, on a base
      KNIGHT.forEach(([px, py], i) => (i ? ctx.lineTo(x + px, y + py) : ctx.moveTo(x + px, y + py)));
      ctx.closePath();
      this.fillAndEdge(fill, edge);
      ctx.fillStyle = ink;
      ctx.beginPath();
      ctx.arc(x - 0.05, y - 0.13, 0.035, 0, 2 * Math.PI);  // the eye
      ctx.fill();
    } else {  // stone, crowned, double-crowned, counter: a disc
      ctx.beginPath();
      ctx.arc(x, y, 0.36, 0, 2 * Math.PI);
      this.fillAndEdge(fill, edge);
      if (shape === "crowned") this.crown(x, y, ink);
      if (shape === "double-crowned") { this.crown(x, y - 0.1, ink); this.crown(x, y + 0.12, ink); }
    }
    if (label && shape !== "die") {
      ctx.fillStyle = ink;
      this.text(label.length > 2 ? "0.26px" : "0.34px", 700);
      ctx.fillText(label, x, shape === "pawn" ? y + 0.17 : y + 0.01);
    }
  },

  fillAndEdge(fill, edge) {
    const ctx = this.context;
    ctx.fillStyle = fill;
    ctx.fill();
    ctx.lineWidth = 0.05;
    ctx.strokeStyle = edge;
    ctx.stroke();
  },

  roundedSquare(x, y, half, corner, fill, edge) {
    const ctx = this.context;
    ctx.beginPath();
    ctx.roundRect(x - half, y - half, 2 * half, 2 * half, corner);
    this.fillAndEdge(fill, edge);
  },

  crown(x, y, ink) {
    const ctx = this.context;
    ctx.beginPath();
    ctx.moveTo(x - 0.18, y + 0.08);
    ctx.lineTo(x - 0.2, y - 0.1); ctx.lineTo(x - 0.09, y - 0.01); ctx.lineTo(x, y - 0.14);
    ctx.lineTo(x + 0.09, y - 0.01); ctx.lineTo(x + 0.2, y - 0.1); ctx.lineTo(x + 0.18, y + 0.08);
    ctx.closePath();
    ctx.fillStyle = ink;
    ctx.fill();
  },

  // A study's board marks, as data ({kind: circle|cross|label|arrow, cell, to, text}), over
  // the pieces: an unknown cell is left out (the engine checked the form, not the board).
  drawNotes(notes) {
    const ctx = this.context;
    const ink = this.color.note || "#c0392b";
    const halo = this.color["note-halo"] || "rgba(255, 255, 255, 0.85)";
    ctx.save();
    ctx.lineCap = "round";
    ctx.lineJoin = "round";
    for (const note of notes) {
      const cell = this.cells.get(note.cell);
      if (!cell) continue;
      if (note.kind === "circle") {
        this.ring(cell, 0.36, halo, 0.14);
        this.ring(cell, 0.36, ink, 0.08);
      } else if (note.kind === "cross") {
        for (const [width, stroke] of [[0.16, halo], [0.09, ink]]) {
          ctx.beginPath();
          for (const [dx, dy] of [[-1, -1], [1, -1]]) {
            ctx.moveTo(cell.x + 0.25 * dx, cell.y + 0.25 * dy);
            ctx.lineTo(cell.x - 0.25 * dx, cell.y - 0.25 * dy);
          }
          ctx.lineWidth = width;
          ctx.strokeStyle = stroke;
          ctx.stroke();
        }
      } else if (note.kind === "label") {
        this.text("0.5px", 700);
        ctx.lineWidth = 0.12;
        ctx.strokeStyle = halo;
        ctx.strokeText(note.text || "", cell.x, cell.y);
        ctx.fillStyle = ink;
        ctx.fillText(note.text || "", cell.x, cell.y);
      } else if (note.kind === "arrow") {
        const to = this.cells.get(note.to);
        if (to && to !== cell) this.arrow(cell, to, ink, halo);
      }
    }
    ctx.restore();
  },

  // An arrow from the centre of one cell to (nearly) the centre of another, on a halo.
  arrow(from, to, ink, halo) {
    const ctx = this.context;
    const length = Math.hypot(to.x - from.x, to.y - from.y);
    const [ux, uy] = [(to.x - from.x) / length, (to.y - from.y) / length];
    const tip = { x: to.x - 0.15 * ux, y: to.y - 0.15 * uy };
    const base = { x: tip.x - 0.38 * ux, y: tip.y - 0.38 * uy };
    const head = () => {
      ctx.beginPath();
      ctx.moveTo(tip.x, tip.y);
      ctx.lineTo(base.x - 0.2 * uy, base.y + 0.2 * ux);
      ctx.lineTo(base.x + 0.2 * uy, base.y - 0.2 * ux);
      ctx.closePath();
    };
    for (const [width, stroke] of [[0.2, halo], [0.11, ink]]) {
      ctx.beginPath();
      ctx.moveTo(from.x + 0.1 * ux, from.y + 0.1 * uy);
      ctx.lineTo(base.x, base.y);
      ctx.lineWidth = width;
      ctx.strokeStyle = stroke;
      ctx.stroke();
    }
    head();
    ctx.lineWidth = 0.09;
    ctx.strokeStyle = halo;
    ctx.stroke();
    ctx.fillStyle = ink;
    ctx.fill();
  },

  // A badge in the piece's upper right corner, off the middle of the cell where pips, counts
  // and crowns are drawn.
  lastMark(cell) {
    const badge = { x: cell.x + 0.3, y: cell.y - 0.3 };
    this.dot(badge, 0.1, this.color["last-dot"]);
    this.ring(badge, 0.1, this.color["piece-edge"], 0.025);
  },

  ring(cell, radius, stroke, width) {
    const ctx = this.context;
    ctx.beginPath();
    ctx.arc(cell.x, cell.y, radius, 0, 2 * Math.PI);
    ctx.lineWidth = width;
    ctx.strokeStyle = stroke;
    ctx.stroke();
  },

  dot(cell, radius, fill) {
    const ctx = this.context;
    ctx.beginPath();
    ctx.arc(cell.x, cell.y, radius, 0, 2 * Math.PI);
    ctx.fillStyle = fill;
    ctx.fill();
  },
};
