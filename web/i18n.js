// Every text the page shows, in English and Italian.  t(key, params) fills {name} slots;
// text is always set with textContent, never as HTML.  A text that depends on a number has
// one key per plural form, "KEY.one" and "KEY.other", and is asked for as t(KEY, {count}).
const TEXTS = {
  en: {
    "title": "Tavoliere",
    "tagline": "Abstract games from the PerGioco newsletters",
    "stage.downloading": "Downloading Python… {detail}",
    "stage.starting": "Starting Python…",
    "stage.rules": "Loading the rules…",
    "stage.ready": "Ready",
    "stage.failed": "The engine could not start: {detail}",
    "retry": "Retry",
    "to-move": "{player} to move",
    "wins": "{player} wins",
    "draw": "Draw",
    "moves": "Moves",
    "new-game": "New game",
    "game": "Game",
    "size": "Cells per side",
    "start": "Start",
    "illegal-click": "{cell}: no legal move there",
    "choose-next": "Now click one of the highlighted cells",
    "bad-link": "The link could not be opened ({detail}); a new game was started instead.",
    "waiting-engine": "The engine is still starting; your move will be checked as soon as it is ready.",
    "language": "Italiano",
    "rules": "Rules",
    "embed-help": "To show this position in your own page (README, \"Boards in your own pages\"):",
    "update": "A new version is ready: reload",
    "keys": "Keys",
    "theme": "Theme",
    "theme.auto": "Automatic",
    "theme.light": "Light",
    "theme.dark": "Dark",
    "board-help": "Arrow keys move the cursor, Enter plays, Escape cancels, ? lists the keys.",
    "copy-link": "Copy link",
    "link-copied": "The link to this position is copied.",
    "link-here": "Copy this link: {link}",
    "record": "Record",
    "record-help": "Copy this record, or paste one and press Import.",
    "import": "Import",
    "file-too-big": "{name}: more than {limit} bytes, too big for a record.",
    "record-too-long": "More than {limit} characters, too long for a record.",
    "imported.one": "Record imported: {count} move.",
    "imported.other": "Record imported: {count} moves.",
    "download": "Download",
    "open-file": "Open a file",
    "saved": "Saved games",
    "saved-problem": "Some saved data could not be read ({detail}); it was set aside and the rest kept.",
    "no-saved": "No saved games yet.",
    "open": "Open",
    "delete": "Delete",
    "saved-entry.one": "{title}, {count} move, {date}",
    "saved-entry.other": "{title}, {count} moves, {date}",
    "picture": "Picture (PNG)",
    "describe": "Describe position",
    "coordinates": "Coordinates",
    "close": "Close",
    "keys.arrows": "on the board: move the cursor; elsewhere ← → step through the moves",
    "keys.enter": "click the cell under the cursor",
    "keys.escape": "cancel a move you started",
    "keys.home": "first and last position",
    "keys.help": "this list",
    "keyname.enter": "Enter, Space",
    "keyname.escape": "Escape",
    "keyname.home": "Home, End",
    "history": "Move history",
    "board-role": "board",
    "language.code": "it",
    "played": "{player} played {move}.",
    "desc.pieces": "{kind}: {cells}.",
    "desc.none": "The board is empty.",
    "desc.legal.one": "{count} legal move.",
    "desc.legal.other": "{count} legal moves.",
    "rematch": "Rematch",
    "swap-sides": "Swap sides",
    "first": "First position",
    "previous": "Previous move",
    "next": "Next move",
    "last": "Last position",
    "undo": "Undo",
    "redo": "Redo",
    "hint": "Hint",
    "move-now": "Move now",
    "type-move": "Type a move",
    "play": "Play",
    "cancel": "Cancel",
    "person": "Person",
    "you": "You",
    "computer": "Computer, level {level}",
    "players": "White: {white} · Black: {black}",
    "thinking": "The computer is thinking… {detail}",
    "thinking-detail": "best so far {move}, winning chance {chance}%",
    "proven.win": "it has found a forced win",
    "proven.loss": "it sees a forced loss",
    "proven.draw": "it sees a forced draw",
    "hint-is": "Hint: {move}",
    "new-line": "You are looking at an earlier position. Start a new line from here? The later moves will be dropped.",
    "viewing": "Viewing ply {ply} of {total}",
    // the table, pieces and moves as data
    "choose-or-confirm": "{move} is complete: click its last cell again (or press Enter) to play it, or click a marked cell to go on",
    "move-buttons": "Other moves",
    "piece.owned": "{player} {shape}",
    "piece.labelled": "{piece} showing {label}",
    "cursor-empty": "Cursor on {cell}: empty",
    "cursor-piece": "Cursor on {cell}: {piece}",
    "embed.board": "Game board",
    "embed.loading": "Starting the engine…",
    "embed.error": "This board cannot be shown: {m}",
    "link.too-long": "the link is too long",
    "link.too-many-moves": "more than {max} moves",
    "link.player": "a player is human or ai:1 to ai:5, not \"{text}\"",
    "link.ply": "there is no ply {ply}",
    "embed.attribute": "{attribute}=\"{value}\" cannot be read",
    "embed.game": "game=\"{game}\" is not one of {games}",
    "embed.size": "{game}: there is no board of that size",
    "embed.position": "position: \"{part}\" is not piece:cells",
    "storage.too-big": "{millions} million characters",
    "storage.not-list": "not a list of games",
    "storage.some-unreadable": "{count} unreadable",
    "storage.full": "the browser's storage is full",
    "save-problem": "This game could not be saved ({detail}); it stays on screen.",
    "storage.refused": "the browser refused to store data",
  },
  it: {
    "title": "Tavoliere",
    "tagline": "Giochi astratti dalle newsletter di PerGioco",
    "stage.downloading": "Scaricamento di Python… {detail}",
    "stage.starting": "Avvio di Python…",
    "stage.rules": "Caricamento delle regole…",
    "stage.ready": "Pronto",
    "stage.failed": "Il motore non si è avviato: {detail}",
    "retry": "Riprova",
    "to-move": "Tocca al {player}",
    "wins": "Vince il {player}",
    "draw": "Patta",
    "moves": "Mosse",
    "new-game": "Nuova partita",
    "game": "Gioco",
    "size": "Caselle per lato",
    "start": "Inizia",
    "illegal-click": "{cell}: nessuna mossa possibile in questa casella",
    "choose-next": "Ora fai clic su una delle caselle evidenziate",
    "bad-link": "Il link non si può aprire ({detail}); è iniziata una nuova partita.",
    "waiting-engine": "Il motore si sta ancora avviando; la mossa sarà controllata appena sarà pronto.",
    "language": "English",
    "rules": "Regole",
    "embed-help": "Per mostrare questa posizione in una tua pagina (README, \"Boards in your own pages\"):",
    "update": "C'è una nuova versione: ricarica",
    "keys": "Tasti",
    "theme": "Tema",
    "theme.auto": "Automatico",
    "theme.light": "Chiaro",
    "theme.dark": "Scuro",
    "board-help": "Le frecce muovono il cursore, Invio gioca, Esc annulla, ? elenca i tasti.",
    "copy-link": "Copia il link",
    "link-copied": "Il link a questa posizione è stato copiato.",
    "link-here": "Copia questo link: {link}",
    "record": "Partita",
    "record-help": "Copia questa partita, oppure incollane una e premi Importa.",
    "import": "Importa",
    "file-too-big": "{name}: più di {limit} byte, troppo grande per una partita.",
    "record-too-long": "Più di {limit} caratteri, troppo lunga per una partita.",
    "imported.one": "Partita importata: {count} mossa.",
    "imported.other": "Partita importata: {count} mosse.",
    "download": "Scarica",
    "open-file": "Apri un file",
    "saved": "Partite salvate",
    "saved-problem": "Impossibile leggere alcuni dati salvati ({detail}): sono stati messi da parte, il resto è al sicuro.",
    "no-saved": "Ancora nessuna partita salvata.",
    "open": "Apri",
    "delete": "Elimina",
    "saved-entry.one": "{title}, {count} mossa, {date}",
    "saved-entry.other": "{title}, {count} mosse, {date}",
    "picture": "Immagine (PNG)",
    "describe": "Descrivi la posizione",
    "coordinates": "Coordinate",
    "close": "Chiudi",
    "keys.arrows": "sul tavoliere: muovono il cursore; altrove ← → scorrono le mosse",
    "keys.enter": "fa clic sulla casella del cursore",
    "keys.escape": "annulla una mossa iniziata",
    "keys.home": "prima e ultima posizione",
    "keys.help": "questo elenco",
    "keyname.enter": "Invio, Spazio",
    "keyname.escape": "Esc",
    "keyname.home": "Home, Fine",
    "history": "Cronologia delle mosse",
    "board-role": "tavoliere",
    "language.code": "en",
    "played": "Il {player} ha giocato {move}.",
    "desc.pieces": "{kind}: {cells}.",
    "desc.none": "Il tavoliere è vuoto.",
    "desc.legal.one": "{count} mossa possibile.",
    "desc.legal.other": "{count} mosse possibili.",
    "rematch": "Rivincita",
    "swap-sides": "Scambia i colori",
    "first": "Posizione iniziale",
    "previous": "Mossa precedente",
    "next": "Mossa successiva",
    "last": "Ultima posizione",
    "undo": "Annulla mossa",
    "redo": "Rifai mossa",
    "hint": "Suggerimento",
    "move-now": "Fai muovere subito",
    "type-move": "Scrivi una mossa",
    "play": "Gioca",
    "cancel": "Annulla",
    "person": "Umano",
    "you": "Tu",
    "computer": "Computer, livello {level}",
    "players": "Bianco: {white} · Nero: {black}",
    "thinking": "Il computer sta pensando… {detail}",
    "thinking-detail": "migliore finora {move}, probabilità di vittoria {chance}%",
    "proven.win": "ha trovato una vittoria forzata",
    "proven.loss": "vede una sconfitta forzata",
    "proven.draw": "vede una patta forzata",
    "hint-is": "Suggerimento: {move}",
    "new-line": "Stai guardando una posizione precedente. Vuoi iniziare una nuova variante da qui? Le mosse successive saranno tolte.",
    "viewing": "Semimossa {ply} di {total}",
    // the table, pieces and moves as data
    "choose-or-confirm": "{move} è completa: fai di nuovo clic sulla sua ultima casella (o premi Invio) per giocarla, oppure su una casella evidenziata per proseguire",
    "move-buttons": "Altre mosse",
    "piece.owned": "{shape} del {player}",
    "piece.labelled": "{piece} che mostra {label}",
    "cursor-empty": "Cursore su {cell}: vuota",
    "cursor-piece": "Cursore su {cell}: {piece}",
    "embed.board": "Tavoliere di gioco",
    "embed.loading": "Avvio del motore…",
    "embed.error": "Impossibile mostrare questo tavoliere: {m}",
    "link.too-long": "il link è troppo lungo",
    "link.too-many-moves": "più di {max} mosse",
    "link.player": "un giocatore è human oppure da ai:1 a ai:5, non \"{text}\"",
    "link.ply": "non c'è la semimossa {ply}",
    "embed.attribute": "{attribute}=\"{value}\" non si può leggere",
    "embed.game": "game=\"{game}\" non è tra {games}",
    "embed.size": "{game}: non c'è un tavoliere di queste dimensioni",
    "embed.position": "position: \"{part}\" non è nella forma pezzo:caselle",
    "storage.too-big": "{millions} milioni di caratteri",
    "storage.not-list": "non è un elenco di partite",
    "storage.some-unreadable": "{count} illeggibili",
    "storage.full": "la memoria del browser è piena",
    "save-problem": "Impossibile salvare la partita ({detail}); resta sullo schermo.",
    "storage.refused": "il browser non permette di salvare dati",
  },
};

