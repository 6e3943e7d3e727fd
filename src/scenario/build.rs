//! Building a fight from a scenario file: each unit's profile file merged
//! with its own fields into a [`Unit`], each unit's place, the contacts, and
//! the checks a file's values must pass on the way.

use super::champion::{champion_body, ChampionSpec};
use super::combat::{ScenarioFile, UnitSpec};
use super::part::ProfilePart;
use super::source::Resolved;
use crate::combat::fight::{Combat, Contact, Place, Redirect, Setup, StartOfTurn, MAX_UNITS};
use crate::combat::unit::{Character, Unit, MAX_CHARACTERS};
use crate::error::InputError;
use crate::profile::ProfileFile;
use crate::query::combat::CombatQuery;
use crate::rules::before_fight::BeforeFight;
use crate::rules::gear::{BullCharge, Mount};
use crate::rules::leadership::{with_general, with_knight};
use crate::rules::missile_saves::AgainstMissiles;
use crate::rules::movement::{charge_range, check_charge_path};
use crate::rules::place::{Facing, ReactionName, SideName, Terrain};
use crate::rules::profile::{places_in_ranks, Profile};
use crate::rules::random::{Dice, Die};
use crate::rules::special::{Psychology, Rules, SpecialRule};
use crate::rules::Edition;
use crate::text;
use crate::words::text::Text;
use std::path::Path;
use std::sync::Arc;

impl ScenarioFile {
    /// The fight this scenario describes, validated.
    pub fn combat(&self, dir: &Path) -> Result<CombatQuery, InputError> {
        let s = &self.situation;
        for (spec, name) in [(&self.attacker, "attacker"), (&self.defender, "defender")] {
            spec.main_only(name)?;
        }
        let edition = if s.inches {
            Edition::Imperial
        } else {
            Edition::Metric
        };
        let charger = s.charger.index();
        let mut units = vec![
            self.attacker.unit(dir, "attacker")?,
            self.defender.unit(dir, "defender")?,
        ];
        let (mut places, mut contacts) = self.main_places(charger, &units)?;
        if self.unit.len() > MAX_UNITS - 2 {
            return Err(InputError::new(
                "unit",
                text!(
                    "{} more units (accepted: at most {} besides the attacker and the defender)",
                    self.unit.len(),
                    MAX_UNITS - 2
                ),
            ));
        }
        let mut redirect: Option<Redirect> = None;
        for (i, spec) in self.unit.iter().enumerate() {
            let name = crate::error::entry("unit", i);
            let unit = spec.unit(dir, &name)?;
            let place = spec.place(&name, charger, &unit.open_ground)?;
            units.push(unit);
            let u = units.len() - 1;
            let face = spec.facing.unwrap_or_default();
            let charger_crosses = charger.map_or(&[][..], |c| &units[c].open_ground[..]);
            contacts.push(
                match spec.redirect_target(
                    &name,
                    charger,
                    u,
                    redirect.is_some(),
                    charger_crosses,
                )? {
                    Some(r) => {
                        redirect = Some(r);
                        Contact {
                            striker: 1 - place.side,
                            struck: u,
                            face,
                        }
                    }
                    None => Contact {
                        striker: u,
                        struck: 1 - place.side,
                        face,
                    },
                },
            );
            places.push(place);
        }
        for (u, place) in places.iter().enumerate() {
            let name = match u {
                0 | 1 => "situation".to_string(),
                _ => crate::error::entry("unit", u - 2),
            };
            check_place(place, &units[u], edition, &name)?;
        }
        let tables: Vec<String> = (0..units.len())
            .map(|u| match u {
                0 => "attacker".to_string(),
                1 => "defender".to_string(),
                _ => crate::error::entry("unit", u - 2),
            })
            .collect();
        super::before::rolls_before_fight(&mut units, s, &tables)?;
        check_generals(&units, &places)?;
        if let Some(r) = &redirect {
            super::redirect::check_redirect(r, &units, edition)?;
        }
        self.pursuit_targets(&mut units, &places)?;
        match charged_side(&places)? {
            Some(t) => self.check_reaction(&units, &places, &contacts, t, edition)?,
            None if s.reaction != ReactionName::Hold => {
                return Err(InputError::new(
                    "situation.reaction",
                    text!(
                        "there is no charge to react to (accepted with charger = \"none\": hold)"
                    ),
                ))
            }
            None => {}
        }
        if charger.is_none() && (s.fleeing_friends_us.0 > 0 || s.terror_nearby) {
            return Err(InputError::new(
                "situation.fleeing_friends_us",
                text!("the start-of-turn tests are the charger's, and there is no charge this turn (accepted with charger = \"none\": fleeing_friends_us = 0, terror_nearby = false)"),
            ));
        }
        let under_way = contacts
            .iter()
            .any(|c| !places[c.striker].charging && !places[c.struck].charging);
        let last_round_winner = s.last_round_winner.index();
        if last_round_winner.is_some() && !under_way {
            return Err(InputError::new(
                "situation.last_round_winner",
                text!("no unit was fighting before this turn (accepted: none)"),
            ));
        }
        let friends =
            super::friend::friends(&self.friend, dir, edition, &self.named_sides(&places))?;
        let combat = Combat::new(Setup {
            units,
            places,
            contacts,
            reaction: s.reaction,
            last_round_winner,
            high_ground: s.high_ground.index(),
            rounds: s.rounds.0,
            edition,
            insane_courage: s.insane_courage,
            challenger: s.challenge.index(),
            refuse_challenge: s.refuse_challenge,
            friends,
            musician_rallies: s.musician_rallies,
            fleeing_friends_equal_panics: s.fleeing_friends_equal_panics,
            troll_vomit: s.troll_vomit,
            defensive_stakes: s.defensive_stakes,
            ground: s.ground,
            redirect,
        });
        Ok(CombatQuery {
            combat,
            name: self.name.clone(),
            sets: Vec::new(),
        })
    }

