//! The rules of Warhammer Fantasy Battle 6th edition the engines play, one
//! function per rule. Every engine (exact, fast Monte Carlo, dice-level)
//! calls these; none restates them. Each item cites its section of the
//! project's rules reference, `RULES.md` at the repository's root, which
//! names the seeds and rulebook pages behind it.

pub mod animosity;
pub mod attack;
pub mod before_fight;
pub mod blades;
pub mod blows;
pub mod casualties;
pub mod charge_blows;
pub(crate) mod combat_result;
pub(crate) mod edition;
pub mod fighter;
pub mod gear;
pub mod giant;
pub mod hardiness;
pub mod leadership;
pub mod measure;
pub mod missile_saves;
pub mod movement;
pub mod panic;
pub mod place;
pub mod profile;
pub mod psychology;
pub mod rally;
pub mod random;
pub mod saves;
pub mod special;
pub mod stakes;
pub(crate) mod strike_order;
pub mod to_hit;
pub(crate) mod to_wound;
pub mod undead;
pub mod weapons;

pub use edition::Edition;
pub use leadership::LeadershipTest;

/// A game term read from a scenario or profile file by its name or an alias
/// (the seeds' Spanish terms, with `-` or `_`), as the command line reads it
/// ([`clap::ValueEnum::from_str`]); an unknown one lists the English names
/// only.
pub fn by_name<T: clap::ValueEnum>(s: &str) -> Result<T, crate::words::text::Text> {
    T::from_str(s, true).map_err(|_| {
        let names: Vec<String> = T::value_variants()
            .iter()
            .filter_map(|v| v.to_possible_value())
            .map(|p| format!("`{}`", p.get_name()))
            .collect();
        crate::words::serde::carried(crate::text!(
            "unknown value `{}`, expected one of {}",
            s,
            names.join(", ")
        ))
    })
}

/// `TryFrom<String>` through [`by_name`], for `#[serde(try_from = "String")]`.
macro_rules! named_by_value_enum {
    ($t:ty) => {
        impl TryFrom<String> for $t {
            type Error = $crate::words::text::Text;
            fn try_from(s: String) -> Result<Self, Self::Error> {
                $crate::rules::by_name(&s)
            }
        }
    };
}
pub(crate) use named_by_value_enum;
