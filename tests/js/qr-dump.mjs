// Symbols made by web/qr.js for tests/test_qr.py: reads a JSON list of {text, levels, mask}
// from the file named first, prints the symbols as JSON (rows of 0 and 1).
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

const { encodeQR, byteCapacity, reedSolomon } = await import(pathToFileURL(process.argv[2]).href);
const requests = JSON.parse(readFileSync(process.argv[3], "utf8"));
const symbols = requests.map(({ text, levels, mask }) => {
  const code = encodeQR(text, { levels, mask });
  if (!code) return null;
  const rows = [];
  for (let y = 0; y < code.size; y++) {
    let row = "";
    for (let x = 0; x < code.size; x++) row += code.dark(x, y) ? "1" : "0";
    rows.push(row);
  }
  return { version: code.version, level: code.level, mask: code.mask, rows };
});
const capacities = {};
for (const level of ["L", "M"]) capacities[level] = Array.from({ length: 40 }, (_, i) => byteCapacity(i + 1, level));
const example = reedSolomon([32, 91, 11, 120, 209, 114, 220, 77, 67, 64, 236, 17, 236, 17, 236, 17], 10);
process.stdout.write(JSON.stringify({ symbols, capacities, example }));