    /// The main units' places and the contact between them: `[situation]`'s
    /// charge, or, with no charge this turn, front to front.
    fn main_places(
        &self,
        charger: Option<usize>,
        units: &[Unit],
    ) -> Result<(Vec<Place>, Vec<Contact>), InputError> {
        let s = &self.situation;
        if charger.is_none() && (s.wheel.0 > 0.0 || s.difficult_terrain.0.is_some()) {
            return Err(InputError::new(
                "situation.wheel",
                text!("there is no charge this turn (accepted with charger = \"none\": no wheel, no difficult_terrain)"),
            ));
        }
        let places = (0..2)
            .map(|u| match charger == Some(u) {
                true => Place {
                    side: u,
                    charging: true,
                    distance: s.distance.0,
                    wheel: s.wheel.0,
                    difficult_terrain: s.difficult_terrain.slows(&units[u].open_ground),
                    start_of_turn: StartOfTurn {
                        fleeing_friends_us: s.fleeing_friends_us.0,
                        terror_nearby: s.terror_nearby,
                    },
                    stakes_met: false,
                },
                false => Place {
                    side: u,
                    ..Place::default()
                },
            })
            .collect();
        let contact = match charger {
            Some(c) => Contact {
                striker: c,
                struck: 1 - c,
                face: s.facing,
            },
            None => Contact {
                striker: 0,
                struck: 1,
                face: Facing::Front,
            },
        };
        Ok((places, vec![contact]))
    }

    /// The charged unit `t`'s reaction is one it may take.
    fn check_reaction(
        &self,
        units: &[Unit],
        places: &[Place],
        contacts: &[Contact],
        t: usize,
        edition: Edition,
    ) -> Result<(), InputError> {
        let c = 1 - t;
        // Already in combat: only hold. Seed 000 (units in combat cannot move).
        let engaged = contacts.iter().any(|k| {
            let other = if k.struck == t {
                k.striker
            } else if k.striker == t {
                k.struck
            } else {
                return false;
            };
            !places[other].charging
        });
        let charger = places[c].charging.then_some((&units[c], &places[c]));
        let reaction = self.situation.reaction;
        check_reaction_to(
            reaction,
            "situation.reaction",
            &units[t],
            charger,
            engaged,
            edition,
        )
    }
}

