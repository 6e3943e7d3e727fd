//! The full agreement run (issue 13): 1,000 random whole fights of two to
//! six rounds, exact against both step-by-step Monte Carlo engines and
//! whole rounds (`--sampler whole-rounds`) on every figure
//! (none beyond 6 sigma, and no more beyond 4 than chance: `Policy`).
//! Ignored by `cargo test` (whose seeded subset is `agreement.rs`'s
//! `whole_fights_agree_with_the_exact_chain`); `scripts/agreement` runs it,
//! and CI calls the script. `MATHHAMMER_FIGHTS` sets the count.

use crate::common::agree::{fights_compared_with, Policy};
use crate::common::{random_fight, with_general};
use rand::Rng;

/// A random fight of several rounds: two units (seven in ten), three or
/// four, with command groups, characters, challenges, multi-wound models,
/// fear, stubborn and unbreakable units and the army books' rules (Undead
/// and their battle standard, skirmishers, resolute, re-rolled saves,
/// choppas, a War Banner, impact hits plus) as `random_fight` draws them,
/// the General with the attacker's main unit of a fight of several units,
/// and a charger with impact hits one time in eight (D6 or D3, plus 0 to 2).
fn several_rounds(r: &mut impl Rng) -> String {
    let rounds = r.random_range(2..=6);
    let extras = match r.random_range(0..10) {
        0..=6 => 0,
        7 | 8 => 1,
        _ => 2,
    };
    let mut text = random_fight(r, extras).replace("rounds = 1\n", &format!("rounds = {rounds}\n"));
    // Fights of several units carry the General (no draw of its own: the
    // fights drawn stay those the seed was set on).
    if extras > 0 {
        text = with_general(&text);
    }
    if r.random_bool(0.125) {
        let dice = ["D3", "D6"][r.random_range(0..2)];
        // Scythes' hits added to each die: from the text, no draw of their
        // own (the fights drawn stay those the seed was set on).
        let plus = text.len() % 3;
        let hits = format!(
            "[attacker.impact_hits]\ndice = \"{dice}\"\nplus = {plus}\ns = {}\n",
            r.random_range(3..=5)
        );
        // `random_fight` may have given it some already.
        if !text.contains("[attacker.impact_hits]") {
            text = text.replace("[attacker.profile]", &format!("{hits}[attacker.profile]"));
        }
    }
    text
}

#[test]
#[ignore = "the full run, about a minute and a half: scripts/agreement"]
fn a_thousand_whole_fights_agree_with_the_exact_chain() {
    let fights: u64 = std::env::var("MATHHAMMER_FIGHTS")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(1000);
    let started = std::time::Instant::now();
    // Half the subset's trials: a thousand fights within CI's time.
    let trials = [100_000, 20_000];
    let c = fights_compared_with(13, fights, trials, Policy::Counted, several_rounds);
    println!(
        "{fights} fights drawn: {} engine comparisons ({} of whole fights of two rounds or more), {} figures ({} friends'), {} beyond 4 sigma, the worst {:.2} sigma, in {:.0} s",
        c.fights,
        c.whole,
        c.figures,
        c.friends,
        c.beyond_4.len(),
        c.worst,
        started.elapsed().as_secs_f64()
    );
    for miss in &c.beyond_4 {
        println!("beyond 4 sigma: {}", miss.lines().next().unwrap_or(""));
    }
    c.assert_misses_are_chance();
    // Files a random draw makes invalid (and fights the exact engine
    // declines) are skipped: most must be compared, by both engines.
    assert!(
        c.fights as u64 >= 2 * fights * 4 / 5,
        "only {} comparisons",
        c.fights
    );
}
