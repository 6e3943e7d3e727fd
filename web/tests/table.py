"""The page at the table: a phone (375 x 812) and a desktop (1280 x 900)
walked through each flow a player takes, the answer where the thumb is.
Run from browser.py; each flow's screenshot is kept for review."""

import json
import re
import tempfile
import urllib.parse
from pathlib import Path

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait

import browser as page

# A picture, as a phone's file picker may hand one over, renamed .rosz.
PNG = bytes.fromhex("89504e470d0a1a0a0000000d4948445200000001000000010806000000"
                    "1f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a5a4"
                    "0000000049454e44ae426082")

# Controls a thumb taps, their boxes at least 44 CSS px: buttons, menus,
# fields, "more options", a switch's whole label, the heat map's cells.
TARGETS = """
  const seen = e => e.offsetParent !== null && e.getClientRects().length;
  const boxes = [...document.querySelectorAll(
      'button, select, input:not([type=checkbox]):not([type=file]), summary, '
      + 'label.switch, #report td[data-row]')].filter(seen);
  return boxes.map(e => {
    const r = e.getBoundingClientRect();
    return [e.tagName + '#' + e.id + '.' + e.className + ' ' + (e.textContent || '').slice(0, 20),
            Math.round(r.width), Math.round(r.height)];
  }).filter(([, w, h]) => w < 44 || h < 44);"""

# Text a reader sees (its own text, not its children's), under 14 px.
SMALL_TEXT = """
  const small = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const e = n.parentElement;
    if (!n.textContent.trim() || e.offsetParent === null && e.tagName !== 'text') continue;
    if (e.closest('svg, option, optgroup, script, style, [hidden]')) continue;
    const px = parseFloat(getComputedStyle(e).fontSize);
    if (px < 14) small.push([e.tagName, n.textContent.trim().slice(0, 30), px]);
  }
  return small;"""


def settle(driver):
    WebDriverWait(driver, 60).until(lambda d: "ms" in d.find_element(By.ID, "status").text)


def answered(driver):
    """Answer tapped, the answer come."""
    driver.find_element(By.ID, "run").click()
    settle(driver)


def check_first_screen(driver, width):
    """The page says what it is and opens on an answered example; Answer
    was disabled until the library was ready; every target 44 px, every
    text 14 px."""
    assert "Warhammer Fantasy Battle 6th edition" in driver.find_element(By.ID, "tagline").text
    assert driver.find_element(By.ID, "run").is_enabled()
    shown = page.headline(driver)
    args = ["charge", "--move", "18", "--distance", "20", "--reaction", "flee",
            "--target-move", "10"]
    p = json.loads(page.cli(*args, "--json"))["p_contact"]
    assert shown["p_contact"] == page.short_percent(p), shown
    assert page.in_view(driver, "#report dl.headline"), "the example's answer is off the first screen"
    # What a player rarely changes is folded.
    more = driver.find_element(By.ID, "more")
    assert more.get_attribute("open") is None
    for flag in ["--wheel", "--confidence", "--reach-table", "--method", "--trials", "--seed"]:
        e = driver.find_element(By.CSS_SELECTOR, f'#more [data-form="charge"] [data-flag="{flag}"], '
                                                 f'#engine [data-flag="{flag}"]')
        assert not e.is_displayed(), flag
    page.shot(driver, f"first-screen-{width}", at="tagline")
    assert not driver.execute_script(TARGETS), driver.execute_script(TARGETS)
    if width < 500:
        assert not driver.execute_script(SMALL_TEXT), driver.execute_script(SMALL_TEXT)
    print(f"{width} px: the first screen says what it is and answers its example "
          f"(P(contact) {shown['p_contact']}); no target under 44 px"
          + ("; no text under 14 px" if width < 500 else ""))


