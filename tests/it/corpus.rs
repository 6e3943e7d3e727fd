//! The corpus check: every roster under the folders `MATHHAMMER_ROSTERS`
//! names (`:` between them), read as a new user would, and a count of
//! what it gives. The public data cannot ship with the project, so this is
//! an ignored test `scripts/corpus` runs on a checkout of it (README,
//! Contributing): each roster must read, each unit play or say why not,
//! and its units' points add to the list's or name the rest.

use mathhammer::roster::{Roster, RuleSource};
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// Every `.ros` and `.rosz` under `dir`, in order.
pub(crate) fn rosters(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut paths: Vec<PathBuf> = entries.flatten().map(|e| e.path()).collect();
    paths.sort();
    for p in paths {
        let ext = p
            .extension()
            .and_then(|e| e.to_str())
            .map(str::to_lowercase);
        match ext.as_deref() {
            _ if p.is_dir() => rosters(&p, out),
            Some("ros" | "rosz") => out.push(p),
            _ => {}
        }
    }
}

/// A reason without the unit's own names in it: `X's A is 'Special'`
/// counted with every other `'Special'`.
fn kind_of(why: &str) -> String {
    const KEYS: [&str; 9] = ["M ", "WS ", "BS ", "S ", "T ", "W ", "I ", "A ", "Ld "];
    match why.split_once("'s ") {
        Some((_, rest)) if KEYS.iter().any(|k| rest.starts_with(k)) => format!("…'s {rest}"),
        _ => why.to_string(),
    }
}

