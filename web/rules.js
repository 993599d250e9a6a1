// Short rules of each game, written for Tavoliere, in English and Italian.  Plain text:
// each entry is a list of paragraphs, shown with textContent.
export const RULES = {
  barrier: {
    en: [
      "Barrier (Karl Scherer, 2002) is played on a square board, 8×8 here unless you pick 5×5 to 9×9. Each player has one pawn; the neutral obstacles are unlimited.",
      "White, then Black, puts the pawn on any empty cell. From then on, each turn you move your pawn like a chess knight, but along a path: one step, then two at a right angle, or two steps, then one. The two cells crossed and the destination must be empty: you may not cross obstacles or the other pawn.",
      "The cell you leave and the two cells you cross become obstacles. When two paths reach the same cell, they are different moves, because they leave different obstacles: click the destination, then the first step.",
      "If you cannot move when it is your turn, you lose. There are no draws.",
    ],
    it: [
      "Barrier (Karl Scherer, 2002) si gioca su una scacchiera quadrata, qui 8×8 salvo che si scelga da 5×5 a 9×9. Ogni giocatore ha una pedina; gli ostacoli neutri sono illimitati.",
      "Il Bianco, poi il Nero, mette la pedina su una casella vuota a scelta. Poi, a turno, si muove la propria pedina come il cavallo degli scacchi, ma lungo un percorso: un passo e poi due ad angolo retto, oppure due passi e poi uno. Le due caselle attraversate e quella di arrivo devono essere vuote: non si passa sopra ostacoli né sopra l'altra pedina.",
      "La casella di partenza e le due attraversate diventano ostacoli. Se due percorsi portano alla stessa casella sono mosse diverse, perché lasciano ostacoli diversi: fai clic sull'arrivo, poi sul primo passo.",
      "Chi al proprio turno non può muovere perde. Non ci sono patte.",
    ],
  },
  hekka: {
    en: [
      "Hekka (Marino Carpignano, 2025) is a Barrier variant on 8×8. White places the pawn in one of two start areas (a2–d4 or e5–g7, or e5–h7 with symmetric areas); Black must place in the other.",
      "The pawn moves to an empty cell a knight's move away and may jump over obstacles and over the other pawn, but you still choose the path, because every empty cell on it, the starting cell included, gets an obstacle.",
      "Then you must remove one obstacle: one next to the opponent's pawn if there is any (among those already on the board before your move); otherwise any older obstacle; only at the very start, one of those you just placed. Click the destination, the first step if asked, then the obstacle to remove.",
      "If you cannot move, you lose. Tavoliere adds two rules the original lacks, so every game ends: the third repetition of a position is a draw, and so is reaching the move limit (500 plies).",
    ],
    it: [
      "Hekka (Marino Carpignano, 2025) è una variante di Barrier su 8×8. Il Bianco mette la pedina in una delle due aree di partenza (a2–d4 oppure e5–g7, o e5–h7 con le aree simmetriche); il Nero deve metterla nell'altra.",
      "La pedina va su una casella vuota a salto di cavallo e può scavalcare ostacoli e l'altra pedina, ma il percorso si sceglie comunque, perché ogni casella vuota attraversata, compresa quella di partenza, riceve un ostacolo.",
      "Poi si deve togliere un ostacolo: uno vicino alla pedina avversaria, se ce n'è (fra quelli già presenti prima della mossa); altrimenti uno qualsiasi dei precedenti; solo all'inizio, uno di quelli appena messi. Fai clic sull'arrivo, sul primo passo se richiesto, poi sull'ostacolo da togliere.",
      "Chi non può muovere perde. Tavoliere aggiunge due regole che l'originale non ha, perché ogni partita finisca: la terza ripetizione di una posizione è patta, e lo è anche il raggiungimento del limite di mosse (500 semimosse).",
    ],
  },
  havannah: {
    en: [
      "Havannah (Christian Freeling, 1979) is played on a hexagonal board of 271 cells (side 10), or 169 cells (side 8). Players take turns placing one stone of their colour on any empty cell; stones never move.",
      "You win as soon as one of your chains makes a ring (it encloses at least one cell, whatever is inside), a bridge (it joins two of the six corners) or a fork (it joins three of the six sides; corners belong to no side).",
      "Options: with the swap rule, Black's first move may take over White's first stone (click that stone); with Schmittberger rings, a ring must enclose at least one empty cell. A full board is a draw.",
    ],
    it: [
      "Havannah (Christian Freeling, 1979) si gioca su una scacchiera esagonale di 271 caselle (lato 10), oppure di 169 (lato 8). A turno si mette una pedina del proprio colore su una casella vuota; le pedine non si muovono più.",
      "Si vince appena una propria catena forma un anello (racchiude almeno una casella, qualunque cosa contenga), un ponte (collega due dei sei angoli) o una forchetta (collega tre dei sei lati; gli angoli non appartengono a nessun lato).",
      "Opzioni: con la regola dello scambio, la prima mossa del Nero può prendere la prima pedina del Bianco (fai clic su quella pedina); con gli anelli di Schmittberger, un anello deve racchiudere almeno una casella vuota. La scacchiera piena è patta.",
    ],
  },
  hexade: {
    en: [
      "Hexade (Christian Freeling, 1992) uses the Havannah board. Players take turns placing one stone on any empty cell. White's second stone must be at least three cells away from White's first (the shaded cells are forbidden).",
      "Capture: when your stone closes exactly two enemy stones in a straight line between itself and another of your stones, those two are removed, in every direction at once. Only the stone just placed captures, so you may safely place between enemy stones.",
      "Goal: a perfect six, made of your stones: six (or more) in a line, a triangle of six, or the six cells around any cell. The six must survive your opponent's next move: if they break it by a capture, play goes on; if not, you win.",
      "Tavoliere ends the game as a draw when the board is full or after 1000 plies.",
    ],
    it: [
      "Hexade (Christian Freeling, 1992) usa la scacchiera di Havannah. A turno si mette una pedina su una casella vuota. La seconda pedina del Bianco deve stare ad almeno tre caselle dalla prima (le caselle ombreggiate sono vietate).",
      "Cattura: quando la tua pedina chiude esattamente due pedine avversarie in linea retta fra sé e un'altra tua pedina, quelle due vengono tolte, in tutte le direzioni insieme. Cattura solo la pedina appena messa: ci si può mettere tranquillamente fra pedine avversarie.",
      "Scopo: un sei perfetto con le proprie pedine: sei (o più) in linea, un triangolo di sei, o le sei caselle intorno a una casella. Il sei deve resistere alla mossa successiva dell'avversario: se lo rompe con una cattura si continua, altrimenti hai vinto.",
      "Tavoliere chiude la partita in patta quando la scacchiera è piena o dopo 1000 semimosse.",
    ],
  },
};
