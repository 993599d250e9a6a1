// A study: the record as a tree of lines, with the reader's comments, move marks and board
// marks, and the position on view.  Pure data: no rules (the engine replays every line), no
// drawing.  The shape is the engine's (py/tavoliere/study.py, docs/records.md): a line is a
// list of nodes, and a node's `variations` are other lines that replace that very ply, so
// nesting grows with variations, never with the length of a line.
//
// Here each line also knows where it hangs: `parent` (the line it branches from, null for the
// main line), `at` (the index of the parent's node it replaces) and `start` (the plies before
// its first node).  The position on view is `here`: {line, n}, the first n nodes of a line
// played; the first position of a variation is its parent's, so n is 0 only on the main line.
export const GLYPHS = ["!", "?", "!!", "??", "!?", "?!"];
export const MARK_KINDS = ["circle", "cross", "label", "arrow"];
export const MAX_COMMENT = 10_000;  // the engine's limit (study.MAX_COMMENT)
export const MAX_DEPTH = 200;       // variations inside variations (study.MAX_DEPTH)

export function makeNode(move) {
  return { move, comment: "", glyph: "", marks: [], variations: [] };
}

function makeLine(nodes, parent = null, at = 0) {
  return { nodes, parent, at, start: parent ? parent.start + at : 0 };
}

// Two marks are the same when they say the same thing on the same cells.
export function sameMark(a, b) {
  return a.kind === b.kind && a.cell === b.cell && (a.to || "") === (b.to || "") && (a.text || "") === (b.text || "");
}

export class Tree {
  // `moves`: the main line; `cursor`: the ply on view along it.
  constructor(moves = [], cursor = moves.length) {
    this.root = { comment: "", marks: [] };  // the starting position's notes
    this.main = makeLine(moves.map(makeNode));
    this.undone = [];                         // main-line nodes taken back, for redo
    this.here = { line: this.main, n: 0 };
    this.goTo(cursor);
  }

  // The tree of a study as the engine writes it (Study.to_dict()); `ply` along the main line.
  static fromStudy(study, ply = null) {
    const tree = new Tree();
    tree.root = { comment: study.comment || "", marks: [...(study.marks || [])] };
    // (the engine checked an imported study; one kept in the browser may have been changed)
    const read = (items, depth) => items.map((item) => {
      if (!item || typeof item.move !== "string") throw new TypeError("study: a node without a move");
      return {
        move: item.move, comment: String(item.comment || ""), glyph: GLYPHS.includes(item.glyph) ? item.glyph : "",
        marks: (item.marks || []).filter((m) => m && MARK_KINDS.includes(m.kind)).map((m) => ({ ...m })),
        variations: depth < MAX_DEPTH ? (item.variations || []).filter((v) => v.length).map((v) => makeLine(read(v, depth + 1))) : [],
      };
    });
    tree.main = makeLine(read(study.line || [], 0));
    tree.relink();
    tree.here = { line: tree.main, n: 0 };
    tree.goTo(ply === null ? tree.main.nodes.length : ply);
    return tree;
  }

  // The study as the engine reads it (Study.from_dict): empty fields left out.
  toStudy(game, tags = {}) {
    const write = (line) => line.nodes.map((node) => {
      const out = { move: node.move };
      if (node.comment) out.comment = node.comment;
      if (node.glyph) out.glyph = node.glyph;
      if (node.marks.length) out.marks = node.marks.map((m) => ({ ...m }));
      if (node.variations.length) out.variations = node.variations.map(write);
      return out;
    });
    return { game, tags: { ...tags }, comment: this.root.comment, marks: this.root.marks.map((m) => ({ ...m })), line: write(this.main) };
  }

  // Whether anything beyond the main line's moves is written: a variation, a comment, a mark.
  get annotated() {
    if (this.root.comment || this.root.marks.length) return true;
    const lines = [this.main];
    while (lines.length) {
      for (const node of lines.pop().nodes) {
        if (node.comment || node.glyph || node.marks.length || node.variations.length) return true;
      }
    }
    return false;
  }

  // Every line's parent, index and first ply, after an edit moved nodes between lines.
  relink() {
    const pending = [this.main];
    this.main.parent = null;
    this.main.at = this.main.start = 0;
    while (pending.length) {
      const line = pending.pop();
      line.nodes.forEach((node, i) => {
        for (const variation of node.variations) {
          variation.parent = line;
          variation.at = i;
          variation.start = line.start + i;
          pending.push(variation);
        }
      });
    }
  }

  // -- the record as the table reads it (the old flat History's words) -----------------------
  // The main line: the game.
  get moves() { return this.main.nodes.map((node) => node.move); }

  // The ply on view.
  get cursor() { return this.here.line.start + this.here.n; }

  // The last ply of the line on view.
  get end() { return this.here.line.start + this.here.line.nodes.length; }

  // The position on view is the main line's end (where the game goes on).
  get atEnd() { return this.here.line === this.main && this.here.n === this.main.nodes.length; }

  // The position on view is on the main line.
  get onMain() { return this.here.line === this.main; }

  // The moves that lead to the position on view.
  line() { return this.movesTo(this.here); }

  movesTo({ line, n }) {
    const parts = [];
    while (line) {
      parts.push(line.nodes.slice(0, n).map((node) => node.move));
      n = line.at;
      line = line.parent;
    }
    return parts.reverse().flat();
  }

