// Moving to the game modules: each game's rules summary lives in its module
// (py/tavoliere/games/*.py, texts[LANGUAGE]["rules"]) and reaches the page in the
// engine's game info.  Until the page reads it from there, this copy is written
// from the modules by tests/test_texts.py.  Plain text: each entry is a list
// of paragraphs, shown with textContent.
export const RULES = {
  "barrier": {
    "en": [
      "Barrier (Karl Scherer, 2002) is played on a square board, 8×8 here, but you may choose any size from 5×5 to 9×9. Each player has one pawn; the neutral obstacles are unlimited.",
      "White, then Black, places the pawn on any empty cell. From then on, each turn you move your pawn like a chess knight, but along a path: one step, then two at a right angle, or two steps, then one. The two cells crossed and the destination must be empty: the pawn never crosses an obstacle or the other pawn.",
      "The cell left and the two cells crossed become obstacles. When two paths reach the same cell they are different moves, because they leave different obstacles: click the destination cell, then the first cell of the path.",
      "If you cannot move when it is your turn, you lose. There are no draws."
    ],
    "it": [
      "Barrier (Karl Scherer, 2002) si gioca su un tavoliere quadrato, qui 8×8, ma si può scegliere da 5×5 a 9×9. Ogni giocatore ha una sola pedina; gli ostacoli neutri sono illimitati.",
      "Il Bianco, poi il Nero, colloca la propria pedina su una casella vuota a scelta. Da quel momento, a turno, si muove la propria pedina come il cavallo degli scacchi, ma lungo un percorso: un passo e poi due ad angolo retto, oppure due passi e poi uno. Le due caselle attraversate e quella di arrivo devono essere vuote: non si passa mai sopra un ostacolo né sopra l'altra pedina.",
      "La casella di partenza e le due attraversate diventano ostacoli. Se due percorsi portano alla stessa casella sono mosse diverse, perché lasciano ostacoli diversi: si fa clic sulla casella di arrivo, poi sulla prima casella del percorso.",
      "Chi al proprio turno non può muovere perde. Non ci sono patte."
    ]
  },
  "havannah": {
    "en": [
      "Havannah (Christian Freeling, 1980) is played on a hexagonal board of 271 cells, 10 per side; the 169-cell variant has 8 per side, and here you may choose from 4 to 10. Players take turns placing one stone of their colour on any empty cell; stones never move and are never captured.",
      "You win as soon as one of your chains forms a ring (it encloses at least one cell, whatever is inside), a bridge (it joins two of the six corners) or a fork (it joins three of the six sides; corners belong to no side).",
      "Options: with the swap rule, Black's first move may take over White's first stone (the Swap button); in the Schmittberger variant, a ring must enclose at least one empty cell. If the board fills up, the game is a draw."
    ],
    "it": [
      "Havannah (Christian Freeling, 1980) si gioca su un tavoliere esagonale di 271 caselle, 10 per lato; la variante 169 ne ha 8 per lato, e qui si può scegliere da 4 a 10. A turno si colloca una pedina del proprio colore su una casella vuota; le pedine non si spostano più e non vengono mai catturate.",
      "Si vince non appena una propria catena forma un Anello (racchiude almeno una casella, qualunque cosa contenga), un Ponte (collega due dei sei angoli) o una Forchetta (collega tre dei sei lati; gli angoli non appartengono a nessun lato).",
      "Opzioni: con la regola dello scambio, alla sua prima mossa il Nero può fare sua la prima pedina del Bianco (pulsante Scambio); nella variante Schmittberger l'Anello deve racchiudere almeno una casella vuota. Se il tavoliere si riempie, la partita è patta."
    ]
  },
  "hekka": {
    "en": [
      "Hekka (Marino Carpignano, 2025) is a Barrier variant on an 8×8 board. White places the pawn in one of the two start areas (a2–d4 or e5–g7, or e5–h7 with the symmetric areas); Black must place it in the other.",
      "The pawn moves to an empty cell a knight's move away and may jump over obstacles and over the other pawn; you still choose the path, because every empty cell on it, the starting cell included, gets an obstacle.",
      "Then you must remove one obstacle: one adjacent to the opponent's pawn, orthogonally or diagonally, if there is any among those on the board before your move; otherwise any of those older obstacles; if there are no obstacles from earlier turns yet (only in the first moves), one of those just placed. Click the destination cell, the first cell of the path if asked, then the obstacle to remove.",
      "If you cannot move, you lose. Tavoliere adds two rules the original lacks, so that every game ends: the game is drawn at the third repetition of a position, and also when the limit of 500 plies is reached (you can change it in the options)."
    ],
    "it": [
      "Hekka (Marino Carpignano, 2025) è una variante di Barrier su un tavoliere 8×8. Il Bianco colloca la pedina in una delle due aree di partenza (a2–d4 oppure e5–g7, o e5–h7 con le aree simmetriche); il Nero deve collocarla nell'altra.",
      "La pedina va su una casella vuota a salto di cavallo e può scavalcare gli ostacoli e l'altra pedina; il percorso però si sceglie comunque, perché ogni casella vuota attraversata, compresa quella di partenza, riceve un ostacolo.",
      "Poi si deve togliere un ostacolo: uno adiacente, ortogonalmente o diagonalmente, alla pedina avversaria, se ce n'è fra quelli già presenti prima della mossa; altrimenti uno qualsiasi di quelli; se non ci sono ancora ostacoli dei turni precedenti (solo nelle prime mosse), uno di quelli appena collocati. Si fa clic sulla casella di arrivo, sulla prima casella del percorso se richiesto, poi sull'ostacolo da togliere.",
      "Chi non può muovere perde. Qui si aggiungono due regole, assenti nell'originale, perché ogni partita finisca: la partita è patta alla terza ripetizione di una posizione, e così pure al raggiungimento del limite di 500 semimosse (modificabile fra le opzioni)."
    ]
  },
  "hexade": {
    "en": [
      "Hexade (Christian Freeling, 1992) is played on the Havannah board. Players take turns placing one stone on any empty cell. White's second stone must be at least three cells away from White's first (the shaded cells are forbidden).",
      "Capture: when the stone just placed closes exactly two enemy stones in a straight line between itself and another stone of its colour, those two are removed, in every possible direction at once. Only the stone just placed can capture, so a stone may safely be placed between two enemy stones.",
      "Goal: a perfect six of your own stones: six (or more) in a row, a triangle of six, or a hexagon (the six cells around any cell). The six must survive your opponent's next move: if they break it with a capture, play goes on; if not, you win.",
      "Tavoliere adds a rule, so that every game ends: the game is drawn when the board fills up without a six, or after 1000 plies (you can change the limit in the options)."
    ],
    "it": [
      "Hexade (Christian Freeling, 1992) si gioca sul tavoliere di Havannah. A turno si colloca una pedina su una casella vuota. La seconda pedina del Bianco deve stare ad almeno tre caselle dalla prima (le caselle ombreggiate sono vietate).",
      "Cattura: quando la pedina appena collocata chiude esattamente due pedine avversarie in linea retta fra sé e un'altra pedina dello stesso colore, quelle due vengono tolte, in tutte le direzioni possibili, contemporaneamente. Solo la pedina appena collocata può catturare: si può quindi collocare una pedina fra due avversarie senza alcun rischio.",
      "Scopo: il 6 perfetto con le proprie pedine: sei (o più) in fila, un triangolo di sei oppure un esagono (le sei caselle intorno a una casella). Il 6 perfetto deve resistere alla mossa successiva dell'avversario: se questi lo spezza con una cattura si continua, altrimenti si vince.",
      "Qui si aggiunge una regola, perché ogni partita finisca: la partita è patta se il tavoliere si riempie senza un 6 perfetto, oppure dopo 1000 semimosse (limite modificabile fra le opzioni)."
    ]
  }
};
