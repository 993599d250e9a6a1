// The iframe route: embed.html#game=...&moves=...&ply=...&mode=...&white=...&black=...
// (the same fragment as the room's links) shows one board and tells the parent page its
// height, so the host can size the iframe.
const ATTRIBUTES = ["game", "moves", "ply", "mode", "white", "black", "seat2", "seat3", "lang", "theme", "position", "goal", "problem"];
const params = new URLSearchParams(location.hash.slice(1));
const board = document.createElement("tavoliere-board");
for (const name of ATTRIBUTES) {
  const value = params.get(name);
  if (value !== null) board.setAttribute(name, value.slice(0, 100000));
}
if (!params.has("moves")) board.setAttribute("moves", "");
document.body.append(board);

new ResizeObserver(() => {
  parent.postMessage({ type: "tavoliere-height", height: document.documentElement.scrollHeight }, "*");
}).observe(document.body);
