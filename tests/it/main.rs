//! The integration tests, one crate: the library and the `mathhammer`
//! binary tested from outside, as a user or another program would. One
//! crate links the library once, not once per file, and its tests run on
//! every core together (README, Contributing). A file per concern.

mod common;

mod agreement;
mod agreement_run;
mod architecture;
mod army;
mod army_matchup;
mod army_rules;
mod battle_line;
mod big_units;
mod chain;
mod chains;
mod charge_in_combat;
mod charge_rules;
mod cli;
mod cold_blooded;
mod combat;
mod corpus;
mod determinism;
mod exact;
mod friends;
mod fuzz_rosters;
mod fuzz_scenarios;
mod general;
mod giants;
mod headline;
mod html;
mod lang;
mod lang_errors;
mod matchup;
mod matchup_answers;
mod names;
mod outcomes;
mod page_words;
mod panic;
mod plot;
mod plurals;
mod profiles;
mod rally;
mod random_dice;
mod readme;
mod redirect;
mod roster;
mod roster_army;
mod roster_counts;
mod roster_fights;
mod roster_handcheck;
mod roster_link;
mod roster_machines;
mod roster_page;
mod roster_reading;
mod roster_rules;
mod roster_saves;
mod roster_structures;
mod sampler;
mod saves;
mod scenarios;
mod snapshots_output;
mod start_of_turn;
mod sweep;
mod tuning;
