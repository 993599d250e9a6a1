// QR codes (ISO/IEC 18004, model 2) for the links the room sends: byte mode, error correction
// level M (or L when M does not fit), versions 1 to 40, Reed-Solomon over GF(256).  Written for
// this room from the standard's description; tests/test_correspondence.py checks it against a
// published Reed-Solomon example and decodes its symbols with an independent reader.
//
// encodeQR(text) gives {size, version, level, mask, dark(x, y)}; drawQR(canvas, text) paints it
// dark on light with the four-module quiet zone scanners need, whatever the page's theme.

// Error correction codewords per block, and the number of blocks, for versions 1 to 40
// (the standard's table of error correction characteristics).
const EC_PER_BLOCK = {
  L: [7, 10, 15, 20, 26, 18, 20, 24, 30, 18, 20, 24, 26, 30, 22, 24, 28, 30, 28, 28,
    28, 28, 30, 30, 26, 28, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30],
  M: [10, 16, 26, 18, 24, 16, 18, 22, 22, 26, 30, 22, 22, 24, 24, 28, 28, 26, 26, 26,
    26, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28],
};
const BLOCKS = {
  L: [1, 1, 1, 1, 1, 2, 2, 2, 2, 4, 4, 4, 4, 4, 6, 6, 6, 6, 7, 8,
    8, 9, 9, 10, 12, 12, 12, 13, 14, 15, 16, 17, 18, 19, 19, 20, 21, 22, 24, 25],
  M: [1, 1, 1, 2, 2, 4, 4, 4, 5, 5, 5, 8, 9, 9, 10, 10, 11, 13, 14, 16,
    17, 17, 18, 20, 21, 23, 25, 26, 28, 29, 31, 33, 35, 37, 38, 40, 43, 45, 47, 49],
};
// The two bits that name the level in the format information.
const LEVEL_BITS = { L: 1, M: 0 };

// -- GF(256) with the polynomial x^8 + x^4 + x^3 + x^2 + 1 -------------------------------------
const EXP = new Uint8Array(512);
const LOG = new Uint8Array(256);
{
  let value = 1;
  for (let power = 0; power < 255; power++) {
    EXP[power] = value;
    LOG[value] = power;
    value <<= 1;
    if (value & 0x100) value ^= 0x11d;
  }
  for (let power = 255; power < 512; power++) EXP[power] = EXP[power - 255];
}

function times(a, b) {
  return a && b ? EXP[LOG[a] + LOG[b]] : 0;
}

// The generator polynomial (x - a^0)(x - a^1)...(x - a^(n-1)), highest power first, without
// its leading 1.
function generator(n) {
  let poly = [1];
  for (let i = 0; i < n; i++) {
    const next = new Array(poly.length + 1).fill(0);
    for (let j = 0; j < poly.length; j++) {
      next[j] ^= poly[j];
      next[j + 1] ^= times(poly[j], EXP[i]);
    }
    poly = next;
  }
  return poly.slice(1);
}

// The n error correction codewords of a block: the remainder of data(x) * x^n divided by the
// generator.
export function reedSolomon(data, n) {
  const divisor = generator(n);
  const rest = new Array(n).fill(0);
  for (const byte of data) {
    const factor = byte ^ rest.shift();
    rest.push(0);
    for (let i = 0; i < n; i++) rest[i] ^= times(divisor[i], factor);
  }
  return rest;
}

// -- the symbol's layout ----------------------------------------------------------------------
function sideOf(version) {
  return 17 + 4 * version;
}

// Centres of the alignment patterns along one axis: 6, then evenly spaced (an even step)
// down from size - 7.
function alignmentCentres(version) {
  if (version === 1) return [];
  const count = Math.floor(version / 7) + 2;
  const last = sideOf(version) - 7;
  const step = version === 32 ? 26 : Math.ceil((last - 6) / (count - 1) / 2) * 2;
  const centres = [6];
  for (let i = count - 2; i >= 0; i--) centres.push(last - i * step);
  return centres;
}

// BCH code of `value` (its bits shifted left by the degree of `poly`).
function bch(value, poly, degree) {
  let rest = value << degree;
  for (let bit = 30; bit >= degree; bit--) if ((rest >> bit) & 1) rest ^= poly << (bit - degree);
  return (value << degree) | rest;
}

class Grid {
  constructor(version) {
    this.version = version;
    this.size = sideOf(version);
    this.dark = new Uint8Array(this.size * this.size);
    this.fixed = new Uint8Array(this.size * this.size);  // function patterns: no data, no mask
    this.drawFunctionPatterns();
  }

  set(x, y, dark) {
    this.dark[y * this.size + x] = dark ? 1 : 0;
    this.fixed[y * this.size + x] = 1;
  }

  isDark(x, y) { return this.dark[y * this.size + x] === 1; }

