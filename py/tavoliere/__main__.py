"""Command line: ``python -m tavoliere {perft,show,bench,match,gtp-match,gtp-tally,gtp-rate,
gat-match,gtp,solve,footsteps-table,record,verify,problem}``;
``-h`` lists them."""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from .core import CHANCE, load_game, perft


def cmd_perft(args) -> None:
    game = load_game(args.spec)
    state = game.replay(args.moves)
    print(f"{game.spec} after {len(args.moves)} moves")
    for depth in range(1, args.depth + 1):
        start = time.perf_counter()
        count = perft(game, state, depth)
        print(f"perft {depth} {count}  ({time.perf_counter() - start:.2f} s)")


def cmd_show(args) -> None:
    game = load_game(args.spec)
    state = game.replay(args.moves)
    print(game.diagram(state))
    outcome = game.outcome(state)
    if outcome:
        print(f"outcome: {outcome}")
    else:
        names = [game.move_name(m) for m in game.legal_moves(state)]
        mover = game.to_move(state)
        if mover == CHANCE:
            print(f"dice to roll, {len(names)} possible rolls")
        else:
            player = game.text_table("en").get(f"player.{mover}", str(mover))
            print(f"{player} to move, {len(names)} legal moves")


BENCHMARKS = {"rules": ("tavoliere.bench", "rules"), "ai": ("tavoliere.ai", "bench"),
              "footsteps": ("tavoliere.ai.footsteps", "bench")}


def run_benchmark(what: str, seconds: float) -> list[dict]:
    import importlib
    module, function = BENCHMARKS[what]
    return getattr(importlib.import_module(module), function)(seconds)


def run_benchmark_in_pyodide(what: str, seconds: float) -> list[dict]:
    """The same benchmark in Pyodide under Node, with the wheel of the built site."""
    import json
    import subprocess
    import tempfile
    from pathlib import Path
    root = Path(__file__).resolve().parents[2]
    site, runner = root / "_site", root / "tests" / "pyodide" / "run.mjs"
    wheels = sorted((site / "wheels").glob("tavoliere-*.whl"))
    if not runner.exists() or not wheels:
        raise ValueError("--pyodide needs a repository checkout with a built site "
                         "(python build.py build)")
    code = (f"import json\nfrom tavoliere.__main__ import run_benchmark\n"
            f"print('RESULT ' + json.dumps(run_benchmark({what!r}, {seconds!r})))\n")
    with tempfile.NamedTemporaryFile("w", suffix=".py", delete=False) as script:
        script.write(code)
    result = subprocess.run(["node", str(runner), str(site / "pyodide"), str(wheels[-1]),
                             script.name], capture_output=True, text=True)
    Path(script.name).unlink()
    lines = [line for line in result.stdout.splitlines() if line.startswith("RESULT ")]
    if result.returncode or not lines:
        raise ValueError(f"the benchmark failed in Pyodide:\n{result.stderr[-2000:]}")
    return json.loads(lines[-1][len("RESULT "):])


def cmd_bench(args) -> None:
    cpython = run_benchmark(args.what, args.seconds)
    pyodide = run_benchmark_in_pyodide(args.what, args.seconds) if args.pyodide else None
    header = f"{'benchmark':<52} {'CPython':>12}"
    if pyodide:
        header += f" {'Pyodide':>12} {'slower':>7}"
    print(f"python {sys.version.split()[0]}; {args.seconds:g} s per measurement")
    print(header)
    for index, row in enumerate(cpython):
        label = " ".join(str(v) for v in row.values() if isinstance(v, str))
        for key, value in row.items():
            if key == "seconds" or isinstance(value, (str, bool)) or not isinstance(value, (int, float)):
                continue
            name = label if key == "value" else f"{label} {key}"
            line = f"{name:<52} {value:>12,.2f}"
            if pyodide:
                other = pyodide[index].get(key)
                # how many times slower Pyodide is: a time grows, a rate shrinks
                is_time = name.endswith((", s", ", ms"))
                ratio = (other / value if is_time else value / other) if other and value else float("nan")
                line += f" {other:>12,.2f} {ratio:>6.2f}x"
            print(line)


