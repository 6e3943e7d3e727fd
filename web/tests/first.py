"""The page's first screen before its module (issue 49): run from
browser.py. A server that holds the module's download back until the test
lets it go shows that a phone (375 x 812) and a desktop (1280 x 800) get
the forms and the example answered (the library's own answer, written
into the page at build time) before the module has loaded, its download
shown as progress, in English and Spanish, and that a tap on Answer
before then waits for the module and is answered once it is here."""

import functools
import http.server
import threading

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait

import browser as page


def held_server():
    """web/dist on a free port, its module's download held until the
    returned event is set: (url, event, server)."""
    go = threading.Event()

    class Held(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *args):
            pass

        def do_GET(self):
            if self.path.split("?")[0].endswith(".wasm"):
                go.wait(120)
            super().do_GET()

    handler = functools.partial(Held, directory=str(page.DIST))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return f"http://127.0.0.1:{server.server_port}/", go, server


def state(driver):
    return driver.execute_script("""
        const shown = e => e && e.offsetParent !== null;
        return {
          ready: READY,
          first: document.body.dataset.first === 'true',
          tabs: document.querySelectorAll('#tabs [role="tab"]').length,
          fields: [...document.querySelectorAll('#fields [data-form="charge"] [data-flag]')]
            .filter(shown).map(e => [e.dataset.flag, e.value]),
          headline: [...document.querySelectorAll('#report dl.headline > div')]
            .map(d => d.dataset.key),
          panels: document.querySelectorAll('#chart figure').length,
          download: shown(document.getElementById('download')),
          bar: document.querySelector('#download progress').max,
          run: !document.getElementById('run').disabled,
        };""")


def check_before_module(width, height):
    url, go, server = held_server()
    driver = page.browser(width, height)
    try:
        driver.get(url)
        WebDriverWait(driver, 60).until(
            lambda d: d.execute_script("return document.body.dataset.first === 'true'"))
        before = state(driver)
        assert not before["ready"], "the module loaded while held"
        assert before["tabs"] >= 8, before
        assert dict(before["fields"])["--move"] == "18", before["fields"]
        assert "p_contact" in before["headline"], before["headline"]
        assert before["panels"] >= 1, "the example's chart is not drawn"
        assert before["download"] and before["bar"] > 1_000_000, before
        assert before["run"], "Answer is disabled on the first screen"
        assert page.in_view(driver, "#report dl.headline") or width < 400
        shown = page.report_html(driver)
        page.shot(driver, f"first-screen-{width}", at="tabs")
        # In Spanish too, before the module: the forms, characters and
        # example in its words (a call the page does not hold would throw).
        Select(driver.find_element(By.ID, "lang")).select_by_value("es")
        WebDriverWait(driver, 10).until(lambda d: page.report_html(d) != shown)
        assert "Carga" in driver.find_element(By.ID, "report").text
        assert not driver.execute_script("return READY")
        Select(driver.find_element(By.ID, "lang")).select_by_value("en")
        WebDriverWait(driver, 10).until(lambda d: page.report_html(d) == shown)
        # A tap before the module is here waits for it, and is answered.
        page.fill(driver, "--distance", "21")
        driver.find_element(By.ID, "run").click()
        WebDriverWait(driver, 10).until(
            lambda d: d.find_element(By.ID, "status").text == "Loading…")
        assert not driver.execute_script("return READY")
        go.set()
        WebDriverWait(driver, 60).until(
            lambda d: "ms" in d.find_element(By.ID, "status").text)
        after = state(driver)
        assert after["ready"] and not after["download"], after
        args = ["charge", "--move", "18", "--distance", "21", "--reaction", "flee",
                "--target-move", "10"]
        assert page.report_html(driver) == page.cli_html(driver, *args)
        # The first screen's answer is the module's own: asked again, the same.
        page.fill(driver, "--distance", "20")
        page.answer(driver)
        assert page.report_html(driver) == shown, "the first screen is not the module's answer"
        page.no_exceptions(driver)
    finally:
        go.set()
        driver.quit()
        server.shutdown()
        server.server_close()
    print(f"{width} x {height}: the forms ({before['tabs']} tabs) and the example answered "
          f"({len(before['headline'])} headline figures, its chart) before the module loaded, "
          "its download shown, in both languages; Answer tapped before it waited and was answered")


def check_army_before_module():
    """An army book picked before the module is here (its units are not
    among the first screen's answers): its units listed once it is."""
    url, go, server = held_server()
    driver = page.browser(1280, 800)
    unit = '#fields [data-form="combat"] [data-flag="--attacker"]'
    try:
        driver.get(url)
        WebDriverWait(driver, 60).until(
            lambda d: d.execute_script("return document.body.dataset.first === 'true'"))
        page.tab(driver, "combat")
        army = driver.find_element(By.CSS_SELECTOR, '#fields [data-form="combat"] [data-army]')
        Select(army).select_by_value("the-empire")
        assert not driver.execute_script("return READY")
        go.set()
        WebDriverWait(driver, 60).until(
            lambda d: d.execute_script("return document.body.dataset.ready === 'true'"))
        WebDriverWait(driver, 10).until(lambda d: d.execute_script(
            f"return [...document.querySelector('{unit}').options]"
            ".some(o => o.value === 'the-empire:Halberdiers')"))
        # The handler the module was not there for failed once, and only it.
        severe = [e["message"] for e in driver.get_log("browser") if e["level"] == "SEVERE"]
        assert all("the library is still loading" in m for m in severe), severe
    finally:
        go.set()
        driver.quit()
        server.shutdown()
        server.server_close()
    print("an army book picked before the module: its units listed once it is here")


def check_from_disk():
    """Opened from disk: the first screen at once, then the module as a
    script."""
    driver = page.browser(1280, 800)
    try:
        page.ready(driver, (page.DIST / "index.html").as_uri())
        assert driver.execute_script("return document.body.dataset.first === 'true'")
        assert "p_contact" in state(driver)["headline"]
        page.no_exceptions(driver)
    finally:
        driver.quit()
    print("opened from disk: the first screen, then the module")


def main():
    for width, height in [(375, 812), (1280, 800)]:
        check_before_module(width, height)
    check_army_before_module()
    check_from_disk()