def check_answer_in_view(driver, width):
    """After Answer, the headline is on the screen; an error appears beside
    its field, on the screen, in the page's words."""
    page.tab(driver, "charge")
    page.fill(driver, "--distance", "25")
    answered(driver)
    assert page.in_view(driver, "#report dl.headline"), "the headline is off the screen"
    assert page.in_view(driver, "#status"), "the status is off the screen"
    page.shot(driver, f"charge-answered-{width}", at="says")
    # Every label of the chart whole inside it ("100%" was cut to "00%").
    cut = driver.execute_script("""
        return [...document.querySelectorAll('#chart svg text')].filter(t => {
          const b = t.getBBox();
          return b.x < 0 || b.x + b.width > t.ownerSVGElement.width.baseVal.value;
        }).map(t => t.textContent);""")
    assert not cut, f"chart labels cut: {cut}"
    page.fill(driver, "--move", "")
    answered(driver)
    slot = page.error_slot(driver, "--move")
    assert slot.text and "--" not in slot.text, slot.text
    assert page.in_view(driver, slot), "the error is off the screen"
    page.shot(driver, f"charge-error-{width}", at="query")
    page.fill(driver, "--move", "18")
    page.fill(driver, "--distance", "20")
    print(f"{width} px: after Answer the headline and status on the screen; "
          f"an error beside its field: '{slot.text[:50]}'")


def drop(driver, path):
    """File `path` given to the roster picker: what the page says of it."""
    picker = driver.find_element(By.ID, "rosters")
    # A new choice, as a phone's picker gives it (WebDriver adds to the last).
    driver.execute_script("arguments[0].value = ''", picker)
    picker.send_keys(str(path))
    WebDriverWait(driver, 10).until(
        lambda d: path.name in d.find_element(By.ID, "roster-says").text)
    return driver.find_element(By.ID, "roster-says").text


def check_matchup_on_a_phone(driver, width):
    """The matchup tab takes a dropped roster; a file that is not one gets
    a plain message beside the picker; the answers come before the heat
    map, whose headers stay in place; a cell opens its fight, headline in
    view."""
    page.tab(driver, "matchup")
    with tempfile.TemporaryDirectory() as home:
        picture = Path(home) / "picture.rosz"
        picture.write_bytes(PNG)
        said = drop(driver, picture)
        assert "UTF-8" not in said and "--" not in said and "picture.rosz" in said, said
        assert page.in_view(driver, "#roster-says"), "the roster's message is off the screen"
        page.shot(driver, f"matchup-not-a-roster-{width}", at="roster-files")
        mine = Path(home) / "my_orcs.ros"
        mine.write_text((page.ROOT / "scenarios/rosters/orcs_500.ros").read_text())
        said = drop(driver, mine)
    assert "picture.rosz" not in said, f"an old message stayed: {said}"
    menus = driver.find_elements(By.CSS_SELECTOR, '#fields .form:not([hidden]) [data-arg]')
    Select(menus[0]).select_by_value("rosters/my_orcs.ros")
    Select(menus[1]).select_by_value("scenarios/rosters/empire_500.ros")
    # Each list by its list's name (the dropped file's beside it: the
    # shipped list has the same name).
    names = [o.text for o in Select(menus[0]).options]
    assert "Orc Warband (my_orcs.ros)" in names and "Empire Detachment" in names, names
    answered(driver)
    html = page.report_html(driver)
    assert html.index("Best target") < html.index("Charge plan") < html.index("heat-legend")
    page.figure_in_view(driver, "the matchup")
    # The run's details after the answers; nothing wider than the screen.
    assert html.index("heat-legend") < html.index("by Monte Carlo"), html
    assert driver.execute_script(
        "return document.documentElement.scrollWidth <= document.documentElement.clientWidth"), \
        "the page is wider than the screen"
    # The heat map's columns named by the charged units.
    heads = [h.text for h in driver.find_elements(By.CSS_SELECTOR, ".heat thead th")]
    assert all(re.match(r"\d+(, \d+)*\. \w", h) for h in heads[1:]), heads
    page.shot(driver, f"matchup-answers-{width}", at="says")
    # Scrolled sideways, the units' names stay where they were.
    before, after = driver.execute_script("""
        const box = document.querySelector('.heat-scroll');
        box.scrollIntoView();
        const name = () => box.querySelector('tbody th').getBoundingClientRect().left;
        const at = name(); box.scrollLeft = 200; return [at, name()];""")
    assert before == after, (before, after)
    # The heat map scrolled sideways, its names where they were.
    page.SHOTS.mkdir(parents=True, exist_ok=True)
    driver.save_screenshot(str(page.SHOTS / f"matchup-heat-map-{width}.png"))
    driver.execute_script("document.querySelector('.heat-scroll').scrollLeft = 0")
    assert not driver.execute_script(TARGETS), driver.execute_script(TARGETS)
    # The first row's (Orc Boyz, their Big Boss fielded in them) against the Spearmen.
    cell = driver.find_element(By.CSS_SELECTOR, '#report td[data-row="0"][data-column="unit_3"]')
    cell.click()
    settle(driver)
    page.figure_in_view(driver, "a heat-map cell's fight")
    page.shot(driver, f"matchup-cell-opened-{width}", at="says")
    print(f"{width} px: matchup of a dropped roster (a picture refused beside the picker), "
          "answers first, names held when scrolled, a cell's fight with its headline in view")


