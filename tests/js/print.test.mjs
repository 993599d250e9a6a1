// The SVG recorder (web/svgcanvas.js) and the print helpers (web/diagram.js) under Node:
// paths and arcs come out as SVG path data, text is escaped, the document is well-formed;
// the screen's marks leave a printed picture; stones are numbered as Go diagrams number them;
// a solution is written as the magazine writes it.  Chromium proves the downloads
// (tests/test_print.py).
import "./vocabulary.mjs";  // site.json's words, learnt as the page learns them
import assert from "node:assert/strict";
import { test } from "node:test";
import { SvgContext, escapeXml, svgColor } from "../../web/svgcanvas.js";
import { numberedPieces, printPicture, printedSolution, wrapText } from "../../web/diagram.js";

// A small well-formedness check: every tag closes in order, attributes are quoted, and no
// bare "<" or "&" is left in text.
function assertWellFormed(xml) {
  const body = xml.replace(/^<\?xml[^?]*\?>\s*/, "");
  const stack = [];
  const tag = /<(\/?)([a-zA-Z][\w:-]*)((?:\s+[\w:-]+="[^"<]*")*)\s*(\/?)>/g;
  let at = 0;
  for (const m of body.matchAll(tag)) {
    const text = body.slice(at, m.index);
    assert.doesNotMatch(text, /<|&(?!(amp|lt|gt|quot|apos);)/, `stray markup in ${JSON.stringify(text)}`);
    at = m.index + m[0].length;
    if (m[1]) assert.equal(stack.pop(), m[2]);
    else if (!m[4]) stack.push(m[2]);
  }
  assert.equal(body.slice(at).trim(), "");
  assert.deepEqual(stack, []);
}

test("a path of lines and a closed polygon come out as SVG path data, transformed", () => {
  const svg = new SvgContext();
  svg.setTransform(10, 0, 0, 10, 5, 0);
  svg.beginPath();
  svg.moveTo(0, 0); svg.lineTo(1, 0); svg.lineTo(1, 1); svg.closePath();
  svg.fillStyle = "#123456";
  svg.fill();
  svg.lineWidth = 0.1;
  svg.strokeStyle = "rgba(10, 20, 30, 0.5)";
  svg.stroke();
  assert.equal(svg.elements[0], '<path d="M5 0L15 0L15 10Z" fill="#123456"/>');
  assert.equal(svg.elements[1], '<path d="M5 0L15 0L15 10Z" fill="none" stroke="rgb(10, 20, 30)" stroke-width="1" stroke-opacity="0.5"/>');
});

test("a full circle is two half arcs; a quarter arc is one, with the right flags", () => {
  const svg = new SvgContext();
  svg.setTransform(2, 0, 0, 2, 0, 0);
  svg.beginPath();
  svg.arc(5, 5, 1, 0, 2 * Math.PI);
  svg.fill();
  assert.equal(svg.elements[0], '<path d="M12 10A2 2 0 0 1 8 10A2 2 0 0 1 12 10" fill="#000"/>');
  svg.beginPath();
  svg.arc(0, 0, 1, 0, Math.PI / 2);
  svg.stroke();
  assert.match(svg.elements[1], /^<path d="M2 0A2 2 0 0 1 0 2" /);
  svg.beginPath();
  svg.arc(0, 0, 1, 0, 1.5 * Math.PI);  // three quarters: the large arc
  svg.stroke();
  assert.match(svg.elements[2], /A2 2 0 1 1 0 -2"/);
});

test("save and restore keep the transform and the alpha; dashes scale", () => {
  const svg = new SvgContext();
  svg.setTransform(4, 0, 0, 4, 0, 0);
  svg.save();
  svg.globalAlpha = 0.5;
  svg.translate(1, 1);
  svg.beginPath(); svg.moveTo(0, 0); svg.lineTo(1, 0); svg.fill();
  svg.restore();
  svg.setLineDash([0.5, 0.25]);
  svg.beginPath(); svg.moveTo(0, 0); svg.lineTo(1, 0); svg.stroke();
  assert.equal(svg.elements[0], '<path d="M4 4L8 4" fill="#000" fill-opacity="0.5"/>');
  assert.match(svg.elements[1], /d="M0 0L4 0".*stroke-dasharray="2 1"/);
});

test("text is escaped, with the font's size scaled and its anchor and baseline kept", () => {
  const svg = new SvgContext();
  svg.setTransform(10, 0, 0, 10, 0, 0);
  svg.font = "700 0.5px system-ui, sans-serif";
  svg.textAlign = "center";
  svg.textBaseline = "middle";
  svg.fillText('<script>alert("x")</script> & a\u0001b', 1, 2);
  assert.equal(svg.elements[0], '<text x="10" y="20" font-family="system-ui, sans-serif" font-size="5" font-weight="700" ' +
    'text-anchor="middle" dominant-baseline="central" fill="#000">&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; ab</text>');
  const doc = svg.toSVG(100, 50, "A & <B>");
  assertWellFormed(doc);
  assert.match(doc, /<title>A &amp; &lt;B&gt;<\/title>/);
  assert.equal(escapeXml("it's"), "it&apos;s");
});

test("colours: rgba becomes rgb with an opacity, others pass as they are", () => {
  assert.deepEqual(svgColor("rgba(230, 190, 40, 0.55)"), { color: "rgb(230, 190, 40)", opacity: 0.55 });
  assert.deepEqual(svgColor("#e9dcc0"), { color: "#e9dcc0", opacity: 1 });
});

test("rounded rectangles and fillRect keep the path being built", () => {
  const svg = new SvgContext();
  svg.beginPath();
  svg.roundRect(0, 0, 10, 10, 2);
  svg.fillRect(0, 0, 1, 1);
  svg.fill();
  assert.equal(svg.elements[0], '<path d="M0 0L1 0L1 1L0 1Z" fill="#000"/>');
  assert.match(svg.elements[1], /^<path d="M2 0L8 0A2 2 0 0 1 10 2L10 8A2 2 0 0 1 8 10L2 10A2 2 0 0 1 0 8L0 2A2 2 0 0 1 2 0Z"/);
});

test("a printed picture drops the screen's marks unless they are asked for", () => {
  const screen = { pieces: { a1: "stone.0" }, last: ["a1"], targets: ["b2"], selected: [], hint: ["c3"],
    cursor: "a1", motion: { before: {} }, shaded: ["d4"], win: ["a1"], owned: [[], ["e5"]] };
  const clean = printPicture(screen);
  assert.deepEqual(Object.keys(clean).sort(), ["owned", "pieces", "shaded", "win"]);
  const marked = printPicture(screen, true);
  assert.deepEqual(marked.last, ["a1"]);
  assert.deepEqual(marked.targets, ["b2"]);
  assert.equal(marked.cursor, undefined);
  assert.equal(marked.motion, undefined);
});

test("stones placed in the last moves are numbered; a captured or moved one loses its number", () => {
  const p0 = { a1: "stone.1" };
  const p1 = { a1: "stone.1", b1: "stone.0" };                       // 5. b1
  const p2 = { b1: "stone.0", c1: "stone.1" };                       // 6. c1 takes a1? (a1 gone)
  const p3 = { b1: "stone.0", c1: "stone.1", a1: "stone.0", d1: "stone.0" };  // 7. two stones (Connect6)
  const p4 = { b1: "stone.0", c2: "stone.1", a1: "stone.0", d1: "stone.0" };  // 8. c1 moves to c2
  const plies = [[p0, p1], [p1, p2], [p2, p3], [p3, p4]].map(([before, after], i) => ({ number: 5 + i, before, after, cells: [] }));
  const numbered = numberedPieces({ ...p4, e1: "die.0=3" }, plies);
  assert.deepEqual(numbered, { b1: "stone.0=5", a1: "stone.0=7", d1: "stone.0=7", c2: "stone.1", e1: "die.0=3" });
});

test("the solution as the magazine writes it: the key marked, moves numbered", () => {
  assert.equal(printedSolution(["c3", "d4", "e5"]), "1. c3! d4 2. e5");
  assert.equal(printedSolution(["a1"]), "1. a1!");
  assert.deepEqual(wrapText("one two three four", 9), ["one two", "three", "four"]);
  assert.deepEqual(wrapText("1. c3! d4 2. e5", 11), ["1. c3! d4", "2. e5"]);
  assert.deepEqual(wrapText("1. c3! d4 2. e5", 13), ["1. c3! d4", "2. e5"]);
});

test("the board's own drawing prints every piece shape to a well-formed SVG, with no screen mark", async () => {
  const { BoardView } = await import("../../web/board.js");
  const { diagramSVG } = await import("../../web/diagram.js");
  const square = (name, x, y, tone) => ({ name, x, y, tone, points: [[x - 0.5, y - 0.5], [x + 0.5, y - 0.5], [x + 0.5, y + 0.5], [x - 0.5, y + 0.5]] });
  const cells = ["a", "b", "c", "d", "e", "f", "g", "h", "i"].map((name, i) => square(name, 1 + i, 1, i % 2));
  cells.push({ name: "pit", x: 11, y: 1, radius: 0.45 });
  const board = Object.create(BoardView.prototype);
  board.layout = { width: 12, height: 2, cells, labels: [{ text: "<1>", x: 0.3, y: 1 }], lines: [[[1, 1.5], [9, 1.5]]], dots: [[5, 1.5]] };
  board.cells = new Map(cells.map((c) => [c.name, c]));
  const pieces = { a: "stone.0", b: "pawn.1", c: "knight.0", d: "die.1=5", e: "block", f: "marker", g: "crowned.1", h: "double-crowned.0", i: "counter=12", pit: "counter.1=3" };
  const color = { "board-light": "#eee", "board-dark": "#ccc", "grid-line": "#876", label: "#543", "player-0": "#fff", "player-1": "#222",
    "ink-0": "#222", "ink-1": "#fff", "piece-edge": "#333", neutral: "#c9a46a", "neutral-ink": "#2b2116", obstacle: "#777", "obstacle-mark": "#eee",
    win: "#c0392b", "last-move": "rgba(230, 190, 40, 0.55)", target: "rgba(40, 120, 80, 0.75)", "last-dot": "#e0452b" };
  const svg = diagramSVG(board, { pieces, win: ["a"] }, { color, captions: ["Bianco muove & vince", "Soluzione: 1. a! b"] });
  assertWellFormed(svg);
  assert.match(svg, /&lt;1&gt;/);                                   // a label escaped
  assert.match(svg, />12</);                                          // a counter's count
  assert.match(svg, />Bianco muove &amp; vince</);
  assert.doesNotMatch(svg, /rgb\(230, 190, 40\)|rgb\(40, 120, 80\)|#e0452b/);
  // the same drawing with the screen's marks shows them
  const marked = diagramSVG(board, { pieces, last: ["a"], targets: ["i"] }, { color });
  assert.match(marked, /rgb\(230, 190, 40\)/);
  assert.match(marked, /#e0452b/);
  assert.match(marked, /rgb\(40, 120, 80\)/);
});
