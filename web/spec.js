// Game specs, "havannah" or "havannah(size=8,swap=true)", read as core.parse_spec reads them
// (tests/data/specs.json holds the cases both sides are tested on).  The engine stays the
// judge of a spec: the page reads one only to find its game and the options it gives.
export const MAX_SPEC = 200;
const SPEC = /^\s*([a-z][a-z0-9_]*)\s*(?:\((.*)\))?\s*$/;
const KEY = /^[a-z_][a-z0-9_]*$/;

// A spec the page cannot read, with the engine's message code (core.parse_spec's).
export class SpecError extends Error {
  constructor(code, params = {}) {
    super(code);
    this.code = code;
    this.params = params;
  }
}

// {name, options}: the game's name and its options' texts, in the order written.
export function parseSpec(spec) {
  if (typeof spec !== "string" || spec.length > MAX_SPEC) throw new SpecError("game.spec");
  const match = SPEC.exec(spec);
  if (!match) throw new SpecError("game.malformed", { spec });
  const [, name, body] = match;
  const options = {};
  const parts = body && body.trim() ? body.split(",") : [];
  for (const part of parts) {
    const at = part.indexOf("=");
    const key = (at < 0 ? part : part.slice(0, at)).trim();
    const value = at < 0 ? "" : part.slice(at + 1).trim();
    if (at < 0 || !KEY.test(key) || !value) throw new SpecError("game.malformed-option", { option: part.trim(), spec });
    if (Object.hasOwn(options, key)) throw new SpecError("game.option-twice", { option: key, spec });
    options[key] = value;
  }
  return { name, options };
}

// The game a spec names, or null when it cannot be read.
export function specName(spec) {
  try { return parseSpec(spec).name; } catch { return null; }
}

// The options a spec gives ({} when it cannot be read).
export function specOptions(spec) {
  try { return parseSpec(spec).options; } catch { return {}; }
}

// The spec of a game with some options: those at their default are left out.
export function writeSpec(name, options) {
  const parts = Object.entries(options).map(([key, value]) => `${key}=${value}`);
  return parts.length ? `${name}(${parts.join(",")})` : name;
}