def zero_headlines(driver, what):
    """No headline figure reads as zero ("0%", "0.0000%"): a zero is in
    the table, not the headline."""
    zeros = [d.text for d in driver.find_elements(By.CSS_SELECTOR, "#report dl.headline dd")
             if re.fullmatch(r"0(\.0+)?%", d.text)]
    assert not zeros, f"{what}: zero headline figures {zeros}"


def check_each_answer_in_view(driver, width):
    """After Answer on each kind of answer (a charge, attacks, shooting,
    a fight of units picked, a matchup, a comparison), its first figure
    wholly on the screen, Answer tapped where the form starts (the bar
    holds it at the screen's bottom); no headline figure zero."""
    page.combat_from(driver, "pick")
    for name in ["charge", "attacks", "shoot", "combat", "matchup", "compare"]:
        page.tab(driver, name)
        driver.execute_script("scrollTo(0, 0)")
        run = driver.execute_script(
            "const r = document.getElementById('run').getBoundingClientRect();"
            "return r.bottom <= innerHeight && r.top >= 0")
        assert run, f"{name}: Answer is not on the first screen of its form"
        answered(driver)
        f = page.figure_in_view(driver, name)
        zero_headlines(driver, name)
        page.shot(driver, f"answer-in-view-{name}-{width}", at="says")
        driver.save_screenshot(str(page.SHOTS / f"answer-in-view-{name}-{width}.png"))
    # A fight whose charged unit flees: the flee's outcomes lead, none zero
    # (its fight's figures, all zero but the charge's, in the table).
    page.tab(driver, "combat")
    page.fill(driver, "--reaction", "flee")
    answered(driver)
    first = driver.find_element(By.CSS_SELECTOR, "#report dl.headline div").text
    assert "flee" in first, first
    zero_headlines(driver, "a fight whose target flees")
    page.figure_in_view(driver, "a fight whose target flees")
    page.fill(driver, "--reaction", "hold")
    print(f"{width} px: charge, attacks, shoot, combat, matchup and compare: Answer on the "
          "form's first screen, the first figure on the screen after it, none zero; a "
          f"fleeing target's answer led by '{first.splitlines()[0]}'")


def check_characters_on_a_phone(driver, width):
    """A character's picker on the matchup tab: each a 44 px target with
    14 px text, no wider than the screen, its why under it; picked, the
    answer is the CLI's with that --join, its title in view."""
    page.tab(driver, "matchup")
    menus = driver.find_elements(By.CSS_SELECTOR, '#fields .form:not([hidden]) [data-arg]')
    orcs, empire = "scenarios/rosters/orcs_500.ros", "scenarios/rosters/empire_500.ros"
    Select(menus[0]).select_by_value(orcs)
    Select(menus[1]).select_by_value(empire)
    pickers = driver.find_elements(
        By.CSS_SELECTOR, '#fields .form:not([hidden]) .characters select[data-join]')
    assert len(pickers) == 2, len(pickers)
    for p in pickers:
        box = p.rect
        assert box["height"] >= 44 and box["x"] >= 0 and box["x"] + box["width"] <= width, box
    picker = pickers[1]
    picker.location_once_scrolled_into_view
    assert not driver.execute_script(TARGETS), driver.execute_script(TARGETS)
    if width < 500:
        assert not driver.execute_script(SMALL_TEXT), driver.execute_script(SMALL_TEXT)
    page.shot(driver, f"matchup-characters-{width}", at="fields")
    Select(picker).select_by_value("b:1=3")
    answered(driver)
    html = page.report_html(driver)
    expected = page.cli_html(driver, "matchup", orcs, empire, "--join", "b:1=3")
    cells = driver.execute_script(
        "const r = document.getElementById('report').cloneNode(true);"
        "for (const c of r.querySelectorAll('td[data-row]')) {"
        "  for (const a of ['tabindex', 'aria-label', 'role']) c.removeAttribute(a); }"
        "return r.innerHTML")
    assert cells == expected and html, "the matchup with the Captain in the Spearmen"
    assert page.in_view(driver, "#report h2"), "the answer is off the screen"
    Select(picker).select_by_value("")
    print(f"{width} px: a character's picker on the matchup tab, 44 px, no wider than the "
          "screen; the Captain picked into the Spearmen: the CLI's answer with that join")


