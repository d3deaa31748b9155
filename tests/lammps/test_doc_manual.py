"""The manual builds: Sphinx (Debian's python3-sphinx) turns doc/ into HTML with warnings as
errors and every cross-reference resolved (-W -n), and every link between its pages, to a page
or to an anchor in one, leads somewhere. Links to other sites (LAMMPS's manual) are counted, not
followed: the machines that run the tests may have no network.

    RRP_DOC_OUT=build/doc/html test_doc_manual.py
"""
import glob
import html.parser
import os
import subprocess
import sys
import urllib.parse

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import rrptest as t  # noqa: E402

TOP = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
OUT = os.environ.get("RRP_DOC_OUT", os.path.join(TOP, "build", "doc", "html"))

try:
    import sphinx  # noqa: F401
except ImportError:
    t.check("Sphinx is installed", False, f"{sys.executable} has no sphinx: apt-get install python3-sphinx")
    t.finish()

p = subprocess.run([sys.executable, "-m", "sphinx", "-W", "--keep-going", "-n", "-q", "-b", "html",
                    os.path.join(TOP, "doc"), OUT], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
t.check("the manual builds with no warning (sphinx -W -n)", p.returncode == 0 and "WARNING" not in p.stdout,
        "\n".join(p.stdout.strip().splitlines()[-20:]))

pages = sorted(os.path.splitext(os.path.basename(f))[0] for f in glob.glob(os.path.join(TOP, "doc", "*.rst")))
missing = [pg for pg in pages if not os.path.exists(os.path.join(OUT, pg + ".html"))]
t.check(f"every page of doc/ is in the HTML ({len(pages)})", not missing, ", ".join(missing))
t.check("no Markdown page is left in doc/", not glob.glob(os.path.join(TOP, "doc", "*.md")),
        ", ".join(glob.glob(os.path.join(TOP, "doc", "*.md"))))


class Links(html.parser.HTMLParser):
    def __init__(self):
        super().__init__()
        self.ids, self.hrefs = set(), []

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if a.get("id"):
            self.ids.add(a["id"])
        if tag == "a" and a.get("name"):
            self.ids.add(a["name"])
        if tag == "a" and a.get("href"):
            self.hrefs.append(a["href"])


parsed = {}
for f in glob.glob(os.path.join(OUT, "**", "*.html"), recursive=True):
    lp = Links()
    lp.feed(open(f, encoding="utf-8").read())
    parsed[os.path.normpath(f)] = lp
broken, internal, external = [], 0, 0
for f, lp in parsed.items():
    if os.path.basename(f) in ("genindex.html", "search.html"):
        continue
    for href in lp.hrefs:
        u = urllib.parse.urlparse(href)
        if u.scheme in ("http", "https", "mailto"):
            external += 1
            continue
        if u.scheme == "file":    # (MathJax from Debian's package)
            continue
        target = os.path.normpath(os.path.join(os.path.dirname(f), u.path)) if u.path else f
        internal += 1
        if target.endswith(".html"):
            got = parsed.get(target)
            if got is None or (u.fragment and u.fragment not in got.ids):
                broken.append(f"{os.path.relpath(f, OUT)} -> {href}")
        elif not os.path.exists(target):
            broken.append(f"{os.path.relpath(f, OUT)} -> {href}")
t.check(f"every link between the pages leads somewhere ({internal} links; {external} to other sites, not "
        "followed)", internal > 0 and not broken, "; ".join(broken[:20]))
print(f"the manual: {os.path.join(OUT, 'index.html')}")
t.finish()
