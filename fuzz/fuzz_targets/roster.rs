//! Any bytes as a roster (`.ros` or `.rosz`): reading it gives a roster or
//! one one-line error, never a panic; a roster read builds every fight of
//! its units against each other.
#![no_main]

use libfuzzer_sys::fuzz_target;
use mathhammer::roster::Roster;

fuzz_target!(|data: &[u8]| {
    match Roster::from_bytes("fuzz.rosz", data) {
        Err(e) => assert!(!e.to_string().contains('\n'), "{e}"),
        Ok(roster) => {
            if let Err(e) = mathhammer::sweep::matchup::matchup_cells([&roster, &roster], false, true) {
                assert!(!e.to_string().contains('\n'), "{e}");
            }
        }
    }
});