#[test]
#[ignore = "needs the public rosters: scripts/corpus"]
fn every_roster_of_the_corpus_reads_and_every_unit_plays_or_says_why() {
    let folders = std::env::var("MATHHAMMER_ROSTERS").expect("MATHHAMMER_ROSTERS=DIR[:DIR...]");
    let mut files = Vec::new();
    // The first folder holds the rosters of every option of every book,
    // the others real lists.
    let mut generated = 0;
    for (i, dir) in folders.split(':').enumerate() {
        rosters(Path::new(dir), &mut files);
        if i == 0 {
            generated = files.len();
        }
    }
    assert!(!files.is_empty(), "no rosters under {folders}");
    let (mut units, mut played, mut unbalanced) = (0, 0, Vec::new());
    let mut left_out: BTreeMap<String, usize> = BTreeMap::new();
    let mut troops: BTreeMap<&str, usize> = BTreeMap::new();
    let mut refused = Vec::new();
    let mut coverage = Coverage::default();
    let mut not_played: BTreeMap<String, usize> = BTreeMap::new();
    // Per army and rule the army gives (and where from): units, their names.
    let mut given: BTreeMap<(String, String), (usize, BTreeSet<String>)> = BTreeMap::new();
    let mut stands: BTreeMap<String, usize> = BTreeMap::new();
    for (i, f) in files.iter().enumerate() {
        let source = usize::from(i >= generated);
        let roster = match Roster::read(f) {
            Ok(r) => r,
            Err(e) => {
                refused.push(e.to_string());
                continue;
            }
        };
        let listing: serde_json::Value =
            serde_json::from_str(&mathhammer::roster::listing::json(&roster)).unwrap();
        assert_eq!(
            listing["units"].as_array().unwrap().len(),
            roster.units.len()
        );
        for u in &roster.units {
            units += 1;
            coverage.add(source, &u.army, told(u));
            for r in &u.rules_from_army {
                let from = match &r.from {
                    RuleSource::Army(selection) => format!("the army's {selection}"),
                    RuleSource::ArmyBook(kind) => format!("the book's {kind}"),
                };
                let entry = given
                    .entry((u.army.clone(), format!("{} ({from})", r.name)))
                    .or_default();
                entry.0 += 1;
                entry.1.insert(u.name.clone());
            }
            for n in &u.rules_not_played {
                *coverage
                    .not_played
                    .entry((n.name.clone(), n.why.clone()))
                    .or_default() += 1;
                *not_played
                    .entry(format!("{} ({})", n.name, n.why))
                    .or_default() += 1;
            }
            match &u.played {
                Ok(p) => {
                    played += 1;
                    *troops.entry(p.troop.name()).or_default() += 1;
                }
                Err(why) => {
                    let why = why.to_string();
                    assert!(
                        !why.is_empty(),
                        "{}: {} left out without a reason",
                        f.display(),
                        u.name
                    );
                    *left_out.entry(kind_of(&why)).or_default() += 1;
                }
            }
        }
        if let Some(rest) = roster.unaccounted() {
            unbalanced.push(format!("{}: {rest} points", f.display()));
        }
        // Where each character stands, and why (RULES.md Characters in
        // units): every list fields its army.
        let army = mathhammer::army::Army::field(&roster, &[]).unwrap();
        for s in &army.stands {
            let place = match s.unit {
                Some(_) => "in a unit",
                None => "alone",
            };
            *stands.entry(format!("{place}: {}", s.why)).or_default() += 1;
        }
    }
    println!(
        "rosters read: {} of {}",
        files.len() - refused.len(),
        files.len()
    );
    println!(
        "units: {units}, played: {played}, left out: {}",
        units - played
    );
    for (why, n) in &left_out {
        println!("  {n:5}  {why}");
    }
    println!("units played, by troop type:");
    for (troop, n) in &troops {
        println!("  {n:5}  {troop}");
    }
    println!(
        "characters: {}, where they stand and why:",
        stands.values().sum::<usize>()
    );
    for (why, n) in &stands {
        println!("  {n:5}  {why}");
    }
    println!("rosters whose points do not add up: {}", unbalanced.len());
    for u in &unbalanced {
        println!("  {u}");
    }
    println!("names carried, by army: played, no effect in a fight, not played (share played or without effect)");
    let mut all = [0; 3];
    for (army, row) in coverage.by_army() {
        let n: usize = row.iter().sum();
        let share = 100.0 * (row[0] + row[1]) as f64 / n.max(1) as f64;
        println!(
            "  {army:20} {:6} {:6} {:6}  {share:5.1}%",
            row[0], row[1], row[2]
        );
        for (a, r) in all.iter_mut().zip(row) {
            *a += r;
        }
    }
    let n: usize = all.iter().sum();
    let share = 100.0 * (all[0] + all[1]) as f64 / n.max(1) as f64;
    println!(
        "  {:20} {:6} {:6} {:6}  {share:5.1}%",
        "all", all[0], all[1], all[2]
    );
    println!("rules the army gives that the roster does not, by army: units, rule (from where): the units' names");
    for ((army, rule), (n, names)) in &given {
        let names: Vec<&str> = names.iter().map(String::as_str).collect();
        println!("  {army:20} {n:5}  {rule}: {}", names.join(", "));
    }
    let mut common: Vec<(&String, &usize)> = not_played.iter().collect();
    common.sort_by(|a, b| b.1.cmp(a.1).then(a.0.cmp(b.0)));
    println!("names most often not played:");
    for (name, n) in common.iter().take(40) {
        println!("  {n:5}  {name}");
    }
    // Every name not played, for whoever takes the next ones on.
    let all: String = common
        .iter()
        .map(|(name, n)| format!("{n:6}  {name}\n"))
        .collect();
    let first = folders.split(':').next().unwrap_or(".");
    std::fs::write(Path::new(first).join("not_played.txt"), all).unwrap();
    coverage.check_readme();
    assert!(refused.is_empty(), "refused: {refused:#?}");
}

/// What unit `u` tells of the names it carries: played (rules and gear),
/// without effect in a fight, not played; a name part of an item counts
/// as the item does.
fn told(u: &mathhammer::roster::RosterUnit) -> [usize; 3] {
    let mut row = [
        u.rules_played.len() + u.equipment.len(),
        u.rules_without_effect.len(),
        u.rules_not_played.len(),
    ];
    for f in &u.rules_folded {
        let is = |l: &[mathhammer::roster::Named]| l.iter().any(|n| n.name == f.why);
        match (is(&u.rules_not_played), is(&u.rules_without_effect)) {
            (true, _) => row[2] += 1,
            (_, true) => row[1] += 1,
            _ => row[0] += 1,
        }
    }
    row
}

/// The names units carry, played or without effect in a fight, by army:
/// in the real lists and in the rosters of every option (README, the
/// army books' names in fights).
#[derive(Default)]
struct Coverage {
    /// By army: [real lists, every option], each [played, no effect,
    /// not played].
    armies: BTreeMap<String, [[usize; 3]; 2]>,
    /// Names not played, with why: how many units carry them.
    not_played: BTreeMap<(String, String), usize>,
}

