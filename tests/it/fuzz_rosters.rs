//! Property-based fuzzing of the roster reader: the shipped rosters, raw
//! and zipped, cut short, with bytes overwritten or spans repeated. Whatever
//! the bytes, reading gives a roster or one one-line error naming the file,
//! never a panic; each unit of a roster read plays or says why not, and a
//! unit that plays builds a fight. `fuzz/` has a cargo-fuzz target for
//! long runs.

use mathhammer::roster::Roster;
use proptest::prelude::*;
use std::io::Write;

const SHIPPED: [&str; 2] = [
    include_str!("../../scenarios/rosters/orcs_500.ros"),
    include_str!("../../scenarios/rosters/empire_500.ros"),
];

/// `bytes` deflated into a zip as `army.ros`.
fn zipped(bytes: &[u8]) -> Vec<u8> {
    let mut out = std::io::Cursor::new(Vec::new());
    let mut zip = zip::ZipWriter::new(&mut out);
    let options = zip::write::SimpleFileOptions::default()
        .compression_method(zip::CompressionMethod::Deflated);
    zip.start_file("army.ros", options).unwrap();
    zip.write_all(bytes).unwrap();
    zip.finish().unwrap();
    out.into_inner()
}

/// One edit of `bytes`, chosen by `kind` at `at` (a share of the length).
fn edited(mut bytes: Vec<u8>, kind: u8, at: f64, with: u8) -> Vec<u8> {
    let i = ((bytes.len() as f64) * at) as usize % bytes.len().max(1);
    match kind % 4 {
        0 => bytes.truncate(i),
        1 => bytes[i] = with,
        2 => {
            let span: Vec<u8> = bytes[i..(i + 64).min(bytes.len())].to_vec();
            bytes.splice(i..i, span);
        }
        _ => {
            let digits = b"-+D0x9";
            bytes[i] = digits[usize::from(with) % digits.len()];
        }
    }
    bytes
}

/// Reads `bytes`; a roster read must give each playing unit a fight.
fn read_whole(bytes: &[u8]) {
    match Roster::from_bytes("fuzz.rosz", bytes) {
        Err(e) => {
            let e = e.to_string();
            assert!(e.starts_with("fuzz.rosz"), "{e}");
            assert!(!e.contains('\n'), "{e}");
        }
        Ok(roster) => {
            let specs = mathhammer::sweep::matchup::matchup_cells(
                [&roster, &roster],
                &[],
                false,
                true,
                Default::default(),
            );
            if let Err(e) = specs {
                assert!(!e.to_string().contains('\n'), "{e}");
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn any_edit_of_a_roster_reads_or_fails_in_one_line(
        which in 0usize..2, kind in 0u8..4, at in 0.0f64..1.0, with in any::<u8>(), zip in any::<bool>(),
    ) {
        let bytes = edited(SHIPPED[which].as_bytes().to_vec(), kind, at, with);
        match zip {
            true => read_whole(&zipped(&bytes)),
            false => read_whole(&bytes),
        }
    }

    #[test]
    fn a_zip_cut_short_or_overwritten_fails_in_one_line(
        which in 0usize..2, kind in 0u8..2, at in 0.0f64..1.0, with in any::<u8>(),
    ) {
        read_whole(&edited(zipped(SHIPPED[which].as_bytes()), kind, at, with));
    }
}
