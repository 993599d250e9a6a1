"""The engine's error messages, as a code with parameters that can be said in any language.

Every error a user can cause (a bad game spec, a move that is not in the notation or not
legal, a record that cannot be read, a malformed bridge request) is a ``Problem``: a
ValueError with a ``code`` (a key of ``MESSAGES``) and ``params``; ``str()`` is the English
text.  The bridge sends code and params to the page, which says them with the same table.

Rendering ``MESSAGES[code][language]`` with ``params``:

- ``{name}`` takes ``params[name]``.  Values are texts, integers or lists of texts; a list
  is written joined with ``", "``.
- An integer ``player`` or ``opponent`` is a player (0 White, 1 Black), written by name
  (the ``player.N`` texts; the templates supply the article: "del {player}").
- ``{inner}`` is another message: ``params["inner"]`` is a list of codes, outermost first;
  ``{inner}`` is ``MESSAGES[inner[0]]`` rendered with the same params and ``inner[1:]``.
  All the levels share one set of params.
- ``outcome`` is a result in English words ("Black wins: White has no legal move"), as a
  record's Result tag; ``winner`` (absent for a draw) and ``reason`` (the outcome's reason
  code) come with it, so a page can say it in its own language instead.

User input is only ever quoted through ``excerpt``, so a message stays short whatever the
input.

>>> str(Problem("move.occupied", cell="j10"))
'j10 is occupied'
>>> render("at-ply", {"ply": 3, "inner": ["move.occupied"], "cell": "j10"}, "it")
'semimossa 3: la casella j10 è occupata'
"""

from __future__ import annotations

import re

__all__ = ["MESSAGES", "Problem", "excerpt", "render", "slots"]