  // The position `ply` plies from the start along the line on view (its branch points back).
  goTo(ply) {
    let line = this.here.line;
    ply = Math.max(0, ply);
    while (line.parent && ply <= line.start) line = line.parent;
    this.here = { line, n: Math.min(ply - line.start, line.nodes.length) };
  }

  // A position of the tree (the move list's buttons name them), made canonical.
  goToPlace({ line, n }) {
    this.here = n === 0 && line.parent ? { line: line.parent, n: line.at } : { line, n };
  }

  isHere({ line, n }) {
    return line === this.here.line && n === this.here.n;
  }

  // The node of the ply on view, or null at the start.
  node() {
    return this.here.n ? this.here.line.nodes[this.here.n - 1] : null;
  }

  // The ply of the main line where the position on view is, or where its variation leaves it.
  get mainPly() {
    let { line, n } = this.here;
    while (line.parent) { n = line.at; line = line.parent; }
    return n;
  }

  // How many variations deep the position on view is (0: the main line).
  get depth() {
    let depth = 0;
    for (let line = this.here.line; line.parent; line = line.parent) depth++;
    return depth;
  }

  // Play `name` at the position on view: the move already there (the line's next, or a
  // variation's first) is followed; a new one ends its line, or else opens a variation.
  push(name) {
    const { line, n } = this.here;
    if (n < line.nodes.length) {
      const next = line.nodes[n];
      if (next.move === name) { this.here = { line, n: n + 1 }; return "followed"; }
      const known = next.variations.find((v) => v.nodes[0].move === name);
      if (known) { this.here = { line: known, n: 1 }; return "followed"; }
      if (this.depth >= MAX_DEPTH) return "too-deep";
      const variation = makeLine([makeNode(name)], line, n);
      next.variations.push(variation);
      this.here = { line: variation, n: 1 };
      return "variation";
    }
    line.nodes.push(makeNode(name));
    if (line === this.main) this.undone = [];
    this.here = { line, n: n + 1 };
    return line === this.main ? "game" : "line";
  }

  // Drop the main line's moves after the position on view, and what could be redone (a
  // table that replaces later moves instead of opening a variation); false off the main line.
  cut() {
    if (this.here.line !== this.main) return false;
    this.main.nodes.length = this.here.n;
    this.undone = [];
    return true;
  }

  // Take back the main line's last move (with its variations and notes); false when none.
  undo() {
    if (!this.main.nodes.length) return false;
    this.undone.push(this.main.nodes.pop());
    this.here = { line: this.main, n: this.main.nodes.length };
    return true;
  }

  redo() {
    if (!this.undone.length) return false;
    this.main.nodes.push(this.undone.pop());
    this.relink();
    this.here = { line: this.main, n: this.main.nodes.length };
    return true;
  }

  // -- editing the tree ------------------------------------------------------------------
  // Whether promoting the line on view would change the main line (the game).
  get promotesToMain() {
    return Boolean(this.here.line.parent) && this.here.line.parent === this.main;
  }

  // The line on view takes the place of the line it branches from, which becomes its first
  // variation (the other variations keep their order).  False on the main line.
  promote() {
    const { line, n } = this.here;
    const parent = line.parent;
    if (!parent) return false;
    const at = line.at;
    const owner = parent.nodes[at];
    const tail = makeLine(parent.nodes.splice(at));   // the replaced ply and the rest of its line
    const siblings = owner.variations.map((v) => (v === line ? tail : v));
    owner.variations = [];
    line.nodes[0].variations = siblings;
    parent.nodes.push(...line.nodes);
    if (parent === this.main) this.undone = [];
    this.relink();
    this.here = { line: parent, n: at + n };
    return true;
  }

  // Delete the variation on view; the position goes to where it branched.  False on the main line.
  remove() {
    const { line } = this.here;
    if (!line.parent) return false;
    const owner = line.parent.nodes[line.at];
    owner.variations = owner.variations.filter((v) => v !== line);
    this.here = { line: line.parent, n: line.at };
    this.relink();
    return true;
  }

  // The other moves played at the ply on view (the main continuation first, then the
  // variations): `step` -1 goes to the one above, +1 to the one below.  False when none.
  switchVariation(step) {
    const { line, n } = this.here;
    if (!n) return false;
    const first = n === 1 && line.parent;  // the first ply of a variation: its siblings are the parent's
    const base = first ? { line: line.parent, i: line.at } : { line, i: n - 1 };
    const owner = base.line.nodes[base.i];
    const places = [{ line: base.line, n: base.i + 1 }, ...owner.variations.map((v) => ({ line: v, n: 1 }))];
    const now = first ? 1 + owner.variations.indexOf(line) : 0;
    const next = now + step;
    if (next < 0 || next >= places.length || places.length < 2) return false;
    this.here = places[next];
    return true;
  }

  // -- notes on the position on view -------------------------------------------------------
  notes() {
    return this.node() || this.root;
  }

  setComment(text) {
    this.notes().comment = String(text).slice(0, MAX_COMMENT);
  }

  // A move mark given again is taken off.
  setGlyph(glyph) {
    const node = this.node();
    if (!node || !GLYPHS.includes(glyph)) return false;
    node.glyph = node.glyph === glyph ? "" : glyph;
    return true;
  }

  // A board mark given again is taken off.
  toggleMark(mark) {
    if (!MARK_KINDS.includes(mark.kind)) return false;
    const notes = this.notes();
    const kept = notes.marks.filter((m) => !sameMark(m, mark));
    notes.marks = kept.length === notes.marks.length ? [...kept, { ...mark }] : kept;
    return true;
  }
}
