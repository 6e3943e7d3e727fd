//! Stand and shoot by each model with his own weapon: the rank and file's
//! step, and the champion's of his own body, apart from them (RULES.md
//! Shooting, Each model shoots his own weapon).

use super::step::StepKind;
use super::Combat;

/// The strike steps of one stand and shoot: the rank and file's, and the
/// champion's where he shoots a weapon of his own.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Volley {
    /// The rank and file's step (without a champion of his own body).
    pub rank_and_file: Option<usize>,
    /// The champion's own step, where his body carries a missile weapon.
    pub champion: Option<usize>,
}

impl Volley {
    /// Its steps, the rank and file's first.
    pub fn steps(self) -> impl Iterator<Item = usize> {
        self.rank_and_file.into_iter().chain(self.champion)
    }
}

impl Combat {
    /// `shooter`'s stand and shoot at the main charger `ch` (`side`, the
    /// shooter's side), where any of its models has a missile weapon: the
    /// rank and file's step, and a champion of his own body's, his own
    /// missile weapon at his own BS; the rank and file's step counts him
    /// out (RULES.md Shooting, Each model shoots his own weapon).
    pub(super) fn volley(&mut self, shooter: usize, side: usize, ch: usize) -> Option<Volley> {
        let rank_and_file = self.stand_and_shoot(shooter, ch);
        let champion = self.champion_shots(shooter, side, ch);
        (rank_and_file.is_some() || champion.is_some()).then_some(Volley {
            rank_and_file,
            champion,
        })
    }

    /// The champion's own stand-and-shoot step, where his body carries a
    /// missile weapon: his shots, one model's.
    fn champion_shots(&mut self, shooter: usize, side: usize, ch: usize) -> Option<usize> {
        let unit = &self.setup.units[shooter];
        let body = unit.champion_body.as_deref().filter(|_| unit.champion)?;
        let shot = (body.missile?, body.striker(true, false));
        Some(self.shots_step(shooter, side, ch, shot, StepKind::ChampionShots))
    }
}