def check_every_tab(driver, width):
    """Each tab opens on a question it answers (its example, its first
    files), with no error; every target 44 px, every text 14 px on a
    phone; more options opened too."""
    driver.execute_script("document.getElementById('more').open = true")
    for t in driver.find_elements(By.CSS_SELECTOR, '#tabs [role="tab"]'):
        name = t.get_attribute("data-query")
        t.click()
        answered(driver)
        errors = [e.text for e in driver.find_elements(By.CSS_SELECTOR, ".err") if e.text]
        assert not errors, f"{name}: {errors}"
        assert driver.find_elements(By.CSS_SELECTOR, "#report h2"), f"{name}: no answer"
        assert page.in_view(driver, "#report h2"), f"{name}: the answer is off the screen"
        assert not driver.execute_script(TARGETS), (name, driver.execute_script(TARGETS))
        if width < 500:
            assert not driver.execute_script(SMALL_TEXT), (name, driver.execute_script(SMALL_TEXT))
        page.shot(driver, f"tab-{name}-{width}", at="says")
    driver.execute_script("document.getElementById('more').open = false")
    print(f"{width} px: every tab answers its first question, its answer in view; no target "
          "under 44 px" + (", no text under 14 px" if width < 500 else ""))


def no_flag_words(driver, width):
    """No `--flag` on any tab, in either language, nor in a note."""
    for lang in ["en", "es"]:
        Select(driver.find_element(By.ID, "lang")).select_by_value(lang)
        driver.execute_script("document.getElementById('more').open = true")
        for t in driver.find_elements(By.CSS_SELECTOR, '#tabs [role="tab"]'):
            t.click()
            text = page.visible_text(driver)
            flags = re.findall(r"(?<![\w-])--[a-z][a-z-]+", text)
            assert not flags, f"{lang} {t.get_attribute('data-query')}: {sorted(set(flags))}"
    Select(driver.find_element(By.ID, "lang")).select_by_value("en")
    print(f"{width} px: no flag word on any tab, in English or Spanish")


def check_spanish_messages(driver):
    """Under Spanish, messages too: an error, a note, a roster refused."""
    Select(driver.find_element(By.ID, "lang")).select_by_value("es")
    english = page.english_words(driver)
    page.tab(driver, "charge")
    page.fill(driver, "--move", "0")
    answered(driver)
    error = page.error_beside(driver, "--move")
    page.fill(driver, "--move", "18")
    page.tab(driver, "combat")
    answered(driver)
    notes = driver.find_element(By.ID, "notes").text
    page.tab(driver, "matchup")
    with tempfile.TemporaryDirectory() as home:
        picture = Path(home) / "foto.rosz"
        picture.write_bytes(PNG)
        refused = drop(driver, picture)
    for said in [error, notes, refused]:
        left = [w for w in english if re.search(rf"(?<![\w.-]){re.escape(w)}(?![\w-])", said)]
        assert not left, f"English in Spanish: {left} in {said!r}"
    page.shot(driver, "spanish-roster-refused", at="roster-files")
    Select(driver.find_element(By.ID, "lang")).select_by_value("en")
    print(f"Spanish messages: '{error[:40]}', '{notes[:40]}', '{refused[:40]}'")


