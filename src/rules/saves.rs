//! Armour, ward and regeneration saves. RULES.md "Saves".

use super::profile::TroopType;
use serde::{Deserialize, Serialize};

/// Body armour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default, clap::ValueEnum)]
#[serde(rename_all = "kebab-case")]
pub enum BodyArmour {
    #[default]
    #[value(aliases = ["ninguna"])]
    /// None.
    None,
    #[value(aliases = ["ligera"])]
    /// Light armour.
    Light,
    #[value(aliases = ["pesada"])]
    /// Heavy armour.
    Heavy,
    /// 4+ armour on its own: gromril armour, Chaos armour (the army books).
    #[serde(alias = "chaos")]
    #[value(aliases = ["chaos"])]
    Gromril,
}

impl BodyArmour {
    /// The armour in reports.
    pub fn name(self) -> &'static str {
        match self {
            BodyArmour::None => "no armour",
            BodyArmour::Light => "light armour",
            BodyArmour::Heavy => "heavy armour",
            BodyArmour::Gromril => "gromril armour",
        }
    }
}

/// What a model wears.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Armour {
    /// Body armour.
    pub body: BodyArmour,
    /// A shield.
    pub shield: bool,
    /// Barding (cavalry).
    pub barding: bool,
    /// Natural armour (Scaly Skin) and its save alone: 6 for 6+. It adds
    /// to what is worn as armour of 7 - save does.
    pub natural: Option<u8>,
}

/// Regeneration saves on 4+. RULES.md Saves.
pub const REGENERATION: u8 = 4;

/// The armour save before Strength, or `None`: light armour or a shield 6+,
/// both or heavy armour 5+, heavy and shield 4+, gromril or Chaos armour 4+
/// alone; a mount +1 (cavalry), barding
/// a further +1; parry (hand weapon and shield on foot, close combat) +1;
/// natural armour of N+ a further 7 - N (RULES.md Saves).
/// `shield_usable` is false in close combat for two-handed weapons.
///
/// Not capped: a save better than 1+ is 0+, -1+, ..., and absorbs that
/// much of a Strength modifier before the roll needed reaches 2+
/// ([`modified_save`]): Scaly Skin 4+ with heavy armour, a shield and a
/// parry is 0+, 2+ against S5.
pub fn armour_save(
    armour: Armour,
    troop: TroopType,
    shield_usable: bool,
    parry: bool,
) -> Option<i8> {
    let mut bonus = match armour.body {
        BodyArmour::None => 0,
        BodyArmour::Light => 1,
        BodyArmour::Heavy => 2,
        BodyArmour::Gromril => 3,
    };
    bonus += u8::from(armour.shield && shield_usable);
    bonus += u8::from(troop.mounted());
    bonus += u8::from(armour.barding);
    bonus += u8::from(parry);
    bonus += armour.natural.map_or(0, |n| 7 - n.clamp(1, 7));
    (bonus > 0).then(|| 7 - bonus as i8)
}

/// The roll needed to save against Strength `strength`: the save (uncapped,
/// [`armour_save`]) plus max(0, S - 3), plus 1 more for armour piercing. A
/// natural 1 always fails, so it is at least 2 (the cap comes last); above
/// 6 there is no save (`None`). RULES.md Saves.
pub fn modified_save(save: Option<i8>, strength: u8, armour_piercing: bool) -> Option<u8> {
    let need = i32::from(save?) + (i32::from(strength) - 3).max(0) + i32::from(armour_piercing);
    (need <= 6).then(|| need.max(2) as u8)
}

/// A save before Strength as a report prints it: `1` (1+) for any save of
/// 1+ or better, the number otherwise. What is better than 1+ shows only
/// in the roll needed against Strength ([`modified_save`]). RULES.md Saves.
pub fn shown_save(save: i8) -> u8 {
    save.clamp(1, 6) as u8
}

