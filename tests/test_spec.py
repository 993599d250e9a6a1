"""Game specs: core.parse_spec against the table of cases that web/spec.js is held to as well
(tests/data/specs.json; the page's side runs under Node in tests/js/spec.test.mjs)."""
import json
from pathlib import Path

import pytest

from tavoliere.core import parse_spec
from tavoliere.messages import Problem

CASES = json.loads((Path(__file__).parent / "data" / "specs.json").read_text())["cases"]


@pytest.mark.parametrize("case", CASES, ids=[repr(c["spec"][:30]) for c in CASES])
def test_parse_spec_reads_the_shared_cases(case):
    if "error" in case:
        with pytest.raises(Problem) as refused:
            parse_spec(case["spec"])
        assert refused.value.code == case["error"]
    else:
        assert parse_spec(case["spec"]) == (case["name"], case["options"])


def test_the_table_holds_both_kinds_of_case():
    # a table of refusals only (or readings only) would let one side drift unseen
    codes = {case.get("error") for case in CASES}
    assert None in codes and {"game.spec", "game.malformed", "game.malformed-option", "game.option-twice"} <= codes
