//! The library's files the program carries (`data/units/`).

use super::Files;

macro_rules! army {
    ($key:literal) => {
        (
            $key,
            include_str!(concat!("../../data/units/", $key, ".json")),
        )
    };
}

/// The files of the library, in the program: every army `armies.toml`
/// names (a unit test checks none is missing).
pub(super) const FILES: Files = Files {
    armies: include_str!("../../data/units/armies.toml"),
    common: include_str!("../../data/units/common.json"),
    units: &[
        army!("bretonnia"),
        army!("chaos-dwarfs"),
        army!("dark-elves"),
        army!("dogs-of-war"),
        army!("dwarfs-2001"),
        army!("dwarfs-2006"),
        army!("forces-of-chaos"),
        army!("high-elves"),
        army!("kislev"),
        army!("lizardmen"),
        army!("mercenaries"),
        army!("ogre-kingdoms"),
        army!("orcs-and-goblins"),
        army!("skaven"),
        army!("the-empire"),
        army!("tomb-kings"),
        army!("vampire-counts"),
        army!("wood-elves"),
    ],
};
