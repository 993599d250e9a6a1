"""build.py lighthouse reads Lighthouse's JSON reports (issue 16): the four scores, CLS, the
targets missed and the README's table.  Lighthouse itself is not run here (it is slow); run
`python3 build.py lighthouse`."""

import build


def report(performance=0.99, accessibility=1, best=1, seo=1, cls=0.001):
    return {"categories": {"performance": {"score": performance}, "accessibility": {"score": accessibility},
                           "best-practices": {"score": best}, "seo": {"score": seo}},
            "audits": {"cumulative-layout-shift": {"numericValue": cls}}}


def test_scores_and_cls_are_read_and_targets_checked():
    good = build.lighthouse_summary(report())
    assert good == {"performance": 99, "accessibility": 100, "best-practices": 100, "seo": 100,
                    "cls": 0.001, "misses": []}
    bad = build.lighthouse_summary(report(performance=0.94, best=0.96, cls=0.05))
    assert bad["misses"] == ["performance 94 < 95", "best-practices 96 < 100", "CLS 0.05 >= 0.05"]
    # a category Lighthouse could not score (an error page) is a miss, not a crash
    broken = build.lighthouse_summary(report(accessibility=None))
    assert broken["accessibility"] is None and "accessibility None < 100" in broken["misses"]


def test_the_table_has_a_row_per_page_and_preset():
    rows = [("room", "mobile", build.lighthouse_summary(report())),
            ("article", "desktop", build.lighthouse_summary(report(seo=None, cls=0.0123)))]
    lines = build.lighthouse_table(rows).splitlines()
    assert lines[0] == "| page | preset | performance | accessibility | best practices | SEO | CLS |"
    assert lines[2] == "| room | mobile | 99 | 100 | 100 | 100 | 0.001 |"
    assert lines[3] == "| article | desktop | 99 | 100 | 100 | - | 0.012 |"
