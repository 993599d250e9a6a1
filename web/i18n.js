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
}

export const dictionaries = TEXTS;