export const LANGUAGES = Object.keys(TEXTS);
let language = pickLanguage();

function pickLanguage() {
  let saved = null;
  try { saved = localStorage.getItem("tavoliere.lang"); } catch { /* storage refused: the browser decides */ }
  if (saved && TEXTS[saved]) return saved;
  return (navigator.language || "en").toLowerCase().startsWith("it") ? "it" : "en";
}

export function getLanguage() { return language; }

export function setLanguage(lang) {
  if (!TEXTS[lang]) return;
  language = lang;
  try { localStorage.setItem("tavoliere.lang", lang); } catch { /* kept for this visit only */ }
  document.documentElement.lang = lang;
}

// The key of the plural form that `count` takes in `lang` ("imported.one" for 1 in English and
// Italian, "imported.other" otherwise), or `key` itself when it has no plural forms.
export function plural(key, count, lang = language) {
  if (typeof count !== "number") return key;
  const form = `${key}.${new Intl.PluralRules(lang).select(count)}`;
  const table = TEXTS[lang] || TEXTS.en;
  if (form in table || form in TEXTS.en) return form;
  return `${key}.other` in table ? `${key}.other` : key;
}

// The text of `key` in `lang` (by default the page's language; a record asks for "en").
export function t(key, params = {}, lang = language) {
  const chosen = plural(key, params.count, lang);
  const text = (TEXTS[lang] || TEXTS.en)[chosen] ?? TEXTS.en[chosen] ?? chosen;
  return text.replace(/\{(\w+)\}/g, (_, name) => (name in params ? String(params[name]) : ""));
}

