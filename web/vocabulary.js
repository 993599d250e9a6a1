// The words the engine names and the page only reads: the piece shapes and their token's
// pattern, the computer's levels and the one a new seat gets, the longest record.  site.json
// ships them (build.py asks the engine: `bridge.vocabulary`); the room and each embedded board
// learn them before they read a link, a saved game or a position, so no number or list of
// them is written in JavaScript.
let known = null;

export function learnVocabulary(words) {
  known = {
    shapes: new Set(words.shapes),
    token: new RegExp(`^(?:${words.piece_pattern})$`),
    levels: words.levels,
    defaultLevel: words.default_level,
    maxPlies: words.max_plies,
  };
}

export function vocabulary() {
  if (!known) throw new Error("site.json's vocabulary is read before it was learnt");
  return known;
}
