"""The QR encoder of the correspondence links (web/qr.js), run under Node: a published
Reed-Solomon example, the standard's capacities, and every version at levels L and M decoded
by an independent reader (zxing-cpp)."""

import json
import shutil
import subprocess

import pytest
import zxingcpp

from conftest import OUTPUT, ROOT

# Bytes a byte-mode symbol holds (the standard's capacity table), for a few versions.
KNOWN_CAPACITY = {("L", 1): 17, ("M", 1): 14, ("M", 2): 26, ("L", 10): 271, ("M", 10): 213,
                  ("M", 25): 997, ("L", 25): 1273, ("M", 40): 2331, ("L", 40): 2953}


def symbols(requests):
    node = shutil.which("node")
    if not node:
        pytest.fail("node is needed for the QR tests")
    OUTPUT.mkdir(exist_ok=True)
    path = OUTPUT / "qr-requests.json"
    path.write_text(json.dumps(requests))
    result = subprocess.run([node, str(ROOT / "tests" / "js" / "qr-dump.mjs"), str(ROOT / "web" / "qr.js"),
                             str(path)], capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr[-3000:]
    return json.loads(result.stdout)


def decode(rows, scale=2):
    """What a reader finds in the symbol drawn black on white with a quiet zone of 4."""
    size = len(rows) + 8
    width = size * scale
    image = bytearray([255]) * (width * width)
    for y, row in enumerate(rows):
        for x, bit in enumerate(row):
            if bit == "1":
                for dy in range(scale):
                    start = ((y + 4) * scale + dy) * width + (x + 4) * scale
                    image[start:start + scale] = bytes(scale)
    found = zxingcpp.read_barcodes(memoryview(bytes(image)).cast("B", (width, width)),
                                   formats=zxingcpp.BarcodeFormat.QRCode)
    return found[0].text if found else None


def text_of(length, seed):
    alphabet = "abcdefghijklmnopqrstuvwxyz0123456789#=,&()-_/"
    return "".join(alphabet[(i * 7 + seed) % len(alphabet)] for i in range(length))


def test_reed_solomon_and_capacities_match_the_standard():
    answer = symbols([])
    # the "HELLO WORLD" 1-M example: its 16 data codewords and their 10 corrections
    assert answer["example"] == [196, 35, 39, 119, 235, 215, 231, 226, 93, 23]
    for (level, version), capacity in KNOWN_CAPACITY.items():
        assert answer["capacities"][level][version - 1] == capacity, (level, version)


def test_every_version_at_levels_l_and_m_decodes_and_is_the_smallest_that_fits():
    capacities = symbols([])["capacities"]
    requests, expected = [], []
    for level in ("L", "M"):
        for version in range(1, 41):
            full = capacities[level][version - 1]
            requests.append({"text": text_of(full, version), "levels": [level], "mask": None})
            expected.append((level, version))
            if version < 40:  # one byte more needs the next version
                requests.append({"text": text_of(full + 1, version), "levels": [level], "mask": None})
                expected.append((level, version + 1))
    requests.append({"text": text_of(capacities["L"][39] + 1, 0), "levels": ["M", "L"], "mask": None})
    for mask in range(8):
        requests.append({"text": f"https://example.org/#c=abc&n0=Anna%20Maria&mask={mask}&é",
                         "levels": ["M"], "mask": mask})
    made = symbols(requests)["symbols"]
    for request, symbol, (level, version) in zip(requests, made, expected):
        assert (symbol["level"], symbol["version"]) == (level, version)
        assert len(symbol["rows"]) == 17 + 4 * version
        assert decode(symbol["rows"]) == request["text"], (level, version)
    assert made[len(expected)] is None           # longer than any symbol holds
    for mask, symbol in enumerate(made[len(expected) + 1:]):
        assert symbol["mask"] == mask
        assert decode(symbol["rows"], scale=3) == requests[len(expected) + 1 + mask]["text"]
