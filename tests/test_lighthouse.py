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


# Fetches PATHS from the server at argv[1] over HTTP/2, printing each status and encoding.
HTTP2_GET = """
const http2 = require("node:http2");
const client = http2.connect(process.argv[1], { rejectUnauthorized: false });
const paths = ["/index.html", "/../build.py", "/site.json"];
let left = paths.length;
for (const path of paths) {
  const request = client.request({ ":path": path, "accept-encoding": "gzip" });
  request.on("response", (headers) => {
    console.log(path, headers[":status"], headers["content-encoding"] || "-");
    if (--left === 0) client.close();
  });
  request.resume();
  request.end();
}
"""


def test_the_site_is_measured_over_http2_with_gzip_as_pages_serves_it(site):
    """Lighthouse's server (tests/pages_server.mjs): HTTP/2 over TLS, text gzip-compressed,
    nothing outside the site served."""
    import shutil
    import subprocess
    if not shutil.which("openssl"):
        import pytest
        pytest.skip("no openssl: build.py lighthouse serves over HTTP/1.1 instead")
    base, flags, stop = build.pages_server()
    try:
        out = subprocess.run(["node", "-e", HTTP2_GET, base], capture_output=True, text=True,
                             timeout=60).stdout
    finally:
        stop()
    assert base.startswith("https://") and "--ignore-certificate-errors" in flags
    assert sorted(out.splitlines()) == ["/../build.py 404 -", "/index.html 200 gzip",
                                        "/site.json 200 gzip"], out