# Reasons that follow "{move} is not legal here: " end with their own words; a few take
# an example that is written in the game's notation and is the same in every language.
MESSAGES: dict[str, dict[str, str]] = {
    # -- the bridge's requests --------------------------------------------------------------
    "request.not-json": {
        "en": "the request is not valid JSON",
        "it": "la richiesta non è un JSON valido"},
    "request.too-deep": {
        "en": "the request is nested too deeply",
        "it": "la richiesta ha troppi livelli annidati"},
    "request.not-object": {
        "en": 'the request must be a JSON object with an "op"',
        "it": 'la richiesta deve essere un oggetto JSON con un campo "op"'},
    "request.op": {
        "en": '"op" must be a text such as "view"',
        "it": '"op" deve essere un testo, per esempio "view"'},
    "request.unknown-op": {
        "en": "unknown op {op}; ops are {ops}",
        "it": "operazione {op} sconosciuta; le operazioni sono {ops}"},
    "request.no-game": {
        "en": 'the request names no game ("game": "barrier")',
        "it": 'la richiesta non indica il gioco ("game": "barrier")'},
    "request.moves": {
        "en": '"moves" must be a list of move names',
        "it": '"moves" deve essere un elenco di nomi di mosse'},
    "request.clicks": {
        "en": '"clicks" must be a list of up to 16 cell names',
        "it": '"clicks" deve essere un elenco di al massimo 16 nomi di caselle'},
    "request.marked": {
        "en": '"marked" must be a list of cell names',
        "it": '"marked" deve essere un elenco di nomi di caselle'},
    "request.too-many-moves": {
        "en": "a record may hold at most {max} moves",
        "it": "una partita può contenere al massimo {max} semimosse"},
    "request.move": {
        "en": '"move" must be a move name such as c4',
        "it": '"move" deve essere il nome di una mossa, per esempio c4'},
    "request.tags": {
        "en": '"tags" must map tag names to texts',
        "it": '"tags" deve associare a ogni nome di tag un testo'},
    "request.text": {
        "en": "\"text\" must be the record's text",
        "it": '"text" deve essere il testo della partita'},
    "request.number": {
        "en": '"{field}" must be a number from {low} to {high}',
        "it": '"{field}" deve essere un numero da {low} a {high}'},
    "request.slice": {
        "en": '"slice" must be a number of seconds up to 5',
        "it": '"slice" deve essere un numero di secondi, al massimo 5'},
    "request.id": {
        "en": '"id" must be a short text or a whole number',
        "it": '"id" deve essere un breve testo o un numero intero'},
    "request.game-over": {
        "en": "the game is over: there is nothing to think about",
        "it": "la partita è finita: non c'è nessuna mossa da cercare"},
    "request.chance": {
        "en": "the dice are to be rolled: there is no move to think about",
        "it": "tocca al lancio dei dadi: non c'è nessuna mossa da cercare"},
    "request.no-roll": {
        "en": "no roll is due in this position",
        "it": "in questa posizione non c'è da lanciare i dadi"},
    "request.no-search": {
        "en": "no search with that id is running",
        "it": "nessuna ricerca in corso con questo id"},
    "request.root": {
        "en": "root must list each worker's search statistics ([[move, visits, wins, proven], ...]) "
              "for a legal move of this position",
        "it": "root deve elencare le statistiche della ricerca di ogni worker ([[mossa, visite, "
              "vittorie, esito], ...]) per una mossa legale di questa posizione"},
    "request.split": {
        "en": "split must list each worker's rows of its share of the root ([[depth, move, "
              "value, chance, proven], ...]) for a legal move of this position",
        "it": "split deve elencare le righe di ogni worker per la sua parte delle mosse alla "
              "radice ([[profondità, mossa, valore, probabilità, esito], ...]) per una mossa "
              "legale di questa posizione"},
    "request.share": {
        "en": "share must be [index, count]: whole numbers with 0 <= index < count <= 64",
        "it": "share deve essere [indice, numero]: interi con 0 <= indice < numero <= 64"},
    "at-move": {
        "en": "move {ply} ({entry}): {inner}",
        "it": "semimossa {ply} ({entry}): {inner}"},
    "internal": {
        "en": "internal error: {detail}",
        "it": "errore interno: {detail}"},

    # -- game specs and options -------------------------------------------------------------
    "game.spec": {
        "en": "a game spec is a short text such as barrier(size=6)",
        "it": "il gioco si indica con un breve testo, per esempio barrier(size=6)"},
    "game.malformed": {
        "en": "malformed game spec {spec}; write it as name or name(key=value,...)",
        "it": "gioco {spec} scritto male; scrivi nome oppure nome(chiave=valore,...)"},
    "game.malformed-option": {
        "en": "malformed option {option} in {spec}; write key=value",
        "it": "opzione {option} scritta male in {spec}; scrivi chiave=valore"},
    "game.option-twice": {
        "en": "option {option} given twice in {spec}",
        "it": "l'opzione {option} compare due volte in {spec}"},
    "game.unknown": {
        "en": "unknown game {game}; games are {games}",
        "it": "gioco {game} sconosciuto; i giochi sono {games}"},
    "game.unknown-option": {
        "en": "{game}: unknown option {option}; options are {options}",
        "it": "{game}: opzione {option} sconosciuta; le opzioni sono {options}"},
    "option.bool": {
        "en": "{game}: option {option}={value} is not accepted; {option} takes true or false",
        "it": "{game}: l'opzione {option}={value} non è ammessa; {option} vale true o false"},
    "option.int": {
        "en": "{game}: option {option}={value} is not accepted; {option} takes an integer "
              "from {low} to {high}",
        "it": "{game}: l'opzione {option}={value} non è ammessa; {option} vale un numero "
              "intero da {low} a {high}"},
    "option.choice": {
        "en": "{game}: option {option}={value} is not accepted; {option} takes one of: "
              "{choices}",
        "it": "{game}: l'opzione {option}={value} non è ammessa; {option} vale uno fra: "
              "{choices}"},

    # -- moves: shared by every game --------------------------------------------------------
    "at-ply": {
        "en": "ply {ply}: {inner}",
        "it": "semimossa {ply}: {inner}"},
    "move.notation": {
        "en": "{move} is not a move in {title} notation",
        "it": "{move} non è una mossa nella notazione di {title}"},
    "move.notation-because": {
        "en": "{move} is not a move in {title} notation: {inner}",
        "it": "{move} non è una mossa nella notazione di {title}: {inner}"},
    "move.record-full": {
        "en": "no more moves: a game may hold at most {max}, and this one has reached it",
        "it": "non si può più muovere: una partita può contenere al massimo {max} semimosse, "
              "e questa ci è arrivata"},
    "move.not-legal": {
        "en": "{move} is not legal here",
        "it": "{move} non è una mossa possibile in questa posizione"},
    "move.not-legal-because": {
        "en": "{move} is not legal here: {inner}",
        "it": "{move} non è una mossa possibile in questa posizione: {inner}"},
    "move.ambiguous": {
        "en": "{move} is ambiguous here: it fits {moves}; write the move in full",
        "it": "{move} è ambigua in questa posizione: può essere {moves}; scrivi la mossa "
              "per intero"},
    "move.game-over": {
        "en": "{move}: the game is over",
        "it": "{move}: la partita è finita"},
    "move.occupied": {
        "en": "{cell} is occupied",
        "it": "la casella {cell} è occupata"},
    "reason.game-over": {
        "en": "the game is over ({outcome})",
        "it": "la partita è finita ({outcome})"},
    # -- positions written as text (Game.position_text / read_position) -----------------------
    "position.malformed": {
        "en": "{position} is not a position: write the pieces (token:cell,cell;...), the side "
              "to move (w or b), then any counters (ply=12)",
        "it": "{position} non è una posizione: scrivere i pezzi (token:casella,casella;...), "
              "chi muove (w o b), poi gli eventuali contatori (ply=12)"},
    "position.cell": {
        "en": "{cell} is not a cell of the {game} board",
        "it": "{cell} non è una casella del tavoliere di {game}"},
    "position.twice": {
        "en": "the cell {cell} is given two pieces",
        "it": "alla casella {cell} sono assegnati due pezzi"},
    "position.piece": {
        "en": "{piece} on {cell} cannot stand there in {game}",
        "it": "in {game} non può esserci {piece} in {cell}"},
    "position.counter": {
        "en": "{counter} is not a counter of {game}; its counters are {counters}",
        "it": "{counter} non è un contatore di {game}; i suoi contatori sono {counters}"},
    "position.counter-value": {
        "en": "{counter}={value} is not accepted: {counter} is an integer from {low} to {high}",
        "it": "{counter}={value} non è ammesso: {counter} è un numero intero da {low} a {high}"},
    "position.count": {
        "en": "there are {count} pieces {piece}, but the rules allow {allowed}",
        "it": "ci sono {count} pezzi {piece}, ma le regole ne ammettono {allowed}"},
    "position.mover": {
        "en": "in this position {player} is to move, not {opponent}",
        "it": "in questa posizione tocca al {player}, non al {opponent}"},
    "position.over": {
        "en": "this position is already decided ({outcome}): a position to solve must be "
              "still open",
        "it": "questa posizione è già decisa ({outcome}): una posizione da risolvere deve "
              "essere ancora aperta"},
    "position.unsupported": {
        "en": "{game} positions cannot be written as text (hidden moves or dice, or not yet "
              "done for this game)",
        "it": "le posizioni di {game} non si possono scrivere come testo (mosse segrete o dadi, "
              "oppure non ancora previsto per questo gioco)"},
    # -- problems (problems.py) -----------------------------------------------------------
    "problem.goal": {
        "en": "{goal} is not a goal: write win:N or capture:N, N a number of moves from 1 to "
              "{high}",
        "it": "{goal} non è un obiettivo: scrivere win:N o capture:N, con N numero di mosse da "
              "1 a {high}"},
    "problem.goal-kind": {
        "en": "a {game} problem's goal is {goals}, not {goal}",
        "it": "in un problema di {game} l'obiettivo è {goals}, non {goal}"},
    "problem.no-captures": {
        "en": "{game} does not count captures: the goal {goal} is only for games that do "
              "(such as Go); write win:N",
        "it": "{game} non conta le catture: l'obiettivo {goal} vale solo per i giochi che le "
              "contano (come il go); scrivere win:N"},
    "problem.no-position": {
        "en": "give the position (--position) or the moves that lead to it (--moves), not both",
        "it": "indicare la posizione (--position) o le mosse che vi portano (--moves), non "
              "entrambe"},
    "problem.game": {
        "en": "{game} has no problems: its moves are hidden or its dice decide",
        "it": "{game} non ha problemi: le sue mosse sono segrete o decidono i dadi"},
    "problem.unknown": {
        "en": "no problems are shipped for {game}",
        "it": "non ci sono problemi di {game}"},
    # -- solving a problem on the page (solving.py, the bridge's problem ops) -----------------
    "solving.no-id": {
        "en": "{game} has no problem {id}",
        "it": "non c'è il problema {id} di {game}"},
    "solving.too-hard": {
        "en": "this problem's proof needs more than {nodes} positions: choose a shorter goal",
        "it": "la soluzione di questo problema richiede più di {nodes} posizioni: scegliere "
              "un obiettivo più breve"},
    "solving.unsound": {
        "en": "no move wins within the goal ({goal}): this is not a problem",
        "it": "nessuna mossa vince entro l'obiettivo ({goal}): non è un problema"},
    "solving.over": {
        "en": "the problem is over: no move is left to find",
        "it": "il problema è concluso: non resta alcuna mossa da trovare"},
    "solving.not-yours": {
        "en": "the defender is to move: the reader plays the side that must win",
        "it": "tocca alla difesa: il solutore gioca la parte che deve vincere"},
    "request.position": {
        "en": "\"position\" must be a position text such as pawn.0:a1;pawn.1:c2 w",
        "it": "\"position\" deve essere una posizione scritta come testo, per esempio "
              "pawn.0:a1;pawn.1:c2 w"},
    "request.problem-step": {
        "en": "{step} is not a step of the problem op; its steps are {steps}",
        "it": "{step} non è un passo dell'operazione problem; i suoi passi sono {steps}"},
    "request.field": {
        "en": "\"{field}\" is missing or not accepted: {text}",
        "it": "\"{field}\" manca o non è ammesso: {text}"},
    "board.not-a-cell": {
        "en": "{cell} is not a cell of the {side}x{side} board",
        "it": "{cell} non è una casella del tavoliere {side}×{side}"},
    "hex.not-a-cell": {
        "en": "{cell} is not a cell of the base-{base} board",
        "it": "{cell} non è una casella del tavoliere di lato {base}"},

    # -- Barrier and Hekka ------------------------------------------------------------------
    "barrier.write": {
        "en": "write a cell such as c4 or a path such as c4-d4-e4-e3",
        "it": "scrivi una casella come c4 o un percorso come c4-d4-e4-e3"},
    "barrier.cell-count": {
        "en": "a move names one cell (c4), a whole path of four cells (c4-d4-e4-e3) or its "
              "two ends (c4-e3), not {count} cells",
        "it": "una mossa indica una casella (c4), un percorso intero di quattro caselle "
              "(c4-d4-e4-e3) o i suoi due estremi (c4-e3), non {count} caselle"},
    "barrier.place-first": {
        "en": "{player} has not placed the pawn yet, and a placement is one cell such as c4",
        "it": "il {player} non ha ancora collocato la pedina, e per collocarla si indica "
              "una sola casella, come c4"},
    "barrier.cell-taken": {
        "en": "{cell} holds {player}'s pawn",
        "it": "in {cell} c'è la pedina del {player}"},
    "barrier.pawn-elsewhere": {
        "en": "{player}'s pawn is on {start}, not on {cell}",
        "it": "la pedina del {player} è in {start}, non in {cell}"},
    "barrier.not-l": {
        "en": "{path} is not an L-shaped path (one step then two at a right angle, or two "
              "steps then one)",
        "it": "{path} non è un percorso a L (un passo e poi due ad angolo retto, oppure due "
              "passi e poi uno)"},
    "barrier.over-obstacle": {
        "en": "{cell} holds an obstacle, and the pawn jumps over nothing",
        "it": "in {cell} c'è un ostacolo, e la pedina non scavalca nulla"},
    "barrier.over-pawn": {
        "en": "{cell} holds {opponent}'s pawn, and the pawn jumps over nothing",
        "it": "in {cell} c'è la pedina del {opponent}, e la pedina non scavalca nulla"},
    "barrier.no-path": {
        "en": "no legal move of {player}'s pawn ends on {cell}",
        "it": "nessuna mossa possibile della pedina del {player} arriva in {cell}"},
    "hekka.write": {
        "en": "write a cell such as c4 or a path and the removed obstacle such as "
              "c4-c5-d5-e5/d5",
        "it": "scrivi una casella come c4 o un percorso e l'ostacolo tolto, come "
              "c4-c5-d5-e5/d5"},
    "hekka.one-removal": {
        "en": "after '/' comes the one obstacle removed",
        "it": "dopo '/' va l'unico ostacolo tolto"},
    "hekka.white-areas": {
        "en": "White places in area {first} or area {second}",
        "it": "il Bianco colloca la pedina nell'area {first} o nell'area {second}"},
    "hekka.black-area": {
        "en": "Black places in area {area}, the area White did not choose",
        "it": "il Nero colloca la pedina nell'area {area}, quella che il Bianco non ha scelto"},
    "hekka.end-obstacle": {
        "en": "{cell} holds an obstacle, and a move must end on an empty cell",
        "it": "in {cell} c'è un ostacolo, e una mossa deve finire su una casella vuota"},
    "hekka.end-pawn": {
        "en": "{cell} holds {opponent}'s pawn, and a move must end on an empty cell",
        "it": "in {cell} c'è la pedina del {opponent}, e una mossa deve finire su una "
              "casella vuota"},
    "hekka.remove-touching": {
        "en": "{removal} cannot be removed: the obstacles from earlier turns that touch "
              "{opponent}'s pawn go first ({cells})",
        "it": "non puoi togliere {removal}: prima vanno tolti gli ostacoli dei turni "
              "precedenti adiacenti alla pedina del {opponent} ({cells})"},
    "hekka.remove-old": {
        "en": "{removal} cannot be removed: no obstacle from an earlier turn touches "
              "{opponent}'s pawn, so one of the earlier obstacles goes ({cells})",
        "it": "non puoi togliere {removal}: nessun ostacolo dei turni precedenti è adiacente "
              "alla pedina del {opponent}, quindi va tolto uno degli ostacoli precedenti "
              "({cells})"},
    "hekka.remove-new": {
        "en": "{removal} cannot be removed: there are no obstacles from earlier turns, so "
              "one just placed goes ({cells})",
        "it": "non puoi togliere {removal}: non ci sono ostacoli dei turni precedenti, quindi "
              "va tolto uno di quelli appena collocati ({cells})"},

    # -- Havannah and Hexade ----------------------------------------------------------------
    "havannah.notation": {
        "en": "{move} is not a move in Havannah notation (a cell such as j10, or swap)",
        "it": "{move} non è una mossa nella notazione di Havannah (una casella come j10, "
              "oppure swap)"},
    "havannah.swap": {
        "en": "swap is only allowed as Black's first move when the game has swap=true",
        "it": "lo scambio (swap) è ammesso solo come prima mossa del Nero, nelle partite "
              "con swap=true"},
    "hexade.notation": {
        "en": "{move} is not a move in Hexade notation (a cell such as e5)",
        "it": "{move} non è una mossa nella notazione di Hexade (una casella come e5)"},
    "hexade.second-stone": {
        "en": "{cell} is at distance {distance} from White's first stone {first}; White's "
              "second stone must be at distance {min} or more",
        "it": "{cell} è a distanza {distance} dalla prima pedina del Bianco in {first}; la "
              "seconda pedina del Bianco deve stare a distanza {min} o più"},

    # -- records --------------------------------------------------------------------------
    "record.not-text": {
        "en": "a record is a text",
        "it": "una partita registrata è un testo"},
    "record.too-long": {
        "en": "the record is too long: {length} characters, at most {max} are accepted",
        "it": "la partita è troppo lunga: {length} caratteri, al massimo se ne accettano "
              "{max}"},
    "record.control-char": {
        "en": "line {line}: the record contains a control character ({char}); is it a text "
              "file?",
        "it": "riga {line}: la partita contiene un carattere di controllo ({char}); è "
              "davvero un file di testo?"},
    "record.no-game-tag": {
        "en": 'the record has no Game tag: it must start with a line such as '
              '[Game "havannah(size=8)"]',
        "it": 'nella partita manca il tag Game: deve cominciare con una riga come '
              '[Game "havannah(size=8)"]'},
    "record.game-tag": {
        "en": '[Game "{game_tag}"]: {inner}',
        "it": '[Game "{game_tag}"]: {inner}'},
    "record.move": {
        "en": "ply {ply} ({entry}): {inner}",
        "it": "semimossa {ply} ({entry}): {inner}"},
    "record.game-over": {
        "en": "the game is already over ({outcome})",
        "it": "la partita è già finita ({outcome})"},
    "record.too-many-moves": {
        "en": "the record has {count} moves; at most {max} are accepted",
        "it": "la partita ha {count} semimosse; al massimo se ne accettano {max}"},
    "record.more-moves": {
        "en": "the record has more than {max} moves; at most {max} are accepted",
        "it": "la partita ha più di {max} semimosse; al massimo se ne accettano {max}"},
    "record.tag-name": {
        "en": "tag name {name} is not accepted: a letter, then letters, digits or _",
        "it": "il nome di tag {name} non è ammesso: una lettera, poi lettere, cifre o _"},
    "record.tag-value": {
        "en": "tag {name}: the value must be one line of text",
        "it": "tag {name}: il valore deve essere una sola riga di testo"},
    "record.malformed-tag": {
        "en": 'line {line}: malformed tag line {text}; write [Name "value"]',
        "it": 'riga {line}: riga di tag {text} scritta male; scrivi [Nome "valore"]'},
    "record.tag-twice": {
        "en": "line {line}: tag {name} is given twice",
        "it": "riga {line}: il tag {name} compare due volte"},
    "record.comment-open": {
        "en": "line {line}: the comment brace {brace} is never closed",
        "it": "riga {line}: la parentesi {brace} del commento non viene mai chiusa"},
    "record.comment-close": {
        "en": "line {line}: the comment brace {brace} closes no comment",
        "it": "riga {line}: la parentesi {brace} non chiude nessun commento"},
    "record.tag-in-moves": {
        "en": "line {line}: {word} is not a move; tag lines go before the moves",
        "it": "riga {line}: {word} non è una mossa; le righe di tag vanno prima delle mosse"},
    "record.turn-number": {
        "en": "line {line}: turn number {written} does not fit: the next move is ply {ply}, "
              "{player}'s move of turn {turn} (written {expected}); is a move missing?",
        "it": "riga {line}: il numero di turno {written} non torna: la prossima è la "
              "semimossa {ply}, la mossa del {player} al turno {turn} (si scrive "
              "{expected}); manca una mossa?"},
    "record.result-mismatch": {
        "en": "the record's result RE[{result}] does not match its moves, which end with "
              "{outcome}",
        "it": "il risultato RE[{result}] della partita non corrisponde alle sue mosse, che "
              "finiscono così: {outcome}"},
    "record.result-resigned": {
        "en": "the record's result RE[{result}] does not match its moves: {player} resigned",
        "it": "il risultato RE[{result}] della partita non corrisponde alle sue mosse: il "
              "{player} ha abbandonato"},

    # -- SGF and Little Golem ---------------------------------------------------------------
    "sgf.close-nothing": {
        "en": "SGF: a ) at character {position} closes nothing",
        "it": "SGF: la ) al carattere {position} non chiude niente"},
    "sgf.text-after-end": {
        "en": "SGF: only one game per record, but text follows its end",
        "it": "SGF: una sola partita per file, ma c'è altro testo dopo la sua fine"},
    "sgf.node-outside": {
        "en": "SGF: a node at character {position} is outside its sequence",
        "it": "SGF: il nodo al carattere {position} è fuori dalla sua sequenza"},
    "sgf.property-outside": {
        "en": "SGF: a property at character {position} is outside any node",
        "it": "SGF: la proprietà al carattere {position} non è in nessun nodo"},
    "sgf.no-value": {
        "en": "SGF: property {name} has no [value]",
        "it": "SGF: la proprietà {name} non ha un [valore]"},
    "sgf.unexpected": {
        "en": "SGF: unexpected {char} at character {position}",
        "it": "SGF: {char} inatteso al carattere {position}"},
    "sgf.unfinished": {
        "en": "SGF: the record ends before its closing )",
        "it": "SGF: la partita finisce prima della ) di chiusura"},
    "sgf.value-open": {
        "en": "SGF: a [value] is never closed",
        "it": "SGF: un [valore] non viene mai chiuso"},
    "sgf.no-node": {
        "en": "SGF: the record has no node",
        "it": "SGF: la partita non ha nessun nodo"},
    "sgf.not-havannah": {
        "en": "SGF: this is a record of GM[{gm}]; only Havannah, Go (GM[1]) and Connect6 "
              "(GM[connect6]) SGF records are read",
        "it": "SGF: questa è una partita di GM[{gm}]; si leggono solo partite SGF di "
              "Havannah, di go (GM[1]) e di Connect6 (GM[connect6])"},
    "sgf.no-size": {
        "en": "SGF: the record has no SZ[...] (the board's base)",
        "it": "SGF: manca SZ[...] (il lato del tavoliere)"},
    "sgf.after-resignation": {
        "en": "a move after a resignation",
        "it": "una mossa dopo l'abbandono"},
    "sgf.wrong-player": {
        "en": "the record gives this move to {player}, but ply {ply} is {opponent}'s",
        "it": "la partita attribuisce questa mossa al {player}, ma la semimossa {ply} "
              "tocca al {opponent}"},
    "sgf.havannah-only": {
        "en": "SGF records are written for Havannah, Go and Connect6 only, not {title}",
        "it": "le partite SGF si scrivono solo per Havannah, per il go e per Connect6, non "
              "per {title}"},
    # -- studies: comments, marks, variations (tavoliere.study) -------------------------------
    "study.too-deep": {
        "en": "the record nests variations more than {max} deep",
        "it": "la partita annida le varianti per più di {max} livelli"},
    "study.too-many-nodes": {
        "en": "the record has more than {max} moves in all its lines",
        "it": "la partita ha più di {max} mosse contando tutte le varianti"},
    "study.comment-long": {
        "en": "a comment is too long: {length} characters, at most {max} are accepted",
        "it": "un commento è troppo lungo: {length} caratteri, al massimo {max}"},
    "study.comment-place": {
        "en": "line {line}: a comment must follow a move",
        "it": "riga {line}: un commento deve seguire una mossa"},
    "study.nag": {
        "en": "line {line}: {nag} is not a move mark here ($1 to $6, one per move, after it)",
        "it": "riga {line}: {nag} qui non è un segno di mossa (da $1 a $6, uno per mossa, "
              "dopo di essa)"},
    "study.variation-place": {
        "en": "line {line}: a variation ( must follow the move it replaces",
        "it": "riga {line}: una variante ( deve seguire la mossa che sostituisce"},
    "study.variation-close": {
        "en": "line {line}: the parenthesis ) closes no variation",
        "it": "riga {line}: la parentesi ) non chiude nessuna variante"},
    "study.variation-empty": {
        "en": "line {line}: a variation holds no move",
        "it": "riga {line}: una variante senza mosse"},
    "study.variation-open": {
        "en": "a variation opened with ( is never closed",
        "it": "una variante aperta con ( non viene mai chiusa"},
    "study.mark-cell": {
        "en": "{cell} is not a cell for a board mark",
        "it": "{cell} non è una casella per un segno sulla scacchiera"},
    "study.mark-label": {
        "en": "{text} is not a label: one to three characters, no spaces",
        "it": "{text} non è un'etichetta: da uno a tre caratteri, senza spazi"},
    "study.mark-item": {
        "en": "line {line}: {item} is not a mark: write e5:A for a label, d4:e5 for an arrow",
        "it": "riga {line}: {item} non è un segno: si scrive e5:A per un'etichetta, d4:e5 "
              "per una freccia"},
    "study.mark": {
        "en": "{mark} is not a board mark (circle, cross, label or arrow)",
        "it": "{mark} non è un segno sulla scacchiera (cerchio, croce, etichetta o freccia)"},
    "study.glyph": {
        "en": "{glyph} is not a move mark (!, ?, !!, ??, !?, ?!)",
        "it": "{glyph} non è un segno di mossa (!, ?, !!, ??, !?, ?!)"},
    "study.shape": {
        "en": "the study's {what} is not in the expected form",
        "it": "nello studio, {what} non ha la forma prevista"},
    "study.target": {
        "en": "a record can be written as {targets}, not {target}",
        "it": "una partita si può scrivere come {targets}, non come {target}"},
    "study.source": {
        "en": "a record can be read from {sources}, not {source}",
        "it": "una partita si può leggere da {sources}, non da {source}"},
    "study.kind": {
        "en": "the record was said to be {source}, but it reads as {kind}",
        "it": "la partita doveva essere {source}, ma risulta {kind}"},
    "sgf.variation-empty": {
        "en": "SGF: a variation holds no move",
        "it": "SGF: una variante senza mosse"},
    # -- Abstract Play records (tavoliere.abstractplay) ---------------------------------------
    "ap.json": {
        "en": "Abstract Play: the record is not JSON ({reason})",
        "it": "Abstract Play: la partita non è in JSON ({reason})"},
    "ap.shape": {
        "en": "Abstract Play: the record's {what} is missing or not in their format",
        "it": "Abstract Play: nella partita {what} manca o non è nel loro formato"},
    "ap.game": {
        "en": "Abstract Play: {game} cannot be imported; the games both sites have are {games}",
        "it": "Abstract Play: {game} non si può importare; i giochi che i due siti hanno in "
              "comune sono {games}"},
    "ap.variant": {
        "en": "Abstract Play: the variant {variant} of {game} is not played here",
        "it": "Abstract Play: la variante {variant} di {game} qui non si gioca"},
    "ap.move": {
        "en": "Abstract Play: ply {ply}: {move} cannot be read in their notation",
        "it": "Abstract Play: semimossa {ply}: {move} non si legge nella loro notazione"},
    "ap.komi": {
        "en": "Abstract Play: the komi {komi} is not a multiple of 0.5 from 0 to 100",
        "it": "Abstract Play: il komi {komi} non è un multiplo di 0,5 da 0 a 100"},
    "lg.not-a-cell": {
        "en": "{cell} is not a Little Golem cell (a letter and a number such as H3)",
        "it": "{cell} non è una casella di Little Golem (una lettera e un numero, come H3)"},
    "lg.off-board": {
        "en": "{cell} is not a cell of the base-{base} Little Golem board",
        "it": "{cell} non è una casella del tavoliere di Little Golem di lato {base}"},
    # -- fair play by link (tavoliere.fairplay) ------------------------------------------------
    "request.fair-step": {
        "en": "the fair op's step {step} is unknown; steps are {steps}",
        "it": "il passo {step} dell'operazione fair è sconosciuto; i passi sono {steps}"},
    "fair.field": {
        "en": "the fair-play field {field} cannot be read: {text}",
        "it": "il campo {field} del gioco leale non si legge: {text}"},
    "fair.at-ply": {
        "en": "ply {ply}: {inner}",
        "it": "semimossa {ply}: {inner}"},
    "fair.chain": {
        "en": "{player}'s dice value does not hash back to the head of his chain",
        "it": "il valore dei dadi del {player} non risale alla testa della sua catena"},
    "fair.no-value": {
        "en": "this roll needs {player}'s dice value, which the record does not give yet",
        "it": "per questo lancio serve il valore dei dadi del {player}, che la partita non dà ancora"},
    "fair.wrong-roll": {
        "en": "the roll written is {written}, but both players' dice values give {derived}",
        "it": "il lancio scritto è {written}, ma i valori dei dadi dei due giocatori danno {derived}"},
    "fair.ahead": {
        "en": "{player} revealed a dice value before its roll was due",
        "it": "il {player} ha svelato un valore dei dadi prima che il suo lancio fosse dovuto"},
    "fair.no-heads": {
        "en": "the dice cannot be rolled before both players have published their chain heads",
        "it": "non si lanciano i dadi prima che i due giocatori abbiano pubblicato la testa della loro catena"},
    "fair.no-roll": {
        "en": "no roll is due at the end of this record",
        "it": "alla fine di questa partita non c'è nessun lancio da fare"},
    "fair.chain-spent": {
        "en": "the chain of dice values is used up after {length} rolls",
        "it": "la catena dei valori dei dadi è esaurita dopo {length} lanci"},
    "fair.bad-reveal": {
        "en": "{player}'s reveal does not match the commitment he sent",
        "it": "ciò che il {player} ha svelato non corrisponde all'impegno che aveva inviato"},
    "fair.not-sealed": {
        "en": "this ply is not sealed in this game, so it cannot be sent as a commitment",
        "it": "in questo gioco questa semimossa non è coperta: non si può inviare come impegno"},
    "fair.awaiting-reveal": {
        "en": "the sealed ply {sealed} must be revealed before the game goes on",
        "it": "la semimossa coperta {sealed} va svelata prima che la partita prosegua"},
    "fair.no-seal": {
        "en": "ply {ply} is not a commitment waiting for its reveal",
        "it": "la semimossa {ply} non è un impegno in attesa di essere svelato"},
    "fair.heads-changed": {
        "en": "the heads of the dice chains differ from the ones published at the start",
        "it": "le teste delle catene dei dadi non sono quelle pubblicate all'inizio"},
    "fair.seal-changed": {
        "en": "the commitment of ply {ply} is not the one sent before, or it was not revealed",
        "it": "l'impegno della semimossa {ply} non è quello inviato prima, oppure non è stato svelato"},
    "fair.result": {
        "en": "the record says {written}, but its moves give {outcome}",
        "it": "la partita dice {written}, ma le sue mosse danno {outcome}"},
}

