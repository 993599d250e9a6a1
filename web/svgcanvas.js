// A recorder with the part of CanvasRenderingContext2D that the board's drawing uses (paths,
// arcs, lines, quadratic curves, rounded rectangles, fill and stroke, line width and dashes,
// text, transforms, globalAlpha), writing SVG elements instead of pixels: the board is drawn
// once (web/board.js) and comes out as a PNG or as an SVG for print.  Points are transformed
// as they are added, as a canvas does; the transforms the board uses are uniform scales and
// shifts, so a radius, a line width or a font size scales by the matrix's scale.  No DOM:
// Node can run it.

// Text from anywhere (a record, a player's name) as XML character data or attribute value.
export function escapeXml(text) {
  return String(text).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c])
    // characters XML 1.0 forbids (controls other than tab and line ends) are dropped
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, "");
}

const number = (x) => String(Math.round(x * 1000) / 1000);

// A CSS colour as SVG 1.1 takes it: "rgba(r, g, b, a)" becomes rgb and an opacity (print
// programs may not read rgba); other colours pass as they are.
export function svgColor(css) {
  const m = /^rgba\(\s*([\d.]+)\s*,\s*([\d.]+)\s*,\s*([\d.]+)\s*,\s*([\d.]+)\s*\)$/.exec(String(css).trim());
  if (!m) return { color: String(css).trim() || "none", opacity: 1 };
  return { color: `rgb(${m[1]}, ${m[2]}, ${m[3]})`, opacity: Number(m[4]) };
}

const BASELINES = { middle: "central", top: "hanging", hanging: "hanging", bottom: "text-after-edge", alphabetic: "auto", ideographic: "ideographic" };
const ANCHORS = { center: "middle", left: "start", start: "start", right: "end", end: "end" };

export class SvgContext {
  constructor() {
    this.elements = [];
    this.stack = [];
    this.state = {
      matrix: [1, 0, 0, 1, 0, 0], fillStyle: "#000", strokeStyle: "#000", lineWidth: 1,
      dash: [], globalAlpha: 1, font: "10px sans-serif", textAlign: "start", textBaseline: "alphabetic",
    };
    this.path = "";
    this.current = null;  // the path's current point, in SVG units (null: none)
  }

  // -- state -----------------------------------------------------------------------------
  get fillStyle() { return this.state.fillStyle; }
  set fillStyle(value) { this.state.fillStyle = value; }
  get strokeStyle() { return this.state.strokeStyle; }
  set strokeStyle(value) { this.state.strokeStyle = value; }
  get lineWidth() { return this.state.lineWidth; }
  set lineWidth(value) { this.state.lineWidth = value; }
  get globalAlpha() { return this.state.globalAlpha; }
  set globalAlpha(value) { this.state.globalAlpha = value; }
  get font() { return this.state.font; }
  set font(value) { this.state.font = value; }
  get textAlign() { return this.state.textAlign; }
  set textAlign(value) { this.state.textAlign = value; }
  get textBaseline() { return this.state.textBaseline; }
  set textBaseline(value) { this.state.textBaseline = value; }
  setLineDash(dash) { this.state.dash = [...dash]; }
  getLineDash() { return [...this.state.dash]; }

  save() { this.stack.push({ ...this.state, matrix: [...this.state.matrix], dash: [...this.state.dash] }); }
  restore() { if (this.stack.length) this.state = this.stack.pop(); }

  setTransform(a, b, c, d, e, f) { this.state.matrix = [a, b, c, d, e, f]; }
  resetTransform() { this.setTransform(1, 0, 0, 1, 0, 0); }
  transform(a, b, c, d, e, f) {
    const [A, B, C, D, E, F] = this.state.matrix;
    this.state.matrix = [A * a + C * b, B * a + D * b, A * c + C * d, B * c + D * d, A * e + C * f + E, B * e + D * f + F];
  }
  translate(x, y) { this.transform(1, 0, 0, 1, x, y); }
  scale(x, y) { this.transform(x, 0, 0, y, 0, 0); }

  point(x, y) {
    const [a, b, c, d, e, f] = this.state.matrix;
    return [a * x + c * y + e, b * x + d * y + f];
  }

  // How much the matrix scales lengths (a radius, a line width, a font size).
  get unit() {
    const [a, b, c, d] = this.state.matrix;
    return Math.sqrt(Math.abs(a * d - b * c));
  }

  // -- paths -----------------------------------------------------------------------------
  beginPath() { this.path = ""; this.current = null; }

  moveTo(x, y) {
    const [px, py] = this.point(x, y);
    this.path += `M${number(px)} ${number(py)}`;
    this.current = [px, py];
    this.start = [px, py];
  }

  lineTo(x, y) {
    if (!this.current) { this.moveTo(x, y); return; }
    const [px, py] = this.point(x, y);
    this.path += `L${number(px)} ${number(py)}`;
    this.current = [px, py];
  }

  quadraticCurveTo(cx, cy, x, y) {
    if (!this.current) this.moveTo(cx, cy);
    const [qx, qy] = this.point(cx, cy);
    const [px, py] = this.point(x, y);
    this.path += `Q${number(qx)} ${number(qy)} ${number(px)} ${number(py)}`;
    this.current = [px, py];
  }

  closePath() {
    if (!this.current) return;
    this.path += "Z";
    this.current = this.start;
  }

