"""The built page (web/dist) in a real browser: headless Chromium driven
through WebDriver (Debian's chromium and chromium-driver, Selenium from
PyPI). Run by scripts/web-tests after scripts/build-web; prints the page's
timings for BENCHMARKS.md. Exits non-zero on the first failure.
"""

import functools
import http.server
import json
import os
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
import zipfile
from pathlib import Path

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select, WebDriverWait

from selenium.webdriver.remote.webelement import WebElement

_tap = WebElement.click


def _tap_in_sight(self):
    """A tap on what a player sees: the page holds Answer at the screen's
    bottom while a long form goes on under it, so a control there is
    scrolled to the middle first, as a player scrolls it out from under
    the bar (WebDriver taps where it is, under the bar)."""
    self.parent.execute_script("arguments[0].scrollIntoView({block: 'center'})", self)
    _tap(self)


WebElement.click = _tap_in_sight

ROOT = Path(__file__).resolve().parents[2]
DIST = ROOT / "web" / "dist"
TARGET = Path(os.environ.get("CARGO_TARGET_DIR", ROOT / "target"))
CLI = Path(os.environ.get("MATHHAMMER_CLI", TARGET / "release" / "mathhammer")).resolve()
SHOTS = TARGET / "web-screenshots"


def serve(servers=[]):
    """web/dist on a free localhost port, in a thread (each server is kept
    in `servers`, to be stopped)."""
    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *args):
            pass

    handler = functools.partial(Quiet, directory=str(DIST))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    servers.append(server)
    return f"http://127.0.0.1:{server.server_port}/"


def check_offline():
    """Loaded once, the page answers with its server gone."""
    servers = []
    url = serve(servers)
    driver = browser(800)
    try:
        ready(driver, url)
        driver.execute_async_script(
            "navigator.serviceWorker.ready.then(() => arguments[0]())")
        servers[0].shutdown()
        servers[0].server_close()
        ready(driver, url)
        tab(driver, "leadership")
        fill(driver, "--ld", "7")
        assert "58.3333%" in answer(driver)
    finally:
        driver.quit()
    print("offline: loaded again and answered with the server stopped")


def browser(width, height=900, lang=None):
    """A fresh browser (no storage) whose viewport is `width` x `height`;
    `lang`, the languages it asks pages for (a phone set to Spanish: `es`)."""
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for flag in ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                 "--no-first-run", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync",
                 f"--user-data-dir={tempfile.mkdtemp()}", f"--window-size={width},{height}"]:
        options.add_argument(flag)
    if lang:
        options.add_argument(f"--lang={lang}")
        options.add_experimental_option("prefs", {"intl.accept_languages": lang})
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    driver.set_window_size(width, height)
    # The window's own bars aside: the page's viewport is `height` tall.
    bars = height - driver.execute_script("return innerHeight")
    driver.set_window_size(width, height + bars)
    return driver


def ready(driver, url):
    driver.get(url)
    WebDriverWait(driver, 60).until(
        lambda d: d.execute_script("return document.body.dataset.ready === 'true'")
        or d.find_element(By.ID, "error").text)
    error = driver.find_element(By.ID, "error").text
    assert not error, f"the page did not load: {error}"


def field(driver, flag):
    """The shown query's field of `flag`, or the engine's: "more options"
    opened when it is folded there."""
    found = driver.find_elements(
        By.CSS_SELECTOR, f'#fields .form:not([hidden]) [data-flag="{flag}"], '
        f'#more-fields .form:not([hidden]) [data-flag="{flag}"], #engine [data-flag="{flag}"]')
    assert found, f"no field {flag}"
    driver.execute_script(
        "const more = arguments[0].closest('#more'); if (more) more.open = true;", found[0])
    return found[0]


def error_slot(driver, flag):
    """Where a message about `flag`'s field shows, beside it."""
    return driver.execute_script(
        "return (arguments[0].closest('.field') || arguments[0].closest('label'))"
        ".querySelector('.err')", field(driver, flag))


def error_beside(driver, flag):
    """The message shown beside `flag`'s field."""
    return error_slot(driver, flag).text


def fill(driver, flag, value):
    e = field(driver, flag)
    if e.tag_name == "select":
        Select(e).select_by_value(value)
    else:
        e.clear()
        e.send_keys(value)


def answer(driver):
    driver.find_element(By.ID, "run").click()
    WebDriverWait(driver, 60).until(
        lambda d: "ms" in d.find_element(By.ID, "status").text)
    return driver.find_element(By.ID, "report").text


def report_html(driver):
    return driver.find_element(By.ID, "report").get_attribute("innerHTML")


def cli_html(driver, *args, cwd=ROOT):
    """The CLI's --html for `args`, as this browser serializes it."""
    return driver.execute_script(
        "const d = document.createElement('div'); d.innerHTML = arguments[0];"
        "return d.innerHTML", cli(*args, "--html", cwd=cwd))


def short_percent(p):
    """A probability as the headline shows it (the report's
    `short_percent`): whole or to one decimal, `<0.1%` and `>99.9%` for
    what rounds to nothing or certainty but is neither."""
    shown = f"{p * 100:.1f}".rstrip("0").rstrip(".")
    if p > 0 and shown == "0":
        return "<0.1%"
    if p < 1 and shown == "100":
        return ">99.9%"
    return f"{shown}%"


def short_number(x):
    """A mean as the headline shows it: two decimals at most."""
    return f"{x:.2f}".rstrip("0").rstrip(".")


def headline(driver):
    """The headline figures the page shows first: {key: value}."""
    return {d.get_attribute("data-key"): d.find_element(By.TAG_NAME, "dd").text
            for d in driver.find_elements(By.CSS_SELECTOR, "#report dl.headline > div")}