/// A charged unit's reaction is one it may take (RULES.md Charges), with
/// the charger's unit and path, if one charges; `field` names the key.
pub(super) fn check_reaction_to(
    reaction: ReactionName,
    field: &str,
    target: &Unit,
    charger: Option<(&Unit, &Place)>,
    engaged: bool,
    edition: Edition,
) -> Result<(), InputError> {
    let error = |why: Text| Err(InputError::new(field, why));
    match reaction {
        ReactionName::Hold => Ok(()),
        _ if engaged => error(
            text!("the charged unit is already in combat and can only hold (accepted: hold)"),
        ),
        ReactionName::Flee if target.cannot_flee() => error(
            text!("the charged unit is frenzied, immune to psychology, unbreakable or Undead and cannot flee (accepted: hold, stand-and-shoot)"),
        ),
        ReactionName::Flee => Ok(()),
        ReactionName::StandAndShoot => {
            let Some((unit, path)) = charger else {
                return error(
                    text!("stand-and-shoot needs situation.charger to name the charging side (accepted: hold, flee)"),
                );
            };
            if !target.shoots() {
                return error(
                    text!("stand-and-shoot needs the charged unit's {} (accepted: hold, flee)", "missile = { s = .., shots = .. }"),
                );
            }
            // Half the charge move (the range before any wheel); a
            // random mover's, as it rolls (the fight decides it).
            let range = charge_range(unit.movement(edition), path.difficult_terrain, 0.0);
            if unit.move_roll().is_none() && path.distance <= range / 2.0 {
                return error(text!("stand-and-shoot needs the charger more than half its charge range ({} {}) away (accepted: hold, flee)", range / 2.0, edition.unit()));
            }
            Ok(())
        }
    }
}

/// A unit's dice are read in one roll for all its models that strike at
/// once: at most 16 D6 or 5 D3 for its impact hits, its random attacks and
/// its steeds' (RULES.md Special attacks and psychology). `side` names the
/// table in errors.
fn check_dice_rolled(file: &ProfileFile, models: u32, side: &str) -> Result<(), InputError> {
    let error = |why: Text| Err(InputError::new(format!("{side}.models"), why));
    // Each Giant rolls on its table alone (RULES.md Giants).
    if models > 1
        && crate::rules::special::Psychology::new(&file.rules)
            .giant
            .is_some()
    {
        return error(text!(
            "{} Giants in one unit (accepted: 1, a Giant fights alone on its table)",
            models
        ));
    }
    if let Some(hits) = file.impact_hits {
        let most = hits.hits().per_chariot().most_models();
        if models > most {
            return error(text!(
                "{} models with impact hits (accepted: at most {})",
                models,
                most
            ));
        }
    }
    // Each model's Artillery dice of shots, rolled together (RULES.md
    // Shooting, Artillery dice).
    if let Some(d) = file.missile.and_then(|m| m.missile().shots_dice()) {
        if models > d.most_models() {
            return error(text!(
                "{} models whose shots are an Artillery dice each (accepted: at most {}, their dice rolled at once)",
                models,
                d.most_models()
            ));
        }
    }
    let crew = file.crew.0;
    if let Some(d) = file.profile.a.1 {
        let dice = Dice {
            count: d.count.saturating_mul(crew),
            ..d
        };
        if models > dice.most_models() {
            return error(text!(
                "{} models with random attacks {} (accepted: at most {}, their dice rolled at once)",
                models,
                dice.to_string(),
                dice.most_models()
            ));
        }
    }
    if let Some(d) = file.mount.and_then(|m| m.a.1) {
        if models > d.most_models() {
            return error(text!(
                "{} models whose steeds have random attacks {} (accepted: at most {}, their dice rolled at once)",
                models,
                d.to_string(),
                d.most_models()
            ));
        }
    }
    Ok(())
}

