//! Whole fights: units ([`mod@unit`]), the fight procedure written once against
//! [`fight::Fate`] ([`fight`]), and the three engines that realise its
//! randomness ([`engines`]).

pub mod engines;
pub mod fight;
pub mod friend;
pub mod unit;
