//! A roster listed: `mathhammer roster FILE` as text or JSON.

use super::{Roster, RosterUnit, Value};
use serde_json::{json, Map};

/// The JSON listing: `{"name", "points", "units": [{"number", "name",
/// "points", "profiles": [{"name", "models", "M", "WS", ...}],
/// "equipment", "rules_played", "rules_not_played", ...}]}`.
pub fn json(roster: &Roster) -> String {
    let units: Vec<_> = roster.units.iter().map(unit_json).collect();
    let out = json!({"name": roster.name, "points": roster.points, "units": units});
    serde_json::to_string_pretty(&out).expect("JSON of plain values") + "\n"
}

fn unit_json(u: &RosterUnit) -> serde_json::Value {
    let profiles: Vec<_> = u
        .profiles
        .iter()
        .map(|p| {
            let mut m = Map::new();
            m.insert("name".into(), json!(p.name));
            m.insert("models".into(), json!(p.models));
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
        "points": u.points,
        "models": u.models,
        "profiles": profiles,
        "command": command(u),
        "equipment": u.equipment,
        "rules_played": u.rules_played,
        "rules_not_played": u.rules_not_played,
        "plays_as": u.played.as_ref().ok().map(plays_as),
        "left_out": u.played.as_ref().err(),
    })
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
    let mut s = format!(
        "{}, M {} cm WS {} BS {} S {} T {} W {} I {} A {} Ld {}, {}",
        name(p.troop.to_possible_value()),
        crate::error::shown(v.m.0),
        v.ws.0,
        v.bs.0,
        v.s.0,
        v.t.0,
        v.w.0,
        v.i.0,
        v.a.0,
        v.ld.0,
        name(p.weapon.to_possible_value()),
    );
    match p.armour {
        crate::rules::saves::BodyArmour::None => {}
        crate::rules::saves::BodyArmour::Light => s += ", light armour",
        crate::rules::saves::BodyArmour::Heavy => s += ", heavy armour",
    }
    if let Some(n) = p.natural_armour {
        s += &format!(", natural armour {}+", n.0);
    }
    for (has, what) in [
        (p.shield, "shield"),
        (p.barding, "barding"),
        (p.mount.is_some(), "mount"),
        (p.regeneration, "regeneration"),
    ] {
        if has {
            s += &format!(", {what}");
        }
    }
    if let Some(w) = p.ward {
        s += &format!(", ward {}+", w.0);
    }
    if let Some(m) = p.missile {
        s += &format!(", missiles S{} x{}", m.s.0, m.shots.0);
    }
    for r in &p.rules {
        s += &format!(", {}", r.name());
    }
    s
}

/// The text listing: each unit with its models, profiles, gear and rules.
pub fn text(roster: &Roster) -> String {
    let mut out = format!("Roster: {} ({} points)\n", roster.name, roster.points);
    for u in &roster.units {
        out += &format!(
            "\n{}. {} ({} points, {} models)\n",
            u.number, u.name, u.points, u.models
        );
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
            out += &format!(
                "   profile     {} x{}: {}\n",
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
        out += &format!("   not played  {}\n", list(&u.rules_not_played));
        match &u.played {
            Ok(p) => out += &format!("   plays as    {}\n", plays_as(p)),
            Err(why) => out += &format!("   left out    {why}\n"),
        }
    }
    out
}
