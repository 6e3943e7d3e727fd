//! A roster listed: `mathhammer roster FILE` as text or JSON.

use super::{ArmyRule, Named, Role, Roster, RosterUnit, RuleSource, Value};
use serde_json::{json, Map};

/// The JSON listing: `{"name", "points", "unit_points", "outside",
/// "unaccounted", "army_rules": [{"army", "selection", "name", "units"}],
/// "units": [{"number", "name", "army", "parent", "points", "profiles":
/// [{"name", "models", "role", "M", "WS", ...}], "equipment",
/// "rules_played", "rules_from_army": [{"name", "from": "army",
/// "selection"} or {"name", "from": "army book", "kind"}],
/// "rules_without_effect_in_fights": [{"name", "why"}], "rules_not_played":
/// [{"name", "why"}], "rules_played_in_part": [{"name", "why"}],
/// "rules_folded": [{"name", "into"}], "notes",
/// "plays_as", "save",
/// "save_against_missiles", "ward", "left_out"}], "left_out": [{"number", "name", "why"}]}`.
pub fn json(roster: &Roster) -> String {
    serde_json::to_string_pretty(&json_value(roster)).expect("JSON of plain values") + "\n"
}

/// [`json()`]'s listing as a JSON value (the army adds to it).
pub fn json_value(roster: &Roster) -> serde_json::Value {
    let units: Vec<_> = roster.units.iter().map(unit_json).collect();
    let outside: Vec<_> = roster
        .outside
        .iter()
        .map(|(name, points)| json!({"name": name, "points": points}))
        .collect();
    let left_out: Vec<_> = roster
        .units
        .iter()
        .filter_map(|u| {
            let why = u.played.as_ref().err()?;
            Some(json!({"number": u.number, "name": u.name, "why": why}))
        })
        .collect();
    let army_rules: Vec<_> = roster
        .army_rules
        .iter()
        .map(
            |r| json!({"army": r.army, "selection": r.selection, "name": r.name, "units": r.units}),
        )
        .collect();
    json!({
        "name": roster.name,
        "points": roster.points,
        "unit_points": roster.unit_points(),
        "outside": outside,
        "unaccounted": roster.unaccounted(),
        "army_rules": army_rules,
        "units": units,
        "left_out": left_out,
    })
}

/// Unit `u`'s entry of the listing.
pub fn unit_json(u: &RosterUnit) -> serde_json::Value {
    let saves = u.played.as_ref().ok().map(|p| p.saves_as_played());
    let profiles: Vec<_> = u
        .profiles
        .iter()
        .map(|p| {
            let mut m = Map::new();
            m.insert("name".into(), json!(p.name));
            m.insert("models".into(), json!(p.models));
            m.insert("role".into(), json!(p.role.name()));
            for (k, v) in &p.values {
                let v = match v {
                    Value::Num(x) => json!(x),
                    Value::Text(t) => json!(t),
                    Value::Absent => serde_json::Value::Null,
                };
                m.insert(k.clone(), v);
            }
            serde_json::Value::Object(m)
        })
        .collect();
    json!({
        "number": u.number,
        "name": u.name,
        "army": u.army,
        "parent": u.parent,
        "points": u.points,
        "models": u.models,
        "profiles": profiles,
        "command": command(u),
        "equipment": u.equipment,
        "rules_played": u.rules_played,
        "rules_from_army": u.rules_from_army.iter().map(army_rule_json).collect::<Vec<_>>(),
        "rules_without_effect_in_fights": u.rules_without_effect,
        "rules_not_played": u.rules_not_played,
        "rules_played_in_part": u.played_in_part,
        "rules_folded": u.rules_folded.iter().map(|n| json!({"name": n.name, "into": n.why})).collect::<Vec<_>>(),
        "notes": u.notes,
        "plays_as": u.played.as_ref().ok().map(plays_as),
        "save": saves.map(|s| s.close_combat),
        "save_against_missiles": saves.map(|s| s.missiles),
        "ward": saves.map(|s| s.ward),
        "left_out": u.played.as_ref().err(),
    })
}