_SLOT = re.compile(r"\{([a-z_]+)\}")
_PLAYER_NAMES = {"en": ("White", "Black"), "it": ("Bianco", "Nero")}


def slots(template: str) -> set[str]:
    """The names of the ``{slots}`` of a template."""
    return set(_SLOT.findall(template))


def _player_names(language: str) -> tuple[str, str]:
    names = _PLAYER_NAMES.get(language, _PLAYER_NAMES["en"])
    try:
        from .core import CORE_TEXTS  # core imports this module: look its texts up late
    except ImportError:  # this module on its own (its doctests)
        return names
    texts = CORE_TEXTS.get(language, {})
    return texts.get("player.0", names[0]), texts.get("player.1", names[1])


def render(code: str, params: dict, language: str = "en") -> str:
    """The message ``code`` with ``params`` in ``language`` (see the module docstring).  A code
    or a parameter missing from the table gives the code and the params, never an error."""
    try:
        template = MESSAGES[code].get(language) or MESSAGES[code]["en"]
        names = _player_names(language)
        values = {}
        for key in slots(template):
            if key == "inner":
                inner = list(params["inner"])
                values[key] = render(inner[0], {**params, "inner": inner[1:]}, language)
                continue
            value = params[key]
            if key in ("player", "opponent") and isinstance(value, int) and value in (0, 1):
                value = names[value]
            elif isinstance(value, (list, tuple)):
                value = ", ".join(str(item) for item in value)
            values[key] = value
        return _SLOT.sub(lambda match: str(values[match.group(1)]), template)
    except Exception:  # an unknown code or a missing parameter: still say something
        shown = {key: value for key, value in params.items() if key != "inner"}
        return f"{code} {shown}"


