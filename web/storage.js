// Saved games in localStorage: the game in progress is saved after every move and resumed
// after a reload.  Data that cannot be read is set aside (kept under another key, never
// thrown away) and reported, so a bad entry never leaves the page blank.
const KEY = "tavoliere.games";
const CURRENT = "tavoliere.current";
const LIMIT = 50;

function validGame(entry) {
  return entry && typeof entry.id === "string" && typeof entry.game === "string" &&
    Array.isArray(entry.moves) && entry.moves.every((m) => typeof m === "string") &&
    Array.isArray(entry.players) && entry.players.length === 2 && typeof entry.updated === "number";
}

// {games, problem}: the saved games, newest first, and a message if some data was set aside.
export function loadGames() {
  const text = localStorage.getItem(KEY);
  if (text === null) return { games: [], problem: null };
  let games;
  try {
    games = JSON.parse(text);
    if (!Array.isArray(games)) throw new Error("not a list");
  } catch (error) {
    setAside(text);
    return { games: [], problem: error.message };
  }
  const good = games.filter(validGame);
  if (good.length !== games.length) {
    setAside(JSON.stringify(games.filter((g) => !validGame(g))));
    localStorage.setItem(KEY, JSON.stringify(good));
    return { games: good, problem: `${games.length - good.length} unreadable` };
  }
  return { games: good.sort((a, b) => b.updated - a.updated), problem: null };
}

function setAside(text) {
  localStorage.setItem(`tavoliere.unreadable.${Date.now()}`, text);
}

export function saveGame(entry) {
  const { games } = loadGames();
  const others = games.filter((g) => g.id !== entry.id);
  const all = [{ ...entry, updated: Date.now() }, ...others].slice(0, LIMIT);
  localStorage.setItem(KEY, JSON.stringify(all));
  localStorage.setItem(CURRENT, entry.id);
}

export function deleteGame(id) {
  const { games } = loadGames();
  localStorage.setItem(KEY, JSON.stringify(games.filter((g) => g.id !== id)));
  if (localStorage.getItem(CURRENT) === id) localStorage.removeItem(CURRENT);
}

export function currentGame() {
  const id = localStorage.getItem(CURRENT);
  return loadGames().games.find((g) => g.id === id) || null;
}

export function newGameId() {
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
}
