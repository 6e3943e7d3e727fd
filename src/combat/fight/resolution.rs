//! After the blows: combat resolution by side, break tests, flight and
//! pursuit, units left with no foe. RULES.md Combat resolution, Break test,
//! Fleeing and pursuit.

use super::{
    giant, Combat, End, Fate, Loss, Record, RoundRecord, State, UnitEnd, MAX_UNITS, NO_FOE,
};
use crate::dice::Roll;
use crate::rules::combat_result::{
    decide, doubled_rank_bonus, flank_bonus, raiders_rank_bonus, rank_bonus, Score, Winner,
};
use crate::rules::leadership::{whispered, BreakTest, Breaking};
use crate::rules::rally::{can_rally, rally_ld};
use crate::rules::special::pursues_through_smoke;
use crate::rules::undead::{crumble, crumbling_wounds};

/// A round's result as its blows left it, before anything rolls
/// ([`Combat::settle`]).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Settled<const N: usize> {
    /// What became of each unit before the round's end.
    pub(super) before: [UnitEnd; MAX_UNITS],
    /// The round's record so far (no winner yet).
    round: RoundRecord,
    /// The units slain to the last model by the blows.
    wiped: [bool; N],
    /// The winner and by how much; `Err` with the winner if a side was
    /// wiped out (`None`: both were).
    decided: Result<(Option<usize>, u32), Option<usize>>,
}

impl Combat {
    /// What a round's blows settle, no die rolled: its casualties, the
    /// units wiped out (they leave the fight), who won the round and by
    /// how much (RULES.md Combat resolution).
    pub(crate) fn settle<const N: usize>(
        &self,
        state: &mut State<N>,
        record: &mut Record,
        wounds: [u32; 2],
    ) -> Settled<N> {
        // The turn is over: every re-roll of a failed save a turn is
        // back (RULES.md Saves, One failed save a turn).
        state.saves_spent = [0; N];
        let before = record.units;
        let mut round = RoundRecord {
            winner: None,
            casualties: [0; MAX_UNITS],
            wounds,
        };
        let wiped: [bool; N] = std::array::from_fn(|u| {
            round.casualties[u] = state.lost(u);
            record.casualties[u] += round.casualties[u];
            let wiped = state.fights(u) && !state.standing(u);
            if wiped {
                state.leave(u);
                record.units[u] = UnitEnd::WipedOut;
            }
            wiped
        });
        let present = [self.present(0, state), self.present(1, state)];
        let decided = match present {
            // A side wiped out: the other wins, no break test.
            [false, false] => Err(None),
            [false, true] => Err(Some(1)),
            [true, false] => Err(Some(0)),
            [true, true] => Ok(match self.yelling_side(state) {
                // RULES.md Giants: Yell and Bawl wins the round by 2.
                Some(side) => (side, 2 * u32::from(side.is_some())),
                None => {
                    let (score, musician) = self.scores(state, &wounds);
                    let (winner, margin) = decide(score[0], score[1], musician[0], musician[1]);
                    let winner = match winner {
                        Winner::First => Some(0),
                        Winner::Second => Some(1),
                        Winner::Draw => None,
                    };
                    (winner, margin)
                }
            }),
        };
        Settled {
            before,
            round,
            wiped,
            decided,
        }
    }

