//! The state of a fight between strike steps.

use super::{Combat, Facts, Fighter, UnitEnd, MAX_UNITS};
use crate::combat::unit::{Unit, MAX_CHARACTERS};
use crate::rules::leadership::{under_aura_of_slaanesh, whispered, LeadershipTest};
use crate::rules::special::{fears_army, fears_outnumbered_by, Psychology};
use std::hash::{Hash, Hasher};

/// How one unit of a fight frightens another, worked out when the fight
/// is set up (each round's fear then reads it, not the units' armies).
/// RULES.md Special attacks and psychology.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) enum Fright {
    /// It does not.
    #[default]
    None,
    /// It causes fear.
    Fear,
    /// The other fears its army while it does not outnumber it two to
    /// one (Fear Elves: [`fears_outnumbered_by`]).
    UnlessOutnumbered,
}

impl Fright {
    /// How `enemy` frightens `unit`.
    pub(super) fn of(unit: &Unit, enemy: &Unit) -> Fright {
        if enemy.psychology.fear {
            Fright::Fear
        } else if fears_army(&unit.fears, enemy.army.as_deref()) {
            Fright::UnlessOutnumbered
        } else {
            Fright::None
        }
    }
}

/// A fight between strike steps, for a fight of `N` units (arrays sized to
/// the fight: a two-unit fight pays for two).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct State<const N: usize> {
    /// Rank-and-file models standing (the champion among them).
    pub(super) alive: [u32; N],
    /// Wounds on the wounded rank-and-file model.
    pub(super) damage: [u8; N],
    /// Each character's wounds taken, `None` once slain or if absent.
    pub(super) heroes: [[Option<u8>; MAX_CHARACTERS]; N],
    /// Rank and file at the start of the round.
    pub(super) start: [u32; N],
    /// Characters standing at the start of the round, one bit each.
    pub(super) heroes_at_start: [u32; N],
    /// Models of each unit in contact with each foe this round ([unit][foe],
    /// [`Combat::contact`] at the start of the round).
    pub(super) contact: [[u16; N]; N],
    /// Rank and file each unit lost this round, by the enemy unit that slew
    /// them ([unit][foe]).
    pub(super) lost: [[u16; N]; N],
    /// Wounds on each unit's champion while he stands.
    pub(super) champion: [Option<u8>; N],
    /// The fighters of a challenge under way, by side (the main units).
    pub(super) duel: Option<[Fighter; 2]>,
    /// A character of a main unit who stepped back from a refused challenge
    /// this round.
    pub(super) stepped_back: [Option<u8>; 2],
    /// Units still in the fight, one bit each.
    pub(super) in_fight: u8,
    /// The foe each unit's front rank fights ([`Combat::primary`]), kept
    /// with `in_fight` by [`Combat::leave_unengaged`].
    pub(super) primary: [u8; N],
    /// Units that failed a fear test on the charge (6s to hit in round 1).
    pub(super) scared: [bool; N],
    /// Units that keep their frenzy (lost with a lost round).
    pub(super) frenzy: [bool; N],
    /// The side that won the last round, for ties in strike order.
    pub(super) last_winner: Option<u8>,
    /// What carries over rounds for each Giant, and what it did this round
    /// (bits of `giant.rs`: jumping on, resting this round or the next,
    /// yelled). RULES.md Giants.
    pub(super) giant: u16,
    /// The bodies of each unit that spent their one re-roll of a failed
    /// armour save this turn, one bit each ([`one_save_bit`]): none
    /// between rounds, a round's blows and a charge's shots being a turn
    /// (RULES.md Saves, One failed save a turn).
    pub(super) saves_spent: [u8; N],
}

/// The bit of [`State::saves_spent`] of the body `target` strikes: the
/// rank and file 1, a character `1 << (1 + his index)`, the champion
/// `1 << 5`.
#[inline(always)]
pub(super) fn one_save_bit(target: super::Target) -> u8 {
    match target {
        super::Target::RankAndFile => 1,
        super::Target::Character(e) => 2 << e,
        super::Target::Champion => 1 << 5,
    }
}