def shot(driver, name, at="report"):
    """A screenshot of the window scrolled to element `at`, kept for review."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    driver.execute_script("document.getElementById(arguments[0]).scrollIntoView()", at)
    driver.save_screenshot(str(SHOTS / f"{name}.png"))


# The first figure of the answer shown (its first headline figure, a
# matchup's first answer line, a comparison's first row): its box and
# words, or null.
FIRST_FIGURE = """
  const f = document.querySelector('#report dl.headline > div')
    || document.querySelector('#report ul.lines > li')
    || document.querySelector('#report table.table tr:nth-child(2)');
  if (!f) return null;
  const r = f.getBoundingClientRect();
  return {top: r.top, bottom: r.bottom, height: innerHeight, text: f.textContent};"""


def figure_in_view(driver, what):
    """The answer's first figure is wholly inside the viewport."""
    f = driver.execute_script(FIRST_FIGURE)
    assert f, f"{what}: no headline figure"
    assert f["top"] >= 0 and f["bottom"] <= f["height"], f"{what}: the first figure is off the screen: {f}"
    return f


def in_view(driver, e):
    """Whether element `e` (or selector) is shown inside the window: wholly,
    or from its top for one taller than the window."""
    return driver.execute_script("""
        const e = typeof arguments[0] === 'string' ? document.querySelector(arguments[0])
                                                   : arguments[0];
        if (!e) return false;
        const r = e.getBoundingClientRect();
        return r.height > 0 && r.top >= -1 && r.top < innerHeight
          && (r.bottom <= innerHeight + 1 || r.height > innerHeight);""", e)


def tab(driver, name):
    driver.find_element(By.CSS_SELECTOR, f'#tabs [data-query="{name}"]').click()


def cli(*args, cwd=ROOT):
    return subprocess.run([str(CLI), *args], capture_output=True, text=True, check=True,
                          cwd=cwd).stdout


def combat_from(driver, mode):
    """The combat tab, fighting the units picked (`pick`) or its editor's
    scenario file (`file`)."""
    tab(driver, "combat")
    Select(driver.find_element(By.ID, "combat-mode")).select_by_value(mode)


def no_exceptions(driver):
    severe = [e for e in driver.get_log("browser") if e["level"] == "SEVERE"]
    assert not severe, f"console errors: {severe}"


def check_charge(driver):
    tab(driver, "charge")
    for flag, value in [("--move", "18"), ("--distance", "20"), ("--reaction", "flee"),
                        ("--target-move", "10")]:
        fill(driver, flag, value)
    answer(driver)
    args = ["charge", "--move", "18", "--distance", "20", "--reaction", "flee",
            "--target-move", "10"]
    assert report_html(driver) == cli_html(driver, *args)
    # The answer first: P(contact) in large type, the CLI's JSON figure.
    p_contact = json.loads(cli(*args, "--json"))["p_contact"]
    shown = headline(driver)
    assert shown["p_contact"] == short_percent(p_contact), shown
    # The chart is drawn from the CLI's figure: a panel per panel, each
    # named as the figure names it, a legend entry per series.
    with tempfile.TemporaryDirectory() as folder:
        chart = Path(folder) / "chart.json"
        cli(*args, "--plot", str(chart))
        figure = json.loads(chart.read_text())
    drawn = driver.execute_script(
        "return [...document.querySelectorAll('#chart figure')].map(f => ["
        "  f.querySelector('figcaption').textContent,"
        "  [...f.querySelectorAll('.legend li')].map(l => l.textContent)])")
    expected = [[p["title"], [s["name"] for s in p["series"]]] for p in figure["panels"]]
    assert drawn == expected, (drawn, expected)
    print(f"charge form: the headline reads P(contact) {shown['p_contact']}, "
          "the CLI's JSON; the page is the CLI's --html; its chart is drawn from the "
          f"CLI's figure ({len(drawn)} panel, {len(drawn[0][1])} series)")


def check_attacks(driver):
    """Profiles picked from the shipped ones, then one typed."""
    tab(driver, "attacks")
    # A list's help names its accepted values, in either language.
    rules = field(driver, "--rules").find_element(By.XPATH, "..").find_element(
        By.CSS_SELECTOR, ".help").text
    assert "poison" in rules and "killing-blow" in rules, rules
    fill(driver, "--attacker", "scenarios/profiles/orc_boy.toml")
    fill(driver, "--models", "10")
    fill(driver, "--target", "scenarios/profiles/empire_spearman.toml")
    answer(driver)
    args = ["attacks", "--attacker", "scenarios/profiles/orc_boy.toml", "--models", "10"]
    expected = cli_html(driver, *args, "--target", "scenarios/profiles/empire_spearman.toml")
    assert report_html(driver) == expected
    typed = (ROOT / "scenarios/profiles/empire_spearman.toml").read_text().replace(
        "t = 3", "t = 4")
    fill(driver, "--target", "scenarios/profiles/typed--target.toml")
    box = driver.find_element(
        By.CSS_SELECTOR, '#fields .form:not([hidden]) [data-file="scenarios/profiles/typed--target.toml"]')
    box.send_keys(typed)
    answer(driver)
    with tempfile.NamedTemporaryFile("w", suffix=".toml") as f:
        f.write(typed)
        f.flush()
        expected = cli_html(driver, *args, "--target", f.name)
    assert report_html(driver) == expected
    print("attacks: shipped profiles, then a typed one, as the CLI reads them")


def pick(driver, flag, source, models=None):
    """Unit `source` for `flag`, `models` of it (else the count it comes
    with: a roster's unit its list's)."""
    Select(field(driver, flag)).select_by_value(source)
    if models is not None:
        fill(driver, f"{flag}-models", models)