def check_short_link(driver):
    """A link to a fight of two dropped rosters carries only the picked
    units (and each list's General), renumbered: under 4,000 characters,
    and a fresh page opening it gives the same headline."""
    Select(driver.find_element(By.ID, "lang")).select_by_value("en")
    page.combat_from(driver, "pick")
    units = {"--attacker": "rosters/orcs_500.ros:4", "--defender": "rosters/empire_500.ros:3"}
    for name, unit in zip(["orcs_500.ros", "empire_500.ros"], units.values()):
        picker = driver.find_element(By.ID, "rosters")
        # One file at a time, as a phone's picker gives them.
        driver.execute_script("arguments[0].value = ''", picker)
        picker.send_keys(str(page.ROOT / "scenarios/rosters" / name))
        WebDriverWait(driver, 10).until(lambda d: d.find_elements(
            By.CSS_SELECTOR, f'#fields .form:not([hidden]) [data-flag="--attacker"] '
            f'option[value="{unit}"]'))
    for flag, unit in units.items():
        page.pick(driver, flag, unit)
    page.answer(driver)
    shown = page.headline(driver)
    # The link is written once the rosters are cut and packed.
    WebDriverWait(driver, 10).until(lambda d: "rosters" in urllib.parse.unquote(d.current_url))
    link = driver.current_url
    state = json.loads(urllib.parse.unquote(link.split("#", 1)[1]))
    assert sorted(state["rosters"]) == ["rosters/empire_500.ros", "rosters/orcs_500.ros"], state
    # Each list's General is unit 1: the picked unit is the cut roster's 2.
    assert state["values"]["--attacker"] == "rosters/orcs_500.ros:2", state["values"]
    assert len(link) < 4000, len(link)
    # A link of before, its rosters in plain base64, still reads.
    assert driver.execute_async_script(
        "const done = arguments[0], text = DROPPED['rosters/orcs_500.ros'];"
        "pack(text).then(p => unpack(p.replace(/-/g, '+').replace(/_/g, '/') +"
        " '='.repeat((4 - p.length % 4) % 4))).then(t => done(t === text))")
    other = page.browser(375)
    try:
        page.ready(other, link)
        WebDriverWait(other, 60).until(lambda d: "ms" in d.find_element(By.ID, "status").text)
        assert page.headline(other) == shown, (page.headline(other), shown)
        page.figure_in_view(other, "a shared link")
        page.no_exceptions(other)
    finally:
        other.quit()
    print(f"short link: two dropped rosters' picked units, {len(link):,} characters, "
          "the same headline in a fresh page")


def check_table(url):
    # A desktop of 1280 x 800: each answer's first figure on the screen.
    driver = page.browser(1280, 800)
    try:
        page.ready(driver, url)
        check_each_answer_in_view(driver, 1280)
    finally:
        driver.quit()
    for width, height in [(375, 812), (1280, 900)]:
        driver = page.browser(width, height)
        try:
            page.ready(driver, url)
            check_first_screen(driver, width)
            check_answer_in_view(driver, width)
            check_each_answer_in_view(driver, width)
            check_every_tab(driver, width)
            check_matchup_on_a_phone(driver, width)
            check_characters_on_a_phone(driver, width)
            no_flag_words(driver, width)
            if width < 500:
                check_spanish_messages(driver)
            page.no_exceptions(driver)
        finally:
            driver.quit()


def pick_from_book(driver, flag, army, unit):
    """Army book `army`, then its unit `unit`, for `flag`, as a player taps
    them (the names the menus show): the size said under the picker."""
    source = page.field(driver, flag)
    menu = source.find_element(By.XPATH, "preceding-sibling::select[@data-army]")
    Select(menu).select_by_visible_text(army)
    option = [o for o in Select(source).options if o.text.startswith(f"{unit} (")]
    assert len(option) == 1, [o.text for o in Select(source).options]
    # Its title the rank and file's profile, as `units ARMY` lists it.
    assert option[0].get_attribute("title").startswith("M "), option[0].get_attribute("title")
    Select(source).select_by_value(option[0].get_attribute("value"))
    return source.find_element(By.XPATH, "following-sibling::small[@class='size']").text