/// A rule the army gives a unit, and where from.
fn army_rule_json(r: &ArmyRule) -> serde_json::Value {
    match &r.from {
        RuleSource::Army(selection) => {
            json!({"name": r.name, "from": "army", "selection": selection})
        }
        RuleSource::ArmyBook(kind) => json!({"name": r.name, "from": "army book", "kind": kind}),
    }
}

/// Where a rule the army gives comes from, in words.
fn source_text(from: &RuleSource) -> String {
    match from {
        RuleSource::Army(selection) => format!("from the army ({selection})"),
        RuleSource::ArmyBook(kind) => format!("from the army book ({kind})"),
    }
}

/// The rules the army gives a unit, one line per source (none if none).
fn army_rules_text(rules: &[ArmyRule]) -> String {
    let mut sources: Vec<&RuleSource> = Vec::new();
    for r in rules {
        if !sources.contains(&&r.from) {
            sources.push(&r.from);
        }
    }
    sources
        .iter()
        .enumerate()
        .map(|(i, from)| {
            let names: Vec<&str> = rules
                .iter()
                .filter(|r| r.from == **from)
                .map(|r| r.name.as_str())
                .collect();
            let label = if i == 0 { "army rules" } else { "" };
            format!(
                "   {label:<11} {}: {}\n",
                names.join(", "),
                source_text(from)
            )
        })
        .collect()
}

/// The command group's members.
fn command(u: &RosterUnit) -> Vec<&'static str> {
    [
        (u.champion, "champion"),
        (u.standard, "standard"),
        (u.musician, "musician"),
    ]
    .iter()
    .filter(|(has, _)| *has)
    .map(|&(_, name)| name)
    .collect()
}

/// The unit as played, in the profile file's words.
fn plays_as(p: &crate::profile::ProfileFile) -> String {
    use clap::ValueEnum;
    let name = |v: Option<clap::builder::PossibleValue>| {
        v.map_or(String::new(), |v| v.get_name().to_string())
    };
    let v = &p.profile;
    let m = match v.m.1 {
        Some(dice) => format!("{dice}\""),
        None => format!("{} cm", crate::error::shown(v.m.0)),
    };
    // A Giant strikes by its table, not its A (RULES.md Giants).
    let giant = crate::rules::special::Psychology::new(&p.rules).giant;
    let a = match giant.is_some() {
        true => "by the Giant's table".to_string(),
        false => v.a.to_string(),
    };
    let mut s = format!(
        "{}, M {} WS {} BS {} S {} T {} W {} I {} A {} Ld {}, {}",
        name(p.troop.to_possible_value()),
        m,
        v.ws.0,
        v.bs.0,
        v.s.0,
        v.t.0,
        v.w.0,
        v.i.0,
        a,
        v.ld.0,
        name(p.weapon.to_possible_value()),
    );
    match p.armour {
        crate::rules::saves::BodyArmour::None => {}
        crate::rules::saves::BodyArmour::Light => s += ", light armour",
        crate::rules::saves::BodyArmour::Heavy => s += ", heavy armour",
        crate::rules::saves::BodyArmour::Gromril => s += ", gromril armour",
    }
    if let Some(n) = p.natural_armour {
        s += &format!(", natural armour {}+", n.0);
    }
    for (has, what) in [
        (p.shield, "shield"),
        (p.barding, "barding"),
        (p.mount.is_some(), "mount"),
        (p.regeneration, "regeneration"),
        (p.flies, "flies"),
        (p.general, "General"),
        (p.battle_standard, "battle standard"),
    ] {
        if has {
            s += &format!(", {what}");
        }
    }
    if p.crew.0 > 1 {
        s += &format!(", crew {}", p.crew.0);
    }
    if let Some(h) = p.impact_hits {
        let dice = h.dice.name();
        match h.plus.0 {
            0 => s += &format!(", impact hits {dice} S{}", h.s.0),
            plus => s += &format!(", impact hits {dice}+{plus} S{}", h.s.0),
        }
    }
    s += &saves_text(p.saves_as_played());
    if let Some(m) = p.missile {
        s += &format!(", missiles S{} x{}", m.s.0, m.shots.0);
        for (has, rule) in [(m.armour_piercing, "armour-piercing"), (m.poison, "poison")] {
            if has {
                s += &format!(" {rule}");
            }
        }
    }
    if p.combat_resolution.0 > 0 {
        s += &format!(", +{} combat result", p.combat_resolution.0);
    }
    if !p.hates.is_empty() {
        s += &format!(", hates {}", p.hates.join(" and "));
    }
    if !p.fears.is_empty() {
        s += &format!(
            ", fears {} unless outnumbering them two to one",
            p.fears.join(" and ")
        );
    }
    if !p.open_ground.is_empty() {
        let kinds: Vec<&str> = p.open_ground.iter().map(|t| t.name()).collect();
        s += &format!(", crosses {} as open ground", kinds.join(" and "));
    }
    if !p.immune_to_panic_against.is_empty() {
        s += &format!(
            ", immune to panic against {}",
            p.immune_to_panic_against.join(" and ")
        );
    }
    for r in &p.rules {
        s += &format!(", {}", r.name());
    }
    s
}