def check_pick(driver):
    """A fight built by picking: shipped profiles, a shipped roster's units,
    then a roster dropped on the page; each the CLI's answer to the same
    --attacker and --defender."""
    combat_from(driver, "pick")
    pick(driver, "--attacker", "scenarios/profiles/orc_boy.toml", "20")
    pick(driver, "--defender", "scenarios/profiles/empire_spearman.toml", "20")
    answer(driver)
    args = ["combat", "--attacker", "scenarios/profiles/orc_boy.toml", "--attacker-models", "20",
            "--defender", "scenarios/profiles/empire_spearman.toml", "--defender-models", "20",
            "--trials", "100000", "--seed", "2000"]
    assert report_html(driver) == cli_html(driver, *args)
    figures, shown = json.loads(cli(*args, "--json")), headline(driver)
    # The headline of a held charge: each side's P(wins) first, then what
    # else decides, none zero, each the CLI's JSON figure, short.
    assert list(shown)[:2] == ["p_attacker_wins", "p_defender_wins"], shown
    for key, value in shown.items():
        short = short_percent if key.startswith("p_") else short_number
        assert value == short(figures[key]), (key, shown)
        assert value not in ("0%", "0"), (key, shown)
    shown = shown["p_attacker_wins"]
    print(f"picked: 20 Orc Boyz charge 20 Spearmen, the headline's P(attacker wins) {shown}, "
          "the CLI's JSON")
    pick(driver, "--attacker", "scenarios/rosters/orcs_500.ros:2")
    pick(driver, "--defender", "scenarios/rosters/empire_500.ros:2")
    answer(driver)
    args = ["combat", "--attacker", "scenarios/rosters/orcs_500.ros:2", "--defender",
            "scenarios/rosters/empire_500.ros:2", "--trials", "100000", "--seed", "2000"]
    assert report_html(driver) == cli_html(driver, *args)
    # The picked fight's own fields: ranks, command group, a character of
    # the list to lead the unit, a flank charge.
    formation = {"--facing": "flank", "--attacker-frontage": "4",
                 "--attacker-character": "scenarios/rosters/orcs_500.ros:1"}
    for flag, value in formation.items():
        fill(driver, flag, value)
    # A short list's boxes type its values: a musician only.
    command = field(driver, "--defender-command")
    box = command.find_element(By.XPATH, "../..").find_element(
        By.CSS_SELECTOR, '.boxes input[value="musician"]')
    box.click()
    assert command.get_attribute("value") == "musician", command.get_attribute("value")
    formation["--defender-command"] = "musician"
    answer(driver)
    given = [w for pair in formation.items() for w in pair]
    formed = args + given
    assert report_html(driver) == cli_html(driver, *formed)
    assert report_html(driver) != cli_html(driver, *args)
    shot(driver, "picked-flank-charge")
    print("picked: a flank charge, 4 wide, a musician only, the Big Boss leading: the CLI's "
          f"answer to {' '.join(given)}")
    # The advanced editor shows the scenario the picks make; it plays the same.
    picked_html = report_html(driver)
    combat_from(driver, "file")
    menu = Select(driver.find_element(By.ID, "scenario"))
    assert menu.first_selected_option.get_attribute("value") == "scenarios/picked.toml"
    toml = driver.find_element(By.ID, "toml").get_attribute("value")
    assert 'facing = "flank"' in toml and "frontage = 4" in toml, toml
    answer(driver)
    assert report_html(driver) == picked_html
    shot(driver, "picked-scenario-in-the-editor", at="toml")
    print("picked: the advanced editor shows the picks' scenario, which plays the same fight")
    combat_from(driver, "pick")
    for flag in formation:
        fill(driver, flag, "")
    with tempfile.TemporaryDirectory() as home:
        # The CLI reads the same paths the page names, from `home`.
        # A .rosz, as BattleScribe saves it: unzipped by the library.
        mine = Path(home) / "rosters" / "my_orcs.rosz"
        mine.parent.mkdir()
        with zipfile.ZipFile(mine, "w", zipfile.ZIP_DEFLATED) as z:
            z.write(ROOT / "scenarios/rosters/orcs_500.ros", "my_orcs.ros")
        shipped = Path(home) / "scenarios" / "rosters"
        shipped.mkdir(parents=True)
        (shipped / "empire_500.ros").write_text(
            (ROOT / "scenarios/rosters/empire_500.ros").read_text())
        driver.find_element(By.ID, "rosters").send_keys(str(mine))
        WebDriverWait(driver, 10).until(lambda d: d.find_elements(
            By.CSS_SELECTOR, '#fields .form:not([hidden]) [data-flag="--attacker"] '
            'option[value="rosters/my_orcs.rosz:2"]'))
        # Dropped again, its units are listed once.
        driver.execute_async_script(
            "addRosters([...document.getElementById('rosters').files]).then(arguments[0])")
        listed = driver.find_elements(
            By.CSS_SELECTOR, '#fields .form:not([hidden]) [data-flag="--attacker"] '
            'option[value="rosters/my_orcs.rosz:2"]')
        assert len(listed) == 1, len(listed)
        # What each unit plays as, under what the file gave, and as its
        # option's title: the library's words.
        listed = json.loads(cli("roster", str(mine), "--json"))["units"]
        said = driver.execute_script(
            "return [...document.querySelectorAll('#roster-says details.plays-as li')]"
            ".map(l => l.textContent)")
        assert said == [f"{u['number']}. {u['name']}: {u['plays_as']}" for u in listed], said
        title = driver.find_element(
            By.CSS_SELECTOR, '#fields .form:not([hidden]) [data-flag="--attacker"] '
            'option[value="rosters/my_orcs.rosz:2"]').get_attribute("title")
        assert title == listed[1]["plays_as"] and "save 4+" in title, title
        pick(driver, "--attacker", "rosters/my_orcs.rosz:2")
        answer(driver)
        args[2] = "rosters/my_orcs.rosz:2"
        expected = cli_html(driver, *args, cwd=home)
    assert report_html(driver) == expected
    print("picked from rosters: shipped, then a .rosz dropped on the page, as the CLI reads them")
    # A link to that fight carries the dropped roster (deflated): another
    # browser, which never saw the file, gives the same answer.
    link = driver.current_url
    state = json.loads(urllib.parse.unquote(link.split("#", 1)[1]))
    assert list(state["rosters"]) == ["rosters/my_orcs.rosz"], state.keys()
    other = browser(800)
    try:
        ready(other, link)
        WebDriverWait(other, 60).until(lambda d: "ms" in d.find_element(By.ID, "status").text)
        assert report_html(other) == expected
        shot(other, "dropped-roster-from-a-link")
        no_exceptions(other)
    finally:
        other.quit()
    print(f"shared link with a dropped roster: the same answer elsewhere (link {len(link):,} "
          f"characters, the roster's XML {len((ROOT / 'scenarios/rosters/orcs_500.ros').read_bytes()):,} bytes)")


