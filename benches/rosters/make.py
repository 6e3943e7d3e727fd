#!/usr/bin/env python3
"""Writes the two 2,000-point rosters the matchup benchmark plays
(BENCHMARKS.md), in the roster format New Recruit exports: every unit a
selection of type unit, its models' profiles, its gear and rules by name.
Run from the repository's root: python3 benches/rosters/make.py"""

CHARS = ["Mv", "WS", "BS", "S", "T", "W", "I", "A", "Ld"]


def profile(name, values, base="25x25"):
    c = "".join(f'<characteristic name="{k}">{v}</characteristic>' for k, v in zip(CHARS, values.split()))
    c += f'<characteristic name="Sv">-</characteristic><characteristic name="US">1</characteristic><characteristic name="Base">{base}</characteristic>'
    return f'<profiles><profile name="{name}" typeName="Profile"><characteristics>{c}</characteristics></profile></profiles>'


def unit(name, model, models, points, values, gear=(), rules=(), command=(), mount=None, base="25x25", extra=""):
    rs = "".join(f'<rule name="{r}"><description>{r}</description></rule>' for r in rules)
    sel = f'<selection name="{model}" type="model" number="{models}"><costs><cost name="pts" value="{points}"/></costs>{profile(model, values, base)}</selection>'
    if mount:
        sel += f'<selection name="{mount[0]}" type="upgrade" number="1">{profile(mount[0], mount[1], base)}</selection>'
    sel += "".join(f'<selection name="{g}" type="upgrade" number="1"></selection>' for g in gear)
    for c, cost, champion in command:
        p = profile(c, champion, base) if champion else ""
        sel += f'<selection name="{c}" type="upgrade" number="1" group="Command group"><costs><cost name="pts" value="{cost}"/></costs>{p}</selection>'
    return f'<selection name="{name}" type="unit" number="1"><rules>{rs}</rules><selections>{sel}{extra}</selections></selection>\n'


def roster(name, units, path):
    total = sum(u[1] for u in units)
    head = ('<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
            f'<roster name="{name}" generatedBy="mathhammer (hand-written)" gameSystemName="Warhammer Fantasy Battles (6th definitive edition)" xmlns="http://www.battlescribe.net/schema/rosterSchema">'
            f'<costs><cost name="pts" value="{total}"/></costs><forces><force name="Standard" catalogueName="example"><selections>\n')
    with open(path, "w") as f:
        f.write(head + "".join(u[0] for u in units) + "</selections></force></forces></roster>\n")
    print(path, total, "points,", len(units), "units")


def u(*a, **k):
    command = a[7] if len(a) > 7 else k.get("command", ())
    points = a[3] + sum(c[1] for c in command)
    return unit(*a, **k), points