impl Coverage {
    /// Per army: names played (rules and gear), without effect, not
    /// played, in every roster.
    fn by_army(&self) -> impl Iterator<Item = (&String, [usize; 3])> {
        let sum = |[a, b]: &[[usize; 3]; 2]| std::array::from_fn(|i| a[i] + b[i]);
        self.armies
            .iter()
            .map(move |(army, rows)| (army, sum(rows)))
    }

    fn add(&mut self, source: usize, army: &str, told: [usize; 3]) {
        let row = &mut self.armies.entry(army.to_string()).or_default()[1 - source];
        for (a, n) in row.iter_mut().zip(told) {
            *a += n;
        }
    }

    /// A cell: the names and the share played or without effect.
    fn cell(row: &[usize; 3]) -> String {
        let n: usize = row.iter().sum();
        match n {
            0 => "- | -".to_string(),
            _ => format!("{n} | {:.1}%", 100.0 * (row[0] + row[1]) as f64 / n as f64),
        }
    }

    /// The guide's table, and the names most often not played with why.
    fn table(&self) -> String {
        let mut out = String::from(
            "| army | names in the lists | played or no effect | names in every option | played or no effect |\n|---|---:|---:|---:|---:|\n",
        );
        let mut all = [[0; 3]; 2];
        for (army, rows) in &self.armies {
            out += &format!(
                "| {army} | {} | {} |\n",
                Self::cell(&rows[0]),
                Self::cell(&rows[1])
            );
            for (a, r) in all.iter_mut().flatten().zip(rows.iter().flatten()) {
                *a += r;
            }
        }
        out += &format!(
            "| all | {} | {} |\n",
            Self::cell(&all[0]),
            Self::cell(&all[1])
        );
        let mut common: Vec<_> = self.not_played.iter().collect();
        common.sort_by(|a, b| b.1.cmp(a.1).then(a.0.cmp(b.0)));
        out += "\nThe names most often not played, units carrying them, and why:\n\n";
        for ((name, why), n) in common.iter().take(10) {
            out += &format!("- {name} ({n}): {why}\n");
        }
        out
    }

    /// The guide's table is this one (`MATHHAMMER_WRITE_README=1` writes it).
    fn check_readme(&self) {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("GUIDE.md");
        let readme = std::fs::read_to_string(&path).unwrap();
        let (start, end) = (
            "<!-- names in fights: scripts/corpus -->\n",
            "<!-- end of names in fights -->",
        );
        let from = readme
            .find(start)
            .expect("the guide's table of names in fights")
            + start.len();
        let to = readme[from..].find(end).expect("its end") + from;
        let table = self.table();
        println!("{table}");
        if std::env::var_os("MATHHAMMER_WRITE_README").is_some() {
            let new = format!("{}{table}{}", &readme[..from], &readme[to..]);
            std::fs::write(&path, new).unwrap();
            return;
        }
        assert_eq!(
            readme[from..to],
            table,
            "the guide's table of names in fights is not the corpus's: MATHHAMMER_WRITE_README=1 scripts/corpus DATA_DIR writes it"
        );
    }
}

/// A roster cut for a shared link (`roster::for_link`) reads as the file
/// does: each unit cut alone the same unit, the whole-list cut the same
/// listing (`roster_link`).
#[test]
#[ignore = "needs the public rosters: scripts/corpus"]
fn every_roster_cut_for_a_link_reads_the_same() {
    let folders = std::env::var("MATHHAMMER_ROSTERS").expect("MATHHAMMER_ROSTERS=DIR[:DIR...]");
    let mut files = Vec::new();
    for dir in folders.split(':') {
        rosters(Path::new(dir), &mut files);
    }
    assert!(!files.is_empty(), "no rosters under {folders}");
    let (mut xml, mut whole, mut unit) = (0, 0, 0);
    for f in &files {
        let (a, b, c) = crate::roster_link::check(f);
        (xml, whole, unit) = (xml + a, whole + b, unit.max(c));
    }
    println!(
        "rosters cut for links: {}; their XML {xml} bytes, cut whole {whole}, the largest one-unit cut {unit}",
        files.len()
    );
}