def check_combat(driver):
    combat_from(driver, "file")
    Select(driver.find_element(By.ID, "scenario")).select_by_value(
        "scenarios/boar_boyz_charge_spearmen.toml")
    Select(field(driver, "--method")).select_by_value("exact")
    report = answer(driver)
    expected = cli_html(driver, "combat", "scenarios/boar_boyz_charge_spearmen.toml",
                        "--method", "exact")
    assert report_html(driver) == expected
    assert "5.8115%" in report, "round 1's P(attacker wins), exact"
    # Zero figures are folded under "All figures", not in the first table.
    folded = driver.find_element(By.CSS_SELECTOR, "#report details summary").text
    assert folded.startswith("All figures ("), folded
    print("combat editor: the flagship's exact report, round 1 at 5.8115%")
    # The forms' overrides: a character's WS and the rounds.
    Select(driver.find_element(By.ID, "scenario")).select_by_value(
        "scenarios/big_boss_leads_boyz.toml")
    for summary in driver.find_elements(By.CSS_SELECTOR, "#overrides summary"):
        summary.click()
    sets = {"attacker.characters.1.profile.ws": "6", "situation.rounds": "2"}
    for key, value in sets.items():
        e = driver.find_element(By.CSS_SELECTOR, f'#overrides [data-set="{key}"]')
        e.clear()
        e.send_keys(value)
    answer(driver)
    expected = cli_html(driver, "combat", "scenarios/big_boss_leads_boyz.toml", "--method",
                        "exact", *[a for k, v in sets.items() for a in ("--set", f"{k}={v}")])
    assert report_html(driver) == expected
    for e in driver.find_elements(By.CSS_SELECTOR, "#overrides [data-set]"):
        if e.tag_name == "input":
            e.clear()
    print("combat overrides: a character's WS and the rounds, as --set gives them")


def check_spanish(driver):
    tab(driver, "charge")
    check_charge(driver)
    Select(driver.find_element(By.ID, "lang")).select_by_value("es")
    WebDriverWait(driver, 30).until(
        lambda d: "contacto" in d.find_element(By.ID, "report").text)
    assert driver.find_element(By.ID, "run").text == "Responder"
    # The library's error, in Spanish, beside the field it names.
    fill(driver, "--move", "0")
    answer(driver)
    slot = error_beside(driver, "--move")
    assert slot == "0 está fuera de rango (aceptado: más de 0 y hasta 100 cm)", slot
    fill(driver, "--move", "18")
    answer(driver)
    print("Spanish: the report's labels, the page's, and an error beside its field")


def check_tabs(driver):
    """Tabs as ARIA tabs; a new tab shows no old answer; the arrow keys
    move between tabs; the scenario menu says when its text is edited."""
    tabs = driver.find_elements(By.CSS_SELECTOR, '#tabs [role="tab"]')
    assert driver.find_element(By.ID, "tabs").get_attribute("role") == "tablist"
    queries = [f["query"] for f in json.loads(driver.execute_script("return wasm_bindgen.forms()"))]
    assert [t.get_attribute("data-query") for t in tabs] == queries, "the tabs are the library's"
    tab(driver, "charge")
    fill(driver, "--move", "18")
    assert answer(driver)
    form = driver.find_element(By.ID, "query")
    assert form.get_attribute("role") == "tabpanel"
    assert form.get_attribute("aria-labelledby") == "tab-charge"
    charge = driver.find_element(By.ID, "tab-charge")
    charge.send_keys(Keys.ARROW_RIGHT)
    flee = driver.find_element(By.ID, "tab-flee")
    assert flee.get_attribute("aria-selected") == "true"
    assert driver.switch_to.active_element == flee
    assert driver.find_element(By.ID, "report").text == "", "the charge's answer stayed"
    combat_from(driver, "file")
    menu = Select(driver.find_element(By.ID, "scenario"))
    menu.select_by_value("scenarios/stubborn_dwarfs_hold.toml")
    assert "(edited)" not in menu.first_selected_option.text
    driver.find_element(By.ID, "toml").send_keys("\n# a note\n")
    assert menu.first_selected_option.text == "stubborn_dwarfs_hold.toml (edited)"
    menu.select_by_value("scenarios/stubborn_dwarfs_hold.toml")
    print("tabs: ARIA roles, arrow keys, no stale answer; the scenario menu marks an edit")


def check_cancel(driver):
    """A long run shows its progress while the page stays responsive, ends
    at once on Cancel, and the page answers the next question."""
    combat_from(driver, "file")
    Select(driver.find_element(By.ID, "scenario")).select_by_value(
        "scenarios/boar_boyz_charge_spearmen.toml")
    Select(field(driver, "--method")).select_by_value("monte-carlo")
    fill(driver, "--trials", "1e9")
    driver.find_element(By.ID, "run").click()
    status = lambda d: d.find_element(By.ID, "status").text
    WebDriverWait(driver, 30).until(lambda d: "trials" in status(d))
    # The count moves: the page's thread is free while the worker runs.
    first = status(driver)
    WebDriverWait(driver, 30).until(lambda d: status(d) != first)
    shot(driver, "a-long-run-in-progress", at="status")
    driver.find_element(By.ID, "cancel").click()
    assert status(driver) == "Cancelled", status(driver)
    assert not driver.find_element(By.ID, "cancel").is_displayed()
    fill(driver, "--trials", "100000")
    Select(field(driver, "--method")).select_by_value("")
    tab(driver, "leadership")
    fill(driver, "--ld", "7")
    assert "58.3333%" in answer(driver)
    print(f"cancel: a billion-trial run showed '{first}', ended on Cancel; "
          "the next question answered")