/// Hashes what tells the states met together apart (what stands, who
/// fights whom, frenzy, the challenge, the last winner), packed into a few
/// words: the exact chain hashes states by the million. The fields left
/// out follow from these or are the same between rounds; equal states
/// still hash equal (the re-rolls of a failed save spent, none between
/// rounds, are left out).
impl<const N: usize> Hash for State<N> {
    fn hash<H: Hasher>(&self, h: &mut H) {
        for u in 0..N {
            let heroes = self.heroes[u]
                .iter()
                .fold(0u32, |a, w| a << 8 | w.map_or(0xff, u32::from));
            h.write_u64(
                u64::from(self.alive[u])
                    | u64::from(self.damage[u]) << 24
                    | u64::from(heroes) << 32,
            );
            h.write_u32(
                u32::from(self.champion[u].map_or(0xff, |w| w))
                    | u32::from(self.primary[u]) << 8
                    | u32::from(self.frenzy[u]) << 16
                    | u32::from(self.scared[u]) << 17,
            );
        }
        // Within a round, who slew whom tells states apart too.
        let lost = self
            .lost
            .iter()
            .flatten()
            .fold(0u64, |a, &k| a.rotate_left(7) ^ u64::from(k));
        h.write_u64(lost);
        h.write_u8(self.in_fight);
        if self.giant != 0 {
            h.write_u16(self.giant);
        }
        self.last_winner.hash(h);
        self.duel.hash(h);
    }
}

/// No foe (in [`State::primary`]).
pub(super) const NO_FOE: u8 = u8::MAX;

impl<const N: usize> State<N> {
    /// The state before the charge.
    pub(super) fn new(facts: &[Facts; MAX_UNITS], last_winner: Option<usize>) -> Self {
        let mut heroes = [[None; MAX_CHARACTERS]; N];
        let mut alive = [0; N];
        let mut champion = [None; N];
        let mut primary = [NO_FOE; N];
        let mut in_fight = ((1u16 << N) - 1) as u8;
        for (u, f) in facts.iter().enumerate().take(N) {
            if f.waits {
                in_fight &= !(1 << u);
            }
            for hero in heroes[u].iter_mut().take(f.characters) {
                *hero = Some(0);
            }
            alive[u] = f.models;
            champion[u] = f.champion.then_some(0);
            primary[u] = f.first_foe;
        }
        State {
            alive,
            damage: [0; N],
            heroes,
            start: alive,
            heroes_at_start: [0; N],
            contact: [[0; N]; N],
            lost: [[0; N]; N],
            champion,
            duel: None,
            stepped_back: [None; 2],
            in_fight,
            primary,
            scared: [false; N],
            frenzy: [false; N],
            last_winner: last_winner.map(|w| w as u8),
            giant: 0,
            saves_spent: [0; N],
        }
    }

    /// The state as the next round finds it, with what every round
    /// recomputes at its start (or in round 1 only: fear's 6s to hit, before
    /// round `next`) set as it will be, so that equal fights between rounds
    /// compare equal: the exact chain merges them.
    pub(crate) fn between_rounds(mut self, next: u32) -> Self {
        self.start = self.alive;
        for u in 0..N {
            self.heroes_at_start[u] = self.heroes_mask(u);
        }
        self.contact = [[0; N]; N];
        self.lost = [[0; N]; N];
        self.stepped_back = [None; 2];
        if next > 1 {
            self.scared = [false; N];
        }
        self
    }

    /// Who would fight a challenge for `side` (its main unit): its first
    /// character standing (of its first `characters`, the true ones), else
    /// its champion.
    pub(super) fn fighter(&self, side: usize, characters: usize) -> Option<Fighter> {
        self.heroes[side]
            .iter()
            .take(characters)
            .position(|h| h.is_some())
            .map(Fighter::Character)
            .or(self.champion[side].map(|_| Fighter::Champion))
    }

    /// Whether the fighter of `side`'s main unit still stands.
    pub(super) fn fighter_standing(&self, side: usize, f: Fighter) -> bool {
        match f {
            Fighter::Character(i) => self.heroes[side][i].is_some(),
            Fighter::Champion => self.champion[side].is_some(),
        }
    }

