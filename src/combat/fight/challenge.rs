//! Challenges: who fights one, and a challenge's blows. RULES.md
//! Characters, champions and challenges.

use super::{Combat, State};

impl Combat {
    /// At the start of a round with no challenge under way, the challenger's
    /// main unit's fighter challenges; the enemy main unit's fighter accepts,
    /// or, refusing, **\[ruling\]** its first character steps back: he does
    /// not fight this round and his Ld may not be used (RULES.md Characters,
    /// champions and challenges). A challenge lasts until a fighter falls; in
    /// the round he falls, neither fighter strikes or is struck by anyone
    /// else. Both main units must be in the fight.
    pub(super) fn challenge<const N: usize>(&self, state: &mut State<N>) {
        let Some(c) = self.setup.challenger else {
            return;
        };
        if !state.fights(0) || !state.fights(1) {
            state.duel = None;
            return;
        }
        if let Some(d) = state.duel {
            if (0..2).all(|s| state.fighter_standing(s, d[s])) {
                return;
            }
            state.duel = None;
        }
        // Only characters challenge, accept or step back; another kind of
        // model fielded apart (a Packmaster) never does (RULES.md
        // Characters in units, Other kinds of model in a unit).
        let characters = |side: usize| self.setup.units[side].true_characters();
        let mine = state.fighter(c, characters(c));
        let theirs = state.fighter(1 - c, characters(1 - c));
        let (Some(mine), Some(theirs)) = (mine, theirs) else {
            return;
        };
        if self.setup.refuse_challenge {
            state.stepped_back[1 - c] = state.heroes[1 - c]
                .iter()
                .take(characters(1 - c))
                .position(|h| h.is_some())
                .map(|i| i as u8);
        } else {
            let mut duel = [mine, theirs];
            if c == 1 {
                duel.swap(0, 1);
            }
            state.duel = Some(duel);
        }
    }
}