/// Its saves as played: `save 4+ (5+ against missiles), ward 5+`, or
/// `no save`.
fn saves_text(saves: crate::profile::SavesPlayed) -> String {
    let mut s = match (saves.close_combat, saves.missiles) {
        (Some(cc), m) if m == Some(cc) => format!(", save {cc}+"),
        (Some(cc), Some(m)) => format!(", save {cc}+ ({m}+ against missiles)"),
        (Some(cc), None) => format!(", save {cc}+ (none against missiles)"),
        (None, Some(m)) => format!(", no save ({m}+ against missiles)"),
        (None, None) => ", no save".to_string(),
    };
    if let Some(w) = saves.ward {
        s += &format!(", ward {w}+");
    }
    s
}

/// The text listing: each unit with its models, profiles, gear and rules,
/// then the units' points against the list's.
pub fn text(roster: &Roster) -> String {
    let mut out = format!("Roster: {} ({} points)\n", roster.name, roster.points);
    for u in &roster.units {
        out += &unit_text(roster, u);
    }
    out + &points_text(roster) + &force_rules_text(roster)
}

/// The army's own selections' rules and the units each reaches.
fn force_rules_text(roster: &Roster) -> String {
    let mut out = String::new();
    for r in &roster.army_rules {
        let units: Vec<String> = r.units.iter().map(usize::to_string).collect();
        let reach = match units.is_empty() {
            true => "no unit: the table of names does not say which units it covers".to_string(),
            false => format!("units {}", units.join(", ")),
        };
        let of = match r.name == r.selection {
            true => String::new(),
            false => format!(" (of {})", r.selection),
        };
        out += &format!("Army rule: {}{of} on {reach}\n", r.name);
    }
    out
}

fn unit_text(roster: &Roster, u: &RosterUnit) -> String {
    let head = format!(
        "\n{}. {} ({} points, {} models)\n",
        u.number, u.name, u.points, u.models
    );
    head + &unit_lines(roster, u)
}