def check_matchup(driver):
    """Two rosters: a heat map of P(charger wins) whose every cell is the
    CLI's `matchup --json`; a cell opens its fight, the same figure."""
    tab(driver, "matchup")
    menus = driver.find_elements(By.CSS_SELECTOR, '#fields .form:not([hidden]) [data-arg]')
    a, b = "scenarios/rosters/orcs_500.ros", "scenarios/rosters/empire_500.ros"
    Select(menus[0]).select_by_value(a)
    Select(menus[1]).select_by_value(b)
    answer(driver)
    wanted = json.loads(cli("matchup", a, b, "--json"))
    cells = driver.find_elements(By.CSS_SELECTOR, '#report table[data-table="a_charges_b"] td')
    assert len(cells) == sum(len(row) - 1 for row in wanted["a_charges_b"]) == 16, len(cells)
    for cell in cells:
        row = wanted["a_charges_b"][int(cell.get_attribute("data-row"))]
        p = row[cell.get_attribute("data-column")]
        # Whole percent on the cell, the figure to four places in its title.
        assert cell.get_attribute("title") == f"{p * 100:.4f}%", (cell.get_attribute("title"), p)
        whole = "<1%" if 0 < p < 0.005 else ">99%" if 0.995 <= p < 1 else f"{round(p * 100)}%"
        assert cell.text == whole, (cell.text, p)
        assert "background" in cell.get_attribute("style")
    # The library's HTML, the page's handles on the cells aside.
    library_html = driver.execute_script(
        "const r = document.getElementById('report').cloneNode(true);"
        "for (const c of r.querySelectorAll('td[data-row]')) {"
        "  for (const a of ['tabindex', 'aria-label', 'role']) c.removeAttribute(a); }"
        "return r.innerHTML")
    assert library_html == cli_html(driver, "matchup", a, b)
    SHOTS.mkdir(parents=True, exist_ok=True)
    driver.save_screenshot(str(SHOTS / "matchup-heat-map.png"))
    # Orc Boyz (their row names the Big Boss fielded in them: `2. Orc Boyz
    # +1`) against the Spearmen (unit 3): its fight, opened.
    row = next(i for i, r in enumerate(wanted["a_charges_b"])
               if r["attacker"].startswith("2. Orc Boyz"))
    cell = driver.find_element(
        By.CSS_SELECTOR, f'#report td[data-row="{row}"][data-column="unit_3"]')
    shown_cell = cell.get_attribute("title")
    cell.click()
    WebDriverWait(driver, 60).until(lambda d: "ms" in d.find_element(By.ID, "status").text)
    assert driver.find_element(By.ID, "tab-combat").get_attribute("aria-selected") == "true"
    fight = next(c for c in wanted["cells"]
                 if c["charger_name"] == "Orc Boyz" and c["charged_name"] == "Spearmen")
    shown = headline(driver)["p_attacker_wins"]
    assert shown == short_percent(fight["p_attacker_wins"]), (shown, fight)
    assert shown_cell == f"{fight['p_attacker_wins'] * 100:.4f}%", (shown_cell, fight)
    print(f"matchup: 16 cells, each the CLI's JSON; Orc Boyz against Spearmen opened, "
          f"P(attacker wins) {shown}")


def character_picker(driver, list_, number):
    """The shown form's picker of character `number` of list `list_`
    (`attacker`, `a`)."""
    found = driver.find_elements(
        By.CSS_SELECTOR, f'#fields .form:not([hidden]) .characters '
        f'select[data-key="--join {list_}:{number}"]')
    assert found, f"no picker for {list_}:{number}"
    return found[0]


def check_character_picker(driver, list_, roster, cwd=ROOT):
    """The picker of `roster`'s first character in the shown form, as list
    `list_`: preset where `roster --json` fields him, with its why; alone
    and the units `may_join` lists (each titled with what it plays as)
    offered. Returns the CLI's character."""
    army = json.loads(cli("roster", roster, "--json", cwd=cwd))
    c = army["characters"][0]
    picker = character_picker(driver, list_, c["number"])
    options = picker.find_elements(By.TAG_NAME, "option")
    preset = options[0]
    assert preset.get_attribute("value") == "" and preset.is_selected()
    home = army["units"][c["stands_in"] - 1]
    assert preset.text == f"{home['number']}. {home['name']}", preset.text
    note = picker.find_element(By.XPATH, "..").find_element(By.CSS_SELECTOR, ".why").text
    if driver.execute_script("return lang()") == "en":
        assert note == c["why"] == preset.get_attribute("title"), (note, c["why"])
    offered = [o.get_attribute("value") for o in options[1:]]
    wanted = [f"{list_}:{c['number']}=alone"] + [
        f"{list_}:{c['number']}={n}" for n in c["may_join"]]
    assert offered == wanted, (offered, wanted)
    for o in options[2:]:
        unit = army["units"][int(o.get_attribute("value").split("=")[1]) - 1]
        assert o.get_attribute("title") == unit["plays_as"], (o.get_attribute("title"), unit)
    # The place the army gives him is offered once: as the preset.
    hidden = [o.get_attribute("value") for o in options[1:]
              if driver.execute_script("return arguments[0].hidden", o)]
    assert hidden == [f"{list_}:{c['number']}={c['stands_in']}"], hidden
    return c


