//! A roster's refusals in a player's words, for the web page: a file that
//! is not a roster said for what it is (a picture, a zip without a roster),
//! and a unit the list leaves out said in a line (a Giant's attacks by
//! its army book's own rules, not played yet). The command line keeps the reader's own messages, which name the
//! field and what is accepted.

use super::{RosterUnit, GAME_SYSTEM};
use crate::text;
use crate::words::lang::Lang;
use crate::words::text::Text;
use std::io::Read;

/// Why file `file` (its `bytes`, which the reader refused saying `why`)
/// is not a roster the page reads, in one sentence naming it, if it is not
/// one at all (a picture, a zip without a roster, text that is not XML, XML
/// of another kind, another game's roster) or its XML breaks off; `None`
/// for a roster's other faults, whose reader's error stands.
pub fn not_a_roster(file: &str, bytes: &[u8], why: &Text) -> Option<Text> {
    let what = match what_it_is(bytes) {
        Is::Roster if why.keys().first() == Some(&"not a roster's XML ({})") => {
            return Some(text!(
                "{} is a damaged roster: its XML is broken or cut short (save it again from BattleScribe)",
                file.to_string()
            ))
        }
        Is::Roster => return None,
        Is::OtherGame(game) => {
            return Some(text!(
                "{} is a roster of another game, {} (the page reads Warhammer Fantasy Battles 6th edition rosters)",
                file.to_string(),
                game
            ))
        }
        Is::Not(what) => what,
    };
    Some(text!(
        "{} is not a BattleScribe roster: it is {} (the page reads .ros and .rosz files)",
        file.to_string(),
        what
    ))
}

/// What a file is.
enum Is {
    Roster,
    OtherGame(String),
    Not(Text),
}

fn what_it_is(bytes: &[u8]) -> Is {
    const PICTURES: [&[u8]; 3] = [b"\x89PNG", b"\xFF\xD8\xFF", b"GIF8"];
    if PICTURES.iter().any(|p| bytes.starts_with(p))
        || (bytes.starts_with(b"RIFF") && bytes.get(8..12) == Some(b"WEBP"))
    {
        return Is::Not(text!("a picture"));
    }
    if bytes.starts_with(b"%PDF") {
        return Is::Not(text!("a PDF document"));
    }
    if bytes.starts_with(b"PK") {
        return zipped(bytes);
    }
    let Ok(text) = std::str::from_utf8(bytes) else {
        return Is::Not(text!("a file that is not text"));
    };
    xml(text.trim_start_matches('\u{feff}'))
}

/// What a zip holds.
fn zipped(bytes: &[u8]) -> Is {
    let Ok(mut zip) = zip::ZipArchive::new(std::io::Cursor::new(bytes)) else {
        return Is::Not(text!("a damaged zip"));
    };
    let rosters: Vec<String> = zip
        .file_names()
        .filter(|n| n.to_ascii_lowercase().ends_with(".ros"))
        .map(str::to_string)
        .collect();
    match &rosters[..] {
        [] => Is::Not(text!("a zip without a roster in it")),
        [one] => {
            let mut xml = Vec::new();
            let read = zip.by_name(one).map(|e| {
                e.take(super::MAX_ROSTER_BYTES + 1)
                    .read_to_end(&mut xml)
                    .is_ok()
            });
            match read {
                Ok(true) if !xml.starts_with(b"PK") => what_it_is(&xml),
                _ => Is::Not(text!("a damaged zip")),
            }
        }
        many => Is::Not(text!("a zip of {} rosters, not one", many.len())),
    }
}

/// What a text is: a roster's XML by its root element.
fn xml(text: &str) -> Is {
    use quick_xml::events::Event;
    let mut reader = quick_xml::Reader::from_str(text);
    loop {
        match reader.read_event() {
            Ok(Event::Start(e) | Event::Empty(e)) => {
                let root = e.local_name().as_ref().to_string();
                if root != "roster" {
                    return Is::Not(text!("XML of another kind (its root is <{}>)", root));
                }
                let game = e
                    .try_get_attribute("gameSystemName")
                    .ok()
                    .flatten()
                    .and_then(|a| {
                        a.normalized_value(quick_xml::XmlVersion::Implicit1_0)
                            .ok()
                            .map(|v| v.trim().to_string())
                    })
                    .unwrap_or_default();
                return match game.is_empty() || game.starts_with(GAME_SYSTEM) {
                    true => Is::Roster,
                    false => Is::OtherGame(super::xml::clean(&game)),
                };
            }
            Ok(Event::Text(t)) if !t.as_ref().trim().is_empty() => break,
            Ok(Event::Eof) | Err(_) => break,
            Ok(_) => {}
        }
    }
    Is::Not(text!("text, not XML"))
}