def book_picks(driver, flag):
    """What `flag`'s pickers show: the army book, the pick, the models."""
    source = page.field(driver, flag)
    menu = source.find_element(By.XPATH, "preceding-sibling::select[@data-army]")
    models = page.field(driver, f"{flag}-models").get_attribute("value")
    return menu.get_attribute("value"), source.get_attribute("value"), models


def check_library(url):
    """A first visit, no file: The Empire's Halberdiers, 20, against Orcs
    and Goblins' Orc Boyz, 25, picked in a few taps (army, unit, models),
    answer as the CLI does for the same ARMY:UNIT picks; its link carries
    the picks, not profiles, and a fresh page opening it shows them again
    with the same answer. On a phone and a desktop; on the desktop, a
    character from a book leading the Halberdiers, the attacks tab's
    units from the books, and the size said in Spanish."""
    for width, height in [(375, 812), (1280, 900)]:
        driver = page.browser(width, height)
        try:
            page.ready(driver, url)
            page.combat_from(driver, "pick")
            said = pick_from_book(driver, "--attacker", "The Empire", "Halberdiers")
            assert said == "10 or more models", said
            assert book_picks(driver, "--attacker")[2] == "10"
            page.fill(driver, "--attacker-models", "20")
            said = pick_from_book(driver, "--defender", "Orcs and Goblins", "Orc Boyz")
            assert said == "10 or more models", said
            page.fill(driver, "--defender-models", "25")
            # Each picker takes the form's row: a unit's name is not cut.
            widths = driver.execute_script(
                "const p = arguments[0]; return [p.getBoundingClientRect().width,"
                " p.closest('.form').getBoundingClientRect().width]",
                page.field(driver, "--defender"))
            assert widths[0] >= 0.9 * widths[1], widths
            # Each menu named for a reader: its side's label, the army's "army book".
            source = page.field(driver, "--defender")
            menu = source.find_element(By.XPATH, "preceding-sibling::select[@data-army]")
            names = source.accessible_name, menu.accessible_name
            assert names == ("defender", "defender army book"), names
            assert not driver.execute_script(TARGETS), driver.execute_script(TARGETS)
            if width < 500:
                assert not driver.execute_script(SMALL_TEXT), driver.execute_script(SMALL_TEXT)
            page.shot(driver, f"library-picked-{width}", at="fields")
            answered(driver)
            args = ["combat", "--attacker", "the-empire:Halberdiers", "--attacker-models", "20",
                    "--defender", "orcs-and-goblins:Orc Boyz", "--defender-models", "25",
                    "--trials", "100000", "--seed", "2000"]
            assert page.report_html(driver) == page.cli_html(driver, *args)
            assert "20 Halberdiers charge 25 Orc Boyz" in driver.find_element(By.ID, "report").text
            assert page.in_view(driver, "#report dl.headline"), "the headline is off the screen"
            page.shot(driver, f"library-answered-{width}", at="says")
            shown = page.headline(driver)
            # The link names the picks as the command line takes them.
            WebDriverWait(driver, 10).until(
                lambda d: "the-empire:Halberdiers" in urllib.parse.unquote(d.current_url))
            link = driver.current_url
            state = json.loads(urllib.parse.unquote(link.split("#", 1)[1]))
            assert state["values"]["--attacker"] == "the-empire:Halberdiers", state
            assert state["values"]["--defender"] == "orcs-and-goblins:Orc Boyz", state
            assert "rosters" not in state, state
            other = page.browser(width, height)
            try:
                page.ready(other, link)
                settle(other)
                assert book_picks(other, "--attacker") == (
                    "the-empire", "the-empire:Halberdiers", "20"), book_picks(other, "--attacker")
                assert book_picks(other, "--defender") == (
                    "orcs-and-goblins", "orcs-and-goblins:Orc Boyz", "25")
                size = page.field(other, "--attacker").find_element(
                    By.XPATH, "following-sibling::small[@class='size']").text
                assert size == "10 or more models", size
                assert page.headline(other) == shown, (page.headline(other), shown)
                page.no_exceptions(other)
            finally:
                other.quit()
            if width > 500:
                check_library_desktop(driver)
            page.no_exceptions(driver)
        finally:
            driver.quit()
        print(f"{width} px: a first visit picks The Empire's 20 Halberdiers against Orcs and "
              "Goblins' 25 Orc Boyz in six taps and the models typed, the CLI's answer; its "
              f"link ({len(link):,} characters) carries the picks and reopens them")


