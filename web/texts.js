// The words of a game, as its module gives them through site.json (player names, rules,
// option labels, result reasons, button labels, messages), and the engine's error codes:
// shared by the room and the embedded boards, in any language the engine speaks.
import { pointerWords, translate } from "./i18n.js";
import { readPiece } from "./pieces.js";

const PLAYER_PARAMS = ["player", "opponent", "loser", "winner"];

export class GameTexts {
  // site: site.json (games and messages); name: the game's name; lang: "en" or "it".
  constructor(site, name, lang) {
    this.site = site;
    this.info = site.games.find((g) => g.name === name) || null;
    this.lang = lang;
    const texts = this.info ? this.info.texts : {};
    this.table = { ...(texts.en || {}), ...(texts[lang] || {}) };
  }

  page(key, params = {}) {
    return translate(this.lang, key, params);
  }

  // A game text; integer player parameters become the players' names.
  text(key, params = {}, fallback = key) {
    const filled = { ...pointerWords(this.lang), ...params };
    for (const name of PLAYER_PARAMS) if (Number.isInteger(params[name])) filled[name] = this.player(params[name]);
    const template = this.table[key];
    if (template === undefined) return fallback;
    return template.replace(/\{(\w+)\}/g, (_, name) => (name in filled ? String(filled[name]) : ""));
  }

  player(index) {
    return this.table[`player.${index}`] ?? String(index + 1);
  }

  get title() {
    return this.info ? this.info.title : "";
  }

  rules() {
    return this.table.rules || [];
  }

  option(name, choice = null) {
    return choice === null ? this.text(`option.${name}`, {}, name) : this.text(`option.${name}.${choice}`, {}, String(choice));
  }

  buttonLabel(move) {
    // a button whose move the game words (a list of stones): those words, else move.NAME
    if (move.words) return this.text(move.words[0], move.words[1], move.name);
    return this.text(`move.${move.name}`, {}, move.name);
  }

  outcome(outcome) {
    const loser = outcome.winner === null || this.info.players !== 2 ? "" : this.player(1 - outcome.winner);
    const scores = (outcome.scores || []).join("–");  // a game that counts points: "60–47"
    const reasons = outcome.reason.split("+").map((r) => this.text(`reason.${r}`, { loser, scores }, r)).join(" + ");
    if (outcome.winner === null) return `${this.page("draw")}: ${reasons}`;
    return `${this.page("wins", { player: this.player(outcome.winner) })}: ${reasons}`;
  }

  toMove(player) {
    if (player < 0) return this.page("rolling");  // a roll is due (CHANCE, -1): nobody moves
    return this.page("to-move", { player: this.player(player) });
  }

  // The message a position's marks carry, if any.
  mark(marks) {
    const message = marks && marks.message;
    return message ? this.text(`message.${message.key}`, message.params || {}, "") : "";
  }

  // An engine failure in words: its code and parameters in this language, else its English
  // message.  A code may wrap others (params.inner, outermost first), each filling {inner};
  // a result (winner, reason) is worded here, in this language.
  error(answer) {
    const params = { ...(answer.params || {}) };
    if (params.reason && this.info) params.outcome = this.outcome({ winner: params.winner ?? null, reason: params.reason });
    const render = (code, inner) => {
      const templates = (this.site.messages || {})[code];
      const template = templates && (templates[this.lang] || templates.en);
      if (!template) return null;
      return template.replace(/\{(\w+)\}/g, (_, name) => {
        if (name === "inner") return inner.length ? render(inner[0], inner.slice(1)) ?? "" : "";
        const value = params[name];
        if ((name === "player" || name === "opponent") && Number.isInteger(value)) return this.player(value);
        return Array.isArray(value) ? value.join(", ") : String(value ?? "");
      });
    };
    return render(answer.code, params.inner || []) ?? (answer.message || answer.error || "");
  }

  // A piece in words: "White pawn", "obstacle", "Black die showing 3".
  piece(token, count = 1) {
    const parsed = readPiece(token);
    if (!parsed) return token;
    const shape = this.text(`shape.${parsed.shape}.${count === 1 ? "one" : "other"}`, {}, parsed.shape);
    const named = parsed.owner === null ? shape : this.page("piece.owned", { shape, player: this.player(parsed.owner) });
    if (parsed.label === null) return named;
    // a game may word a label itself: a counter that counts seeds ("4 semi")
    const own = `label.${parsed.shape}.${parsed.label === "1" ? "one" : "other"}`;
    if (own in this.table) return this.text(own, { label: parsed.label, piece: named });
    return this.page("piece.labelled", { piece: named, label: parsed.label });
  }

  // A cell in words: a board square by its name ("c4"), a cell off the board (a rack, a
  // store, a line's result) in the game's words (text "cell.NAME"), never an internal name.
  cellName(cell) {
    return this.text(`cell.${cell}`, {}, cell);
  }

  // The pieces of a position in words, one sentence for each kind of piece.
  describe(pieces) {
    const groups = new Map();
    for (const [cell, token] of Object.entries(pieces)) {
      if (!groups.has(token)) groups.set(token, []);
      groups.get(token).push(cell);
    }
    const parts = [...groups].map(([token, cells]) => {
      const words = this.piece(token, cells.length);
      return this.page("desc.pieces", { kind: words.charAt(0).toUpperCase() + words.slice(1), cells: cells.map((c) => this.cellName(c)).join(", ") });
    });
    return parts.length ? parts.join(" ") : this.page("desc.none");
  }
}