  drawFunctionPatterns() {
    const n = this.size;
    for (let i = 0; i < n; i++) {  // timing patterns
      this.set(6, i, i % 2 === 0);
      this.set(i, 6, i % 2 === 0);
    }
    for (const [x, y] of [[3, 3], [n - 4, 3], [3, n - 4]]) this.finder(x, y);
    const centres = alignmentCentres(this.version);
    for (const cx of centres) {
      for (const cy of centres) {
        const nearFinder = (cx === 6 && cy === 6) || (cx === 6 && cy === n - 7) || (cx === n - 7 && cy === 6);
        if (!nearFinder) this.alignment(cx, cy);
      }
    }
    this.format(0, 0);  // reserved now, written once the mask is chosen
    this.versionInfo();
  }

  // A finder pattern centred on (cx, cy), with its light separator.
  finder(cx, cy) {
    for (let dy = -4; dy <= 4; dy++) {
      for (let dx = -4; dx <= 4; dx++) {
        const x = cx + dx;
        const y = cy + dy;
        if (x < 0 || y < 0 || x >= this.size || y >= this.size) continue;
        const ring = Math.max(Math.abs(dx), Math.abs(dy));
        this.set(x, y, ring !== 2 && ring !== 4);
      }
    }
  }

  alignment(cx, cy) {
    for (let dy = -2; dy <= 2; dy++) {
      for (let dx = -2; dx <= 2; dx++) this.set(cx + dx, cy + dy, Math.max(Math.abs(dx), Math.abs(dy)) !== 1);
    }
  }

  // The 15 format bits (level and mask, BCH-protected, then masked with 101010000010010),
  // twice: around the top-left finder, and split between the other two.
  format(levelBits, mask) {
    const bits = bch((levelBits << 3) | mask, 0x537, 10) ^ 0x5412;
    const bit = (i) => (bits >> i) & 1;
    const n = this.size;
    for (let i = 0; i <= 5; i++) this.set(8, i, bit(i));
    this.set(8, 7, bit(6));
    this.set(8, 8, bit(7));
    this.set(7, 8, bit(8));
    for (let i = 9; i < 15; i++) this.set(14 - i, 8, bit(i));
    for (let i = 0; i < 8; i++) this.set(n - 1 - i, 8, bit(i));
    for (let i = 8; i < 15; i++) this.set(8, n - 15 + i, bit(i));
    this.set(8, n - 8, true);  // the module that is always dark
  }

  // From version 7: the version number, BCH-protected, in two 6x3 blocks.
  versionInfo() {
    if (this.version < 7) return;
    const bits = bch(this.version, 0x1f25, 12);
    for (let i = 0; i < 18; i++) {
      const dark = (bits >> i) & 1;
      const a = this.size - 11 + (i % 3);
      const b = Math.floor(i / 3);
      this.set(a, b, dark);
      this.set(b, a, dark);
    }
  }

  // The codewords' bits in the two-module-wide columns, right to left, alternately upwards
  // and downwards, skipping the vertical timing pattern and every function module.
  place(codewords) {
    const n = this.size;
    let index = 0;
    const total = codewords.length * 8;
    for (let right = n - 1; right >= 1; right -= 2) {
      if (right === 6) right = 5;
      const upwards = ((right + 1) & 2) === 0;
      for (let step = 0; step < n; step++) {
        const y = upwards ? n - 1 - step : step;
        for (const x of [right, right - 1]) {
          if (this.fixed[y * n + x]) continue;
          if (index < total) this.dark[y * n + x] = (codewords[index >> 3] >> (7 - (index & 7))) & 1;
          index++;  // the remainder bits past the last codeword stay light
        }
      }
    }
  }

  // Count the modules that can hold data (before any are placed).
  dataModules() {
    return this.fixed.reduce((count, fixed) => count + (fixed ? 0 : 1), 0);
  }

  applyMask(mask) {
    const n = this.size;
    const rule = MASKS[mask];
    for (let y = 0; y < n; y++) {
      for (let x = 0; x < n; x++) if (!this.fixed[y * n + x] && rule(y, x)) this.dark[y * n + x] ^= 1;
    }
  }
}

// The eight mask patterns, as functions of the row i and the column j.
const MASKS = [
  (i, j) => (i + j) % 2 === 0,
  (i) => i % 2 === 0,
  (i, j) => j % 3 === 0,
  (i, j) => (i + j) % 3 === 0,
  (i, j) => (Math.floor(i / 2) + Math.floor(j / 3)) % 2 === 0,
  (i, j) => ((i * j) % 2) + ((i * j) % 3) === 0,
  (i, j) => (((i * j) % 2) + ((i * j) % 3)) % 2 === 0,
  (i, j) => (((i + j) % 2) + ((i * j) % 3)) % 2 === 0,
];

