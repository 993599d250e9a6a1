// The boards build.py draws in advance (boards/*.json: layout and starting view), so a page
// shows a board before Python starts.  Only a game's size changes its board.
export function boardKey(games, spec) {
  const match = /^\s*([a-z][a-z0-9_]*)\s*(?:\((.*)\))?\s*$/.exec(spec);
  if (!match) return null;
  const info = games.find((g) => g.name === match[1]);
  if (!info) return null;
  const size = /(?:^|,)\s*size\s*=\s*(\d+)/.exec(match[2] || "");
  const sizeOption = info.options.find((o) => o.name === "size");
  // (a size given as choices has a text default, "19", a size range a number)
  if (!size || !sizeOption || String(Number(size[1])) === String(sizeOption.default)) return info.name;
  return `${info.name}(size=${Number(size[1])})`;
}
