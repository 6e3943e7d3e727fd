//! A roster file's XML text: a `.ros` is the XML itself, a `.rosz` a zip
//! holding one `.ros` (BattleScribe's and New Recruit's exports).
//!
//! **How.** A zip is opened with the `zip` crate and its one `.ros` entry
//! read with a cap on what it may inflate to ([`MAX_ROSTER_BYTES`]), so a
//! small file that unpacks to gigabytes is refused, not read.

use super::RosterError;
use crate::text;
use std::io::Read;

/// The most bytes a roster's XML may take, as its file
/// ([`crate::files::MAX_ROSTER_BYTES`]).
pub use crate::files::MAX_ROSTER_BYTES;

/// The XML text of roster `bytes`, unzipped if it is a zip (by its
/// content, not its name: `PK` opens every zip).
pub(super) fn roster_xml(bytes: &[u8]) -> Result<String, RosterError> {
    if bytes.starts_with(b"PK") {
        return unzipped(bytes);
    }
    if bytes.len() as u64 > MAX_ROSTER_BYTES {
        return Err(too_big());
    }
    text(bytes.to_vec())
}

/// The one `.ros` in zip `bytes`.
fn unzipped(bytes: &[u8]) -> Result<String, RosterError> {
    let corrupt = |e: zip::result::ZipError| {
        RosterError::file(text!(
            "not a readable zip ({}) (accepted: a .rosz holding one .ros)",
            e.to_string()
        ))
    };
    let mut zip = zip::ZipArchive::new(std::io::Cursor::new(bytes)).map_err(corrupt)?;
    let names: Vec<String> = zip
        .file_names()
        .filter(|n| n.to_ascii_lowercase().ends_with(".ros"))
        .map(str::to_string)
        .collect();
    let name = match &names[..] {
        [one] => one,
        [] => {
            return Err(RosterError::file(text!(
                "the zip holds no .ros roster (accepted: a .rosz holding one .ros)"
            )))
        }
        many => {
            return Err(RosterError::file(text!(
                "the zip holds {} rosters, {} (accepted: a .rosz holding one .ros)",
                many.len(),
                many.join(", ")
            )))
        }
    };
    let entry = zip.by_name(name).map_err(corrupt)?;
    let mut xml = Vec::new();
    // One byte past the cap tells a roster that fits from one that does not.
    entry
        .take(MAX_ROSTER_BYTES + 1)
        .read_to_end(&mut xml)
        .map_err(|e| RosterError::file(text!("the zip's roster cannot be read ({})", e)))?;
    if xml.len() as u64 > MAX_ROSTER_BYTES {
        return Err(too_big());
    }
    text(xml)
}

fn too_big() -> RosterError {
    RosterError::file(text!(
        "the roster is over {} MB of XML (accepted: a roster of up to that size)",
        MAX_ROSTER_BYTES / (1024 * 1024)
    ))
}

fn text(bytes: Vec<u8>) -> Result<String, RosterError> {
    String::from_utf8(bytes)
        .map_err(|_| RosterError::file(text!("not UTF-8 text (accepted: a .ros roster's XML)")))
}