// The standard's penalty for a masked symbol: long runs, 2x2 blocks, finder-like patterns and
// an unbalanced share of dark modules.  The mask with the lowest penalty is used.
function penalty(grid) {
  const n = grid.size;
  const at = (x, y) => grid.dark[y * n + x];
  let score = 0;
  for (const line of [(i, k) => at(k, i), (i, k) => at(i, k)]) {  // rows, then columns
    for (let i = 0; i < n; i++) {
      let run = 1;
      let pattern = 0;
      for (let k = 0; k < n; k++) {
        const here = line(i, k);
        if (k > 0) {
          if (here === line(i, k - 1)) run++;
          else {
            if (run >= 5) score += run - 2;
            run = 1;
          }
        }
        pattern = ((pattern << 1) | here) & 0x7ff;
        // dark-light-dark-dark-dark-light-dark with four light modules on one side
        if (k >= 10 && (pattern === 0b10111010000 || pattern === 0b00001011101)) score += 40;
      }
      if (run >= 5) score += run - 2;
    }
  }
  for (let y = 0; y < n - 1; y++) {
    for (let x = 0; x < n - 1; x++) {
      const c = at(x, y);
      if (c === at(x + 1, y) && c === at(x, y + 1) && c === at(x + 1, y + 1)) score += 3;
    }
  }
  const dark = grid.dark.reduce((sum, d) => sum + d, 0);
  score += Math.floor(Math.abs(dark * 20 - n * n * 10) / (n * n)) * 10;
  return score;
}

// The data codewords: mode 0100 (bytes), the count, the bytes, a terminator, then padding.
function dataCodewords(bytes, version, capacity) {
  const bits = [];
  const push = (value, length) => { for (let i = length - 1; i >= 0; i--) bits.push((value >> i) & 1); };
  push(0b0100, 4);
  push(bytes.length, version < 10 ? 8 : 16);
  for (const byte of bytes) push(byte, 8);
  push(0, Math.min(4, capacity * 8 - bits.length));
  while (bits.length % 8) bits.push(0);
  const words = [];
  for (let i = 0; i < bits.length; i += 8) words.push(bits.slice(i, i + 8).reduce((v, b) => (v << 1) | b, 0));
  for (let pad = 0; words.length < capacity; pad++) words.push(pad % 2 ? 0x11 : 0xec);
  return words;
}

// Split the data into blocks, add each block's error correction, and interleave: the first
// codeword of every block, then the second, and so on; then the same for the corrections.
function interleave(data, version, level, total) {
  const count = BLOCKS[level][version - 1];
  const ecLength = EC_PER_BLOCK[level][version - 1];
  const shortLength = Math.floor(total / count) - ecLength;  // data codewords in a short block
  const longBlocks = total % count;
  const blocks = [];
  let offset = 0;
  for (let b = 0; b < count; b++) {
    const length = shortLength + (b >= count - longBlocks ? 1 : 0);
    const part = data.slice(offset, offset + length);
    offset += length;
    blocks.push({ data: part, ec: reedSolomon(part, ecLength) });
  }
  const out = [];
  for (let i = 0; i <= shortLength; i++) for (const block of blocks) if (i < block.data.length) out.push(block.data[i]);
  for (let i = 0; i < ecLength; i++) for (const block of blocks) out.push(block.ec[i]);
  return out;
}

function capacityOf(version, level) {
  const total = Math.floor(new Grid(version).dataModules() / 8);
  return { total, data: total - BLOCKS[level][version - 1] * EC_PER_BLOCK[level][version - 1] };
}

// How many bytes a symbol of this version and level holds in byte mode.
export function byteCapacity(version, level) {
  const bits = capacityOf(version, level).data * 8 - 4 - (version < 10 ? 8 : 16);
  return Math.floor(bits / 8);
}

// The symbol for `text` (UTF-8), or null when it is too long for any version.  `levels` are
// tried in order: M first, L when M cannot hold the text.
export function encodeQR(text, { levels = ["M", "L"], mask = null } = {}) {
  const bytes = new TextEncoder().encode(text);
  for (const level of levels) {
    for (let version = 1; version <= 40; version++) {
      const { total, data } = capacityOf(version, level);
      const needed = 4 + (version < 10 ? 8 : 16) + 8 * bytes.length;
      if (needed > data * 8) continue;
      const codewords = interleave(dataCodewords(bytes, version, data), version, level, total);
      let best = null;
      for (const candidate of mask === null ? [0, 1, 2, 3, 4, 5, 6, 7] : [mask]) {
        const grid = new Grid(version);
        grid.place(codewords);
        grid.applyMask(candidate);
        grid.format(LEVEL_BITS[level], candidate);
        const score = penalty(grid);
        if (!best || score < best.score) best = { grid, score, mask: candidate };
      }
      const { grid } = best;
      return { size: grid.size, version, level, mask: best.mask, dark: (x, y) => grid.isDark(x, y) };
    }
  }
  return null;
}

// Paint `text` as a QR code on `canvas` (dark modules on white, a quiet zone of four modules,
// whole pixels per module); false when the text is too long for one.
export function drawQR(canvas, text, pixels = 360) {
  const code = encodeQR(text);
  if (!code) return false;
  const modules = code.size + 8;
  const scale = Math.max(2, Math.ceil(pixels / modules));
  canvas.width = canvas.height = modules * scale;
  const context = canvas.getContext("2d");
  context.fillStyle = "#fff";
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.fillStyle = "#000";
  for (let y = 0; y < code.size; y++) {
    for (let x = 0; x < code.size; x++) if (code.dark(x, y)) context.fillRect((x + 4) * scale, (y + 4) * scale, scale, scale);
  }
  return true;
}
