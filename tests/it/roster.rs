//! Rosters (`mathhammer roster`, `mathhammer::roster`): the shipped lists
//! read as their files write them, every name played or listed, and each
//! broken file refused in one line naming the file, the unit and the field.

use crate::common::run::{error, json};
use mathhammer::roster::{Roster, UnitKey};
use std::io::Write;

const ORCS: &str = "scenarios/rosters/orcs_500.ros";
const EMPIRE: &str = "scenarios/rosters/empire_500.ros";

/// A roster of one unit whose rank-and-file profile has `characteristics`
/// (name, value) and whose upgrades are `upgrades`.
fn one_unit(system: &str, characteristics: &[(&str, &str)], upgrades: &[&str]) -> String {
    let chars: String = characteristics
        .iter()
        .map(|(k, v)| format!("<characteristic name=\"{k}\">{v}</characteristic>"))
        .collect();
    let ups: String = upgrades
        .iter()
        .map(|u| format!("<selection name=\"{u}\" type=\"upgrade\" number=\"1\"/>"))
        .collect();
    format!(
        "<roster name=\"t\" gameSystemName=\"{system}\"><forces><force><selections>\
         <selection name=\"Boyz\" type=\"unit\" number=\"1\"><selections>\
         <selection name=\"Boy\" type=\"model\" number=\"12\"><costs><cost name=\"pts\" value=\"72\"/></costs>\
         <profiles><profile name=\"Boy\" typeName=\"Profile\"><characteristics>{chars}</characteristics></profile></profiles>\
         </selection>{ups}</selections></selection></selections></force></forces></roster>"
    )
}

const WFB6: &str = "Warhammer Fantasy Battles (6th definitive edition)";
const ORC: [(&str, &str); 9] = [
    ("Mv", "4"),
    ("WS", "3"),
    ("BS", "3"),
    ("S", "3"),
    ("T", "4"),
    ("W", "1"),
    ("I", "2"),
    ("A", "1"),
    ("Ld", "7"),
];

#[test]
fn the_shipped_rosters_read_as_their_files_write_them() {
    let orcs = json(&["roster", ORCS]);
    assert_eq!(orcs["name"], "Orc Warband");
    assert_eq!(orcs["points"], 500.0);
    let units = orcs["units"].as_array().unwrap();
    let total: f64 = units.iter().map(|u| u["points"].as_f64().unwrap()).sum();
    assert_eq!(total, 500.0);
    let boyz = &units[1];
    assert_eq!(
        (boyz["number"].as_u64(), boyz["name"].as_str()),
        (Some(2), Some("Orc Boyz"))
    );
    let p = &boyz["profiles"][0];
    for (k, v) in [
        ("models", 20.0),
        ("M", 4.0),
        ("WS", 3.0),
        ("T", 4.0),
        ("I", 2.0),
        ("Ld", 7.0),
    ] {
        assert_eq!(p[k].as_f64(), Some(v), "{k}: {p}");
    }
    assert_eq!(
        boyz["command"],
        serde_json::json!(["champion", "standard", "musician"])
    );
    assert_eq!(boyz["rules_played"], serde_json::json!(["Animosity"]));
    let boars = &units[3];
    let plays = boars["plays_as"].as_str().unwrap();
    // A 7" boar: 17.5 cm, as cavalry with its mount's attacks.
    assert!(
        plays.starts_with("cavalry, M 17.5 cm") && plays.contains("mount"),
        "{plays}"
    );
    let empire = json(&["roster", EMPIRE]);
    let flagellants = &empire["units"][4];
    assert_eq!(
        flagellants["rules_played"],
        serde_json::json!(["Unbreakable"])
    );
    assert_eq!(flagellants["rules_not_played"][0]["name"], "Fanatical");
    assert!(
        flagellants["rules_not_played"][0]["why"]
            .as_str()
            .unwrap()
            .len()
            > 3
    );
    // The General is played: his Ld for the unit he leads.
    assert!(empire["units"][0]["rules_played"]
        .as_array()
        .unwrap()
        .contains(&"General".into()));
}

