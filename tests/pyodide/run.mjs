// Runs Python code in Pyodide under Node with the project wheel installed.
//   node tests/pyodide/run.mjs RUNTIME_DIR WHEEL CODE_FILE [--micropip WHEEL_DIR]
// With --micropip the wheel is installed by micropip.install (as another Pyodide page would),
// otherwise by pyodide.loadPackage (as the site does).  Python's stdout goes to stdout.
import { readFile } from "node:fs/promises";
import { pathToFileURL } from "node:url";
import path from "node:path";

const [runtime, wheel, codeFile, flag, wheelDir] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(path.join(runtime, "pyodide.mjs")).href);
const pyodide = await loadPyodide({
  indexURL: path.resolve(runtime) + "/",
  stdout: (line) => process.stdout.write(line + "\n"),
  stderr: (line) => process.stderr.write(line + "\n"),
});
if (flag === "--micropip") {
  for (const name of ["packaging-26.1-py3-none-any.whl", "micropip-0.11.1-py3-none-any.whl"]) {
    await pyodide.loadPackage(path.resolve(wheelDir, name), { messageCallback: () => {} });
  }
  const data = await readFile(wheel);
  const target = `/tmp/${path.basename(wheel)}`;
  pyodide.FS.writeFile(target, data);
  await pyodide.runPythonAsync(`import micropip\nawait micropip.install("emfs:${target}")`);
} else {
  await pyodide.loadPackage(path.resolve(wheel), { messageCallback: () => {} });
}
await pyodide.runPythonAsync(await readFile(codeFile, "utf8"));
