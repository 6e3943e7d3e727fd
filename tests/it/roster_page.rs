//! Rosters on the page (`web::roster_text`, `web::roster_for_link`): a
//! file that is not a roster said in one plain sentence for what it is, a
//! unit the list leaves out said in a player's words, in English and
//! Spanish; a roster cut for a link as JSON.

use crate::common::roster::{item, model, sel, WFB6};
use mathhammer::web::{roster_for_link, roster_text};
use serde_json::Value;
use std::io::Write;

fn read(file: &str, bytes: &[u8], lang: &str) -> Value {
    serde_json::from_str(&roster_text(file, bytes, lang)).unwrap()
}

/// The error's message for file `file`, which must be refused.
fn refused(file: &str, bytes: &[u8], lang: &str) -> String {
    let v = read(file, bytes, lang);
    assert_eq!(v["error"]["field"], file, "{v}");
    v["error"]["message"].as_str().unwrap().to_string()
}

fn zipped(entries: &[(&str, &[u8])]) -> Vec<u8> {
    let mut out = std::io::Cursor::new(Vec::new());
    let mut zip = zip::ZipWriter::new(&mut out);
    for (name, bytes) in entries {
        zip.start_file(*name, zip::write::SimpleFileOptions::default())
            .unwrap();
        zip.write_all(bytes).unwrap();
    }
    zip.finish().unwrap();
    out.into_inner()
}

fn roster_xml(game: &str, units: &[String]) -> String {
    format!(
        "<?xml version=\"1.0\"?><roster name=\"t\" gameSystemName=\"{game}\"><forces><force><selections>{}</selections></force></forces></roster>",
        units.concat()
    )
}

#[test]
fn a_file_that_is_not_a_roster_is_said_for_what_it_is() {
    let png = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR";
    let cases: [(&str, Vec<u8>, &str); 6] = [
        ("army.rosz", png.to_vec(), "a picture"),
        (
            "army.rosz",
            zipped(&[("army.txt", b"hello")]),
            "a zip without a roster in it",
        ),
        (
            "army.ros",
            vec![0xff, 0xfe, 0x00, 0x81, 0x9c],
            "a file that is not text",
        ),
        (
            "army.ros",
            b"Orc Boyz, 20, spears".to_vec(),
            "text, not XML",
        ),
        (
            "army.ros",
            b"<?xml version=\"1.0\"?><catalogue name=\"Orcs\"/>".to_vec(),
            "XML of another kind (its root is <catalogue>)",
        ),
        ("army.rosz", zipped(&[("army.ros", png)]), "a picture"),
    ];
    for (file, bytes, what) in &cases {
        assert_eq!(
            refused(file, bytes, "en"),
            format!("{file} is not a BattleScribe roster: it is {what} (the page reads .ros and .rosz files)")
        );
    }
    assert_eq!(
        refused("army.rosz", png, "es"),
        "army.rosz no es una lista de BattleScribe: es una imagen (la página lee ficheros .ros y .rosz)"
    );
    let other = roster_xml("Warhammer 40,000 9th Edition", &[]);
    assert_eq!(
        refused("marines.ros", other.as_bytes(), "en"),
        "marines.ros is a roster of another game, Warhammer 40,000 9th Edition (the page reads Warhammer Fantasy Battles 6th edition rosters)"
    );
    let whole = roster_xml(WFB6, &[]);
    let broken = &whole[..whole.len() - 20];
    assert_eq!(
        refused("army.ros", broken.as_bytes(), "en"),
        "army.ros is a damaged roster: its XML is broken or cut short (save it again from BattleScribe)"
    );
    // A roster's other faults keep the reader's message.
    let cost = whole.replace(
        "<forces>",
        "<costs><cost name=\"pts\" value=\"x\"/></costs><forces>",
    );
    let v = read("army.ros", cost.as_bytes(), "en");
    assert_eq!(v["error"]["field"], "army.ros: pts", "{v}");
    assert!(v["error"]["message"]
        .as_str()
        .unwrap()
        .starts_with("'x' is not a cost"));
}

#[test]
fn a_unit_the_list_leaves_out_is_said_in_a_players_words() {
    let fanatics = sel(
        "unit",
        "Night Goblin Fanatics",
        1,
        &[model("Fanatic", "2D6 3 0 5 3 1 3 2D8 10 7 7 1 20x20")],
        &[],
    );
    let boyz = sel(
        "unit",
        "Orc Boyz",
        1,
        &[model("Orc Boy", "4 3 3 3 4 1 2 1 7 7 7 1 20x20")],
        &[sel("model", "Orc Boy", 0, &[], &[]), item("Shield")],
    );
    let xml = roster_xml(WFB6, &[boyz, fanatics]);
    let en = read("army.ros", xml.as_bytes(), "en");
    assert_eq!(en["text"], xml);
    assert_eq!(
        en["left_out"],
        serde_json::json!([
            {"unit": "1. Orc Boyz", "why": "the list gives it 0 models"},
            {"unit": "2. Night Goblin Fanatics", "why": "Fanatic: attacks 2D8, dice the tool does not roll"},
        ])
    );
    let es = read("army.ros", xml.as_bytes(), "es");
    assert_eq!(
        es["left_out"][1]["why"],
        "Fanatic: ataques 2D8, dados que la herramienta no tira"
    );
    let shipped = std::fs::read("scenarios/rosters/orcs_500.ros").unwrap();
    assert_eq!(
        read("orcs_500.ros", &shipped, "en")["left_out"],
        serde_json::json!([])
    );
}

#[test]
fn a_roster_is_cut_for_a_link_as_json() {
    let text = std::fs::read_to_string("scenarios/rosters/orcs_500.ros").unwrap();
    let v: Value = serde_json::from_str(&roster_for_link(&text, "[4]")).unwrap();
    assert_eq!(v["numbers"], serde_json::json!({"1": 1, "4": 2}));
    assert!(v["text"].as_str().unwrap().len() < text.len() / 2, "{v}");
    let v: Value = serde_json::from_str(&roster_for_link(&text, "null")).unwrap();
    assert_eq!(v["numbers"].as_object().unwrap().len(), 5);
    let v: Value = serde_json::from_str(&roster_for_link(&text, "[\"x\"]")).unwrap();
    assert_eq!(v["error"]["field"], "units", "{v}");
    let v: Value = serde_json::from_str(&roster_for_link("<a/>", "null")).unwrap();
    assert_eq!(v["error"]["field"], "roster", "{v}");
}
