"""Root-parallel tree search: several searches of one position, each with a seed and a tree of
its own, their root statistics merged at the end.

Root parallelisation (Chaslot, Winands and van den Herik, "Parallel Monte-Carlo Tree Search",
2008) needs no shared memory: each worker searches alone, and only the visits and wins of the
root's moves are added up, the most visited move being played.  It suits Web Workers on a
static host (no SharedArrayBuffer) and, here, processes.

- ``root_statistics(thinker)``: what one search knows of the root's moves, as plain data
  (move names, visits, wins, proofs) that a worker can send back;
- ``merge(statistics)``: the move the workers agree on, and its winning chance;
- ``WorkerPool``: searches in separate processes, each keeping its tree between moves as a
  Web Worker does, thinking for a budget of its *own CPU time* (``time.process_time``), so
  that N workers times T seconds stand for a device of N cores thinking T seconds however
  loaded this machine is (the match harness's bots ``level5x4`` and so on).

With ``iterations`` instead of seconds and the same seed, the merged move is the same on every
run: worker ``i`` is seeded with ``worker_seed(seed, i)``.

An alpha-beta search has no statistics to add up; it splits the root instead: worker ``i`` of
``n`` searches the root moves whose text's checksum is ``i`` modulo ``n``
(``Thinker(share=(i, n))``, ``alphabeta.py``), deepening on its own, and keeps each searched
depth's best move and value:

- ``split_rows(thinker)``: ``[[depth, move name, value, win chance, proven], ...]``;
- ``merge_split(splits)``: the best move over the shares at the deepest depth every worker
  searched (a proven result stands at any depth; a proven win is taken at once).
"""

from __future__ import annotations

from time import process_time

__all__ = ["root_statistics", "merge", "split_rows", "merge_split", "worker_seed",
           "WorkerPool", "think"]

PROOFS = {"win": 1, "loss": -1}
PROVEN_VALUE = 10 ** 9    # the value of a proof found after the deepening (a solver's)


def worker_seed(seed: int, worker: int) -> int:
    """Worker 0 keeps the seed, so one worker plays as the single search does."""
    return seed + 7919 * worker


def root_statistics(thinker) -> list[list] | None:
    """``[[move name, visits, wins, proven], ...]`` for the root's moves of a tree search
    (``proven`` 1: a proven win for the mover, -1: a proven loss, 0: unknown), or None for an
    engine without a root to share (an alpha-beta search, a move known at once)."""
    stats = getattr(thinker.engine, "root_statistics", None)
    found = stats() if stats else None
    if found is None:
        return None
    return [[thinker.game.move_name(move), visits, wins, proven]
            for move, visits, wins, proven in found]


def merge(statistics: list) -> dict:
    """The merged answer of several workers' ``root_statistics``: a move proven won by any
    worker, else the most visited move over all of them (ties: the most wins, then the
    name), never one that a worker proved lost while another is not; ``win_chance`` is that
    move's share of wins.  ``{"best": name, "win_chance": float | None, "visits": int}``."""
    totals: dict[str, list] = {}
    for rows in statistics:
        for name, visits, wins, proven in rows or ():
            total = totals.setdefault(name, [0.0, 0.0, 0])
            total[0] += visits
            total[1] += wins
            if proven > 0:
                total[2] = 1
            elif proven < 0 and total[2] == 0:
                total[2] = -1
    if not totals:
        return {"best": None, "win_chance": None, "visits": 0}
    won = sorted(name for name, total in totals.items() if total[2] > 0)
    if won:
        return {"best": won[0], "win_chance": 1.0, "visits": int(totals[won[0]][0])}
    alive = {name: total for name, total in totals.items() if total[2] >= 0} or totals
    best = min(alive, key=lambda name: (-alive[name][0], -alive[name][1], name))
    visits, wins, _ = alive[best]
    return {"best": best, "win_chance": wins / visits if visits else None,
            "visits": int(sum(total[0] for total in totals.values()))}


def split_rows(thinker) -> list[list] | None:
    """What an alpha-beta search found at each depth it finished, as plain data:
    ``[[depth, move name, value, win chance, proven], ...]`` (the value on the side of the
    root's mover; ``proven`` 1 won, -1 lost, 0 not proven), or None for another engine."""
    engine = thinker.engine
    rows = getattr(engine, "split_rows", None)
    if not rows:
        return None
    name = thinker.game.move_name
    rows = [[depth, name(move), value, chance, PROOFS.get(proven, 0)]
            for depth, move, value, chance, proven in rows]
    proven = PROOFS.get(engine.proven, 0)
    if proven and rows[-1][4] != proven:     # proved after the deepening (Barrier's solver)
        rows.append([rows[-1][0], name(thinker.move()), proven * PROVEN_VALUE,
                     float(proven > 0), proven])
    return rows


