// The engine's memory snapshot under Node, with the site's own web/snapshot.js (no storage):
// make a snapshot, restore it twice, start a fresh Python beside them, and print what the test
// compares as one JSON line ("RESULT {...}").
//   node tests/pyodide/snapshot.mjs SITE_DIR
import { readFile } from "node:fs/promises";
import { pathToFileURL } from "node:url";
import path from "node:path";

const site = path.resolve(process.argv[2]);
const indexURL = path.join(site, "pyodide") + "/";
const { loadPyodide } = await import(pathToFileURL(path.join(indexURL, "pyodide.mjs")).href);
const { makeSnapshot, restoreSnapshot, unpack } = await import(pathToFileURL(path.join(site, "web", "snapshot.js")).href);
const info = JSON.parse(await readFile(path.join(site, "site.json"), "utf8"));
const wheel = new Uint8Array(await readFile(path.join(site, info.wheel)));

// The seeded bot's move for each game's first board, counted in iterations (so the clock
// plays no part), at the start and after two plies.
function moves(pyodide) {
  const handle = pyodide.pyimport("tavoliere.bridge").handle;
  const ask = (request) => JSON.parse(handle(JSON.stringify(request)));
  const result = {};
  for (const game of info.games) {
    const spec = Object.keys(info.boards).find((s) => s.split("(")[0] === game.name) || game.name;
    // the first positions where a player chooses (a game of dice rolls first, seeded here)
    const settled = (line) => {
      while (ask({ op: "view", game: spec, moves: line }).to_move === -1) {
        line = [...line, ask({ op: "roll", game: spec, moves: line, seed: line.length }).move];
      }
      return line;
    };
    const start = settled([]);
    const opening = settled([...start, ...ask({ op: "view", game: spec, moves: start }).legal.slice(0, 1).map((m) => m.name)]);
    for (const line of [start, opening]) {
      for (const seed of [1, 2]) {
        const id = `t${seed}`;
        const started = ask({ op: "think_start", game: spec, moves: line, iterations: 60, seed, id });
        if (!started.ok) throw new Error(JSON.stringify(started));
        while (!ask({ op: "think_step", id, slice: 1 }).progress.done) { /* until the budget */ }
        result[`${spec} ${line.join(",")} seed ${seed}`] = ask({ op: "think_stop", id }).move;
      }
    }
  }
  handle.destroy();
  return result;
}

const PROBE = `
import json, random, sys, __main__, tavoliere.bridge
from importlib import resources
book = (resources.files("tavoliere") / "data" / "barrier_book.json").read_text()
json.dumps({"random": random.random(), "hash": hash("tavoliere"),
            "thinkers": len(tavoliere.bridge._thinkers),
            "main": sorted(n for n in vars(__main__) if not n.startswith("__")),
            "book": len(book), "modules": len(sys.modules)})
`;

function probe(pyodide) {
  return JSON.parse(pyodide.runPython(PROBE, { globals: pyodide.globals.get("dict")() }));
}

const made = await makeSnapshot(loadPyodide, indexURL, info, wheel);
const result = { size: made.size, stored: made.data.heap.byteLength + made.data.files.byteLength,
                 files: made.meta.files.length, restored: [] };
for (let i = 0; i < 2; i++) {
  const started = performance.now();
  const pyodide = await restoreSnapshot(loadPyodide, indexURL, made.meta, Promise.resolve(made.data));
  const ms = performance.now() - started;
  result.restored.push({ ms, ...probe(pyodide), moves: moves(pyodide) });
}
const fresh = await loadPyodide({ indexURL });
fresh.unpackArchive(wheel, "wheel");
result.fresh = { ...probe(fresh), moves: moves(fresh) };

// Damaged copies are refused before Python sees them: one through a whole restore (the
// buffer Pyodide was given loses its mark), the others by the check alone.
async function refusal(data, restore = false) {
  try {
    if (restore) await restoreSnapshot(loadPyodide, indexURL, made.meta, Promise.resolve(data));
    else await unpack(made.meta, data, new Uint8Array(made.meta.size));
    return "accepted";
  } catch (error) {
    return String(error.message);
  }
}
const heap = new Uint8Array(made.data.heap);
const flipped = heap.slice();
flipped[flipped.length >> 1] ^= 0xff;
result.truncated = await refusal({ ...made.data, heap: heap.slice(0, heap.length >> 1).buffer }, true);
result.flipped = await refusal({ ...made.data, heap: flipped.buffer });
result.other = await refusal({ ...made.data, id: "another" });
result.whole = await refusal(made.data);
console.log("RESULT " + JSON.stringify(result));
