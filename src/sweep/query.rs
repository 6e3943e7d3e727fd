//! Any query as one value, run to a [`Report`]: sweeps and comparisons run
//! many of them. The command line builds them from flags, query files and
//! combat scenarios (`cli::query_file`).

use crate::plot::Figure;
use crate::query::attacks::Attacks;
use crate::query::charge::Charge;
use crate::query::combat::CombatQuery;
use crate::query::flee::Flee;
use crate::query::leadership::Leadership;
use crate::query::panic::BattleLine;
use crate::query::{Method, Question, Settings};
use crate::report::{Key, Report};

/// A validated query of any kind.
#[derive(Clone, Debug)]
pub enum Query {
    /// `charge`.
    Charge(Charge),
    /// `flee`.
    Flee(Flee),
    /// `leadership`.
    Leadership(Leadership),
    /// `attacks` and `shoot`.
    Attacks(Attacks),
    /// `combat` (a scenario).
    Combat(Box<CombatQuery>),
    /// `panic` (a battle line).
    Panic(Box<BattleLine>),
}

impl Query {
    /// The query as the [`Question`] its subcommand implements: the one
    /// place each kind is registered.
    pub fn question(&self) -> &dyn Question {
        match self {
            Query::Charge(q) => q,
            Query::Flee(q) => q,
            Query::Leadership(q) => q,
            Query::Attacks(q) => q,
            Query::Combat(q) => q.as_ref(),
            Query::Panic(q) => q.as_ref(),
        }
    }

    /// Evaluates it.
    pub fn report(&self, settings: &Settings) -> Report {
        self.question().report(settings)
    }

    /// The charts of its report (`--plot`).
    pub fn figure(&self, report: &Report) -> Figure {
        self.question().figure(report)
    }

    /// The method used when `--method` is not given.
    pub fn default_method(&self) -> Method {
        self.question().default_method()
    }

    /// The figures a sweep or comparison shows, by report key, in order.
    pub fn headline(&self) -> Vec<Key> {
        self.question().headline()
    }

    /// The figures `report`, its answer, leads with.
    pub fn lead(&self, report: &Report) -> Vec<Key> {
        self.question().lead(report)
    }

    /// The words of the labels to put as the units' names.
    pub fn headline_names(&self) -> Vec<(crate::report::Text, crate::report::Text)> {
        self.question().headline_names()
    }

    /// A short name for tables.
    pub fn kind(&self) -> &'static str {
        self.question().kind()
    }
}