class Problem(ValueError):
    """An error a user can cause: ``Problem(code, **params)``; ``str()`` is the English text.

    >>> problem = Problem("game.unknown", game=excerpt("chess"), games=["barrier", "hekka"])
    >>> problem.code, str(problem)
    ('game.unknown', "unknown game 'chess'; games are barrier, hekka")
    """

    def __init__(self, code: str, **params):
        self.code, self.params = code, params
        super().__init__(render(code, params))

    def text(self, language: str = "en") -> str:
        return render(self.code, self.params, language)

    def wrapped(self, code: str, kind: type | None = None, **params) -> Problem:
        """A message ``code`` whose ``{inner}`` is this one, as a ``kind`` (this class by
        default); the params of both levels are merged, the new ones winning."""
        inner = [self.code, *self.params.get("inner", ())]
        return (kind or type(self))(code, **{**self.params, **params, "inner": inner})

    def as_dict(self) -> dict:
        return {"code": self.code, "params": dict(self.params)}


def excerpt(value, limit: int = 24, quoted: bool = True) -> str:
    """A short excerpt of user input for a message: at most ``limit`` characters (cut with
    "…"), characters that are not printable escaped, in single quotes unless ``quoted`` is
    false.  Safe for any object (a non-text is shown by its repr).

    >>> excerpt("zz9"), excerpt("x" * 1000, 8), excerpt("a\\nb", quoted=False)
    ("'zz9'", "'xxxxxxx…'", 'a\\\\nb')
    """
    if not isinstance(value, str):
        try:
            value = repr(value)
        except Exception:
            value = f"<{type(value).__name__}>"
    pieces = [char if char.isprintable() else repr(char)[1:-1] for char in value[:limit + 1]]
    if len(value) > limit or sum(map(len, pieces)) > limit:
        kept, length = [], 0
        for piece in pieces:  # whole characters (or escapes), then the ellipsis
            if length + len(piece) > limit - 1:
                break
            kept.append(piece)
            length += len(piece)
        pieces = kept + ["…"]
    text = "".join(pieces)
    return f"'{text}'" if quoted else text
