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
"""

from __future__ import annotations

from time import process_time

__all__ = ["root_statistics", "merge", "worker_seed", "WorkerPool", "think"]


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


def think(spec: str, state, level: int, seconds: float | None, iterations: int | None,
          seed: int) -> dict:
    """One worker's search of ``state``: a Thinker whose budget is counted in this process's
    CPU time.  Its answer: its own best move and its root statistics."""
    from . import Thinker
    from ..core import load_game
    game = load_game(spec)
    thinker = Thinker(game, state, level=level, seconds=seconds, iterations=iterations,
                      seed=seed, clock=process_time)
    while not thinker.done:
        thinker.step(0.05)
    best = thinker.move()
    return {"best": None if best is None else game.move_name(best),
            "win_chance": thinker.engine.win_chance,
            "iterations": thinker.engine.iterations,
            "root": root_statistics(thinker)}


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
        for index, connection in enumerate(self.connections):
            connection.send({"spec": spec, "state": state, "level": level,
                             "seconds": seconds, "iterations": iterations,
                             "seed": worker_seed(seed, index)})
        answers = []
        for connection in self.connections:
            status, answer = connection.recv()
            if status != "ok":
                raise RuntimeError(f"a search worker failed: {answer}")
            answers.append(answer)
        if any(answer["root"] is None for answer in answers):
            # no tree to merge (an alpha-beta bot, or a move known at once): worker 0's move
            return {**answers[0], "answers": answers}
        return {**merge([answer["root"] for answer in answers]), "answers": answers}

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
