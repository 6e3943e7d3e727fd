#!/usr/bin/env python3
"""Writes two rosters of N small units each (5 models, copies of a few of
make.py's units under numbered names), for measuring a matchup of N x N
fights (BENCHMARKS.md, issue 37). Run from the repository's root:
python3 benches/rosters/many.py N DIR writes DIR/orcs_N.ros and
DIR/empire_N.ros."""

import sys

from make import roster, u

ORC = "4 3 3 3 4 1 2 1 7"
MEN = "4 3 3 3 3 1 3 1 7"
BOAR = ("War Boar", "7 3 0 3 4 1 3 1 3")
HORSE = ("Warhorse", "8 3 0 3 3 1 3 1 5")
ORCS = [
    ("Orc Boyz", lambda n: u(n, "Orc Boy", 5, 30, ORC, ["Hand Weapon", "Light Armour", "Shield"], ["Animosity"])),
    ("Big 'Uns", lambda n: u(n, "Big 'Un", 5, 50, "4 4 3 4 4 1 2 1 7", ["Hand Weapon", "Additional Hand Weapon"], ["Animosity"])),
    ("Savage Orcs", lambda n: u(n, "Savage Orc", 5, 40, ORC, ["Hand Weapon", "Additional Hand Weapon"], ["Animosity", "Frenzy"])),
    ("Boar Boyz", lambda n: u(n, "Orc Boar Boy", 5, 105, ORC, ["Hand Weapon", "Spear", "Light Armour", "Shield"], ["Animosity"], mount=BOAR, base="25x50")),
    ("Goblins", lambda n: u(n, "Goblin", 5, 15, "4 2 3 3 3 1 2 1 6", ["Spear", "Shield"], ["Animosity"])),
]
EMPIRE = [
    ("Halberdiers", lambda n: u(n, "Halberdier", 5, 30, MEN, ["Halberd", "Light Armour"], [])),
    ("Swordsmen", lambda n: u(n, "Swordsman", 5, 30, "4 4 3 3 3 1 4 1 7", ["Hand Weapon", "Light Armour", "Shield"], [])),
    ("Spearmen", lambda n: u(n, "Spearman", 5, 25, MEN, ["Spear", "Light Armour", "Shield"], [])),
    ("Greatswords", lambda n: u(n, "Greatsword", 5, 60, "4 4 3 3 3 1 3 1 8", ["Great Weapon", "Heavy Armour"], ["Stubborn"])),
    ("Knights", lambda n: u(n, "Knight", 5, 115, "4 4 3 3 3 1 3 1 8", ["Lance", "Heavy Armour", "Shield", "Barding"], [], mount=HORSE, base="25x50")),
]

if __name__ == "__main__":
    n, out = int(sys.argv[1]), sys.argv[2]
    for name, kinds, file in [("Orc Horde", ORCS, "orcs"), ("Empire Host", EMPIRE, "empire")]:
        units = [kinds[i % len(kinds)][1](f"{kinds[i % len(kinds)][0]} {i + 1}") for i in range(n)]
        roster(f"{name} of {n}", units, f"{out}/{file}_{n}.ros")