def cmd_match(args) -> None:
    from .ai import match
    result = match(args.spec, args.bot_a, args.bot_b, games=args.games, seconds=args.seconds,
                   seed=args.seed, log=print if args.verbose else None, scale=args.scale,
                   opening=args.opening, jobs=args.jobs, iterations=args.iterations,
                   cpu=args.cpu)
    low, high = result["ci95"]
    budget = (f"{args.iterations} iterations" if args.iterations
              else f"{args.seconds} s" if args.seconds else "each level's time" if args.scale == 1
              else f"each level's time x {args.scale}")
    budget += " of CPU time" if args.cpu and not args.iterations else ""
    opening = f", {args.opening} random plies first" if args.opening else ""
    seating = ("colours alternated" if result["players"] == 2 else
               f"{result['a']} in each of the {result['players']} seats in turn")
    print(f"{result['spec']}: {result['a']} v {result['b']}, {result['games']} games, "
          f"{seating}, {budget} a move{opening}")
    print(f"{result['a']} {result['a_wins']} wins, {result['b']} {result['b_wins']} wins, "
          f"{result['draws']} draws; {result['a']} scores {result['a_score']:.1%} "
          f"(95% interval {low:.1%} to {high:.1%}); {result['mean_plies']:.0f} plies a game")
    print(f"{result['a']} by seat: " + ", ".join(
        f"as {row['seat']} {row['score']:g} of {row['games']}"
        for row in result["a_by_seat"] if row["games"]))
    reached = [f"{result[side]} {depth:.2f}" for side, depth in result["depth"].items() if depth]
    if reached:
        print("mean depth of the split alpha-beta searches: " + ", ".join(reached))


def cmd_gtp_match(args) -> None:
    from .ai.gtp import build_morat, build_pachi, engine_match, engine_matches, pachi_command
    command = args.engine
    if args.build_morat:
        binary = build_morat(args.build_morat, args.cache)
        print(f"morat-havannah: {binary}")
        command = command or str(binary)
    if args.build_pachi:
        binary = build_pachi(args.build_pachi, args.cache)
        print(f"pachi: {binary}")
        command = command or pachi_command(binary, args.theirs_sims)
    if not command:
        raise ValueError("give the engine's command line (--engine), --build-morat SOURCE "
                         "or --build-pachi SOURCE")
    match = dict(spec=args.spec, command=command, ours_seconds=args.ours_seconds,
                 theirs_seconds=args.theirs_seconds, level=args.level, records=args.records,
                 iterations=args.ours_iterations, workers=args.workers,
                 theirs_sims=args.theirs_sims)
    log = print if args.verbose else None
    if args.jobs > 1:
        if not args.workers:
            raise ValueError("--jobs needs --workers (budgets of CPU time or iterations, "
                             "which the other games' load cannot cut)")
        result = engine_matches(args.jobs, args.games, seed=args.seed, log=log, **match)
    else:
        result = engine_match(games=args.games, seed=args.seed, log=log, **match)
    low, high = result["ci95"]
    mean = result["their_mean_seconds"]
    ours = (f"{args.ours_iterations} iterations" if args.ours_iterations else
            f"{args.ours_seconds:g} s{' of CPU time' if args.workers else ''}")
    theirs = (f"{args.theirs_sims} simulations" if args.theirs_sims else
              f"{args.theirs_seconds:g} s" if args.theirs_seconds else "its own pace")
    print(f"{result['spec']}: ours (level {args.level}, {ours} a move"
          f"{f' in each of {args.workers} workers' if args.workers else ''}) v "
          f"{result['engine']} ({theirs} a move"
          f"{f', {mean:.2f} s used on average' if mean is not None else ''}), "
          f"{result['games']} games, colours alternated, seed {args.seed}")
    print(f"ours {result['wins']} wins, {result['losses']} losses, {result['draws']} draws; "
          f"ours scores {result['score']:.1%} (95% interval {low:.1%} to {high:.1%}); "
          f"{result['mean_plies']:.0f} plies a game")
    checked = result["checked"]
    print(f"the engine's board agreed with ours after {checked['boards']} games, its winner "
          f"in {checked['winners']}; {len(result['disagreements'])} disagreements")
    for line in result["restarts"]:
        print(f"restart: {line}")
    for line in result["disagreements"]:
        print(f"disagreement: {line}")