    /// Combat resolution from its settled result, and what follows it.
    pub(super) fn resolve<const N: usize>(
        &self,
        fate: &mut impl Fate,
        round: u32,
        state: &mut State<N>,
        record: &mut Record,
        settled: Settled<N>,
    ) -> Option<End> {
        let Settled {
            round: mut rr,
            wiped,
            decided,
            ..
        } = settled;
        let (winner, mut margin) = match decided {
            Ok(decided) => decided,
            Err(winner) => {
                rr.winner = winner;
                record.rounds.push(rr);
                return Some(match winner {
                    None => End::BothDestroyed,
                    Some(w) => End::WipedOut { loser: 1 - w },
                });
            }
        };
        let mut felled = [false; N];
        if !self.giants.is_empty() {
            state.giant &= !giant::YELLED;
            if let Some(w) = winner {
                let (added, slain) = self.beaten_giants_fall(fate, 1 - w, round, state);
                margin += added;
                for g in (0..N).filter(|&g| slain[g]) {
                    felled[g] = true;
                    rr.casualties[g] += 1;
                    record.casualties[g] += 1;
                    state.leave(g);
                    record.units[g] = UnitEnd::WipedOut;
                }
            }
        }
        rr.winner = winner;
        record.rounds.push(rr);
        // Seed 002: ties go to the winner of the round just fought; a
        // drawn round has none, so the next tie is rolled off.
        state.last_winner = winner.map(|w| w as u8);
        let loss = winner.map(|w| Loss {
            side: 1 - w,
            margin,
            round,
        });
        let (broken, crumbled) = match loss {
            Some(loss) => self.break_tests(fate, loss, state, record),
            None => ([false; N], [false; N]),
        };
        // Destroyed this round: slain to the last model, or crumbled away.
        let fallen: [bool; N] = std::array::from_fn(|u| wiped[u] || crumbled[u] || felled[u]);
        let panicked = self.fellows_panic(fate, state, record, [&broken, &fallen], winner);
        let gone: [bool; N] = std::array::from_fn(|u| broken[u] || panicked[u] || fallen[u]);
        // Units whose foes all broke, fled or fell leave the fight;
        // engagement is mutual, so with no loser left no winner is either.
        let routed = loss
            .map(|l| l.side)
            .into_iter()
            .chain([0, 1])
            .find(|&s| !self.present(s, state));
        if gone.contains(&true) && routed.is_none() {
            self.leave_unengaged(state);
        }
        let l = routed?;
        // The side's units that left this round, broken or in panic; none
        // if its last ones crumbled away (RULES.md Undead).
        let mut fled = (0..N).filter(|&u| (broken[u] || panicked[u]) && self.facts[u].side == l);
        let Some(first) = fled.next() else {
            return Some(End::WipedOut { loser: l });
        };
        let caught = std::iter::once(first)
            .chain(fled)
            .all(|u| matches!(record.units[u], UnitEnd::Caught | UnitEnd::CaughtFleeing));
        Some(End::Broke { loser: l, caught })
    }

    /// What each side scores this round. RULES.md Combat resolution: wounds;
    /// the ranks of its unit with the most (a unit fought in the flank or
    /// rear by US 5+ has none, skirmishers never any); outnumbering by the
    /// side's total unit strength (+2 with a Banner of the Swarm); one standard (a battle standard's bearer
    /// standing in its front rank counts); high ground; +1 if a unit of US
    /// 5+ fights an enemy's flank, +2 its rear; what its units' and
    /// standing characters' own rules add (`combat_resolution`).
    /// Both sides' scores and musicians, in one pass over the units (this
    /// runs every round of every trial).
    pub(super) fn scores<const N: usize>(
        &self,
        state: &State<N>,
        wounds: &[u32; 2],
    ) -> ([i32; 2], [bool; 2]) {
        let mut strength = [0u32; 2];
        let mut ranks = [0u32; 2];
        let mut standard = [false; 2];
        let mut musician = [false; 2];
        let mut flank = [0u32; 2];
        let mut rear = [0u32; 2];
        let mut bonus = [0u32; 2];
        let mut swarm = [false; 2];
        // The Virtue of Discipline: a side its enemies deny outnumbering.
        let mut denied = [false; 2];
        for u in (0..N).filter(|&u| state.fights(u)) {
            let f = &self.facts[u];
            let s = f.side;
            let us = state.unit_strength(self, u);
            strength[s] += us;
            // Every model in a rank counts, characters too, each by the
            // places his base fills (RULES.md Combat resolution, Characters
            // in units).
            let models = state.start[u] + state.heroes_places_at_start(&f.places, u);
            let disrupted = self.disrupted(u, state);
            let rank = match f.raiders {
                true => raiders_rank_bonus(models, f.frontage, disrupted),
                false => rank_bonus(models, f.frontage, disrupted, f.no_ranks),
            };
            let rank = doubled_rank_bonus(rank, f.doubles_ranks);
            ranks[s] = ranks[s].max(rank);
            standard[s] |= f.standard;
            musician[s] |= f.musician;
            swarm[s] |= f.doubles_outnumbering;
            denied[1 - s] |= f.denies_outnumbering;
            if f.adds {
                bonus[s] += f.combat_resolution;
                if f.heroes_count {
                    let (b, bsb) = self.heroes_bonus(u, state);
                    bonus[s] += b;
                    standard[s] |= bsb;
                }
            }
            // Its front on an enemy's flank or rear, while that enemy fights.
            for strike in f.strikes {
                match strike {
                    Some((e, 1)) if state.fights(e) => flank[s] = flank[s].max(flank_bonus(1, us)),
                    Some((e, 2)) if state.fights(e) => rear[s] = rear[s].max(flank_bonus(2, us)),
                    _ => {}
                }
            }
        }
        let score = |s: usize| {
            Score {
                wounds: wounds[s],
                ranks: ranks[s],
                outnumber: strength[s] > strength[1 - s] && !denied[s],
                outnumber_doubled: swarm[s],
                standard: standard[s],
                high_ground: self.setup.high_ground == Some(s),
                flank: flank[s] + rear[s],
                bonus: bonus[s],
            }
            .total()
        };
        ([score(0), score(1)], musician)
    }