def check_characters(driver):
    """A picker per character of each roster in play: preset where the
    army fields him (the library's why beside it), alone and the units
    the rules let him join offered; picking another unit is the CLI's
    answer with that --join, in English and in Spanish; a matchup's
    lists too, and a link carries the pick."""
    Select(driver.find_element(By.ID, "lang")).select_by_value("en")
    combat_from(driver, "pick")
    orcs, empire = "scenarios/rosters/orcs_500.ros", "scenarios/rosters/empire_500.ros"
    pick(driver, "--attacker", f"{orcs}:2")
    pick(driver, "--defender", f"{empire}:3")
    boss = check_character_picker(driver, "attacker", orcs)
    captain = check_character_picker(driver, "defender", empire)
    # The Empire Captain leaves the Halberdiers for the picked Spearmen.
    Select(character_picker(driver, "defender", 1)).select_by_value("defender:1=3")
    note = character_picker(driver, "defender", 1).find_element(By.XPATH, "..").find_element(
        By.CSS_SELECTOR, ".why").text
    assert note == "as “join” puts him", note
    base = ["combat", "--attacker", f"{orcs}:2", "--defender", f"{empire}:3",
            "--trials", "100000", "--seed", "2000"]
    answer(driver)
    joined = base + ["--join", "defender:1=3"]
    assert report_html(driver) == cli_html(driver, *joined)
    assert report_html(driver) != cli_html(driver, *base)
    assert "Captain of the Empire" in driver.find_element(By.ID, "report").text
    shot(driver, "character-picked", at="fields")
    # In Spanish: the page's words and the library's reasons, the same fight.
    Select(driver.find_element(By.ID, "lang")).select_by_value("es")
    WebDriverWait(driver, 60).until(lambda d: "ms" in d.find_element(By.ID, "status").text)
    picker = character_picker(driver, "attacker", boss["number"])
    note = picker.find_element(By.XPATH, "..").find_element(By.CSS_SELECTOR, ".why").text
    assert note and note != boss["why"], note
    assert picker.find_elements(By.TAG_NAME, "option")[1].text == "solo"
    legend = driver.find_element(By.CSS_SELECTOR, "#fields .form:not([hidden]) .characters legend")
    assert legend.text.startswith("Personajes: dónde está cada uno"), legend.text
    Select(picker).select_by_value("attacker:1=alone")
    answer(driver)
    spanish = joined + ["--join", "attacker:1=alone", "--lang", "es"]
    assert report_html(driver) == cli_html(driver, *spanish)
    shot(driver, "character-picked-spanish", at="fields")
    # A link carries the picks: a fresh page gives the same answer.
    link = driver.current_url
    other = browser(800)
    try:
        ready(other, link)
        WebDriverWait(other, 60).until(lambda d: "ms" in d.find_element(By.ID, "status").text)
        assert report_html(other) == cli_html(other, *spanish)
        assert character_picker(other, "defender", 1).get_attribute("value") == "defender:1=3"
        no_exceptions(other)
    finally:
        other.quit()
    Select(driver.find_element(By.ID, "lang")).select_by_value("en")
    for list_ in ["attacker", "defender"]:
        Select(character_picker(driver, list_, 1)).select_by_value("")
    # Units the rules forbid him are not offered: the Empire list dropped
    # with its Handgunners flying, the Captain (who does not fly) may not
    # join them.
    with tempfile.TemporaryDirectory() as home:
        flying = Path(home) / "rosters" / "flying_handgunners.ros"
        flying.parent.mkdir()
        flying.write_text((ROOT / empire).read_text().replace(
            '<selection name="Handgunners" type="unit" number="1"><selections>',
            '<selection name="Handgunners" type="unit" number="1">'
            '<rules><rule name="Fly" hidden="false"/></rules><selections>'))
        picker = driver.find_element(By.ID, "rosters")
        driver.execute_script("arguments[0].value = ''", picker)
        picker.send_keys(str(flying))
        WebDriverWait(driver, 10).until(lambda d: d.find_elements(
            By.CSS_SELECTOR, '#fields .form:not([hidden]) [data-flag="--defender"] '
            'option[value="rosters/flying_handgunners.ros:3"]'))
        pick(driver, "--defender", "rosters/flying_handgunners.ros:3")
        flyer = check_character_picker(
            driver, "defender", "rosters/flying_handgunners.ros", cwd=home)
        assert flyer["may_join"] == [2, 3, 5], flyer
    pick(driver, "--defender", f"{empire}:3")
    # A matchup's lists: A's General alone.
    tab(driver, "matchup")
    menus = driver.find_elements(By.CSS_SELECTOR, '#fields .form:not([hidden]) [data-arg]')
    Select(menus[0]).select_by_value(orcs)
    Select(menus[1]).select_by_value(empire)
    check_character_picker(driver, "a", orcs)
    check_character_picker(driver, "b", empire)
    Select(character_picker(driver, "a", 1)).select_by_value("a:1=alone")
    answer(driver)
    library_html = driver.execute_script(
        "const r = document.getElementById('report').cloneNode(true);"
        "for (const c of r.querySelectorAll('td[data-row]')) {"
        "  for (const a of ['tabindex', 'aria-label', 'role']) c.removeAttribute(a); }"
        "return r.innerHTML")
    assert library_html == cli_html(driver, "matchup", orcs, empire, "--join", "a:1=alone")
    # A cell opens its fight with the pick: the Big Boss alone, list A the attacker.
    wanted = json.loads(cli("matchup", orcs, empire, "--join", "a:1=alone", "--json"))
    row = next(i for i, r in enumerate(wanted["a_charges_b"])
               if r["attacker"].startswith("2. Orc Boyz"))
    driver.find_element(
        By.CSS_SELECTOR, f'#report td[data-row="{row}"][data-column="unit_3"]').click()
    WebDriverWait(driver, 60).until(lambda d: "ms" in d.find_element(By.ID, "status").text)
    assert character_picker(driver, "attacker", 1).get_attribute("value") == "attacker:1=alone"
    opened = ["combat", "--attacker", f"{orcs}:2", "--defender", f"{empire}:3",
              "--join", "attacker:1=alone", "--trials", "100000", "--seed", "2000"]
    assert report_html(driver) == cli_html(driver, *opened)
    Select(character_picker(driver, "attacker", 1)).select_by_value("")
    tab(driver, "matchup")
    Select(character_picker(driver, "a", 1)).select_by_value("")
    print(f"characters: {boss['name']} and {captain['name']} each preset where the army "
          "fields him, the library's why beside him, alone and the units may_join lists "
          "offered (each titled with what it plays as; flying Handgunners not offered to the "
          "Captain); the Captain picked into the Spearmen "
          "and the Big Boss alone: the CLI's answers with those --join, in English and "
          "Spanish, and from a link; a matchup's list A too, carried into a cell's fight")