#[test]
fn gear_and_natural_armour_are_played_by_name() {
    let xml = one_unit(
        WFB6,
        &ORC,
        &["Spears", "Scaly Skin (5+)", "Shield", "Scouts"],
    );
    let r = Roster::from_bytes("t.ros", xml.as_bytes()).unwrap();
    let u = &r.units[0];
    let played = u.played.as_ref().unwrap();
    assert_eq!(played.weapon, mathhammer::rules::weapons::Weapon::Spear);
    assert!(played.shield);
    // Natural armour 5+ is its own, added to what is worn: with the
    // shield, 4+ (and 3+ parrying with a hand weapon on foot).
    assert_eq!(played.armour, mathhammer::rules::saves::BodyArmour::None);
    assert_eq!(played.natural_armour.map(|n| n.0), Some(5));
    let no_effect: Vec<&str> = u
        .rules_without_effect
        .iter()
        .map(|n| n.name.as_str())
        .collect();
    assert_eq!(no_effect, ["Scouts"]);
    assert!(u.rules_not_played.is_empty(), "{:?}", u.rules_not_played);
    assert_eq!(played.profile.m.0, 10.0);
}

/// `bytes` written to a temporary file named `name`; its path.
fn written(name: &str, bytes: &[u8]) -> String {
    let dir = std::env::temp_dir().join(format!("mh-roster-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, bytes).unwrap();
    path.display().to_string()
}

/// A zip holding `entries` (name, bytes), deflated.
fn zipped(entries: &[(&str, &[u8])]) -> Vec<u8> {
    let mut out = std::io::Cursor::new(Vec::new());
    let mut zip = zip::ZipWriter::new(&mut out);
    let options = zip::write::SimpleFileOptions::default()
        .compression_method(zip::CompressionMethod::Deflated);
    for (name, bytes) in entries {
        zip.start_file(*name, options).unwrap();
        zip.write_all(bytes).unwrap();
    }
    zip.finish().unwrap();
    out.into_inner()
}

#[test]
fn a_rosz_is_read_like_its_ros() {
    let xml = one_unit(WFB6, &ORC, &["Shield"]);
    let path = written("boyz.rosz", &zipped(&[("Boyz.ros", xml.as_bytes())]));
    let r = json(&["roster", &path]);
    assert_eq!(r["units"][0]["profiles"][0]["models"], 12);
}

/// The page unzips a dropped `.rosz` through the library and sends its
/// text under the file's own name: read as the CLI reads the zip.
#[test]
fn a_rosz_given_to_the_page_is_read_as_the_cli_reads_it() {
    let xml = one_unit(WFB6, &ORC, &["Shield"]);
    let zip = zipped(&[("Boyz.ros", xml.as_bytes())]);
    let given: serde_json::Value =
        serde_json::from_str(&mathhammer::web::roster_text("boyz.rosz", &zip, "en")).unwrap();
    assert_eq!(given["text"], xml);
    let request = serde_json::json!({
        "args": ["roster", "rosters/boyz.rosz", "--json"],
        "files": {"rosters/boyz.rosz": given["text"]},
    });
    let page: serde_json::Value =
        serde_json::from_str(&mathhammer::web::answer(&request.to_string())).unwrap();
    let read: serde_json::Value = serde_json::from_str(page["stdout"].as_str().unwrap()).unwrap();
    let cli = json(&["roster", &written("boyz.rosz", &zip)]);
    assert_eq!(read["units"], cli["units"]);
    // A broken zip: said for what it is, placed by file, in the page's
    // language (roster_page).
    let broken = mathhammer::web::roster_text("cut.rosz", &zip[..zip.len() / 2], "es");
    let broken: serde_json::Value = serde_json::from_str(&broken).unwrap();
    assert_eq!(broken["error"]["field"], "cut.rosz");
    let message = broken["error"]["message"].as_str().unwrap();
    assert!(
        message.starts_with("cut.rosz no es una lista de BattleScribe: es un zip dañado"),
        "{message}"
    );
}

#[test]
fn broken_rosters_are_refused_in_one_line() {
    let good = one_unit(WFB6, &ORC, &[]);
    let zip = zipped(&[("Boyz.ros", good.as_bytes())]);
    let laughs = "<?xml version=\"1.0\"?><!DOCTYPE r [<!ENTITY a \"aaaaaaaaaa\">\
                  <!ENTITY b \"&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;\">]><roster name=\"&b;\"/>";
    let external =
        "<?xml version=\"1.0\"?><!DOCTYPE r [<!ENTITY x SYSTEM \"file:///etc/passwd\">]>\
                    <roster name=\"&x;\"/>";
    // 20 MB of zeros deflate to about 20 KB: past the cap once inflated.
    let bomb = zipped(&[("big.ros", &vec![b' '; 20 * 1024 * 1024])]);
    let cases: Vec<(&str, Vec<u8>, &str)> = vec![
        (
            "other.ros",
            one_unit("Warhammer 40,000 10th Edition", &ORC, &[]).into_bytes(),
            "a roster of 'Warhammer 40,000 10th Edition'",
        ),
        (
            "cut.rosz",
            zip[..zip.len() / 2].to_vec(),
            "not a readable zip",
        ),
        (
            "empty.rosz",
            zipped(&[("readme.txt", b"hi")]),
            "the zip holds no .ros roster",
        ),
        ("bomb.rosz", bomb, "the roster is over 16 MB"),
        (
            "laughs.ros",
            laughs.as_bytes().to_vec(),
            "not a roster's XML",
        ),
        (
            "external.ros",
            external.as_bytes().to_vec(),
            "not a roster's XML",
        ),
        (
            "two.rosz",
            zipped(&[("a.ros", good.as_bytes()), ("b.ros", good.as_bytes())]),
            "the zip holds 2 rosters, a.ros, b.ros",
        ),
        ("text.ros", b"hello".to_vec(), "not a roster's XML"),
    ];
    for (name, bytes, expected) in cases {
        let path = written(name, &bytes);
        let e = error(&["roster", &path]);
        assert!(e.starts_with(&format!("error: {path}")), "{name}: {e}");
        assert!(e.contains(expected), "{name}: {e}");
        assert_eq!(e.trim_end().lines().count(), 1, "{name}: {e}");
    }
}

/// A value written with more than its number is the number, the rest
/// noted; a characteristic the tool does not know is kept as written;
/// neither sinks the list.
#[test]
fn values_beside_their_numbers_and_unknown_characteristics_keep_the_list() {
    let mut noted = ORC;
    noted[1] = ("WS", "3+");
    let xml = one_unit(WFB6, &noted, &[]);
    let r = Roster::from_bytes("t.ros", xml.as_bytes()).unwrap();
    let u = &r.units[0];
    assert_eq!(u.played.as_ref().unwrap().profile.ws.0, 3);
    assert_eq!(u.notes[0].to_string(), "Boy WS 3+: 3 played");
    let mut unknown = ORC.to_vec();
    unknown.push(("Toughness", "4"));
    let xml = one_unit(WFB6, &unknown, &[]);
    let r = Roster::from_bytes("t.ros", xml.as_bytes()).unwrap();
    assert!(r.units[0].played.is_ok(), "{:?}", r.units[0].played);
}

/// A roster of one unit of 12 orcs named each of `names`, in order.
fn named_units(names: &[&str]) -> Roster {
    let chars: String = ORC
        .iter()
        .map(|(k, v)| format!("<characteristic name=\"{k}\">{v}</characteristic>"))
        .collect();
    let units: String = names
        .iter()
        .map(|n| {
            format!(
                "<selection name=\"{n}\" type=\"unit\" number=\"1\"><selections>\
                 <selection name=\"Boy\" type=\"model\" number=\"12\">\
                 <profiles><profile name=\"Boy\" typeName=\"Profile\"><characteristics>{chars}</characteristics></profile></profiles>\
                 </selection></selections></selection>"
            )
        })
        .collect();
    let xml = format!(
        "<roster name=\"t\" gameSystemName=\"{WFB6}\"><forces><force><selections>{units}</selections></force></forces></roster>"
    );
    Roster::from_bytes("t.ros", xml.as_bytes()).unwrap()
}

/// The number of the unit `name` picks, or the error's English.
fn picked(roster: &Roster, name: &str) -> Result<usize, String> {
    roster
        .unit(&UnitKey::parse(name))
        .map(|u| u.number)
        .map_err(|e| e.to_string())
}

/// A unit is picked by its name as people type it: any case (Unicode's),
/// any spaces, without the list's `0-1`, singular or plural, or a part of
/// its name no other unit has; the whole name first.
#[test]
fn a_unit_is_picked_by_its_name_as_people_type_it() {
    let roster = named_units(&[
        "Élite Guard",
        " Savage Orc  Shaman ",
        "0-1 Miners",
        "Knights of the Knightly Orders",
        "Orc Boyz",
        "Orc Arrer Boyz",
        "Harpies",
        "Great Cannon",
    ]);
    for (typed, number) in [
        ("Élite Guard", 1),
        ("élite guard", 1),
        ("ÉLITE GUARD", 1),
        ("guard", 1),
        ("Savage Orc Shaman", 2),
        ("  savage orc   SHAMAN", 2),
        ("Miners", 3),
        ("0-1 Miners", 3),
        ("miner", 3),
        ("knights", 4),
        ("Knight", 4),
        ("knightly orders", 4),
        ("Knight of the Knightly Order", 4),
        ("harpy", 7),
        ("Great Cannons", 8),
        ("orc arrer boyz", 6),
        ("6", 6),
    ] {
        assert_eq!(picked(&roster, typed), Ok(number), "{typed}");
    }
    // Many units fit: each with its number.
    assert_eq!(
        picked(&roster, "boyz"),
        Err("'boyz' fits 2 units: 'Orc Boyz' (5), 'Orc Arrer Boyz' (6) (accepted: one of their numbers, or more of a name)".into())
    );
    let orc = picked(&roster, "ORC").unwrap_err();
    assert!(
        orc.starts_with("'ORC' fits 3 units: ' Savage Orc  Shaman ' (2), 'Orc Boyz' (5)"),
        "{orc}"
    );
    // Not a plural, not whole words, not in order: the closest names.
    for typed in [
        "Orc Boy",
        "Mine",
        "Orders Knightly",
        "Cannonz",
        "Guard Élite",
    ] {
        let e = picked(&roster, typed).unwrap_err();
        assert!(
            e.starts_with(&format!("no unit '{typed}' in the list (closest: '")),
            "{typed}: {e}"
        );
    }
    let e = picked(&roster, "Minors").unwrap_err();
    assert!(e.contains("(closest: '0-1 Miners' (3)"), "{e}");
    // Accents are letters of their own (no folding), as the closest shows.
    let e = picked(&roster, "Elite Guard").unwrap_err();
    assert!(e.contains("(closest: 'Élite Guard' (1)"), "{e}");
    // The whole name before its plural, its plural before a part of a name.
    let roster = named_units(&["Knight", "Knights", "Knights Errant"]);
    assert_eq!(picked(&roster, "knight"), Ok(1));
    assert_eq!(picked(&roster, "KNIGHTS"), Ok(2));
    assert_eq!(picked(&roster, "errant"), Ok(3));
    let roster = named_units(&["Knights", "Grail Knights"]);
    assert_eq!(picked(&roster, "knight"), Ok(1));
    let roster = named_units(&["Knights Errant", "Grail Knights"]);
    let e = picked(&roster, "knight").unwrap_err();
    assert!(e.starts_with("'knight' fits 2 units"), "{e}");
    // The same name twice: the numbers.
    let roster = named_units(&["Boyz", "boyz "]);
    assert_eq!(
        picked(&roster, "BOYZ"),
        Err("2 units are named 'BOYZ' (accepted: their numbers, 1, 2)".into())
    );
}