    /// What unit `u`'s characters standing add to its side's combat result
    /// (their own `combat_resolution`), and whether one of them carries the
    /// battle standard in its front rank (not stepped back from a refused
    /// challenge). RULES.md Combat resolution.
    fn heroes_bonus<const N: usize>(&self, u: usize, state: &State<N>) -> (u32, bool) {
        let stepped_back = state.stepped_back.get(u).copied().flatten();
        let mut bonus = 0;
        let mut bsb = false;
        for (i, (c, h)) in self.setup.units[u]
            .characters
            .iter()
            .zip(&state.heroes[u])
            .enumerate()
        {
            if h.is_some() {
                bonus += c.body.combat_resolution;
                bsb |= c.body.carries_battle_standard && stepped_back != Some(i as u8);
            }
        }
        (bonus, bsb)
    }

    /// Each of the losing side's units in the fight takes its break test
    /// (RULES.md Break test), or, Undead, crumbles (RULES.md Undead); those
    /// that break flee, and the winners in contact with them whose every
    /// foe broke or crumbled away pursue (RULES.md Fleeing and pursuit).
    /// Returns the units that broke and those that crumbled to the last
    /// model.
    pub(super) fn break_tests<const N: usize>(
        &self,
        fate: &mut impl Fate,
        loss: Loss,
        state: &mut State<N>,
        record: &mut Record,
    ) -> ([bool; N], [bool; N]) {
        let mut broken = [false; N];
        let mut crumbled = [false; N];
        let losing: [bool; N] =
            std::array::from_fn(|u| state.fights(u) && self.facts[u].side == loss.side);
        for u in (0..N).filter(|&u| losing[u]) {
            state.frenzy[u] = false;
            let unit = &self.setup.units[u];
            if unit.psychology.undead {
                let bsb = state.battle_standard(self, u);
                let wounds = crumbling_wounds(loss.margin, bsb, unit.crumbles_one_fewer);
                crumbled[u] = self.crumble(u, wounds, state, record);
                continue;
            }
            // Enemies in contact it fears whose total US beats its own.
            let fear_us: u32 = match self.facts[u].frightened {
                true => (self.foes[u].iter())
                    .filter(|&&(e, _)| state.fights(e) && state.frightens(self, e, u))
                    .map(|&(e, _)| state.unit_strength(self, e))
                    .sum(),
                false => 0,
            };
            let by_fear = fear_us > 0
                && !state.psychology(self, u).fearless()
                && fear_us > state.unit_strength(self, u);
            let breaking = Breaking {
                ld: state.leadership_in_fight(self, u, &record.units),
                stubborn: unit
                    .psychology
                    .stubborn_now(|| state.general_with(self, u), loss.round),
                unbreakable: unit.psychology.unbreakable,
                broken_by_fear: by_fear,
                // A battle standard's re-roll, or the Virtue of
                // Stoicism's (RULES.md Break test).
                battle_standard: state.battle_standard(self, u)
                    || state.with_unit_rule(self, u, |p| p.unit_rerolls_break_tests),
                insane_courage: self.setup.insane_courage,
                cold_blooded: unit.psychology.cold_blooded,
            };
            let breaks = match breaking.test(loss.margin) {
                BreakTest::Holds => false,
                BreakTest::Breaks => true,
                BreakTest::Test(t) => !fate.test(&t),
            };
            broken[u] = breaks;
        }
        for u in (0..N).filter(|&u| crumbled[u]) {
            record.units[u] = UnitEnd::WipedOut;
            state.leave(u);
        }
        if !broken.contains(&true) {
            return (broken, crumbled);
        }
        let pursues = self.pursuers(fate, state, record, &broken, |_| true);
        for u in (0..N).filter(|&u| broken[u]) {
            let caught = self.caught_by(fate, u, &[], &pursues);
            record.units[u] = if caught {
                UnitEnd::Caught
            } else {
                record.rally_ld[u] = self.rally_ld(state, u, record);
                UnitEnd::Broke
            };
        }
        for u in (0..N).filter(|&u| broken[u]) {
            state.leave(u);
        }
        (broken, crumbled)
    }

