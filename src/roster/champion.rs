//! A roster unit's champion with a profile or gear of his own: his own
//! profile file, where he fights otherwise than one of the rank and file
//! with +1 A. RULES.md Characters, champions and challenges.

use super::build::Build;
use super::gear::Gear;
use super::roles::Cast;
use super::xml::Selection;
use crate::profile::ProfileFile;

impl Build<'_> {
    /// The champion of the unit (played as `unit`), where it has one: his
    /// model's name, and his own profile file (his characteristics, the
    /// unit's gear and his own, `his`) where he fights otherwise than one
    /// of the rank and file with +1 A; none where he cannot be read (his
    /// unit's way then). RULES.md Characters, champions and challenges.
    pub fn champion(
        &self,
        s: &Selection,
        cast: &Cast,
        his: &Gear,
        unit: &ProfileFile,
    ) -> Option<(String, Option<ProfileFile>)> {
        let Cast::Troops {
            mount,
            champion: Some(c),
            ..
        } = *cast
        else {
            return None;
        };
        let bodies = self.b;
        let name = bodies.list[c].profile.name.clone();
        let mut own = Build {
            b: bodies,
            gear: his,
            notes: Vec::new(),
        };
        let Ok(file) = own.troops(s, c, 1, mount) else {
            return Some((name, None));
        };
        let file = ProfileFile {
            name: name.clone(),
            ..file
        };
        Some((name, (!fights_alike(unit, &file)).then_some(file)))
    }
}

/// Whether a champion (`his`) fights as one of his unit's rank and file
/// (`unit`) with +1 A: the same characteristics, gear and rules.
fn fights_alike(unit: &ProfileFile, his: &ProfileFile) -> bool {
    let mut plus_one = unit.profile;
    plus_one.a.0 = plus_one.a.0.saturating_add(1);
    let same_rules = |a: &ProfileFile, b: &ProfileFile| a.rules.iter().all(|r| b.rules.contains(r));
    let p = |f: &ProfileFile| {
        (
            f.profile.ws,
            f.profile.bs,
            f.profile.s,
            f.profile.t,
            f.profile.w,
            f.profile.i,
        )
    };
    p(unit) == p(his)
        && plus_one.a == his.profile.a
        && (unit.weapon, unit.armour, unit.shield) == (his.weapon, his.armour, his.shield)
        && (unit.natural_armour, unit.save, unit.ward) == (his.natural_armour, his.save, his.ward)
        && unit.regeneration == his.regeneration
        && same_rules(unit, his)
        && same_rules(his, unit)
        && unit.hates == his.hates
        && unit.missile.map(|m| m.missile()) == his.missile.map(|m| m.missile())
}
