//! Hand-made rosters for the reader's tests: profiles, selections and a
//! whole list written as BattleScribe and New Recruit write them, and what
//! a unit plays as (type, M, save against S3, weapon, models).

use mathhammer::profile::ProfileFile;
use mathhammer::roster::{Role, Roster, RosterUnit};
use mathhammer::rules::fighter::Defender;
use mathhammer::rules::profile::TroopType;
use mathhammer::rules::saves::modified_save;
use mathhammer::rules::weapons::Weapon;

/// An Empire state trooper's profile (Empire army book).
pub const EMPIRE_SOLDIER: &str = "4 3 3 3 3 1 3 1 7 7 7 1 20x20";

pub const WFB6: &str = "Warhammer Fantasy Battles (6th definitive edition)";
const KEYS: [&str; 13] = [
    "Mv", "WS", "BS", "S", "T", "W", "I", "A", "Ld", "Sv", "Sv+", "US", "Base",
];

/// A profile of type `Profile`: `values` in the order of [`KEYS`].
pub fn model(name: &str, values: &str) -> String {
    let c: String = KEYS
        .iter()
        .zip(values.split(' '))
        .map(|(k, v)| format!("<characteristic name=\"{k}\">{v}</characteristic>"))
        .collect();
    format!("<profile name=\"{name}\" hidden=\"false\" typeName=\"Profile\"><characteristics>{c}</characteristics></profile>")
}

/// A profile of another type (`Weapon`, `Armour`) with its characteristics.
pub fn gear_profile(name: &str, kind: &str, values: &[(&str, &str)]) -> String {
    let c: String = values
        .iter()
        .map(|(k, v)| format!("<characteristic name=\"{k}\">{v}</characteristic>"))
        .collect();
    format!("<profile name=\"{name}\" hidden=\"false\" typeName=\"{kind}\"><characteristics>{c}</characteristics></profile>")
}

/// A selection: its `kind`, `name`, `number`, profiles, held selections
/// and extra XML (categories, costs).
pub fn sel(kind: &str, name: &str, number: u32, profiles: &[String], held: &[String]) -> String {
    let p = match profiles.is_empty() {
        true => String::new(),
        false => format!("<profiles>{}</profiles>", profiles.concat()),
    };
    let h = match held.is_empty() {
        true => String::new(),
        false => format!("<selections>{}</selections>", held.concat()),
    };
    format!("<selection name=\"{name}\" type=\"{kind}\" number=\"{number}\">{p}{h}</selection>")
}

/// An upgrade without a profile (gear, command).
pub fn item(name: &str) -> String {
    sel("upgrade", name, 1, &[], &[])
}

/// `s` with `extra` (categories, costs) inside it.
pub fn with(s: String, extra: &str) -> String {
    let at = s.rfind("</selection>").unwrap();
    format!("{}{extra}{}", &s[..at], &s[at..])
}

pub fn category(name: &str) -> String {
    format!("<categories><category name=\"{name}\" primary=\"false\"/></categories>")
}

pub fn cost(points: u32) -> String {
    format!("<costs><cost name=\"pts\" value=\"{points}\"/></costs>")
}

/// A roster of `units`, its total `points`.
pub fn roster(points: u32, units: &[String]) -> Roster {
    let xml = format!(
        "<roster name=\"t\" gameSystemName=\"{WFB6}\"><costs><cost name=\"pts\" value=\"{points}\"/></costs>\
         <forces><force><selections>{}</selections></force></forces></roster>",
        units.concat()
    );
    Roster::from_bytes("t.ros", xml.as_bytes()).unwrap()
}

/// What a unit plays as: type, M in cm, save against S3 in close combat,
/// weapon, models.
pub fn plays(u: &RosterUnit) -> (TroopType, f64, Option<u8>, Weapon, u32) {
    let f = u
        .played
        .as_ref()
        .unwrap_or_else(|why| panic!("{} left out: {why}", u.name));
    (
        f.troop,
        f.profile.m.0,
        save_against_s3(f),
        f.weapon,
        u.models,
    )
}

pub fn save_against_s3(f: &ProfileFile) -> Option<u8> {
    let d = Defender {
        ws: f.profile.ws.0,
        t: f.profile.t.0,
        w: f.profile.w.0,
        troop: f.troop,
        save: f.save(),
        weapon: f.weapon,
        ward: f.ward.map(|w| w.0),
        regeneration: f.regeneration,
        reroll_saves: false,
        ethereal: false,
        daemonic_aura: false,
        flammable: false,
        regeneration_not_magic: false,
        foes_minus_one_to_hit: false,
        undead_or_daemon: false,
        against_missiles: Default::default(),
        hardiness: Default::default(),
    };
    modified_save(d.armour_save(true), 3, false)
}

