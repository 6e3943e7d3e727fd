"""The page's first visit, timed (BENCHMARKS.md, issue 49): the built page
(web/dist) against the page of an earlier commit (default `main`: its
index.html, style and scripts, with this build's module, so the same
module either way), each served plain and gzipped (scripts/serve-web), in
headless Chromium with its network throttled (fast 3G: 1.6 Mbit/s down,
150 ms; slow 4G: 4 Mbit/s, 100 ms) and its CPU slowed 4x. For each, in
milliseconds from navigation: the forms shown and the first answer, cold
(a new browser, nothing cached) and warm (the same browser again, its
service worker's cache), for the bare address (its example answered) and
for a shared link (a question in the address, as Copy link makes it).
Prints a Markdown table. Never asserts: timings vary.

    python3 web/tests/timing.py [COMMIT]
"""

import functools
import gzip
import http.server
import importlib.machinery
import importlib.util
import json
import subprocess
import sys
import tempfile
import threading
import urllib.parse
from pathlib import Path

from selenium.webdriver.support.ui import WebDriverWait

import browser as page

NETWORKS = {
    "fast 3G": {"latency": 150, "down": 1.6e6, "up": 0.75e6},
    "slow 4G": {"latency": 100, "down": 4e6, "up": 3e6},
}
# A shared link: the Boar Boyz' charge, as Copy link writes it.
LINK = "#" + urllib.parse.quote(json.dumps({
    "q": "charge", "lang": "en", "values": {
        "--move": "18", "--distance": "20", "--reaction": "flee", "--target-move": "9"}}))
# When the forms are first shown: recorded from the document's start.
WATCH = """
new MutationObserver((_, seen) => {
  const tabs = document.getElementById('tabs');
  if (tabs && tabs.children.length && window.formsAt === undefined) {
    window.formsAt = Math.round(performance.now());
    seen.disconnect();
  }
}).observe(document, { childList: true, subtree: true });"""
PAGE = ["index.html", "style.css", "app.js", "engine.js", "fields.js", "units.js",
        "characters.js", "chart.js", "worker.js", "sw.js"]


def before_page(commit):
    """A folder with `commit`'s page files and this build's module."""
    folder = Path(tempfile.mkdtemp())
    for name in PAGE:
        text = subprocess.run(["git", "show", f"{commit}:web/{name}"], cwd=page.ROOT,
                              capture_output=True, check=True).stdout
        (folder / name).write_bytes(text)
    for name in ["mathhammer.js", "mathhammer_bg.wasm", "mathhammer_wasm.js"]:
        (folder / name).write_bytes((page.DIST / name).read_bytes())
    return folder


def server(folder, compressed):
    """`folder` on a free port, gzipped as scripts/serve-web serves it, or
    plain: (url, server)."""
    loader = importlib.machinery.SourceFileLoader("serve_web", str(page.ROOT / "scripts/serve-web"))
    serve_web = importlib.util.module_from_spec(importlib.util.spec_from_loader("serve_web", loader))
    loader.exec_module(serve_web)

    class Quiet(serve_web.Gzipped if compressed else http.server.SimpleHTTPRequestHandler):
        extensions_map = serve_web.Gzipped.extensions_map

        def log_message(self, *args):
            pass

    handler = functools.partial(Quiet, directory=str(folder))
    srv = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    return f"http://127.0.0.1:{srv.server_port}/", srv


def throttled(network):
    driver = page.browser(1280, 800)
    n = NETWORKS[network]
    driver.execute_cdp_cmd("Network.enable", {})
    driver.execute_cdp_cmd("Network.emulateNetworkConditions", {
        "offline": False, "latency": n["latency"], "downloadThroughput": n["down"] / 8,
        "uploadThroughput": n["up"] / 8})
    driver.execute_cdp_cmd("Emulation.setCPUThrottlingRate", {"rate": 4})
    driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": WATCH})
    return driver


def visit(driver, url):
    """(forms shown, first answer), ms from navigation."""
    driver.get(url)
    WebDriverWait(driver, 300).until(
        lambda d: d.execute_script("return window.mathhammerFirstAnswerMs !== undefined"))
    return tuple(driver.execute_script(
        "return [window.formsAt, window.mathhammerFirstAnswerMs]"))


def measure(folder, network, compressed):
    """{(visit, address): (forms, answer)} for one page, network and
    encoding."""
    url, srv = server(folder, compressed)
    times = {}
    try:
        driver = throttled(network)
        try:
            times["cold", "bare"] = visit(driver, url)
        finally:
            driver.quit()
        driver = throttled(network)
        try:
            times["cold", "link"] = visit(driver, url + LINK)
            driver.set_script_timeout(300)
            driver.execute_async_script(
                "navigator.serviceWorker.ready.then(() => arguments[0]())")
            driver.get("about:blank")
            times["warm", "link"] = visit(driver, url + LINK)
            times["warm", "bare"] = visit(driver, url)
        finally:
            driver.quit()
    finally:
        srv.shutdown()
        srv.server_close()
    return times


def main():
    commit = sys.argv[1] if len(sys.argv) > 1 else "main"
    before = before_page(commit)
    wasm = (page.DIST / "mathhammer_bg.wasm").read_bytes()
    print(f"the module: {len(wasm):,} bytes, {len(gzip.compress(wasm, 9)):,} gzipped (-9); "
          f"index.html {len((page.DIST / 'index.html').read_bytes()):,} bytes now, "
          f"{len((before / 'index.html').read_bytes()):,} at {commit}")
    print("| page | network (CPU 4x) | served | visit | bare address: forms, answered | "
          "shared link: forms, answered |")
    print("|---|---|---|---|---|---|")
    for network in NETWORKS:
        for compressed in [True, False]:
            for name, folder in [(commit, before), ("this branch", page.DIST)]:
                times = measure(folder, network, compressed)
                for visit_ in ["cold", "warm"]:
                    bare, link = times[visit_, "bare"], times[visit_, "link"]
                    print(f"| {name} | {network} | {'gzip' if compressed else 'plain'} | "
                          f"{visit_} | {bare[0]:,}, {bare[1]:,} | {link[0]:,}, {link[1]:,} |",
                          flush=True)


if __name__ == "__main__":
    sys.exit(main())