/// Unit `u`'s lines under its name: its profiles, command, gear, rules
/// and how it plays (`units ARMY UNIT` lists a unit of the library so).
pub(crate) fn unit_lines(roster: &Roster, u: &RosterUnit) -> String {
    let mut out = String::new();
    if let Some(parent) = u.parent.and_then(|n| roster.units.get(n - 1)) {
        out += &format!("   detachment  of {}. {}\n", parent.number, parent.name);
    }
    for p in &u.profiles {
        let values: Vec<String> = p
            .values
            .iter()
            .filter(|(_, v)| *v != Value::Absent)
            .map(|(k, v)| match v {
                Value::Num(x) => format!("{k} {x}"),
                Value::Text(t) => format!("{k} {t}"),
                Value::Absent => String::new(),
            })
            .collect();
        let role = match p.role {
            Role::RankAndFile => String::new(),
            r => format!(", {}", r.name()),
        };
        out += &format!(
            "   profile     {} x{}{role}: {}\n",
            p.name,
            p.models,
            values.join(" ")
        );
    }
    let list = |l: &[String]| {
        if l.is_empty() {
            "-".to_string()
        } else {
            l.join(", ")
        }
    };
    let cmd = command(u);
    if !cmd.is_empty() {
        out += &format!("   command     {}\n", cmd.join(", "));
    }
    out += &format!("   equipment   {}\n", list(&u.equipment));
    out += &format!("   rules       {}\n", list(&u.rules_played));
    out += &army_rules_text(&u.rules_from_army);
    if !u.rules_without_effect.is_empty() {
        let names: Vec<String> = u
            .rules_without_effect
            .iter()
            .map(|n| n.name.clone())
            .collect();
        out += &format!("   no effect   {}\n", list(&names));
    }
    out += &reasons("not played", &u.rules_not_played);
    if !u.played_in_part.is_empty() {
        out += &reasons("in part", &u.played_in_part);
    }
    if !u.rules_folded.is_empty() {
        let folded: Vec<String> = u
            .rules_folded
            .iter()
            .map(|n| format!("{} (in {})", n.name, n.why))
            .collect();
        out += &format!("   part of     {}\n", list(&folded));
    }
    for note in &u.notes {
        out += &format!("   note        {note}\n");
    }
    match &u.played {
        Ok(p) => {
            out += &format!("   plays as    {}\n", plays_as(p));
            out += &others_play_as(p);
        }
        Err(why) => out += &format!("   left out    {why}\n"),
    }
    out
}

/// How the unit's other kinds of model that fight in it play, a line a
/// kind with its models (RULES.md Characters in units, Other kinds of
/// model in a unit).
fn others_play_as(p: &crate::profile::ProfileFile) -> String {
    let mut out = String::new();
    let mut kinds: Vec<(&crate::profile::ProfileFile, usize)> = Vec::new();
    for o in &p.others {
        match kinds.iter_mut().find(|(k, _)| k.name == o.name) {
            Some((_, n)) => *n += 1,
            None => kinds.push((o, 1)),
        }
    }
    for (o, n) in kinds {
        out += &format!("   with        {} x{n}: {}\n", o.name, plays_as(o));
    }
    out
}

/// `label` and each name with why, one a line (`-` for none).
fn reasons(label: &str, names: &[Named]) -> String {
    if names.is_empty() {
        return format!("   {label:<11} -\n");
    }
    names
        .iter()
        .enumerate()
        .map(|(i, n)| {
            let label = if i == 0 { label } else { "" };
            format!("   {label:<11} {}: {}\n", n.name, n.why)
        })
        .collect()
}

/// The units' points against the list's, and where the rest went.
fn points_text(roster: &Roster) -> String {
    let left_out = roster.units.iter().filter(|u| u.played.is_err()).count();
    let mut out = format!(
        "\nUnits: {} ({} play, {} left out), {} of the list's {} points",
        roster.units.len(),
        roster.units.len() - left_out,
        left_out,
        crate::error::shown(roster.unit_points()),
        crate::error::shown(roster.points),
    );
    let outside: Vec<String> = roster
        .outside
        .iter()
        .map(|(name, points)| format!("{name} {}", crate::error::shown(*points)))
        .collect();
    if !outside.is_empty() {
        out += &format!("; outside the units: {}", outside.join(", "));
    }
    match roster.unaccounted() {
        Some(rest) if rest > 0.0 => {
            out += &format!(
                "; {} points in no selection of the list",
                crate::error::shown(rest)
            )
        }
        Some(rest) => {
            out += &format!(
                "; the selections cost {} points more than the list's total",
                crate::error::shown(-rest)
            )
        }
        None => {}
    }
    out + "\n"
}