def merge_split(splits: list) -> dict:
    """The move of several workers' shares of the root (``split_rows`` each, None for a
    worker with nothing to say): a proven win if a worker found one, else the best value at
    the deepest depth that every worker still searching has finished (a proven result
    stands at any depth; ties: the first worker).  ``{"best", "win_chance", "depth"}``."""
    workers = [rows for rows in splits if rows]
    if not workers:
        return {"best": None, "win_chance": None, "depth": 0}
    for rows in workers:
        if rows[-1][4] > 0:
            return {"best": rows[-1][1], "win_chance": 1.0, "depth": rows[-1][0]}
    searching = [rows[-1][0] for rows in workers if rows[-1][4] == 0]
    depth = min(searching) if searching else max(rows[-1][0] for rows in workers)
    chosen = []
    for index, rows in enumerate(workers):
        finished = [row for row in rows if row[0] <= depth]
        row = rows[-1] if rows[-1][4] else finished[-1] if finished else None
        if row is not None:
            chosen.append((row[2], -index, row))
    best = max(chosen)[2]
    return {"best": best[1], "win_chance": best[3], "depth": depth}


def merged_answer(answers: list) -> dict:
    """The pool's answer from its workers' (worker 0's first), as the page's pool plays it
    (``mergeRequest`` in web/pool.js): worker 0's root statistics merged with every other
    worker's that has some (a worker stopped before its first whole sample has none), or
    the split root of an alpha-beta search (``merge_split``, which also gives the depth
    every worker finished); worker 0's own answer when it shares nothing (a move known at
    once, a kernel that does not split) or no other worker shares its statistics."""
    if answers[0]["root"] is not None:
        roots = [answer["root"] for answer in answers if answer["root"] is not None]
        if len(roots) > 1:
            return merge(roots)
    elif answers[0]["split"] is not None:
        merged = merge_split([answer["split"] for answer in answers])
        if merged["best"] is not None:
            return merged
    return dict(answers[0])


def think(spec: str, state, level: int, seconds: float | None, iterations: int | None,
          seed: int, share=None) -> dict:
    """One worker's search of ``state``: a Thinker whose budget is counted in this process's
    CPU time (``share``: its part of an alpha-beta root).  Its answer: its own best move,
    and its root statistics (a tree search) or its rows of the split root (alpha-beta)."""
    from . import Thinker
    from ..core import load_game
    game = load_game(spec)
    thinker = Thinker(game, state, level=level, seconds=seconds, iterations=iterations,
                      seed=seed, clock=process_time, share=share)
    best = thinker.finish()
    return {"best": None if best is None else game.move_name(best),
            "win_chance": thinker.engine.win_chance,
            "iterations": thinker.engine.iterations,
            "root": root_statistics(thinker), "split": split_rows(thinker)}


def _serve(connection) -> None:
    """A worker process: answers ``think`` requests until it receives None.  The bots keep
    their trees in module state, so each process keeps its own between moves."""
    while True:
        request = connection.recv()
        if request is None:
            return
        try:
            connection.send(("ok", think(**request)))
        except Exception as error:                    # sent back, raised in the caller
            connection.send(("error", f"{type(error).__name__}: {error}"))


class WorkerPool:
    """``workers`` search processes, started once and kept, each with its own trees."""

    def __init__(self, workers: int):
        if workers < 1:
            raise ValueError("workers must be at least 1")
        import multiprocessing            # here: the browser's Python has no processes
        # fork where there is one (quick to start, and works from any main module)
        methods = multiprocessing.get_all_start_methods()
        context = multiprocessing.get_context("fork" if "fork" in methods else "spawn")
        self.connections, self.processes = [], []
        for _ in range(workers):
            ours, theirs = context.Pipe()
            process = context.Process(target=_serve, args=(theirs,), daemon=True)
            process.start()
            self.connections.append(ours)
            self.processes.append(process)

    def choose(self, spec: str, state, level: int, seconds: float | None = None,
               iterations: int | None = None, seed: int = 0) -> dict:
        """Every worker searches the position (worker ``i`` seeded ``worker_seed(seed, i)``)
        at once; the merged answer (``merge``), with ``answers``, each worker's own."""
        count = len(self.connections)
        for index, connection in enumerate(self.connections):
            connection.send({"spec": spec, "state": state, "level": level,
                             "seconds": seconds, "iterations": iterations,
                             "seed": worker_seed(seed, index), "share": (index, count)})
        answers = []
        for connection in self.connections:
            status, answer = connection.recv()
            if status != "ok":
                raise RuntimeError(f"a search worker failed: {answer}")
            answers.append(answer)
        return {**merged_answer(answers), "answers": answers}

    def close(self) -> None:
        for connection in self.connections:
            try:
                connection.send(None)
            except (BrokenPipeError, OSError):
                pass
        for process in self.processes:
            process.join(timeout=5)
            if process.is_alive():
                process.kill()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