pub fn roles(u: &RosterUnit) -> Vec<(&str, Role)> {
    u.profiles
        .iter()
        .map(|p| (p.name.as_str(), p.role))
        .collect()
}

/// A roster of `units` chosen from army book `army` (its catalogue's
/// name), its total `points`.
pub fn army_roster(army: &str, points: u32, units: &[String]) -> Roster {
    let xml = army_xml(army, points, units);
    Roster::from_bytes("t.ros", xml.as_bytes()).unwrap()
}

/// [`army_roster`]'s XML, its total 0 points, for a file.
pub fn army_roster_xml(army: &str, units: &[String]) -> String {
    army_xml(army, 0, units)
}

/// The XML of [`army_roster`].
pub fn army_xml(army: &str, points: u32, units: &[String]) -> String {
    format!(
        "<roster name=\"t\" gameSystemName=\"{WFB6}\"><costs><cost name=\"pts\" value=\"{points}\"/></costs>\
         <forces><force catalogueName=\"{army}\"><selections>{}</selections></force></forces></roster>",
        units.concat()
    )
}

/// A selection holding rule `name` (a `<rule>` as the data links it).
pub fn rule(s: String, name: &str) -> String {
    with(
        s,
        &format!("<rules><rule name=\"{name}\" hidden=\"false\"/></rules>"),
    )
}

/// The XML of a roster of `units`, its total `points`.
pub fn roster_xml(points: u32, units: &[String]) -> String {
    format!(
        "<roster name=\"t\" gameSystemName=\"{WFB6}\"><costs><cost name=\"pts\" value=\"{points}\"/></costs>\
         <forces><force catalogueName=\"t\"><selections>{}</selections></force></forces></roster>",
        units.concat()
    )
}

/// A roster file of `units` (its total `points`) written in the tests'
/// folder as `name`.
pub fn roster_file(name: &str, points: u32, units: &[String]) -> std::path::PathBuf {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("rosters");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, roster_xml(points, units)).unwrap();
    path
}

/// A Great Cannon and its 3 crew (Empire soldiers), a war machine as the
/// Empire data writes it.
pub fn great_cannon() -> String {
    with(
        sel(
            "unit",
            "Great Cannon",
            1,
            &[
                model("War machines", "- - - - 7 3 - - - 7 7 - 40x40"),
                model("Empire soldier", EMPIRE_SOLDIER),
            ],
            &[sel("upgrade", "3 Crew", 1, &[], &[item("Hand Weapon")])],
        ),
        &category("War Machine"),
    )
}

/// A selection of a mount of `group` (`Mounts`, as New Recruit writes a
/// steed chosen from its group) with profile `values`.
pub fn mount(name: &str, values: &str) -> String {
    format!(
        "<selection name=\"{name}\" type=\"upgrade\" number=\"1\" group=\"Mounts\"><profiles>{}</profiles></selection>",
        model(name, values)
    )
}

/// The roster of `units` chosen from army book `army`, read as a file.
pub fn read_army(army: &str, units: &[String]) -> Roster {
    Roster::from_bytes("t.ros", army_xml(army, 0, units).as_bytes()).unwrap()
}

/// The names unit `u` tells "held by" another kind of model.
pub fn held_by_others(u: &RosterUnit) -> Vec<&str> {
    (u.rules_not_played.iter())
        .filter(|n| n.why.contains("held by"))
        .map(|n| n.name.as_str())
        .collect()
}

/// A one-round scenario: `unit` of roster `path` strikes at 20 men (WS 3,
/// T 3, 5+ save, five wide, unbreakable) who strike nothing back.
pub fn men_struck_by(path: &std::path::Path, unit: &str) -> String {
    format!(
        "name = \"struck\"\n[attacker]\nroster = \"{}\"\nunit = \"{unit}\"\n\
         [defender]\nname = \"Men\"\nmodels = 20\nfrontage = 5\nsave = 5\nrules = [\"unbreakable\"]\n\
         [defender.profile]\nm = 10\nws = 3\nbs = 3\ns = 3\nt = 3\nw = 1\ni = 3\na = 0\nld = 7\n\
         [situation]\ncharger = \"none\"\nrounds = 1\n",
        path.display()
    )
}