// The same in a given language (the embedded boards speak their own lang attribute).
export function translate(lang, key, params = {}) {
  return t(key, params, lang);
}

// An error in the page's own words: a text key and its parameters, said in whatever
// language the page or the board speaks when it is shown.
export class PageError extends Error {
  constructor(key, params = {}) {
    super(translate("en", key, params));
    this.key = key;
    this.params = params;
  }
}

export function errorText(error, lang) {
  return error && error.key ? translate(lang, error.key, error.params) : String(error && error.message ? error.message : error);
}

// Fill every element that names a text key: data-t (its text), data-t-label (its aria-label
// and title), data-t-aria-label (its aria-label alone), data-t-roledescription (its
// aria-roledescription) and data-t-lang (its lang attribute: the language button reads
// "English" on the Italian page, so it is lang="en" there).
export function translatePage(root = document) {
  for (const element of root.querySelectorAll("[data-t]")) element.textContent = t(element.dataset.t);
  for (const element of root.querySelectorAll("[data-t-label]")) {
    element.setAttribute("aria-label", t(element.dataset.tLabel));
    element.title = t(element.dataset.tLabel);
  }
  for (const element of root.querySelectorAll("[data-t-aria-label]")) {
    element.setAttribute("aria-label", t(element.dataset.tAriaLabel));
  }
  for (const element of root.querySelectorAll("[data-t-roledescription]")) {
    element.setAttribute("aria-roledescription", t(element.dataset.tRoledescription));
  }
  for (const element of root.querySelectorAll("[data-t-lang]")) element.lang = t(element.dataset.tLang);
}

export const dictionaries = TEXTS;