def english_words(driver):
    """The page's English strings (its own words and every word of the
    library's forms) that Spanish writes otherwise."""
    own = driver.execute_script("return UI_ES")
    forms = json.loads(driver.execute_script("return wasm_bindgen.forms()"))
    found = set(own)

    typed = set()
    spanish = []

    def walk(v):
        if isinstance(v, dict) and "value" in v and "label" in v:
            typed.add(v["value"])
        if isinstance(v, dict) and "en" in v:
            spanish.append(v["es"])
            if v["en"] != v["es"]:
                found.add(v["en"])
        elif isinstance(v, dict):
            for x in v.values():
                walk(x)
        elif isinstance(v, list):
            for x in v:
                walk(x)
    walk(forms)
    # A value typed as it is in either language, as the Spanish forms keep
    # it (`--join`'s `CHARACTER=alone`, «PERSONAJE=alone»).
    import re
    kept = " | ".join(spanish)
    typed |= {w for w in found if re.search(rf"={re.escape(w)}(?![\w-])", kept)}
    # A letter alone (a profile's "s", "t") is a word in Spanish too; a
    # value to type (`none`, `frenzy`) is typed as it is in either.
    return sorted(w for w in found - typed if len(w) > 1)


def visible_text(driver):
    """What a reader sees: the page's text, every option of a menu shown,
    placeholders and titles."""
    return driver.execute_script("""
        const seen = e => e.offsetParent !== null;
        const parts = [document.body.innerText];
        for (const s of document.querySelectorAll('select')) {
          if (seen(s)) for (const o of s.options) parts.push(o.text);
        }
        for (const e of document.querySelectorAll('[placeholder], [title]')) {
          if (seen(e)) parts.push(e.placeholder || '', e.title || '');
        }
        return parts.join(' | ');""")


def check_all_spanish(driver):
    """In Spanish, no English string of the page's list is visible on any
    tab, its answer shown."""
    import re
    Select(driver.find_element(By.ID, "lang")).select_by_value("es")
    english = english_words(driver)
    tabs = [t.get_attribute("data-query")
            for t in driver.find_elements(By.CSS_SELECTOR, '#tabs [role="tab"]')]
    for name in tabs:
        tab(driver, name)
        text = visible_text(driver)
        # A key typed as it is (`attacker.models=25`) is not English left.
        left = [w for w in english if re.search(rf"(?<![\w.-]){re.escape(w)}(?![\w-])", text)]
        assert not left, f"{name}: English left in Spanish: {left}"
    SHOTS.mkdir(parents=True, exist_ok=True)
    driver.save_screenshot(str(SHOTS / "spanish-matchup.png"))
    Select(driver.find_element(By.ID, "lang")).select_by_value("en")
    print(f"Spanish: {len(tabs)} tabs, none shows any of {len(english)} English strings")


def check_broken_link(url):
    driver = browser(800)
    try:
        driver.get(url + "#%7B%22q%22%3A%22char")
        WebDriverWait(driver, 60).until(
            lambda d: d.execute_script("return document.body.dataset.ready === 'true'"))
        error = driver.find_element(By.ID, "notice").text
        assert "link is broken" in error, error
        assert in_view(driver, "#notice"), "the broken link's notice is off the screen"
        shot(driver, "broken-link", at="notice")
        assert driver.find_element(By.ID, "tab-charge").get_attribute("aria-selected") == "true"
        no_exceptions(driver)
    finally:
        driver.quit()
    print(f"broken link: '{error[:40]}...'")


def check_shared_link(driver):
    report = driver.find_element(By.ID, "report").text
    driver.find_element(By.ID, "copy").click()
    # Copied, or (no clipboard) shown selected for copying by hand.
    shown = driver.find_element(By.ID, "link")
    WebDriverWait(driver, 10).until(
        lambda d: d.find_element(By.ID, "notice").text in ("Enlace copiado", "Link copied")
        or shown.is_displayed())
    link = driver.current_url
    if shown.is_displayed():
        assert shown.get_attribute("value") == link
    other = browser(800)
    try:
        ready(other, link)
        WebDriverWait(other, 60).until(lambda d: d.find_element(By.ID, "report").text)
        assert other.find_element(By.ID, "report").text == report
        no_exceptions(other)
    finally:
        other.quit()
    print("shared link: the same answer")


def check_bad_input(driver):
    Select(driver.find_element(By.ID, "lang")).select_by_value("en")
    tab(driver, "charge")
    fill(driver, "--move", "")
    answer(driver)
    slot = error_beside(driver, "--move")
    assert slot and "--" not in slot, slot
    combat_from(driver, "file")
    toml = driver.find_element(By.ID, "toml")
    toml.send_keys("\n[attacker\n")
    answer(driver)
    slot = toml.find_element(By.XPATH, "..").find_element(By.CSS_SELECTOR, ".err")
    # The TOML reader's message, beside the editor that it names.
    line = toml.get_attribute("value").split("\n").index("[attacker") + 1
    assert slot.text == f"line {line}: unclosed table, expected `]`", slot.text
    print(f"bad input: '{slot.text[:60]}...' beside the editor")