ORC = "4 3 3 3 4 1 2 1 7"
FULL = (("Orc Boss", 12, "4 3 3 3 4 1 2 2 7"), ("Standard Bearer", 12, None), ("Musician", 6, None))
orcs = [
    u("Orc Warboss", "Orc Warboss", 1, 125, "4 5 5 5 5 3 4 4 9", ["Hand Weapon", "Heavy Armour", "Shield"], ["Animosity"]),
    u("Orc Big Boss", "Orc Big Boss", 1, 90, "4 5 5 5 5 2 3 3 8", ["Great Weapon", "Light Armour"], ["Animosity"]),
    u("Orc Big Boss on Boar", "Orc Big Boss", 1, 100, "4 5 5 5 5 2 3 3 8", ["Spear", "Light Armour", "Shield"], ["Animosity"], mount=("War Boar", "7 3 0 3 4 1 3 1 3"), base="25x50"),
    u("Goblin Big Boss", "Goblin Big Boss", 1, 45, "4 4 4 4 4 2 3 3 6", ["Hand Weapon", "Light Armour", "Shield"], ["Animosity"]),
    u("Orc Boyz", "Orc Boy", 25, 150, ORC, ["Hand Weapon", "Light Armour", "Shield"], ["Animosity"], FULL),
    u("Orc Boyz with choppas", "Orc Boy", 25, 150, ORC, ["Hand Weapon", "Additional Hand Weapon", "Light Armour"], ["Animosity"], FULL),
    u("Big 'Uns", "Big 'Un", 20, 200, "4 4 3 4 4 1 2 1 7", ["Hand Weapon", "Light Armour", "Shield"], ["Animosity"]),
    u("Black Orcs", "Black Orc", 20, 260, "4 4 3 4 4 1 2 1 8", ["Hand Weapon", "Great Weapon", "Heavy Armour"], ["Quell Animosity"], FULL),
    u("Savage Orcs", "Savage Orc", 15, 120, ORC, ["Hand Weapon", "Additional Hand Weapon"], ["Animosity", "Frenzy"]),
    u("Orc Arrer Boyz", "Orc Arrer Boy", 10, 70, ORC, ["Hand Weapon", "Bow"], ["Animosity"]),
    u("Night Goblins", "Night Goblin", 30, 90, "4 2 3 3 3 1 3 1 5", ["Spear", "Shield"], ["Animosity", "Hate Dwarfs"]),
    u("Goblins", "Goblin", 20, 60, "4 2 3 3 3 1 2 1 6", ["Hand Weapon", "Light Armour", "Shield"], ["Animosity"]),
    u("Orc Boar Boyz", "Orc Boar Boy", 8, 168, ORC, ["Hand Weapon", "Spear", "Light Armour", "Shield"], ["Animosity"], mount=("War Boar", "7 3 0 3 4 1 3 1 3"), base="25x50"),
    u("Goblin Wolf Riders", "Goblin Wolf Rider", 5, 65, "4 2 3 3 3 1 2 1 6", ["Spear", "Light Armour", "Shield"], ["Animosity", "Fast Cavalry"], mount=("Giant Wolf", "9 3 0 3 3 1 3 1 3"), base="25x50"),
    u("Trolls", "Troll", 3, 195, "6 3 1 5 4 3 1 3 4", ["Hand Weapon"], ["Fear", "Regeneration", "Stupidity"], base="40x40"),
    u("Orc Shaman", "Orc Shaman", 1, 65, "4 3 3 3 4 2 2 1 6", ["Hand Weapon"], ["Animosity"]),
    u("Rock Lobber", "Rock Lobber", 1, 80, "- - - - 7 3 - - -", [], ["War Machine"]),
]
MEN = "4 3 3 3 3 1 3 1 7"
COMMAND = (("Sergeant", 10, "4 3 3 3 3 1 3 2 7"), ("Standard Bearer", 10, None), ("Musician", 5, None))
empire = [
    u("General of the Empire", "General of the Empire", 1, 120, "4 5 5 4 4 3 5 3 9", ["Great Weapon", "Heavy Armour"], []),
    u("Captain of the Empire", "Captain of the Empire", 1, 75, "4 5 5 4 4 2 5 3 8", ["Hand Weapon", "Heavy Armour", "Shield"], []),
    u("Captain on Barded Warhorse", "Captain of the Empire", 1, 110, "4 5 5 4 4 2 5 3 8", ["Lance", "Heavy Armour", "Shield", "Barding"], [], mount=("Warhorse", "8 3 0 3 3 1 3 1 5"), base="25x50"),
    u("Warrior Priest", "Warrior Priest", 1, 90, "4 4 3 4 4 2 4 2 8", ["Great Weapon", "Heavy Armour"], ["Hatred"]),
    u("Halberdiers", "Halberdier", 25, 150, MEN, ["Halberd", "Light Armour"], [], COMMAND),
    u("Swordsmen", "Swordsman", 20, 120, "4 4 3 3 3 1 4 1 7", ["Hand Weapon", "Light Armour", "Shield"], [], COMMAND),
    u("Spearmen", "Spearman", 25, 125, MEN, ["Spear", "Light Armour", "Shield"], [], COMMAND),
    u("Greatswords", "Greatsword", 15, 180, "4 4 3 3 3 1 3 1 8", ["Great Weapon", "Heavy Armour"], ["Stubborn"], COMMAND),
    u("Free Company", "Free Company Fighter", 15, 75, MEN, ["Hand Weapon", "Additional Hand Weapon"], []),
    u("Handgunners", "Handgunner", 10, 80, MEN, ["Hand Weapon", "Handgun"], []),
    u("Crossbowmen", "Crossbowman", 10, 80, MEN, ["Hand Weapon", "Crossbow"], []),
    u("Knights of the White Wolf", "Knight", 6, 138, "4 4 3 3 3 1 3 1 8", ["Cavalry Hammer", "Heavy Armour", "Barding"], [], mount=("Warhorse", "8 3 0 3 3 1 3 1 5"), base="25x50"),
    u("Knightly Order", "Knight", 6, 138, "4 4 3 3 3 1 3 1 8", ["Lance", "Heavy Armour", "Shield", "Barding"], [], mount=("Warhorse", "8 3 0 3 3 1 3 1 5"), base="25x50"),
    u("Pistoliers", "Pistolier", 5, 105, "4 3 3 3 3 1 3 1 7", ["Hand Weapon", "Brace of Pistols", "Light Armour"], ["Fast Cavalry"], mount=("Warhorse", "8 3 0 3 3 1 3 1 5"), base="25x50"),
    u("Flagellants", "Flagellant", 15, 150, "4 2 2 3 4 1 3 1 10", ["Flail"], ["Unbreakable", "Frenzy"]),
    u("Battle Wizard", "Battle Wizard", 1, 65, "4 3 3 3 3 1 3 1 7", ["Hand Weapon"], []),
    u("Great Cannon", "Great Cannon", 1, 100, "- - - - 7 3 - - -", [], ["War Machine"]),
    u("Inner Circle Knights", "Inner Circle Knight", 5, 140, "4 4 3 4 3 1 3 1 8", ["Lance", "Heavy Armour", "Shield", "Barding"], [], mount=("Warhorse", "8 3 0 3 3 1 3 1 5"), base="25x50"),
]
if __name__ == "__main__":
    roster("Orc Waaagh!", orcs, "benches/rosters/orcs_2000.ros")
    roster("Empire Army", empire, "benches/rosters/empire_2000.ros")
