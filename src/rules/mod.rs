//! The rules of Warhammer Fantasy Battle 6th edition the engines play, one
//! function per rule. Every engine (exact, fast Monte Carlo, dice-level)
//! calls these; none restates them. Each item cites its source:
//! `RULES.md` (`../shared/rules/RULES.md`) or a Spanish seed (`000_*.txt`...).

pub mod edition;
pub mod leadership;
pub mod movement;

pub use edition::Edition;
pub use leadership::LeadershipTest;
