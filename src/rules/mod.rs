//! The rules of Warhammer Fantasy Battle 6th edition the engines play, one
//! function per rule. Every engine (exact, fast Monte Carlo, dice-level)
//! calls these; none restates them. Each item cites its source:
//! `RULES.md` (`../shared/rules/RULES.md`) or a Spanish seed (`000_*.txt`...).

pub mod attack;
pub mod casualties;
pub mod combat_result;
pub mod edition;
pub mod fighter;
pub mod leadership;
pub mod movement;
pub mod profile;
pub mod saves;
pub mod special;
pub mod strike_order;
pub mod to_hit;
pub mod to_wound;
pub mod weapons;

pub use edition::Edition;
pub use leadership::LeadershipTest;