/// One General a side: `general = true` on one unit of each side at most
/// (RULES.md Break test).
fn check_generals(units: &[Unit], places: &[Place]) -> Result<(), InputError> {
    for side in 0..2 {
        let mut with = (0..units.len()).filter(|&u| units[u].general && places[u].side == side);
        if let (Some(_), Some(second)) = (with.next(), with.next()) {
            // The main units are of two sides: the second is a [[unit]].
            return Err(InputError::new(
                format!("{}.general", crate::error::entry("unit", second - 2)),
                text!("the General is already with another unit of its side (accepted: general = true on one unit a side)"),
            ));
        }
    }
    Ok(())
}

/// The side charged this turn, if any: every charger is on one side.
fn charged_side(places: &[Place]) -> Result<Option<usize>, InputError> {
    let mut sides = places.iter().filter(|p| p.charging).map(|p| p.side);
    let Some(first) = sides.next() else {
        return Ok(None);
    };
    if sides.any(|c| c != first) {
        return Err(InputError::new(
            "unit.charges",
            text!("units of both sides charge (accepted: chargers on one side only)"),
        ));
    }
    Ok(Some(1 - first))
}

/// A charger's distance and wheel fit the edition, as the `charge` query
/// checks them ([`check_charge_path`]); `name` is the table they are
/// written in.
pub(super) fn check_place(
    place: &Place,
    unit: &Unit,
    edition: Edition,
    name: &str,
) -> Result<(), InputError> {
    if !place.charging {
        return Ok(());
    }
    let fields = [format!("{name}.distance"), format!("{name}.wheel")];
    check_charge_path(
        edition,
        unit.full_charge_range(edition, place.difficult_terrain),
        place.distance,
        place.wheel,
        [&fields[0], &fields[1]],
    )
}

/// The Bull Charge of a model with `rules` and Strength `s`: its rule, or
/// an item's that grants it (The Great Bullplate's alone, Too Rich to
/// Walk's D6 hits). RULES.md Special attacks and psychology, Bull Charge.
fn bull_charge(rules: &[SpecialRule], s: u8) -> Option<BullCharge> {
    let has = |r| rules.contains(&r);
    let alone = has(SpecialRule::BullChargeAlone);
    let d6 = has(SpecialRule::BullChargeD6);
    (has(SpecialRule::BullCharge) || alone || d6).then_some(BullCharge {
        s,
        dice: d6.then_some(Dice::one(Die::D6)),
        alone,
        reroll_wounds: has(SpecialRule::BullStandard),
    })
}

/// `profile` with its WS raised to 10 by the Cursed Blade of Delirium
/// (`cursed`; RULES.md Weapons, Blades that wound by their own rule).
fn weapon_skill_10(profile: Profile, cursed: bool) -> Profile {
    match cursed {
        true => Profile { ws: 10, ..profile },
        false => profile,
    }
}

/// `characters` and, after them, the unit's other kinds of model that
/// fight in it (`file.others`, a pack's Packmasters), each a body of his
/// own in its front rank, as a character is, with `attacks` enemy
/// rank-and-file attacks declared at each (**\[ruling\]** none unless the
/// table says): struck by those, and once the rank and file are gone,
/// never in a challenge; the fights hold as many as fit beside its
/// characters (RULES.md Characters in units, Other kinds of model in a
/// unit).
fn with_others(
    mut characters: Vec<Character>,
    (file, attacks): (&ProfileFile, u32),
    dir: &Path,
    side: &str,
) -> Result<Vec<Character>, InputError> {
    let room = MAX_CHARACTERS.saturating_sub(characters.len());
    for (i, other) in file.others.iter().take(room).enumerate() {
        let part = ProfilePart {
            inherited: Some(Arc::new(other.clone())),
            ..ProfilePart::default()
        };
        let field = crate::error::entry(&format!("{side}.others"), i);
        let body = UnitSpec::one_model(part).unit(dir, &field)?;
        let places = places_in_ranks(body.troop, file.troop);
        characters.push(Character {
            body,
            attacks_on_him: attacks,
            places,
            character: false,
        });
    }
    Ok(characters)
}