    /// Undead unit `u` loses `wounds`, no saves of any kind: its rank and
    /// file first (the champion last, as any casualties), then
    /// **\[ruling\]** its characters in turn, once no rank and file are
    /// left. Its casualties count in this round's; returns whether it
    /// crumbled to the last model. RULES.md Undead.
    fn crumble<const N: usize>(
        &self,
        u: usize,
        wounds: u32,
        state: &mut State<N>,
        record: &mut Record,
    ) -> bool {
        let unit = &self.setup.units[u];
        let apart = self.champion_apart(u, state);
        let rank_and_file = state.alive[u] - apart;
        let (mut c, mut left) = crumble(wounds, rank_and_file, unit.profile.w, state.damage[u]);
        // A champion of his own body crumbles last of the rank and file,
        // his own Wounds (RULES.md Characters, champions and challenges).
        if let (Some(body), Some(d)) = (&unit.champion_body, state.champion[u]) {
            let remaining = u32::from(body.profile.w - d);
            if left >= remaining {
                state.champion[u] = None;
                c.kills += 1;
                left -= remaining;
            } else if left > 0 {
                state.champion[u] = Some(d + left as u8);
                left = 0;
            }
        }
        state.alive[u] -= c.kills;
        state.damage[u] = c.damage;
        if state.alive[u] == 0 {
            state.champion[u] = None;
        }
        record.casualties[u] += c.kills;
        if let Some(round) = record.rounds.last_mut() {
            round.casualties[u] += c.kills;
        }
        for (e, hero) in unit.characters.iter().enumerate() {
            let Some(d) = state.heroes[u][e].filter(|_| left > 0) else {
                continue;
            };
            let remaining = u32::from(hero.body.profile.w - d);
            if left >= remaining {
                state.heroes[u][e] = None;
                record.characters_slain[u] += u32::from(hero.character);
                left -= remaining;
            } else {
                state.heroes[u][e] = Some(d + left as u8);
                left = 0;
            }
        }
        !state.standing(u)
    }

    /// Unit `u` fled without breaking (a charge reaction, fear or terror,
    /// panic) and got away: it rallies at the start of its next turn as a
    /// broken unit does. RULES.md Fleeing and pursuit.
    pub(super) fn fled<const N: usize>(&self, u: usize, state: &State<N>, record: &mut Record) {
        record.units[u] = UnitEnd::Fled;
        record.rally_ld[u] = self.rally_ld(state, u, record);
    }

    /// The Ld unit `u`, fled and escaped, rallies on at the start of its
    /// next turn (the best of its own, a character's standing in it and the
    /// General's while he is not fleeing: [`State::leadership`]), or 0 if
    /// fewer than 25% of its models are left.
    fn rally_ld<const N: usize>(&self, state: &State<N>, u: usize, record: &Record) -> u8 {
        let ld = state.leadership(self, u, &record.units);
        let facts = &self.facts[u];
        let heroes = state.heroes[u].iter().filter(|h| h.is_some()).count() as u32;
        let at_start = facts.models + facts.characters as u32;
        if !can_rally(at_start, state.alive[u] + heroes) {
            return 0;
        }
        let unit = &self.setup.units[u];
        let ld = rally_ld(ld, unit.musician, self.setup.musician_rallies);
        // Whispers in the Darkness: every enemy rallies on 1 less while
        // Be'lakor has not fallen (RULES.md Break test).
        let whispers = self.facts[u].whispers;
        let whispered_to = whispers != 0
            && (0..N).any(|e| {
                whispers & 1 << e != 0
                    && !matches!(
                        record.units[e],
                        UnitEnd::WipedOut | UnitEnd::Caught | UnitEnd::CaughtFleeing
                    )
            });
        match whispered_to {
            true => whispered(ld),
            false => ld,
        }
    }

    /// Seed 004: the General lends his Ld only while he is not fleeing.
    /// Units that fled since `before` rally at their next turn, when the
    /// General's unit that broke, fled or fell in the same phase flees too
    /// (or is gone): their rally Ld, worked out as each fled, is worked out
    /// again now. RULES.md Break test.
    pub(super) fn rally_without_general<const N: usize>(
        &self,
        before: &[UnitEnd; MAX_UNITS],
        state: &State<N>,
        record: &mut Record,
    ) {
        if !(0..2).any(|side| self.general_gone(side, &record.units)) {
            return;
        }
        for (u, was) in before.iter().enumerate().take(N) {
            if record.units[u] != *was && record.rally_ld[u] > 0 {
                record.rally_ld[u] = self.rally_ld(state, u, record);
            }
        }
    }

