// The boards build.py draws in advance (boards/*.json: layout and starting view), so a page
// shows a board before Python starts.  Only the option that shapes the board changes it: the
// size, or the number of players of a game whose board grows with them (its players option).
export function boardKey(games, spec) {
  const match = /^\s*([a-z][a-z0-9_]*)\s*(?:\((.*)\))?\s*$/.exec(spec);
  if (!match) return null;
  const info = games.find((g) => g.name === match[1]);
  if (!info) return null;
  const shaping = info.options.find((o) => o.name === "size" || o.name === info.players_option);
  if (!shaping) return info.name;
  const given = new RegExp(`(?:^|,)\\s*${shaping.name}\\s*=\\s*([^,\\s)]+)`).exec(match[2] || "");
  if (!given) return info.name;
  // a size is a number (8, or "08" in a link) or one of a few words ("3x5")
  const value = /^\d+$/.test(given[1]) ? String(Number(given[1])) : given[1];
  return value === String(shaping.default) ? info.name : `${info.name}(${shaping.name}=${value})`;
}