/// Why unit `unit` is left out, in a player's words and short (`Giant:
/// attacks by its army book's own rules, not played yet`), if it is.
pub fn why_left_out(unit: &RosterUnit) -> Option<Text> {
    let why = unit.played.as_ref().err()?;
    Some(plain(why))
}

/// Reason `why` (the reader's) in a player's words, or as it is.
fn plain(why: &Text) -> Text {
    let key = why.keys().first().copied().unwrap_or("");
    let arg = |i| why.argument(i).unwrap_or_default();
    let trait_ = |i| characteristic(&arg(i).render(Lang::En));
    match key {
        // A selection's problem: its field, then what is wrong.
        "{}: {}" => problem(&arg(1)).unwrap_or_else(|| why.clone()),
        "{}'s {} is {}, a random value (rolled only for A, M and a chariot's impact hits)" => {
            text!(
                "{}: {} {}, a dice roll, not a number",
                arg(0),
                trait_(1),
                arg(2)
            )
        }
        "{}'s {} is 'Special': its army book's own rules give it (see its rules not played), and the tool does not play them yet" => {
            text!(
                "{}: {} by its army book's own rules, not played yet",
                arg(0),
                trait_(1)
            )
        }
        "{}'s {} is '{}', not a value the tool plays" => {
            text!("{}: {} '{}', not a number", arg(0), trait_(1), arg(2))
        }
        "{}'s {} is {} (accepted: {} to {})" => text!(
            "{}: {} {}, outside {} to {}",
            arg(0),
            trait_(1),
            arg(2),
            arg(3),
            arg(4)
        ),
        "{} has no {}" => text!("{}: the list gives no {}", arg(0), trait_(1)),
        "a war machine without its crew's profile" => {
            text!("a war machine the list gives no crew")
        }
        "a chariot without its crew's profile" => text!("a chariot the list gives no crew"),
        "no model profile that fights (accepted: a Profile with WS, T and W)" => {
            text!("the list gives it no model that fights")
        }
        "{}'s A is {}, dice the tool does not roll (accepted: one to three D6 or D3 and a number added, such as D6+1)" => {
            text!("{}: attacks {}, dice the tool does not roll", arg(0), arg(1))
        }
        "{}'s M is {}, dice the tool does not roll (accepted: one to three D6 or D3, such as 2D6)" => {
            text!("{}: move {}, dice the tool does not roll", arg(0), arg(1))
        }
        "its crew of {} (accepted: up to 20)" => {
            text!("a crew of {}, over the 20 played", arg(0))
        }
        "its beasts' {} attacks (accepted: up to 10)" => {
            text!("{} attacks from its beasts, over the 10 played", arg(0))
        }
        _ => why.clone(),
    }
}

/// A selection's count or cost that does not read, in a player's words.
fn problem(message: &Text) -> Option<Text> {
    let arg = message.argument(0).unwrap_or_default();
    Some(match *message.keys().first()? {
        "0 models (accepted: 1 or more)" => text!("the list gives it 0 models"),
        "'{}' is not a count (accepted: a whole number from 1 to {})" => {
            text!("its number of models, '{}', is not a whole number", arg)
        }
        "more models than can be counted (accepted: up to {} in a unit)" => {
            text!("more models than can be counted")
        }
        "'{}' is not a cost (accepted: 0 or more points)" => {
            text!("its points, '{}', are not a number", arg)
        }
        _ => return None,
    })
}

/// A characteristic's name (`M`, `WS`) in words.
fn characteristic(key: &str) -> Text {
    match key {
        "M" | "Mv" => text!("move"),
        "WS" => text!("weapon skill"),
        "BS" => text!("ballistic skill"),
        "S" => text!("strength"),
        "T" => text!("toughness"),
        "W" => text!("wounds"),
        "I" => text!("initiative"),
        "A" => text!("attacks"),
        "Ld" => text!("leadership"),
        other => Text::kept(other),
    }
}