def cmd_gat_match(args) -> None:
    import shlex
    from .ai.gat import build_gat, gat_match
    if args.client:
        command = shlex.split(args.client)
    elif args.build_gat:
        built = build_gat(args.build_gat, args.cache)
        command = [str(built / "bin/client.out"), str(built / f"bin/{args.player}Player.so")]
    else:
        raise ValueError("give the client's command line (--client) or --build-gat SOURCE")
    result = gat_match(command, games=args.games, spec=args.spec, level=args.level,
                       seconds=args.seconds, iterations=args.iterations, seed=args.seed,
                       log=print if args.verbose else None, records=args.records)
    low, high = result["ci95"]
    print(f"{args.spec}: ours (level {args.level}) v {Path(command[-1]).name}, "
          f"{result['games']} games, colours alternated, seed {args.seed}")
    print(f"ours {result['wins']} wins, {result['losses']} losses, {result['draws']} draws; "
          f"ours scores {result['score']:.1%} (95% interval {low:.1%} to {high:.1%}); "
          f"{result['mean_plies']:.0f} plies a game; {len(result['faults'])} faults of the "
          f"client")
    for line in result["faults"]:
        print(f"fault: {line}")


def cmd_gtp_tally(args) -> None:
    from .ai.gtp import tally
    lines = []
    for name in args.records:
        with open(name) as records:
            lines += records.read().splitlines()
    rows = tally(lines)          # a record it cannot read fails before the table starts
    print("| spec | engine | level | workers | ours a move | theirs a move | games | "
          "our score | 95% interval | plies |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for row in rows:
        low, high = row["ci95"]
        print(f"| {row['spec']} | {row['engine']} | {row['level']} | {row['workers']} | "
              f"{row['ours']} | {row['theirs']} | {row['games']} | "
              f"{row['score'] / row['games']:.1%} ({row['score']:g}) | {low:.1%}-{high:.1%} | "
              f"{row['mean_plies']} |")


def cmd_gtp_rate(args) -> None:
    import statistics          # here: the site's Python leaves it out, and bench runs there
    from .ai.gtp import work_rates
    rates = work_rates(args.spec, args.engine, args.seconds, args.plies, args.level)
    for who, counts in rates.items():
        print(f"{who}: median {statistics.median(counts):.0f} a move over {len(counts)} moves "
              f"of {args.seconds:g} s ({min(counts)} to {max(counts)})")


def cmd_gtp(args) -> None:
    from .ai.gtp_server import serve
    serve(args.spec, level=args.level, seconds=args.seconds, iterations=args.iterations,
          seed=args.seed)


def cmd_solve(args) -> None:
    from .ai.barrier_solver import describe_size, solve_size
    print(describe_size(solve_size(args.size)))


def cmd_footsteps_table(args) -> None:
    from .ai.footsteps import MAX_POINTS, write_table
    start = time.perf_counter()
    path, size = write_table(args.output)
    print(f"Footsteps values up to {MAX_POINTS} points a player: {path}, {size:,} bytes, "
          f"{time.perf_counter() - start:.1f} s")


def cmd_record(args) -> None:
    """``record convert FILE --to sgf|text [--from ...]``: the record written the other way."""
    from .study import convert
    try:
        with open(args.file, encoding="utf-8-sig") as handle:
            text = handle.read()
    except (OSError, UnicodeDecodeError) as error:
        raise ValueError(f"cannot read {args.file}: {error}") from None
    sys.stdout.write(convert(text, args.to, args.source))


def cmd_verify(args) -> int:
    from .fairplay import verify
    with open(args.record, encoding="utf-8") as file:
        holds, lines = verify(file.read())
    for line in lines:
        print(line)
    print("the record holds" if holds else "the record does not hold")
    return 0 if holds else 1


def cmd_problem_check(args) -> None:
    import json
    from .problems import check
    moves = None if args.moves is None else [m for m in args.moves.split(",") if m.strip()]
    result = check(args.spec, position=args.position, moves=moves, goal=args.goal)
    print(json.dumps({key: result[key] for key in ("sound", "keys", "line", "refutations")},
                     ensure_ascii=False))


def cmd_problem_mine(args) -> None:
    import json
    from .problems import mine
    log = (lambda text: print(text, file=sys.stderr)) if args.verbose else None
    records = None
    if args.records:
        from pathlib import Path
        records = [line.strip().split(",") for line in
                   Path(args.records).read_text(encoding="utf-8").splitlines() if line.strip()]
    found = mine(args.spec, args.count, seed=args.seed, max_n=args.max_n,
                 max_nodes=args.max_nodes, games=args.games, log=log, last=args.last,
                 kind=args.goal, records=records, per_game=args.per_game)
    if args.ship:
        from .core import load_game
        from .problems import ship
        name = load_game(args.spec).name
        print(f"{len(found)} found; {ship(name, found)} problems in the collection of {name}")
        return
    text = json.dumps(found, ensure_ascii=False, indent=1)
    if args.output:
        from pathlib import Path
        Path(args.output).write_text(text + "\n", encoding="utf-8")
    else:
        print(text)


def cmd_problem_measure(args) -> None:
    import json
    from .problems import measure
    print(json.dumps(measure(args.game, args.seconds), ensure_ascii=False))


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tavoliere", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)

    p = commands.add_parser("perft", help="count move sequences to each depth")
    p.add_argument("spec", help="game spec, e.g. barrier or barrier(size=6)")
    p.add_argument("depth", type=int)
    p.add_argument("--moves", nargs="*", default=[], help="moves played first")
    p.set_defaults(run=cmd_perft)

    p = commands.add_parser("show", help="print the position after some moves")
    p.add_argument("spec")
    p.add_argument("--moves", nargs="*", default=[])
    p.set_defaults(run=cmd_show)

    p = commands.add_parser("bench", help="benchmarks: rules, ai, footsteps (the bot's best "
                                          "response gap)")
    p.add_argument("what", choices=list(BENCHMARKS))
    p.add_argument("--seconds", type=float, default=2.0, help="time per measurement")
    p.add_argument("--pyodide", action="store_true",
                   help="also run in Pyodide under Node (needs `python build.py build` first)")
    p.set_defaults(run=cmd_bench)

    p = commands.add_parser("match", help="seeded games between two bots, colours alternated "
                            "(at a table of 3-4, A in each seat in turn, B in the others)")
    p.add_argument("spec")
    p.add_argument("bot_a", help="level1..level5, random or uct; level5x4: level 5 in 4 "
                                 "worker processes, each with its own budget of CPU time; "
                                 "level3-no-rave: level 3 without one of its engine's ideas "
                                 "(an unknown one is refused with the list)")
    p.add_argument("bot_b")
    p.add_argument("--games", type=int, default=10)
    p.add_argument("--seconds", type=float, default=None,
                   help="thinking time a move (default: each level's own budget)")
    p.add_argument("--scale", type=float, default=1.0,
                   help="with the levels' own budgets, multiply each by this (a quicker ladder "
                        "that keeps the ratios between levels)")
    p.add_argument("--iterations", type=int, default=None,
                   help="think this many work units of the engine a move instead of a time "
                        "(the games then depend on the seed alone)")
    p.add_argument("--cpu", action="store_true",
                   help="count the thinking time in CPU time of the process, which other work "
                        "on the machine cannot take (the bots think one at a time)")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--opening", type=int, default=0,
                   help="start every game with this many random plies (each opening is "
                        "played with both colours)")
    p.add_argument("--jobs", type=int, default=1,
                   help="play this many games at once, one process each (the same seeds and "
                        "openings as in one process; give each its own core, or the bots lose "
                        "time)")
    p.add_argument("-v", "--verbose", action="store_true", help="print every game")
    p.set_defaults(run=cmd_match)

    p = commands.add_parser("gtp-match", help="our Havannah or Go bot against a GTP engine (morat, "
                                                "GNU Go, Pachi)")
    p.add_argument("--engine", help="the engine's command line, e.g. \"/path/morat-havannah\"")
    p.add_argument("--build-morat", metavar="SOURCE[@COMMIT]",
                   help="build morat-havannah from this git URL or source path (cached) and "
                        "play it unless --engine is given")
    p.add_argument("--build-pachi", metavar="SOURCE[@COMMIT]",
                   help="build Pachi (Go) from this git URL or source path, without its neural "
                        "network (cached), and play it on one thread unless --engine is given")
    p.add_argument("--cache", help="cache directory for --build-morat and --build-pachi "
                                   "(default $TAVOLIERE_CACHE or ~/.cache/tavoliere)")
    p.add_argument("--spec", default="havannah(size=8)",
                   help="a Havannah spec without swap, or a Go spec such as go(size=9)")
    p.add_argument("--size", type=int, help="shorthand for --spec havannah(size=N)")
    p.add_argument("--games", type=int, default=10)
    p.add_argument("--ours-seconds", type=float, default=1.0)
    p.add_argument("--theirs-seconds", type=float, default=1.0)
    p.add_argument("--level", type=int, default=5, help="our level (its slips; the time is "
                                                        "--ours-seconds)")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--records", help="append every game to this file as a JSON line")
    p.add_argument("--workers", type=int, default=0,
                   help="our bot in this many worker processes, each with --ours-seconds of "
                        "its own CPU time: N workers stand for an N-core device, however "
                        "loaded this machine")
    p.add_argument("--ours-iterations", type=int,
                   help="our bot's iterations a move (in each worker) instead of a time")
    p.add_argument("--theirs-sims", type=int,
                   help="morat's or Pachi's simulations a move instead of a time (see "
                        "gtp-rate)")
    p.add_argument("--jobs", type=int, default=1,
                   help="play this many games at once, two by two (needs --workers, and "
                        "--theirs-sims for morat or --theirs-seconds 0 for GNU Go)")
    p.add_argument("-v", "--verbose", action="store_true", help="print every game")
    p.set_defaults(run=cmd_gtp_match)

    p = commands.add_parser("gat-match", help="our Ghost bot against a player of the Geister "
                                              "AI tournament (its client and a library)")
    p.add_argument("--build-gat", metavar="SOURCE[@COMMIT]",
                   help="build the tournament's client and sample players from this git URL "
                        "or source path (ats-ito/Geister-cpp-lib; cached)")
    p.add_argument("--cache", help="cache directory for --build-gat")
    p.add_argument("--client", help="the client's command line, its player library last "
                                    "(default: the built client with --player)")
    p.add_argument("--player", default="chototsu", choices=["chototsu", "random"],
                   help="the built sample player to play")
    p.add_argument("--spec", default="ghost")
    p.add_argument("--games", type=int, default=100)
    p.add_argument("--level", type=int, default=3)
    p.add_argument("--seconds", type=float, help="our thinking time a move")
    p.add_argument("--iterations", type=int, help="our iterations a move instead of a time")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--records", help="append every game to this file as a JSON line")
    p.add_argument("-v", "--verbose", action="store_true", help="print every game")
    p.set_defaults(run=cmd_gat_match)

    p = commands.add_parser("gtp-tally", help="add up the records of gtp-match by match")
    p.add_argument("records", nargs="+")
    p.set_defaults(run=cmd_gtp_tally)

    p = commands.add_parser("gtp-rate", help="the work morat (or Pachi) and our bot do in a "
                                             "given time a move on one idle core (to set "
                                             "--theirs-sims and --ours-iterations)")
    p.add_argument("--engine", required=True, help="morat's or Pachi's command line")
    p.add_argument("--spec", default="havannah(size=8)")
    p.add_argument("--seconds", type=float, default=1.0)
    p.add_argument("--plies", type=int, default=40)
    p.add_argument("--level", type=int, default=5)
    p.set_defaults(run=cmd_gtp_rate)

    p = commands.add_parser("gtp", help="our Go bot as a GTP engine on stdin and stdout")
    p.add_argument("spec", nargs="?", default="go(size=9)", help="a Go spec, e.g. go(size=9)")
    p.add_argument("--level", type=int, help="the bot's level, 1 to 5 (default 3)")
    p.add_argument("--seconds", type=float, help="thinking time a move (instead of the level's)")
    p.add_argument("--iterations", type=int, help="search iterations a move (deterministic)")
    p.add_argument("--seed", type=int, default=0)
    p.set_defaults(run=cmd_gtp)

    p = commands.add_parser("solve", help="solve Barrier on an N x N board (who wins, from where)")
    p.add_argument("size", type=int)
    p.set_defaults(run=cmd_solve)

    p = commands.add_parser("footsteps-table", help="compute the Footsteps bot's table of "
                                                    "values (shipped in tavoliere/data)")
    p.add_argument("--output", help="where to write it (default: the package's data folder)")
    p.set_defaults(run=cmd_footsteps_table)

    p = commands.add_parser("record", help="records: convert between the text record, SGF and "
                                           "Abstract Play's JSON (docs/records.md)")
    actions = p.add_subparsers(dest="action", required=True)
    convert = actions.add_parser("convert", help="print FILE's record as SGF or as text")
    convert.add_argument("file")
    convert.add_argument("--to", required=True, choices=("sgf", "text"))
    convert.add_argument("--from", dest="source", choices=("abstractplay", "sgf", "text"),
                         help="the kind of FILE (default: told from its first characters)")
    convert.set_defaults(run=cmd_record)

    p = commands.add_parser("verify", help="replay a record and check its moves, rolls, "
                                           "commitments, reveals and result (docs/fairplay.md)")
    p.add_argument("record", help="a text record (python -m tavoliere verify game.txt)")
    p.set_defaults(run=cmd_verify)

    p = commands.add_parser("problem", help="problems: prove a goal (check) or find new "
                                            "problems in seeded games (mine)")
    actions = p.add_subparsers(dest="action", required=True)
    q = actions.add_parser("check", help="prove or refute a goal from a position, and print "
                                         "the keys, the main line and the refutations as JSON")
    q.add_argument("spec")
    where = q.add_mutually_exclusive_group(required=True)
    where.add_argument("--position", help="the position, as Game.position_text writes it")
    where.add_argument("--moves", help="the moves from the start, separated by commas")
    q.add_argument("--goal", required=True, help="win:N, the side to move wins within N moves; "
                   "capture:N, it captures within N (games that count captures, e.g. Go)")
    q.set_defaults(run=cmd_problem_check)
    q = actions.add_parser("mine", help="find positions of seeded games where exactly one "
                                        "move wins within N (1 to --max-n), as JSON")
    q.add_argument("spec")
    q.add_argument("--count", type=int, default=10)
    q.add_argument("--seed", type=int, default=0, help="the first game's seed")
    q.add_argument("--games", type=int, default=1000, help="at most this many games")
    q.add_argument("--max-n", type=int, default=3)
    q.add_argument("--max-nodes", type=int, default=100_000,
                   help="give up a position whose proof needs more nodes")
    q.add_argument("--last", type=int, help="look only at the last LAST positions of each game")
    q.add_argument("--goal", choices=["win", "capture"], default="win",
                   help="the kind of goal: win, or capture (games that count captures)")
    q.add_argument("--per-game", type=int, help="at most this many problems from one game")
    q.add_argument("--records", help="a file of game records (move names joined by commas, "
                                     "one game a line) to look at instead of seeded games")
    q.add_argument("--output", help="write the problems to this file instead")
    q.add_argument("--ship", action="store_true", help="add them to the package's collection "
                                                       "(data/problems/GAME.json), proven again")
    q.add_argument("-v", "--verbose", action="store_true", help="report each find on stderr")
    q.set_defaults(run=cmd_problem_mine)
    q = actions.add_parser("measure", help="CPU time to prove a game's shipped problems, and "
                                           "the largest N proven within --seconds")
    q.add_argument("game")
    q.add_argument("--seconds", type=float, default=10.0)
    q.set_defaults(run=cmd_problem_measure)

    args = parser.parse_args(argv)
    if args.command == "gtp-match" and args.size:
        args.spec = f"havannah(size={args.size})"
    try:
        code = args.run(args)
    except (ValueError, OSError) as error:  # bad specs, moves, files: a message, not a traceback
        print(f"error: {error}", file=sys.stderr)
        return 2
    return code or 0


if __name__ == "__main__":
    sys.exit(main())
