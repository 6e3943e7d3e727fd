//! The library's files the program carries.

use super::Files;

macro_rules! army {
    ($key:literal) => {
        (
            $key,
            include_str!(concat!("../../tests/data/library/", $key, ".json")),
        )
    };
}

/// The files of the library, in the program.
pub(super) const FILES: Files = Files {
    armies: include_str!("../../tests/data/library/armies.toml"),
    common: include_str!("../../tests/data/library/common.json"),
    units: &[
        army!("the-empire"),
        army!("orcs-and-goblins"),
        army!("dwarfs-2006"),
        army!("dwarfs-2001"),
    ],
};