    /// Wounds the fighter has taken.
    pub(super) fn fighter_damage(&self, side: usize, f: Fighter) -> u8 {
        match f {
            Fighter::Character(i) => self.heroes[side][i].unwrap_or(0),
            Fighter::Champion => self.champion[side].unwrap_or(0),
        }
    }

    /// Whether unit `u` is in the fight.
    pub(super) fn fights(&self, u: usize) -> bool {
        self.in_fight & (1 << u) != 0
    }

    /// Unit `u` joins the fight (a redirected charge's target).
    pub(super) fn join(&mut self, u: usize) {
        self.in_fight |= 1 << u;
    }

    /// Unit `u` leaves the fight.
    pub(super) fn leave(&mut self, u: usize) {
        self.in_fight &= !(1 << u);
    }

    /// What is measured at the start of a round: the models standing.
    pub(super) fn begin_round(&mut self) {
        self.start = self.alive;
        // A Giant resting next round rests now (RULES.md Giants).
        self.giant =
            self.giant & super::giant::JUMPING | (self.giant & super::giant::RESTS_NEXT) >> 1;
        for u in 0..N {
            // Most units have no character: nothing to count.
            if self.heroes[u][0].is_some() || self.heroes_at_start[u] > 0 {
                self.heroes_at_start[u] = self.heroes_mask(u);
            }
        }
    }

    /// Unit `u`'s characters standing, one bit each.
    fn heroes_mask(&self, u: usize) -> u32 {
        (self.heroes[u].iter().enumerate())
            .filter(|(_, h)| h.is_some())
            .fold(0, |mask, (i, _)| mask | 1 << i)
    }

    /// The places in unit `u`'s ranks its characters standing at the start
    /// of the round fill, each's `places` (RULES.md Characters in units).
    pub(super) fn heroes_places_at_start(&self, places: &[u32; MAX_CHARACTERS], u: usize) -> u32 {
        let mask = self.heroes_at_start[u];
        (0..MAX_CHARACTERS)
            .filter(|i| mask & 1 << i != 0)
            .map(|i| places[i])
            .sum()
    }

    pub(super) fn heroes_standing(&self, u: usize) -> usize {
        self.heroes[u].iter().filter(|h| h.is_some()).count()
    }

