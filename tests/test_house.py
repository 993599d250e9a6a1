"""The house's bounds (issue 36, docs/architecture.md "Sizes"): a page split by region keeps
each module readable in one sitting, and app.js is the composition root only."""

from pathlib import Path

WEB = Path(__file__).parent.parent / "web"


def test_no_module_of_the_page_is_over_500_lines_and_app_js_is_under_250():
    sizes = {path.name: len(path.read_text().splitlines()) for path in WEB.glob("*.js")}
    assert len(sizes) > 40
    assert {name: n for name, n in sizes.items() if n > 500} == {}
    assert sizes["app.js"] < 250