def check_library_options(driver):
    """The Halberdiers' options under their options field, by the book's
    groups: a shield each ticked, the field holds its path and the answer
    is the CLI's with it (a shield a model priced); unticked, none."""
    details = driver.find_element(By.CSS_SELECTOR, 'details[data-options="--attacker-option"]')
    details.find_element(By.TAG_NAME, "summary").click()
    shield = "Weapons and Armour::Shield"
    box = details.find_element(By.CSS_SELECTOR, f'input[value="{shield}"]')
    label = box.find_element(By.XPATH, "..").text
    assert label == "Shield (+1 pts a model)", label
    box.click()
    assert page.field(driver, "--attacker-option").get_attribute("value") == shield
    answered(driver)
    args = ["combat", "--attacker", "the-empire:Halberdiers", "--attacker-models", "20",
            "--attacker-option", shield,
            "--defender", "orcs-and-goblins:Orc Boyz", "--defender-models", "25",
            "--trials", "100000", "--seed", "2000"]
    assert page.report_html(driver) == page.cli_html(driver, *args)
    assert "140" in driver.find_element(By.ID, "report").text
    box.click()
    assert page.field(driver, "--attacker-option").get_attribute("value") == ""
    print("1280 px: the Halberdiers' options as boxes; a shield each ticked, 140 points, "
          "the CLI's answer")


def check_library_desktop(driver):
    """The book's options as boxes (a shield each, priced); a character
    from a book leads the picked unit; the attacks tab's units from the
    books; the army and the size in Spanish."""
    check_library_options(driver)
    said = pick_from_book(driver, "--attacker-character", "The Empire", "Elector Count")
    assert said == "1 model", said
    answered(driver)
    args = ["combat", "--attacker", "the-empire:Halberdiers", "--attacker-models", "20",
            "--attacker-character", "the-empire:Elector Count",
            "--defender", "orcs-and-goblins:Orc Boyz", "--defender-models", "25",
            "--trials", "100000", "--seed", "2000"]
    assert page.report_html(driver) == page.cli_html(driver, *args)
    Select(page.field(driver, "--attacker-character")).select_by_value("")
    Select(driver.find_element(By.ID, "lang")).select_by_value("es")
    menu = page.field(driver, "--defender").find_element(
        By.XPATH, "preceding-sibling::select[@data-army]")
    assert Select(menu).first_selected_option.text == "Orcos y Goblins"
    size = page.field(driver, "--defender").find_element(
        By.XPATH, "following-sibling::small[@class='size']").text
    assert size == "10 miniaturas o más", size
    Select(driver.find_element(By.ID, "lang")).select_by_value("en")
    page.tab(driver, "attacks")
    pick_from_book(driver, "--attacker", "Forces of Chaos", "Warriors of Chaos")
    pick_from_book(driver, "--target", "Lizardmen", "Saurus Warriors")
    # Each models field starts at its unit's fewest.
    models = page.field(driver, "--models").get_attribute("value")
    assert models == "10" and page.field(driver, "--target-models").get_attribute("value") == "10"
    answered(driver)
    args = ["attacks", "--attacker", "forces-of-chaos:Warriors of Chaos", "--models", models,
            "--target", "lizardmen:Saurus Warriors", "--target-models", "10"]
    assert page.report_html(driver) == page.cli_html(driver, *args)
    print(f"1280 px: an Elector Count from the book leads the Halberdiers; Warriors of Chaos "
          f"({models}) attack Saurus Warriors on the attacks tab, each the CLI's answer; "
          "Orcos y Goblins, 10 miniaturas o más in Spanish")


def help_of(driver, flag):
    """The help shown under `flag`'s field."""
    return driver.execute_script(
        "return (arguments[0].closest('.field') || arguments[0].closest('label'))"
        ".querySelector('small.help').textContent", page.field(driver, flag))


def reopen(driver, url):
    """`url` loaded afresh (not a move within the page a fragment makes):
    the module ready, and a link's question answered (the bare address
    shows the first screen's answer, written into the page)."""
    driver.get("about:blank")
    page.ready(driver, url)
    if "#" in url:
        settle(driver)