/// The rolls a model with `rules` makes before the fight, each once
/// (RULES.md Rolls before the fight).
fn before_fight(rules: &[SpecialRule]) -> Vec<BeforeFight> {
    let mut rolls: Vec<BeforeFight> = Vec::new();
    for roll in rules.iter().filter_map(|&r| BeforeFight::of(r)) {
        if !rolls.contains(&roll) {
            rolls.push(roll);
        }
    }
    rolls
}

impl UnitSpec {
    /// The unit this spec describes (`side` names it in errors).
    pub fn unit(&self, dir: &Path, side: &str) -> Result<Unit, InputError> {
        let spec = self;
        let Resolved {
            file,
            models,
            command,
            cost,
        } = spec.resolve(dir, side)?;
        let file = super::before::champion_drinks(file, command[0], models);
        let has = |r| file.rules.contains(&r);
        let profile = weapon_skill_10(file.profile.profile(), has(SpecialRule::WeaponSkill10));
        if spec.characters.len() > MAX_CHARACTERS {
            return Err(InputError::new(
                format!("{side}.characters"),
                text!(
                    "{} characters (accepted: at most {})",
                    spec.characters.len(),
                    MAX_CHARACTERS
                ),
            ));
        }
        let characters = spec
            .characters
            .iter()
            .enumerate()
            .map(|(i, c)| {
                let mut body = c
                    .as_unit()
                    .unit(dir, &crate::error::entry(&format!("{side}.characters"), i))?;
                body.general |= c.general;
                body.carries_battle_standard |= c.battle_standard;
                let places = places_in_ranks(body.troop, file.troop);
                Ok(Character {
                    body,
                    attacks_on_him: c.attacks_on_him.0,
                    places,
                    character: true,
                })
            })
            .collect::<Result<Vec<_>, InputError>>()?;
        let others = (&file, spec.attacks_on_others.0);
        let characters = with_others(characters, others, dir, side)?;
        let own = match &spec.champion {
            Some(ChampionSpec::Own(own)) => Some(own.as_ref()),
            _ => None,
        };
        let champion_body = match command[0] {
            true => champion_body(own, &file, dir, side)?,
            false => None,
        };
        check_dice_rolled(&file, models, side)?;
        let own_ld = knights_ld(spec, &file, side)?;
        // The other kinds of model fielded in it stand in its ranks too: a
        // band of two named models stands two wide, neither behind the
        // other (RULES.md Other kinds of model in a unit).
        let others = characters.iter().filter(|c| !c.character).count() as u32;
        // A rank no wider, and a contact no more, than its models fill
        // (RULES.md Models in contact): what the fight is set up for is
        // bounded by the unit, not by the flags.
        let fill = models.saturating_add(others);
        let frontage = spec.frontage.map_or(fill.min(5), |f| f.0.min(fill));
        file.weapon.allowed(file.troop).map_err(|why| {
            InputError::new(
                format!("{side}.weapon"),
                text!("{} {}", file.weapon.name(), why),
            )
        })?;
        Ok(Unit {
            name: file.name.clone(),
            profile,
            troop: file.troop,
            models,
            frontage,
            flies: file.flies,
            in_contact: spec.in_contact.map(|c| c.0.min(fill)),
            weapon: file.weapon,
            save: file.save(),
            ward: file.ward.map(|w| w.0),
            regeneration: file.regeneration,
            regenerates_in_marsh: file.rules.contains(&SpecialRule::SpecialRegenerate),
            rules: Rules::new(&file.rules, &format!("{side}.rules"))?,
            psychology: Psychology::new(&file.rules),
            champion: command[0],
            champion_body,
            standard: command[1],
            musician: command[2],
            mount: file.mount.map(|m| Mount {
                // Tuskgor Charge, Impale (RULES.md Special attacks and
                // psychology).
                charge_s: if has(SpecialRule::TuskgorCharge) {
                    2
                } else {
                    u8::from(has(SpecialRule::SteedPlusOneStrengthCharging))
                },
                ..m.mount()
            }),
            impact: file.impact_hits.map(|h| h.hits()),
            bull_charge: bull_charge(&file.rules, profile.s),
            crew: file.crew.0,
            missile: file.missile.map(|m| m.missile()),
            ld: with_general(
                own_ld,
                spec.general_ld.map(|g| g.0),
                file.rules.contains(&SpecialRule::Independent),
            ),
            own_ld,
            // The General is this model or a character leading it; so is
            // the battle standard's bearer, a character's while he stands
            // (RULES.md Break test, Combat resolution).
            general: spec.general || file.general || characters.iter().any(|c| c.body.general),
            battle_standard: spec.battle_standard || file.battle_standard,
            carries_battle_standard: file.battle_standard,
            combat_resolution: u32::from(file.combat_resolution.0),
            skirmishers: file.rules.contains(&SpecialRule::Skirmishers)
                || file.rules.contains(&SpecialRule::Raiders),
            raiders: file.rules.contains(&SpecialRule::Raiders),
            fast_cavalry: file.rules.contains(&SpecialRule::FastCavalry),
            crumbles_one_fewer: file.rules.contains(&SpecialRule::CrumblesOneFewer),
            lends_ld: !file.rules.contains(&SpecialRule::LendsNoLeadership),
            spears_in_three_ranks: file.rules.contains(&SpecialRule::SpearsInThreeRanks),
            resolute: file.rules.contains(&SpecialRule::Resolute),
            reroll_saves: file.rules.contains(&SpecialRule::RerollSaves),
            double_outnumber_bonus: file.rules.contains(&SpecialRule::DoubleOutnumberBonus),
            ethereal: file.rules.contains(&SpecialRule::Ethereal),
            daemonic_aura: file.rules.contains(&SpecialRule::DaemonicAura),
            flammable: file.rules.contains(&SpecialRule::Flammable),
            against_missiles: AgainstMissiles::of(&file.rules),
            hardiness: crate::rules::hardiness::Hardiness::of(&file.rules),
            predatory_fighters: file.rules.contains(&SpecialRule::PredatoryFighters),
            defensive_stakes: file.rules.contains(&SpecialRule::DefensiveStakes),
            foes_minus_one_to_hit: file.rules.contains(&SpecialRule::FoesMinusOneToHit),
            army: file.army.clone(),
            hates: file.hates.clone(),
            fears: file.fears.clone(),
            immune_to_panic_against: file.immune_to_panic_against.clone(),
            panic: file.panic.sized(file.troop),
            open_ground: file.open_ground.clone(),
            pursue: spec.pursue,
            pursuit_target: None,
            cost,
            characters,
            attacks_on_champion: spec.attacks_on_champion.0,
            unit_strength_per_model: file.unit_strength_per_model.map(|u| u.0),
            before_fight: before_fight(&file.rules),
        })
    }