    /// The winners that pursue when the units in `fled` flee, each with the
    /// one unit it pursues (`NO_FOE`: it does not): each unit in the fight
    /// that `may` pursue, whose foes have all fled (or left) and that fought
    /// one of them. A unit that would rather hold back (`pursue = false`)
    /// tests Ld and pursues anyway on a failure; hatred and frenzy pursue
    /// without a test. RULES.md Fleeing and pursuit.
    pub(super) fn pursuers<const N: usize>(
        &self,
        fate: &mut impl Fate,
        state: &State<N>,
        record: &Record,
        fled: &[bool; N],
        may: impl Fn(usize) -> bool,
    ) -> [u8; N] {
        let mut pursues = [NO_FOE; N];
        for e in (0..N).filter(|&e| state.fights(e) && may(e)) {
            let foes = &self.foes[e];
            let free = foes.iter().all(|&(x, _)| !state.fights(x) || fled[x]);
            let Some(target) = self.pursued(state, e, fled).filter(|_| free) else {
                continue;
            };
            let unit = &self.setup.units[e];
            let pursues_it = match unit.psychology.pursuit(unit.must_pursue()) {
                Some(rule) => rule,
                None => unit.pursue || !fate.test(&state.ld_test(self, e, &record.units)),
            };
            // Smoke Bombs: a lone model is pursued only on a 4+ (RULES.md
            // Fleeing and pursuit).
            let pursues_it = pursues_it
                && (!self.lone_in_smoke(target) || pursues_through_smoke(fate.roll(&Roll::sum(1))));
            if pursues_it {
                pursues[e] = target as u8;
            }
        }
        pursues
    }

    /// Whether unit `u` is a lone model with Smoke Bombs.
    #[inline]
    fn lone_in_smoke(&self, u: usize) -> bool {
        let unit = &self.setup.units[u];
        unit.psychology.smoke_bomb && unit.models == 1 && unit.characters.is_empty()
    }

    /// The one fleeing foe of `e` it would pursue: the one its scenario
    /// names (`pursuit_target`) if that one fled, else **\[ruling\]** the
    /// one of greatest unit strength (ties: the first listed). RULES.md
    /// Fleeing and pursuit.
    fn pursued<const N: usize>(
        &self,
        state: &State<N>,
        e: usize,
        fled: &[bool; N],
    ) -> Option<usize> {
        // Blessed by the Old Ones: a foe never pursued is no quarry.
        let fled_foe = |x: usize| {
            fled[x]
                && !self.setup.units[x].psychology.never_pursued
                && self.foes[e].iter().any(|&(f, _)| f == x)
        };
        if let Some(t) = self.setup.units[e].pursuit_target.filter(|&t| fled_foe(t)) {
            return Some(t);
        }
        (0..N)
            .filter(|&x| fled_foe(x))
            .fold(None, |best: Option<usize>, x| match best {
                Some(b) if state.unit_strength(self, b) >= state.unit_strength(self, x) => Some(b),
                _ => Some(x),
            })
    }

    /// Whether `u`, fleeing, is caught by the `chargers` that reach it or by
    /// a foe that pursues it (`pursues`). No allocation: this runs in most
    /// trials' last round.
    #[inline]
    pub(super) fn caught_by<const N: usize>(
        &self,
        fate: &mut impl Fate,
        u: usize,
        chargers: &[(f64, f64)],
        pursues: &[u8; N],
    ) -> bool {
        let mut pursuers = [&self.flights[u]; N];
        let mut k = 0;
        for &(e, _) in self.foes[u]
            .iter()
            .filter(|&&(e, _)| usize::from(pursues[e]) == u)
        {
            pursuers[k] = &self.pursuits[e];
            k += 1;
        }
        (k > 0 || !chargers.is_empty()) && fate.caught(&self.flights[u], chargers, &pursuers[..k])
    }

    /// Units with no foe left in the fight leave it (they stand); each
    /// unit's front rank turns to its first foe still fighting. Called after
    /// every change of who is in the fight.
    pub(super) fn leave_unengaged<const N: usize>(&self, state: &mut State<N>) {
        for u in 0..N {
            if state.fights(u) && !self.foes[u].iter().any(|f| state.fights(f.0)) {
                state.leave(u);
            }
        }
        for u in 0..N {
            state.primary[u] = self.foes[u]
                .iter()
                .find(|f| state.fights(f.0))
                .map_or(NO_FOE, |f| f.0 as u8);
        }
    }
}