def check_widths(url):
    SHOTS.mkdir(parents=True, exist_ok=True)
    for width in [375, 1280]:
        driver = browser(width)
        try:
            ready(driver, url)
            tab(driver, "combat")
            answer(driver)
            # Each panel's drawing as wide as its box, its text at least
            # 14 CSS px.
            drawn = driver.execute_script("""
                return [...document.querySelectorAll('#chart figure')].map(f => {
                  const svg = f.querySelector('svg');
                  const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
                  const sizes = [...svg.querySelectorAll('text')].map(
                    t => parseFloat(getComputedStyle(t).fontSize) * scale);
                  return [svg.getBoundingClientRect().width <= f.clientWidth, Math.min(...sizes)];
                });""")
            assert len(drawn) >= 3, f"{len(drawn)} panels"
            assert all(fits for fits, _ in drawn), drawn
            assert min(size for _, size in drawn) >= 14, drawn
            shot(driver, f"chart-{width}", at="chart")
            wide, seen = driver.execute_script(
                "const d = document.documentElement; return [d.scrollWidth, d.clientWidth]")
            assert wide <= seen, f"the page is {wide} px wide in a {seen} px window"
            shot(driver, f"combat-{width}")
            # Every tab's form, and the matchup's answer: only a wide
            # table and the row of tabs scroll, inside themselves; nothing
            # else is wider than its box.
            for t in driver.find_elements(By.CSS_SELECTOR, '#tabs [role="tab"]'):
                t.click()
                if t.get_attribute("data-query") == "matchup":
                    answer(driver)
                    shot(driver, f"matchup-{width}")
                wider = driver.execute_script("""
                    return [...document.querySelectorAll('body *')]
                      .filter(e => e.offsetParent !== null && e.scrollWidth > e.clientWidth + 1
                                   && e.clientWidth > 0 && !e.closest('.answer table')
                                   && !e.closest('.heat-scroll') && e.id !== 'tabs'
                                   && getComputedStyle(e).overflowX !== 'visible')
                      .map(e => e.tagName + '#' + e.id + '.' + e.className);""")
                assert not wider, f"{t.text}: scrolls sideways at {width} px: {wider}"
                page = driver.execute_script(
                    "const d = document.documentElement; return d.scrollWidth <= d.clientWidth")
                assert page, f"{t.text}: the page is wider than {width} px"
            no_exceptions(driver)
        finally:
            driver.quit()
    print(f"375 and 1280 px: the chart drawn, its text 14 px or more; every tab, and the "
          "matchup's heat map, "
          f"no wider than the screen ({SHOTS})")


def timings(url):
    """Load to first answer, and Monte Carlo fights/s against the native
    engine on one thread in the same run, medians of three alternating
    runs (for BENCHMARKS.md; printed, never asserted)."""
    driver = browser(1280)
    try:
        # A shared link answers as it loads: navigation to the first answer.
        state = {"q": "charge", "lang": "en", "values": {
            "--move": "18", "--distance": "20", "--reaction": "flee", "--target-move": "10"}}
        ready(driver, url + "#" + urllib.parse.quote(json.dumps(state)))
        WebDriverWait(driver, 60).until(
            lambda d: d.execute_script("return window.mathhammerFirstAnswerMs"))
        assert "39.9691%" in driver.find_element(By.ID, "report").text
        first = driver.execute_script("return window.mathhammerFirstAnswerMs")
        fights = 1_000_000
        for sampler in ["steps", "whole-rounds"]:
            args = ["combat", "scenarios/boar_boyz_charge_spearmen.toml", "--method",
                    "monte-carlo", "--sampler", sampler, "--trials", str(fights), "--json"]
            page, native = [], []
            for _ in range(3):
                ms = driver.execute_script(
                    "const t = performance.now(); wasm_bindgen.answer(arguments[0]);"
                    "return performance.now() - t;", json.dumps({"args": args}))
                page.append(fights / ms * 1000)
                t = time.time()
                cli(*args, "--threads", "1")
                native.append(fights / (time.time() - t))
            page, native = sorted(page)[1], sorted(native)[1]
            print(f"flagship Monte Carlo, {sampler}: page {page / 1e6:.2f} M fights/s, "
                  f"native 1 thread {native / 1e6:.2f} M fights/s (ratio {native / page:.2f}; "
                  "1,000,000 fights, the chain built in each)")
        overhead = []
        for _ in range(5):
            overhead.append(driver.execute_async_script(
                "const done = arguments[arguments.length - 1];"
                "const req = {args: ['charge', '--move', '18', '--distance', '20', '--json']};"
                "const t = performance.now();"
                "ask(req).then(() => { const w = performance.now() - t;"
                "  const h = performance.now(); answerHere(req);"
                "  done([w, performance.now() - h]); });"))
        worker, here = (sorted(x)[2] for x in zip(*overhead))
        print(f"worker: a charge answered in {worker:.2f} ms through the worker, "
              f"{here:.2f} ms on the page's thread (overhead {worker - here:.2f} ms; "
              "medians of five)")
        # The unit library in the page: the first `units --json` (the
        # armies, each army's file parsed to count its units), then an
        # army's units and a unit (the largest book), each the first time
        # and again.
        units = driver.execute_script("return window.mathhammerUnitsMs")
        asked = driver.execute_script(
            "const t = a => { const s = performance.now();"
            "  answerHere({args: [...a, '--json'], files: {}}); return performance.now() - s; };"
            "const army = ['units', 'forces-of-chaos'], unit = [...army, 'Warriors of Chaos'];"
            "return [t(army), t(army), t(unit), t(unit)];")
        print(f"unit library: the first units --json {units:.1f} ms (at load); units "
              f"forces-of-chaos --json {asked[0]:.1f} ms, again {asked[1]:.1f} ms; a unit "
              f"{asked[2]:.1f} ms, again {asked[3]:.1f} ms")
        print(f"load to first answer: {first} ms from navigation (a shared link to the "
              f"Boar Boyz charge; the library compiled and ready in "
              f"{driver.execute_script('return window.mathhammerReadyMs')} ms of it)")
    finally:
        driver.quit()


def main():
    import first
    import table
    assert (DIST / "index.html").exists(), "run scripts/build-web first"
    url = serve()
    driver = browser(1280)
    try:
        ready(driver, url)
        check_charge(driver)
        check_attacks(driver)
        check_combat(driver)
        check_pick(driver)
        check_spanish(driver)
        check_shared_link(driver)
        check_bad_input(driver)
        check_tabs(driver)
        check_cancel(driver)
        check_matchup(driver)
        check_characters(driver)
        check_all_spanish(driver)
        table.check_short_link(driver)
        no_exceptions(driver)
    finally:
        driver.quit()
    table.check_table(url)
    table.check_library(url)
    table.check_what_stays(url)
    check_broken_link(url)
    first.main()
    # Opened from disk, with no server.
    driver = browser(1280)
    try:
        ready(driver, (DIST / "index.html").as_uri())
        check_charge(driver)
        no_exceptions(driver)
        print("opened from disk: works")
    finally:
        driver.quit()
    check_widths(url)
    check_offline()
    timings(url)
    print("browser tests: all passed")


if __name__ == "__main__":
    sys.exit(main())