    /// Each unit's characters standing in `before` and slain since, by
    /// unit: what a fight's blows record of the characters they slay (of
    /// each unit's first `characters(u)`, the true ones).
    pub(crate) fn characters_slain_since<'a>(
        &'a self,
        before: &Self,
        characters: impl Fn(usize) -> usize + 'a,
    ) -> impl Iterator<Item = (usize, u32)> + 'a {
        let before = before.heroes;
        (0..N).map(move |u| {
            let slain = (self.heroes[u].iter().zip(&before[u]))
                .take(characters(u))
                .filter(|(now, then)| now.is_none() && then.is_some())
                .count();
            (u, slain as u32)
        })
    }

    /// The unit still has a model: rank and file or a character.
    pub(super) fn standing(&self, u: usize) -> bool {
        self.alive[u] > 0 || self.heroes_standing(u) > 0
    }

    /// The losses this round of each unit of `units` (one bit each) as one
    /// sum, once it strikes no more this round: which foe slew them only
    /// limits who strikes back.
    pub(crate) fn settle_losses(&mut self, units: u8) {
        for (u, row) in self.lost.iter_mut().enumerate() {
            if units & 1 << u != 0 {
                let sum = row.iter().sum();
                *row = [0; N];
                row[0] = sum;
            }
        }
    }

    /// Rank and file `u` lost this round.
    pub(super) fn lost(&self, u: usize) -> u32 {
        self.lost[u].iter().map(|&k| u32::from(k)).sum()
    }

    /// Unit strength: rank and file and characters standing.
    pub(super) fn unit_strength(&self, combat: &Combat, u: usize) -> u32 {
        let [per_model, heroes @ ..] = &combat.facts[u].strengths;
        per_model * self.alive[u]
            + heroes
                .iter()
                .zip(&self.heroes[u])
                .filter(|(_, h)| h.is_some())
                .map(|(us, _)| us)
                .sum::<u32>()
    }

    /// Unit `u`'s psychology as the fight has left it: a frenzied unit
    /// that lost a round has lost its frenzy, and the immunity with it.
    pub(super) fn psychology(&self, combat: &Combat, u: usize) -> Psychology {
        let psychology = combat.setup.units[u].psychology;
        match self.frenzy[u] {
            true => psychology,
            false => psychology.frenzy_lost(),
        }
    }

    /// The best Ld unit `u` may use now: its own, a character's standing
    /// in it, or the General's while he is not fleeing: while his unit has
    /// not broken, fled or fallen, as the units' `fates` so far say
    /// (RULES.md Break test; seed 004). The General's own unit keeps his
    /// Ld: he is in it.
    pub(super) fn leadership(&self, combat: &Combat, u: usize, fates: &[UnitEnd; MAX_UNITS]) -> u8 {
        let unit = &combat.setup.units[u];
        let ld = match unit.general || !combat.general_gone(combat.facts[u].side, fates) {
            true => unit.ld,
            false => unit.own_ld,
        };
        self.leadership_from(combat, u, ld)
    }

    /// Whether the General is with unit `u` now: a character of it who is
    /// the General and still stands in it, or, if none of its characters
    /// is, the unit's own `general` (RULES.md Break test: Bodyguard).
    pub(super) fn general_with(&self, combat: &Combat, u: usize) -> bool {
        let unit = &combat.setup.units[u];
        let mut generals = unit
            .characters
            .iter()
            .zip(&self.heroes[u])
            .filter(|(c, _)| c.body.general)
            .peekable();
        match generals.peek() {
            Some(_) => generals.any(|(_, h)| h.is_some()),
            None => unit.general,
        }
    }

    /// Whether unit `u` has a battle standard in range now: one the
    /// scenario puts in range, its own, or a character's standing in it
    /// (RULES.md Break test, Undead).
    pub(super) fn battle_standard(&self, combat: &Combat, u: usize) -> bool {
        let unit = &combat.setup.units[u];
        unit.battle_standard
            || (combat.facts[u].heroes_count
                && unit
                    .characters
                    .iter()
                    .zip(&self.heroes[u])
                    .any(|(c, h)| h.is_some() && c.body.carries_battle_standard))
    }

    /// Whether unit `e` frightens unit `u` now ([`Fright`]: it causes
    /// fear, or `u` fears its army unless outnumbering it two to one and
    /// does not). RULES.md Special attacks and psychology.
    #[inline]
    pub(super) fn frightens(&self, combat: &Combat, e: usize, u: usize) -> bool {
        match combat.facts[u].frights[e] {
            Fright::None => false,
            Fright::Fear => true,
            Fright::UnlessOutnumbered => {
                fears_outnumbered_by(self.unit_strength(combat, u), self.unit_strength(combat, e))
            }
        }
    }

    /// Unit `u`'s Ld test on its best Ld now in the fight
    /// ([`State::leadership_in_fight`]).
    pub(super) fn ld_test(
        &self,
        combat: &Combat,
        u: usize,
        fates: &[UnitEnd; MAX_UNITS],
    ) -> LeadershipTest {
        combat.setup.units[u].ld_test(self.leadership_in_fight(combat, u, fates))
    }

    /// The Ld unit `u` tests on in the fight: its best now
    /// ([`State::leadership`]), 1 less (at least 2) while it is in base
    /// contact with an enemy carrying an Aura of Slaanesh that still
    /// stands. **\[ruling\]** the unit tests as one: its models in
    /// contact lower the Ld it uses, its own or the General's. RULES.md
    /// Break test.
    #[inline(always)]
    pub(super) fn leadership_in_fight(
        &self,
        combat: &Combat,
        u: usize,
        fates: &[UnitEnd; MAX_UNITS],
    ) -> u8 {
        let ld = self.leadership(combat, u, fates);
        let auras = combat.facts[u].auras;
        let touched = auras != 0
            && (0..N).any(|e| {
                auras & 1 << e != 0
                    && self.fights(e)
                    && self.standing(e)
                    && (self.contact[u][e] > 0 || self.contact[e][u] > 0)
            });
        let ld = match touched {
            true => under_aura_of_slaanesh(ld),
            false => ld,
        };
        // Whispers in the Darkness: **[ruling]** every enemy of the fight
        // is within 6" of Be'lakor while he fights and stands.
        let whispers = combat.facts[u].whispers;
        let whispered_to = whispers != 0
            && (0..N).any(|e| whispers & 1 << e != 0 && self.fights(e) && self.standing(e));
        match whispered_to {
            true => whispered(ld),
            false => ld,
        }
    }

    /// Unit `u`'s psychology test (fear, terror, panic, stupidity) on its
    /// best Ld now: re-rolled if it re-rolls failed psychology tests
    /// (RULES.md Special attacks and psychology).
    pub(super) fn psychology_test(
        &self,
        combat: &Combat,
        u: usize,
        fates: &[UnitEnd; MAX_UNITS],
    ) -> LeadershipTest {
        let rerolls = combat.setup.units[u].psychology.rerolls_psychology
            || self.with_unit_rule(combat, u, |p| p.unit_rerolls_psychology);
        self.ld_test(combat, u, fates).psychology(rerolls)
    }

    /// Unit `u`'s panic test: its psychology test
    /// ([`State::psychology_test`]) on 3D6, the highest discarded, with a
    /// Ragbanner (its own or a standing character's). RULES.md Panic.
    pub(super) fn panic_test(
        &self,
        combat: &Combat,
        u: usize,
        fates: &[UnitEnd; MAX_UNITS],
    ) -> LeadershipTest {
        let test = self.psychology_test(combat, u, fates);
        LeadershipTest {
            cold_blooded: test.cold_blooded
                || self.with_unit_rule(combat, u, |p| p.panic_on_three_dice),
            ..test
        }
    }

    /// Whether unit `u` has a rule that reaches the whole unit (`rule` of
    /// a psychology): its own, or a character's standing in it (the
    /// Beastmaster, the Virtue of Stoicism). RULES.md Special attacks and
    /// psychology, Break test.
    #[inline]
    pub(super) fn with_unit_rule(
        &self,
        combat: &Combat,
        u: usize,
        rule: impl Fn(&Psychology) -> bool,
    ) -> bool {
        if !combat.facts[u].unit_rules {
            return false;
        }
        let unit = &combat.setup.units[u];
        rule(&unit.psychology)
            || (unit.characters.iter())
                .zip(&self.heroes[u])
                .any(|(c, h)| h.is_some() && rule(&c.body.psychology))
    }

    /// The best of `ld` and the Ld of a character standing in unit `u`
    /// who lends it (not an Assassin's; RULES.md Break test).
    fn leadership_from(&self, combat: &Combat, u: usize, ld: u8) -> u8 {
        let unit = &combat.setup.units[u];
        let stepped_back = self.stepped_back.get(u).copied().flatten();
        unit.characters
            .iter()
            .zip(&self.heroes[u])
            .enumerate()
            .filter(|(i, (c, h))| h.is_some() && stepped_back != Some(*i as u8) && c.body.lends_ld)
            .map(|(_, (c, _))| c.body.ld)
            .fold(ld, u8::max)
    }
}

impl Combat {
    /// Whether the General of `side` has broken, fled or fallen, as the
    /// units' `fates` so far say (a record's `units`): the unit he is with
    /// (`general = true`) no longer stands or holds, so he lends his Ld to
    /// nobody (RULES.md Break test; seed 004: "si éste no está huyendo").
    /// The exact chain keeps each unit's fate in the record it carries
    /// between rounds: [`State`] needs nothing more.
    pub fn general_gone(&self, side: usize, fates: &[UnitEnd; MAX_UNITS]) -> bool {
        self.generals[side].is_some_and(|g| fates[g].fled_or_fell())
    }

    /// The unit `side`'s General is with (`general = true`), if in the
    /// fight.
    pub fn general(&self, side: usize) -> Option<usize> {
        self.generals[side]
    }
}