    /// The attacker's and defender's tables take their place from
    /// `[situation]`.
    fn main_only(&self, name: &str) -> Result<(), InputError> {
        let given = [
            ("side", self.side.is_some()),
            ("facing", self.facing.is_some()),
            ("charges", self.charges.is_some()),
            ("distance", self.distance.is_some()),
            ("wheel", self.wheel.is_some()),
            ("difficult_terrain", self.difficult_terrain.is_some()),
            ("fleeing_friends_us", self.fleeing_friends_us.is_some()),
            ("terror_nearby", self.terror_nearby.is_some()),
            ("redirect", self.redirect.is_some()),
            ("reaction", self.reaction.is_some()),
        ];
        InputError::refuse_given(
            &given,
            |key| format!("{name}.{key}"),
            || {
                text!("only for [[unit]] entries; the main units' places, the charger's start of turn and the target's reaction are in [situation] (accepted: charger, facing, distance, wheel, difficult_terrain, fleeing_friends_us, terror_nearby, reaction)")
            },
        )
    }

    /// A `[[unit]]` entry's place: its side, and its charge if it charges.
    /// With a charge declared in `[situation]`, more units may join that
    /// charge or already fight the charged unit, but none can fight the
    /// charger, which was not in combat before it charged.
    fn place(
        &self,
        name: &str,
        charger: Option<usize>,
        open_ground: &[Terrain],
    ) -> Result<Place, InputError> {
        let Some(side) = self.side.and_then(SideName::index) else {
            return Err(InputError::new(
                format!("{name}.side"),
                text!("missing or none (accepted: attacker, defender)"),
            ));
        };
        if self.redirect == Some(true) {
            return self.redirect_place(name, side, charger);
        }
        if self.reaction.is_some() {
            return Err(InputError::new(
                format!("{name}.reaction"),
                text!("only for a unit the charge may be redirected at (accepted: redirect = true; the first target's reaction is situation.reaction)"),
            ));
        }
        if charger.is_some_and(|c| c != side) {
            return Err(InputError::new(
                format!("{name}.side"),
                text!("it would fight the main charger, which was not in combat before its charge (accepted: the charging side, or redirect = true for a unit the charge may be redirected at)"),
            ));
        }
        let charging = self.charges.unwrap_or(false);
        if !charging {
            let path = [
                ("distance", self.distance.is_some()),
                ("wheel", self.wheel.is_some()),
                ("difficult_terrain", self.difficult_terrain.is_some()),
                ("fleeing_friends_us", self.fleeing_friends_us.is_some()),
                ("terror_nearby", self.terror_nearby.is_some()),
            ];
            if let Some((field, _)) = path.iter().find(|p| p.1) {
                return Err(InputError::new(
                    format!("{name}.{field}"),
                    text!("only for a unit that charges (accepted: charges = true, or no distance, wheel, difficult_terrain, fleeing_friends_us or terror_nearby)"),
                ));
            }
            return Ok(Place {
                side,
                ..Place::default()
            });
        }
        let Some(distance) = self.distance else {
            return Err(InputError::new(
                format!("{name}.distance"),
                text!("missing for a unit that charges (accepted: 0 to 500)"),
            ));
        };
        Ok(Place {
            side,
            charging,
            distance: distance.0,
            wheel: self.wheel.unwrap_or_default().0,
            difficult_terrain: self
                .difficult_terrain
                .unwrap_or_default()
                .slows(open_ground),
            start_of_turn: StartOfTurn {
                fleeing_friends_us: self.fleeing_friends_us.map_or(0, |u| u.0),
                terror_nearby: self.terror_nearby.unwrap_or(false),
            },
            stakes_met: false,
        })
    }
}

/// The Ld a unit may use as its own: a knight's within 15 cm
/// (`knight_ld`) with its Peasants Duty, which no other unit may use
/// (RULES.md Break test).
fn knights_ld(spec: &UnitSpec, file: &ProfileFile, side: &str) -> Result<u8, InputError> {
    let duty = file.rules.contains(&SpecialRule::PeasantsDuty);
    let knight = spec.knight_ld.map(|k| k.0);
    if knight.is_some() && !duty {
        return Err(InputError::new(
            format!("{side}.knight_ld"),
            text!("a knight's Ld serves only a unit with Peasants Duty (accepted: peasants-duty in its rules, or no knight_ld)"),
        ));
    }
    Ok(with_knight(file.profile.ld.0, knight, duty))
}
