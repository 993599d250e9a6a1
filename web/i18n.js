// Every text the page shows, in English and Italian.  t(key, params) fills {name} slots;
// text is always set with textContent, never as HTML.
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
    "player.0": "White",
    "player.1": "Black",
    "to-move": "{player} to move",
    "wins": "{player} wins",
    "draw": "Draw",
    "reason.no-moves": "{loser} has no legal move left",
    "reason.repetition": "the same position occurred three times",
    "reason.max-plies": "the move limit was reached",
    "reason.full-board": "the board is full",
    "reason.ring": "ring",
    "reason.bridge": "bridge",
    "reason.fork": "fork",
    "reason.six": "a perfect six",
    "reason.swap": "swap",
    "moves": "Moves",
    "new-game": "New game",
    "game": "Game",
    "size": "Board size",
    "start": "Start",
    "illegal-click": "{cell}: no legal move there",
    "choose-next": "Now click one of the marked cells",
    "bad-link": "The link could not be opened ({detail}); a new game was started instead.",
    "waiting-engine": "The engine is still starting; your move will be checked as soon as it is ready.",
    "language": "Italiano",
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
    "thinking-detail": "best so far {move}, chance {chance}%",
    "proven.win": "it has found a forced win",
    "proven.loss": "it sees a forced loss",
    "proven.draw": "it sees a forced draw",
    "hint-is": "Hint: {move}",
    "new-line": "You are looking at an earlier position. Start a new line from here? The later moves will be dropped.",
    "pending-six": "{player} has a six: {opponent} must break it with this move, or lose.",
    "forbidden-zone": "White's second stone must be at least three cells away from the first (shaded cells are forbidden).",
    "viewing": "Viewing move {ply} of {total}",
    "option.size": "Board size",
    "option.swap": "Swap rule (Black may take White's first stone)",
    "option.ring_needs_empty": "Rings must enclose an empty cell (Schmittberger)",
    "option.areas": "Start areas",
    "option.areas.literal": "As published (a2–d4, e5–g7)",
    "option.areas.symmetric": "Symmetric (a2–d4, e5–h7)",
    "option.max_plies": "Move limit (draw)",
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
    "player.0": "Bianco",
    "player.1": "Nero",
    "to-move": "Muove il {player}",
    "wins": "Vince il {player}",
    "draw": "Patta",
    "reason.no-moves": "il {loser} non ha più mosse legali",
    "reason.repetition": "la stessa posizione si è ripetuta tre volte",
    "reason.max-plies": "è stato raggiunto il limite di mosse",
    "reason.full-board": "la scacchiera è piena",
    "reason.ring": "anello",
    "reason.bridge": "ponte",
    "reason.fork": "forchetta",
    "reason.six": "un sei perfetto",
    "reason.swap": "scambio",
    "moves": "Mosse",
    "new-game": "Nuova partita",
    "game": "Gioco",
    "size": "Dimensione",
    "start": "Inizia",
    "illegal-click": "{cell}: nessuna mossa legale lì",
    "choose-next": "Ora fai clic su una delle caselle segnate",
    "bad-link": "Il link non si può aprire ({detail}); è iniziata una nuova partita.",
    "waiting-engine": "Il motore si sta ancora avviando; la mossa sarà controllata appena è pronto.",
    "language": "English",
    "rematch": "Rivincita",
    "swap-sides": "Scambia i colori",
    "first": "Posizione iniziale",
    "previous": "Mossa precedente",
    "next": "Mossa successiva",
    "last": "Ultima posizione",
    "undo": "Annulla",
    "redo": "Ripristina",
    "hint": "Suggerimento",
    "move-now": "Muovi ora",
    "type-move": "Scrivi una mossa",
    "play": "Gioca",
    "cancel": "Annulla",
    "person": "Persona",
    "you": "Tu",
    "computer": "Computer, livello {level}",
    "players": "Bianco: {white} · Nero: {black}",
    "thinking": "Il computer sta pensando… {detail}",
    "thinking-detail": "per ora {move}, probabilità {chance}%",
    "proven.win": "ha trovato una vittoria forzata",
    "proven.loss": "vede una sconfitta forzata",
    "proven.draw": "vede una patta forzata",
    "hint-is": "Suggerimento: {move}",
    "new-line": "Stai guardando una posizione precedente. Vuoi iniziare una nuova variante da qui? Le mosse successive saranno tolte.",
    "pending-six": "Il {player} ha un sei: il {opponent} deve romperlo con questa mossa, o perde.",
    "forbidden-zone": "La seconda pedina del Bianco deve stare ad almeno tre caselle dalla prima (le caselle ombreggiate sono vietate).",
    "viewing": "Mossa {ply} di {total}",
    "option.size": "Dimensione",
    "option.swap": "Regola dello scambio (il Nero può prendere la prima pedina del Bianco)",
    "option.ring_needs_empty": "Gli anelli devono racchiudere una casella vuota (Schmittberger)",
    "option.areas": "Aree di partenza",
    "option.areas.literal": "Come pubblicate (a2–d4, e5–g7)",
    "option.areas.symmetric": "Simmetriche (a2–d4, e5–h7)",
    "option.max_plies": "Limite di mosse (patta)",
  },
};

export const LANGUAGES = Object.keys(TEXTS);
let language = pickLanguage();

function pickLanguage() {
  const saved = localStorage.getItem("tavoliere.lang");
  if (saved && TEXTS[saved]) return saved;
  return (navigator.language || "en").toLowerCase().startsWith("it") ? "it" : "en";
}

export function getLanguage() { return language; }

export function setLanguage(lang) {
  if (!TEXTS[lang]) return;
  language = lang;
  localStorage.setItem("tavoliere.lang", lang);
  document.documentElement.lang = lang;
}

export function t(key, params = {}) {
  const text = TEXTS[language][key] ?? TEXTS.en[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (_, name) => (name in params ? String(params[name]) : ""));
}

// Fill every element that names a text key in data-t.
export function translatePage(root = document) {
  for (const element of root.querySelectorAll("[data-t]")) element.textContent = t(element.dataset.t);
  for (const element of root.querySelectorAll("[data-t-label]")) {
    element.setAttribute("aria-label", t(element.dataset.tLabel));
    element.title = t(element.dataset.tLabel);
  }
}

export const dictionaries = TEXTS;