def check_what_stays(url):
    """A phone set to Spanish: the page in Spanish, help values by their
    Spanish labels, the scenario editor's fields in Spanish; English
    chosen stays after a reload, a link's language wins and the bare
    address is English again; a dropped roster stays after a reload until
    removed; a link pasted into the open page is answered, its first
    figure on the screen."""
    driver = page.browser(375, 812, lang="es")
    try:
        page.ready(driver, url)
        assert driver.find_element(By.ID, "lang").get_attribute("value") == "es"
        assert "Probabilidades" in driver.find_element(By.ID, "tagline").text
        page.tab(driver, "attacks")
        driver.execute_script("document.getElementById('more').open = true")
        help_ = help_of(driver, "--rules")
        assert "veneno" in help_ and "poison" not in help_, help_
        # Shooting's target rules: the four that change a panic test.
        page.tab(driver, "shoot")
        rules = help_of(driver, "--target-rules")
        assert "veneno" not in rules and "sangre fría" in rules, rules
        page.combat_from(driver, "file")
        driver.execute_script(
            "for (const d of document.querySelectorAll('#overrides details')) d.open = true")
        editor = driver.find_element(By.ID, "overrides").text
        assert "miniaturas" in editor and "models" not in editor, editor
        page.combat_from(driver, "pick")
        # The player's choice, English, stays.
        Select(driver.find_element(By.ID, "lang")).select_by_value("en")
        reopen(driver, url)
        assert driver.find_element(By.ID, "lang").get_attribute("value") == "en"
        # A link in Spanish opens in Spanish; the bare address, English again.
        state = json.loads(urllib.parse.unquote(driver.current_url.split("#", 1)[1]))
        state["lang"] = "es"
        reopen(driver, url + "#" + urllib.parse.quote(json.dumps(state)))
        assert driver.find_element(By.ID, "lang").get_attribute("value") == "es"
        reopen(driver, url)
        assert driver.find_element(By.ID, "lang").get_attribute("value") == "en"
        # A roster dropped stays after a reload, until removed.
        page.tab(driver, "matchup")
        with tempfile.TemporaryDirectory() as home:
            mine = Path(home) / "my_orcs.ros"
            mine.write_text((page.ROOT / "scenarios/rosters/orcs_500.ros").read_text())
            drop(driver, mine)
        reopen(driver, url)
        page.tab(driver, "matchup")
        menu = driver.find_element(By.CSS_SELECTOR, '#fields .form:not([hidden]) [data-arg]')
        values = [o.get_attribute("value") for o in Select(menu).options]
        assert "rosters/my_orcs.ros" in values, values
        kept = driver.find_element(By.ID, "kept-rosters")
        assert "Orc Warband (my_orcs.ros)" in kept.text, kept.text
        kept.find_element(By.TAG_NAME, "button").click()
        reopen(driver, url)
        page.tab(driver, "matchup")
        menu = driver.find_element(By.CSS_SELECTOR, '#fields .form:not([hidden]) [data-arg]')
        values = [o.get_attribute("value") for o in Select(menu).options]
        assert "rosters/my_orcs.ros" not in values, values
        # A link pasted into the open page: answered there, no reload.
        page.tab(driver, "charge")
        page.fill(driver, "--move", "12")
        answered(driver)
        shown = page.headline(driver)
        WebDriverWait(driver, 10).until(lambda d: '"12"' in urllib.parse.unquote(d.current_url))
        link = driver.current_url.split("#", 1)[1]
        page.tab(driver, "leadership")
        answered(driver)
        driver.execute_script("window.samePage = true; document.getElementById('status')"
                              ".textContent = ''; location.hash = arguments[0]", link)
        settle(driver)
        assert driver.execute_script("return window.samePage"), "the page reloaded"
        assert page.headline(driver) == shown, (page.headline(driver), shown)
        page.figure_in_view(driver, "a pasted link")
        page.no_exceptions(driver)
    finally:
        driver.quit()
    print("375 px, a phone in Spanish: the page in Spanish (help values, the editor's fields); "
          "English chosen kept after a reload, a link's Spanish wins, the bare address English; "
          "a dropped roster kept after a reload until removed; a pasted link answered in place")