  // An arc as the canvas draws it: a line to its start, then the arc (a whole turn or more is
  // a full circle, written as two halves since one SVG arc cannot close on itself).
  arc(x, y, radius, startAngle, endAngle, anticlockwise = false) {
    const at = (angle) => [x + radius * Math.cos(angle), y + radius * Math.sin(angle)];
    const [sx, sy] = at(startAngle);
    if (!this.current) this.moveTo(sx, sy);
    else if (Math.hypot(...this.point(sx, sy).map((v, i) => v - this.current[i])) > 1e-9) this.lineTo(sx, sy);
    const r = number(radius * this.unit);
    const sweep = anticlockwise ? 0 : 1;
    let span = anticlockwise ? startAngle - endAngle : endAngle - startAngle;
    if (span >= 2 * Math.PI) {
      const half = startAngle + (anticlockwise ? -Math.PI : Math.PI);
      for (const angle of [half, startAngle]) {
        const [px, py] = this.point(...at(angle));
        this.path += `A${r} ${r} 0 0 ${sweep} ${number(px)} ${number(py)}`;
      }
      this.current = this.point(sx, sy);
      return;
    }
    span = ((span % (2 * Math.PI)) + 2 * Math.PI) % (2 * Math.PI);
    const [px, py] = this.point(...at(endAngle));
    this.path += `A${r} ${r} 0 ${span > Math.PI ? 1 : 0} ${sweep} ${number(px)} ${number(py)}`;
    this.current = [px, py];
  }

  roundRect(x, y, w, h, radius = 0) {
    const r = Math.min(Number(Array.isArray(radius) ? radius[0] : radius) || 0, Math.abs(w) / 2, Math.abs(h) / 2);
    this.moveTo(x + r, y);
    this.lineTo(x + w - r, y);
    if (r) this.arc(x + w - r, y + r, r, -Math.PI / 2, 0);
    this.lineTo(x + w, y + h - r);
    if (r) this.arc(x + w - r, y + h - r, r, 0, Math.PI / 2);
    this.lineTo(x + r, y + h);
    if (r) this.arc(x + r, y + h - r, r, Math.PI / 2, Math.PI);
    this.lineTo(x, y + r);
    if (r) this.arc(x + r, y + r, r, Math.PI, 1.5 * Math.PI);
    this.closePath();
  }

  rect(x, y, w, h) {
    this.moveTo(x, y); this.lineTo(x + w, y); this.lineTo(x + w, y + h); this.lineTo(x, y + h); this.closePath();
  }

  // -- painting --------------------------------------------------------------------------
  paint(kind, d) {
    if (!d) return;
    const { color, opacity } = svgColor(kind === "fill" ? this.state.fillStyle : this.state.strokeStyle);
    const alpha = opacity * this.state.globalAlpha;
    const attributes = [`d="${d}"`];
    if (kind === "fill") {
      attributes.push(`fill="${escapeXml(color)}"`);
    } else {
      attributes.push('fill="none"', `stroke="${escapeXml(color)}"`, `stroke-width="${number(this.state.lineWidth * this.unit)}"`);
      if (this.state.dash.length) attributes.push(`stroke-dasharray="${this.state.dash.map((x) => number(x * this.unit)).join(" ")}"`);
    }
    if (alpha < 1) attributes.push(`${kind}-opacity="${number(alpha)}"`);
    this.elements.push(`<path ${attributes.join(" ")}/>`);
  }

  fill() { this.paint("fill", this.path); }
  stroke() { this.paint("stroke", this.path); }

  fillRect(x, y, w, h) {
    const path = this.path;
    this.beginPath(); this.rect(x, y, w, h); this.fill();
    this.path = path;
  }

  strokeRect(x, y, w, h) {
    const path = this.path;
    this.beginPath(); this.rect(x, y, w, h); this.stroke();
    this.path = path;
  }

  // What was drawn so far is gone where the cleared rectangle covers the whole picture (the
  // board clears before it draws); a smaller clear is not supported and does nothing.
  clearRect() { this.elements = []; }

  // "700 0.34px system-ui, sans-serif": weight, size in the current units, family.
  fontParts() {
    const m = /^\s*(?:(normal|bold|\d{3})\s+)?([\d.]+)px\s+(.+)$/.exec(this.state.font);
    if (!m) return { weight: "400", size: 10, family: "sans-serif" };
    return { weight: m[1] || "400", size: Number(m[2]), family: m[3] };
  }

  fillText(text, x, y) {
    const [px, py] = this.point(x, y);
    const { weight, size, family } = this.fontParts();
    const { color, opacity } = svgColor(this.state.fillStyle);
    const alpha = opacity * this.state.globalAlpha;
    const attributes = [`x="${number(px)}"`, `y="${number(py)}"`, `font-family="${escapeXml(family)}"`,
      `font-size="${number(size * this.unit)}"`, `font-weight="${escapeXml(weight)}"`,
      `text-anchor="${ANCHORS[this.state.textAlign] || "start"}"`,
      `dominant-baseline="${BASELINES[this.state.textBaseline] || "auto"}"`, `fill="${escapeXml(color)}"`];
    if (alpha < 1) attributes.push(`fill-opacity="${number(alpha)}"`);
    this.elements.push(`<text ${attributes.join(" ")}>${escapeXml(text)}</text>`);
  }

  // A rough width for wrapping lines (no fonts here): about half an em a character.
  measureText(text) {
    return { width: String(text).length * 0.55 * this.fontParts().size };
  }

  // The drawing as an SVG document, `width` by `height` user units.
  toSVG(width, height, title = "") {
    const heading = title ? `<title>${escapeXml(title)}</title>\n` : "";
    return `<?xml version="1.0" encoding="UTF-8"?>\n` +
      `<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="${number(width)}" height="${number(height)}" viewBox="0 0 ${number(width)} ${number(height)}">\n` +
      heading + this.elements.join("\n") + "\n</svg>\n";
  }
}