/// **\[ruling\]** A model takes either its ward or its regeneration, not both:
/// the better of the two that apply (regeneration does not apply to flaming
/// attacks or killing blows). Returns (ward, regenerate): at most one is set.
pub fn ward_or_regeneration(ward: Option<u8>, regeneration: bool) -> (Option<u8>, bool) {
    match (ward, regeneration) {
        (Some(w), true) if w > REGENERATION => (None, true),
        (w, _) if w.is_some() => (w, false),
        (_, r) => (None, r),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use TroopType::*;

    fn armour(body: BodyArmour, shield: bool, barding: bool) -> Armour {
        Armour {
            body,
            shield,
            barding,
            natural: Option::None,
        }
    }

    #[test]
    fn natural_armour_adds_to_what_is_worn_past_heavy_armour() {
        let scaly = |natural, body, shield| Armour {
            body,
            shield,
            barding: false,
            natural: Some(natural),
        };
        // Kroxigor: Scaly Skin 4+ alone, with a great weapon.
        let krox = scaly(4, BodyArmour::None, false);
        assert_eq!(armour_save(krox, LargeInfantry, false, false), Some(4));
        // Saurus: 6+, a shield and a parry on foot: 4+.
        let saurus = scaly(6, BodyArmour::None, true);
        assert_eq!(armour_save(saurus, Infantry, true, true), Some(4));
        // 3+ with heavy armour, a shield and a mount: 4 + 2 + 1 + 1 = 8
        // points, a save of -1+, shown as 1+.
        let best = scaly(3, BodyArmour::Heavy, true);
        assert_eq!(armour_save(best, Cavalry, true, false), Some(-1));
        assert_eq!(shown_save(-1), 1);
    }

    #[test]
    fn a_save_better_than_one_plus_absorbs_strength() {
        // RULES.md Saves: Scaly Skin 4+ (3 points), heavy armour (2), a
        // shield (1) and a parry (1) on foot: 7 points, a save of 0+.
        // Against S5 (-2): 0 + 2 = 2+; against S6 (-3) 3+; against S3 2+
        // (a 1 always fails). Capped at 1+ before Strength it was 3+ and
        // 4+.
        let scaly = Armour {
            body: BodyArmour::Heavy,
            shield: true,
            barding: false,
            natural: Some(4),
        };
        let save = armour_save(scaly, Infantry, true, true);
        assert_eq!(save, Some(0));
        assert_eq!(modified_save(save, 5, false), Some(2));
        assert_eq!(modified_save(save, 6, false), Some(3));
        assert_eq!(modified_save(save, 3, false), Some(2));
        assert_eq!(modified_save(save, 5, true), Some(3));
        assert_eq!(shown_save(0), 1);
    }

    #[test]
    fn gromril_or_chaos_armour_is_4_plus_alone() {
        // Ironbreakers (Dwarfs army book): gromril and a shield, 3+; the
        // parry of hand weapon and shield on foot, 2+ in close combat.
        let gromril = armour(BodyArmour::Gromril, true, false);
        assert_eq!(
            armour_save(
                armour(BodyArmour::Gromril, false, false),
                Infantry,
                true,
                false
            ),
            Some(4)
        );
        assert_eq!(armour_save(gromril, Infantry, true, false), Some(3));
        assert_eq!(armour_save(gromril, Infantry, true, true), Some(2));
        let chaos: BodyArmour =
            toml::from_str::<std::collections::HashMap<String, BodyArmour>>("a = \"chaos\"")
                .unwrap()["a"];
        assert_eq!(chaos, BodyArmour::Gromril);
    }

    #[test]
    fn armour_table() {
        use BodyArmour::*;
        assert_eq!(
            armour_save(armour(None, false, false), Infantry, true, false),
            Option::None
        );
        assert_eq!(
            armour_save(armour(Light, false, false), Infantry, true, false),
            Some(6)
        );
        assert_eq!(
            armour_save(armour(None, true, false), Infantry, true, false),
            Some(6)
        );
        assert_eq!(
            armour_save(armour(Light, true, false), Infantry, true, false),
            Some(5)
        );
        assert_eq!(
            armour_save(armour(Heavy, false, false), Infantry, true, false),
            Some(5)
        );
        assert_eq!(
            armour_save(armour(Heavy, true, false), Infantry, true, false),
            Some(4)
        );
        // Knight: heavy armour, shield, barded horse: 2+.
        assert_eq!(
            armour_save(armour(Heavy, true, true), Cavalry, true, false),
            Some(2)
        );
        // Hand weapon and shield on foot in close combat: parry, +1.
        assert_eq!(
            armour_save(armour(Light, true, false), Infantry, true, true),
            Some(4)
        );
        // A halberdier's shield does not count in close combat.
        assert_eq!(
            armour_save(armour(Light, true, false), Infantry, false, false),
            Some(6)
        );
    }

    #[test]
    fn strength_modifies_the_save() {
        assert_eq!(modified_save(Some(5), 3, false), Some(5));
        assert_eq!(modified_save(Some(5), 4, false), Some(6));
        assert_eq!(modified_save(Some(5), 5, false), Option::None);
        assert_eq!(modified_save(Some(4), 4, true), Some(6));
        // 1+ saves exist but a 1 always fails.
        assert_eq!(modified_save(Some(1), 3, false), Some(2));
        assert_eq!(modified_save(Some(1), 4, false), Some(2));
        assert_eq!(modified_save(Some(1), 5, false), Some(3));
        assert_eq!(modified_save(Some(2), 10, false), Option::None);
        assert_eq!(modified_save(Option::None, 3, false), Option::None);
    }

    #[test]
    fn ward_or_regeneration_not_both() {
        assert_eq!(ward_or_regeneration(Some(5), true), (Option::None, true));
        assert_eq!(ward_or_regeneration(Some(4), true), (Some(4), false));
        assert_eq!(ward_or_regeneration(Some(6), false), (Some(6), false));
        assert_eq!(
            ward_or_regeneration(Option::None, true),
            (Option::None, true)
        );
    }
}
