// The record of a game being played: the study tree (web/tree.js) whose main line is the
// game, the position on view (the cursor) and the moves taken back (for redo).  A move played
// at an earlier position opens a variation; the game's moves are never dropped by it.
// Pure data: no rules, no drawing.
export { Tree as History } from "./tree.js";
