//! Whole fights: units ([`mod@unit`]), the fight procedure written once against
//! [`fight::Fate`] ([`fight`]), and the three engines that realise its
//! randomness: the two Monte Carlo fates ([`engines`]) and the exact one
//! ([`exact`]), path by path or as a chain of rounds ([`chain`]); a fight
//! whose models roll before it, as a mixture of fights ([`before`]).

pub mod before;
pub mod chain;
mod distinct;
pub mod engines;
pub mod exact;
pub mod fight;
pub mod friend;
mod one_save;
pub mod rounds;
pub mod unit;
