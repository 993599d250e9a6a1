// The boards build.py draws in advance (boards/*.json: layout and starting view), so a page
// shows a board before Python starts.  Only a game's size changes its board.
export function boardKey(games, spec) {
  const match = /^\s*([a-z][a-z0-9_]*)\s*(?:\((.*)\))?\s*$/.exec(spec);
  if (!match) return null;
  const info = games.find((g) => g.name === match[1]);
  if (!info) return null;
  const size = /(?:^|,)\s*size\s*=\s*([^,\s)]+)/.exec(match[2] || "");
  const sizeOption = info.options.find((o) => o.name === "size");
  if (!size || !sizeOption) return info.name;
  // a size is a number (8, or "08" in a link) or one of a few words ("3x5")
  const value = /^\d+$/.test(size[1]) ? String(Number(size[1])) : size[1];
  return value === String(sizeOption.default) ? info.name : `${info.name}(size=${value})`;
}
