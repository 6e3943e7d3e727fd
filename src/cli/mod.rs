//! Command-line definitions (clap derive) and their conversion into query
//! models. Parsers here check the form of each value; the models' `validate`
//! checks ranges that depend on other flags (the edition, the charge range).

use crate::query::charge::{Charge, Reaction};
use crate::query::flee::{Flee, Mover};
use crate::query::leadership::{Leadership, MODIFIER_RANGE};
use crate::query::{Method, Sampler, Settings};
use crate::report::lang::Lang;
use crate::report::{Format, Text};
use crate::rules::{Edition, LeadershipTest};
use crate::sim::Sampling;
use crate::text;
use clap::{Args, CommandFactory, FromArgMatches, Parser, Subcommand, ValueEnum};

pub(crate) mod attacks;
mod combat;
pub(crate) mod panic;
mod picked;
mod picked_flags;
mod query_file;
pub(crate) mod refused;
pub mod tuning;
pub mod values;

pub use attacks::{AttacksArgs, ShootArgs};
pub use combat::CombatArgs;
pub use panic::PanicArgs;
pub use query_file::load_query;
use values::{chart_path, precision, seed, whole, Ld, Movement, Number, Whole};
pub use values::{one_line, trials};

/// Seed used when `--seed` is not given (6th edition's year), so the same
/// command always prints the same numbers.
pub const DEFAULT_SEED: u64 = 2000;
/// Most trials a run may play.
pub const MAX_TRIALS: u64 = 10_000_000_000;
/// Trials when `--trials` is not given.
pub const DEFAULT_TRIALS: u64 = 1_000_000;
/// The cap of `--precision` when `--max-trials` is not given.
pub const DEFAULT_MAX_TRIALS: u64 = 1_000_000_000;
/// The most worker threads `--threads` starts: more than any machine the
/// tool runs on has cores, few enough for their stacks to fit a modest
/// memory limit (256 x 2 MB).
pub const MAX_THREADS: u16 = 256;

#[derive(Parser, Debug)]
#[command(
    name = "mathhammer",
    version,
    about = "Exact odds and Monte Carlo intervals for Warhammer Fantasy Battle 6th edition",
    long_about = "Exact odds and Monte Carlo intervals for Warhammer Fantasy Battle 6th edition.\n\n\
                  Distances are in cm (the Spanish metric rulebook) unless --inches is given."
)]
/// The whole command line.
pub struct Cli {
    #[command(subcommand)]
    /// The subcommand and its flags.
    pub command: Command,
}

#[derive(Subcommand, Debug)]
/// The subcommands.
pub enum Command {
    /// Will my charge reach, and if the target flees, is it caught?
    #[command(
        after_help = "Examples:\n  mathhammer charge --move 18 --distance 20 --reaction flee --target-move 10\n  \
                            mathhammer charge --move 18 --distance 20 --reaction flee --target-move 10 --reach-table --confidence 0.9\n  \
                            mathhammer charge --move 7 --distance 10 --inches --reaction flee --target-move 4 --method all\n  \
                            mathhammer charge --move 18 --distance 20 --reaction flee --target-move 10 --plot charge.svg"
    )]
    #[command(visible_aliases = ["carga", "cargar"])]
    Charge(ChargeArgs),
    /// How far does a unit flee (or pursue), and how often is it caught?
    #[command(after_help = "Examples:\n  mathhammer flee --move 10\n  \
                            mathhammer flee --move 10 --pursuer-move 18 --method all\n  \
                            mathhammer huir --movimiento 10 --lang es --plot huida.svg")]
    #[command(visible_aliases = ["huida", "huir"])]
    Flee(FleeArgs),
    /// How likely is a leadership (break, panic, fear) test to pass?
    #[command(after_help = "Examples:\n  mathhammer leadership --ld 7\n  \
                            mathhammer leadership --ld 8 --modifier 2 --reroll")]
    #[command(visible_aliases = ["liderazgo"])]
    Leadership(LeadershipArgs),
    /// How much damage do these close-combat attacks do?
    #[command(
        after_help = "Examples:\n  mathhammer attacks --models 20 --ws 3 --s 3 --weapon halberd --target-ws 3 --target-t 4 --target-armour 6\n  \
                            mathhammer attacks --attacker scenarios/profiles/empire_halberdier.toml --models 20 --target scenarios/profiles/orc_boy.toml\n  \
                            mathhammer attacks --attacker scenarios/profiles/bretonnian_knight.toml --models 5 --charging --target scenarios/profiles/empire_spearman.toml --method all"
    )]
    #[command(visible_aliases = ["ataques"])]
    Attacks(AttacksArgs),
    /// How much damage does this shooting do?
    #[command(
        after_help = "Examples:\n  mathhammer shoot --models 10 --bs 3 --s 3 --target-t 4 --target-armour 6\n  \
                            mathhammer shoot --models 10 --bs 3 --s 4 --rules armour-piercing --long-range --target scenarios/profiles/bretonnian_knight.toml"
    )]
    #[command(visible_aliases = ["disparo", "disparar"])]
    Shoot(ShootArgs),
    /// The whole fight: charge, rounds, combat resolution, break tests, pursuit
    #[command(
        after_help = "Examples:\n  mathhammer combat scenarios/boar_boyz_charge_spearmen.toml\n  \
                            mathhammer combat scenarios/boar_boyz_charge_spearmen.toml --set situation.reaction=flee\n  \
                            mathhammer combat scenarios/boar_boyz_charge_spearmen.toml --set defender.models=25 --method all\n  \
                            mathhammer combat scenarios/boar_boyz_charge_spearmen.toml --plot fight.svg --lang es\n  \
                            mathhammer combat --attacker scenarios/rosters/empire_500.ros:Halberdiers --defender scenarios/rosters/orcs_500.ros:2\n  \
                            mathhammer combat --attacker scenarios/profiles/orc_boy.toml:20 --defender scenarios/rosters/empire_500.ros:2 --distance 15\n  \
                            mathhammer combat --attacker scenarios/rosters/empire_500.ros:Halberdiers:25 --defender scenarios/rosters/orcs_500.ros:2 --attacker-character scenarios/rosters/empire_500.ros:1 --attacker-weapon great-weapon\n\n\
                      Without a FILE, --attacker and --defender name the units (a roster's by name or number,\n\
                      or a profile file and its models): a frontal charge, 5 models wide (or fewer), the\n\
                      roster's command group, from --distance (default 0: the charge reaches).\n\
                      A profile's M is final, as army books print it: a barded mount's 2 cm (1\") are already taken,\n\
                      and barding = true gives the save only. M is written in cm; with inches = true it is read as M/2.5.\n\
                      The charge: [situation] distance, wheel, difficult_terrain, reaction; a profile's flies = true."
    )]
    #[command(visible_aliases = ["combate"])]
    Combat(CombatArgs),
    /// The battle line: who tests for panic, who flees, and the cascade over later turns
    #[command(
        after_help = "Examples:\n  mathhammer panic --unit-strength 15 --ld 7 --fleeing-us 10 --fleeing-us 10\n  \
                            mathhammer panic scenarios/lines/cavalry_flee_past_spearmen.toml\n  \
                            mathhammer panic scenarios/lines/spearmen_break_in_the_line.toml --set turns=2 --plot line.svg\n\n\
                      A battle-line file gives each unit's place (x, y of its front edge's centre, facing,\n\
                      frontage and base) so distances are measured edge to edge, and the event that starts it:\n\
                      broken, destroyed, caught, shot or fleeing."
    )]
    #[command(visible_aliases = ["panico"])]
    Panic(PanicArgs),
    /// One query file or scenario over a grid of values: 20 or 25 models? spears or halberds?
    #[command(
        after_help = "Examples:\n  mathhammer sweep scenarios/boar_boyz_charge_spearmen.toml --vary attacker.models=5..8 --vary defender.models=15..30:5\n  \
                            mathhammer sweep scenarios/ogres_charge_halberdiers.toml --vary defender.weapon=halberd,spear,hand-weapon-and-shield\n  \
                            mathhammer sweep scenarios/queries/boar_boyz_charge.toml --vary distance=10..36:2 --csv\n  \
                            mathhammer sweep scenarios/boar_boyz_charge_spearmen.toml --vary attacker.models=4..8 --plot sweep.svg\n  \
                            mathhammer sweep --attacker scenarios/rosters/empire_500.ros:Halberdiers --defender scenarios/rosters/orcs_500.ros:2 --vary attacker.models=20..30:5\n\n\
                      A query file names its subcommand and gives its flags as keys:\n  \
                            query = \"charge\"\n  move = 18\n  distance = 20\n  reaction = \"flee\"\n  target_move = 10\n\
                      Any other file is a combat scenario. Every point runs with the same seed."
    )]
    #[command(visible_aliases = ["barrido"])]
    Sweep(SweepArgs),
    /// Loadouts side by side: the difference in each headline figure, and whether it is significant
    #[command(
        after_help = "Examples:\n  mathhammer compare scenarios/boar_boyz_charge_spearmen.toml scenarios/boar_boyz_charge_crossbowmen.toml\n  \
                            mathhammer compare scenarios/queries/halberdiers_vs_orcs.toml scenarios/queries/spearmen_vs_orcs.toml --method monte-carlo\n  \
                            mathhammer compare --attacker scenarios/rosters/empire_500.ros:Halberdiers --defender scenarios/rosters/orcs_500.ros:2 --variant attacker.models=25 --variant attacker.weapon=great-weapon\n\n\
                      Every file runs with the same seed and stream layout (common random numbers). Without files, the\n\
                      units picked by flags (as combat's) are compared with each --variant of them: \"KEY=VALUE;KEY=VALUE\"."
    )]
    #[command(visible_aliases = ["comparar"])]
    Compare(CompareArgs),
    /// An army list's units as read and as played: a BattleScribe or New Recruit roster (.ros, .rosz)
    #[command(
        after_help = "Examples:\n  mathhammer roster scenarios/rosters/orcs_500.ros\n  \
                            mathhammer roster scenarios/rosters/empire_500.ros --json"
    )]
    #[command(visible_aliases = ["lista"])]
    Roster(RosterArgs),
    /// The army books' units: the armies, an army's units with their profiles and points, or one unit with its options
    #[command(after_help = "Examples:\n  mathhammer units\n  \
                            mathhammer units empire\n  \
                            mathhammer units empire halberdiers --json\n\n\
                      Any unit listed is picked as ARMY:UNIT[:MODELS] wherever a roster's unit is:\n  \
                            mathhammer combat --attacker \"empire:halberdiers:20\" --defender \"orcs:orc boyz:25\"")]
    #[command(visible_aliases = ["unidades"])]
    Units(UnitsArgs),
    /// A list against a list: every unit of roster A charging every unit of roster B, P(win) in a matrix
    #[command(
        after_help = "Examples:\n  mathhammer matchup scenarios/rosters/orcs_500.ros scenarios/rosters/empire_500.ros\n  \
                            mathhammer matchup scenarios/rosters/orcs_500.ros scenarios/rosters/empire_500.ros --both --plot matchup.svg\n\n\
                      Each fight is the one `combat --attacker A.ros:N --defender B.ros:M` plays: a frontal charge\n\
                      that reaches, 5 models wide (or fewer), each roster's command groups; exact where it fits\n\
                      (--method auto), Monte Carlo with intervals past it. Every fight runs with the same seed."
    )]
    #[command(visible_aliases = ["enfrentamiento"])]
    Matchup(MatchupArgs),
    /// Print a shell completion script (bash, zsh, fish, elvish, powershell)
    #[command(
        after_help = "Examples:\n  mathhammer completions bash > ~/.local/share/bash-completion/completions/mathhammer\n  \
                            mathhammer completions fish > ~/.config/fish/completions/mathhammer.fish"
    )]
    #[cfg(feature = "completions")]
    Completions(CompletionsArgs),
}

impl Cli {
    /// The command line's definition, with every flag's value allowed to
    /// start with `-`: `--models -1`, `--wheel -5e-1` and `--modifier -inf`
    /// are then read by the flag's own parser (which names the flag and
    /// what it accepts), not taken for flags.
    pub fn command_line() -> clap::Command {
        let negatives = |a: clap::Arg| {
            let takes = a.get_action().takes_values() && !a.is_positional();
            a.allow_hyphen_values(takes)
        };
        Cli::command().mut_subcommands(move |c| {
            // Only combat's fast engine has a sampler: elsewhere --sampler
            // is left out of the help (given, it gets a note).
            let samples = matches!(c.get_name(), "combat" | "sweep" | "compare");
            let c = match c.get_arguments().any(|a| a.get_id() == "sampler") && !samples {
                true => c.mut_arg("sampler", |a| a.hide(true)),
                false => c,
            };
            c.mut_args(negatives)
        })
    }

    /// Parses `args` (the program name first) against [`Cli::command_line`].
    pub fn parse_args<I, T>(args: I) -> Result<Cli, clap::Error>
    where
        I: IntoIterator<Item = T>,
        T: Into<std::ffi::OsString> + Clone,
    {
        let matches = Cli::command_line().try_get_matches_from(args)?;
        Cli::from_arg_matches(&matches)
    }
}

impl Command {
    /// The engine and output flags of a query subcommand.
    pub fn engine_output(&self) -> Option<(&EngineArgs, &OutputArgs)> {
        match self {
            Command::Charge(a) => Some((&a.engine, &a.output)),
            Command::Flee(a) => Some((&a.engine, &a.output)),
            Command::Leadership(a) => Some((&a.engine, &a.output)),
            Command::Attacks(a) => Some((&a.engine, &a.output)),
            Command::Shoot(a) => Some((&a.engine, &a.output)),
            Command::Combat(a) => Some((&a.engine, &a.output)),
            Command::Panic(a) => Some((&a.engine, &a.output)),
            Command::Sweep(a) => Some((&a.engine, &a.output)),
            Command::Compare(a) => Some((&a.engine, &a.output)),
            Command::Matchup(a) => Some((&a.engine, &a.output)),
            #[cfg(feature = "completions")]
            Command::Completions(_) => None,
            Command::Roster(_) | Command::Units(_) => None,
        }
    }
}

#[derive(Args, Debug)]
/// `mathhammer sweep`: its flags.
pub struct SweepArgs {
    /// Query file or combat scenario (TOML); or none, with --attacker and --defender
    #[arg(value_name = "FILE", required_unless_present = "attacker")]
    pub file: Option<std::path::PathBuf>,
    /// A field and its values: key=A..B, key=A..B:STEP or key=X,Y,Z; repeat for a grid
    #[arg(long = "vary", value_name = "KEY=VALUES", required = true)]
    pub varies: Vec<String>,
    /// Override a field at every point (as for `combat --set`); repeatable
    #[arg(long = "set", value_name = "KEY=VALUE")]
    pub sets: Vec<String>,
    /// A row per point, a column per figure with its key and interval (wider than 80 columns)
    #[arg(long, alias = "ancho")]
    pub wide: bool,
    #[command(flatten)]
    /// The units picked by flags, and their tuning.
    pub pick: tuning::PickArgs,
    #[command(flatten)]
    /// Engine flags.
    pub engine: EngineArgs,
    #[command(flatten)]
    /// Output flags.
    pub output: OutputArgs,
}

#[derive(Args, Debug)]
/// `mathhammer matchup`: its flags.
pub struct MatchupArgs {
    /// Roster A (.ros, .rosz): its units charge
    #[arg(value_name = "A")]
    pub a: std::path::PathBuf,
    /// Roster B: its units are charged
    #[arg(value_name = "B")]
    pub b: std::path::PathBuf,
    /// B's units charge A's too
    #[arg(long, alias = "ambos")]
    pub both: bool,
    /// Each list's General is near its units: they test on his Ld
    #[arg(long, alias = "general-cerca")]
    pub general_near: bool,
    /// Every charge's distance, cm (default 0: the charge reaches)
    #[arg(long, alias = "distancia", value_name = "DIST")]
    pub distance: Option<Number>,
    /// Every charged unit's reaction
    #[arg(long, alias = "reaccion", value_enum)]
    pub reaction: Option<crate::rules::place::ReactionName>,
    /// Where every charge hits the charged unit
    #[arg(long, alias = "encaramiento", value_enum)]
    pub facing: Option<crate::rules::place::Facing>,
    /// The matrices with the units' whole names, and every fight's figures
    #[arg(long, alias = "ancho")]
    pub wide: bool,
    /// Put a character where you field him: CHARACTER=UNIT or CHARACTER=alone (names or numbers; A: or B: before it for one list); repeat for several
    #[arg(long = "join", alias = "unir", value_name = "CHARACTER=UNIT")]
    pub joins: Vec<String>,
    #[command(flatten)]
    /// Engine flags.
    pub engine: EngineArgs,
    #[command(flatten)]
    /// Output flags.
    pub output: OutputArgs,
}

impl MatchupArgs {
    /// Where every charge starts: `--distance` (0 to 500 cm, as a
    /// scenario's), `--reaction` and `--facing`.
    pub fn pick(&self) -> Result<crate::sweep::matchup::Pick, crate::error::InputError> {
        let distance = self.distance.map_or(0.0, |d| d.0);
        if !(0.0..=500.0).contains(&distance) {
            return Err(crate::error::InputError::new(
                "--distance",
                text!(
                    "{} is out of range (accepted: 0 to 500)",
                    crate::error::shown(distance)
                ),
            ));
        }
        Ok(crate::sweep::matchup::Pick {
            distance,
            reaction: self.reaction.unwrap_or_default(),
            facing: self.facing.unwrap_or_default(),
        })
    }
}

#[derive(Args, Debug)]
/// `mathhammer compare`: its flags.
pub struct CompareArgs {
    /// Query files or combat scenarios of one kind (TOML), the first the baseline; or none, with --attacker and --defender
    #[arg(value_name = "FILE", num_args = 2.., required_unless_present = "attacker")]
    pub files: Vec<std::path::PathBuf>,
    /// Override a field in every file (or of the picked fight); repeatable
    #[arg(long = "set", value_name = "KEY=VALUE")]
    pub sets: Vec<String>,
    /// Without a FILE: the picked fight with changes, against it as it is picked: KEY=VALUE, several separated by ';' (e.g. "attacker.models=25;attacker.weapon=spear"); repeat for each variant
    #[arg(long = "variant", value_name = "CHANGES")]
    pub variants: Vec<String>,
    /// A row per figure with its key, each run's value, difference and significance (wider than 80 columns)
    #[arg(long, alias = "ancho")]
    pub wide: bool,
    #[command(flatten)]
    /// The units picked by flags, and their tuning.
    pub pick: tuning::PickArgs,
    #[command(flatten)]
    /// Engine flags.
    pub engine: EngineArgs,
    #[command(flatten)]
    /// Output flags.
    pub output: OutputArgs,
}

#[cfg(feature = "completions")]
#[derive(Args, Debug)]
/// `mathhammer completions`: its flags.
pub struct CompletionsArgs {
    /// The shell
    #[arg(value_enum)]
    pub shell: clap_complete::Shell,
}

#[derive(Args, Debug)]
/// `mathhammer roster`: its flags.
pub struct RosterArgs {
    /// Roster file (.ros or .rosz)
    #[arg(value_name = "FILE")]
    pub file: std::path::PathBuf,
    /// Print JSON with stable keys
    #[arg(long)]
    pub json: bool,
    /// Put a character where you field him: CHARACTER=UNIT or CHARACTER=alone (names or numbers); repeat for several
    #[arg(long = "join", alias = "unir", value_name = "CHARACTER=UNIT")]
    pub joins: Vec<String>,
}

#[derive(Args, Debug)]
/// `mathhammer units`: its arguments.
pub struct UnitsArgs {
    /// An army book, as you type it (empire, orcs, dwarfs 2001); none: the armies
    #[arg(value_name = "ARMY")]
    pub army: Option<String>,
    /// One of its units, by name or number; none: its units
    #[arg(value_name = "UNIT")]
    pub unit: Option<String>,
    /// Print JSON with stable keys
    #[arg(long)]
    pub json: bool,
    /// Language of the listing's words and the armies' names (JSON keeps the book's)
    #[arg(long, value_enum, default_value_t = Lang::En, hide_possible_values = false)]
    pub lang: Lang,
}

#[derive(Args, Debug)]
/// `mathhammer charge`: its flags.
pub struct ChargeArgs {
    /// The charger's M (cm, or inches with --inches), or dice it moves at random (2D6, in inches)
    #[arg(long = "move", alias = "movimiento", value_name = "M")]
    pub charger_move: Movement,
    /// Distance to the target when the charge is declared
    #[arg(long, alias = "distancia", value_name = "DIST")]
    pub distance: Number,
    /// The target's reaction
    #[arg(long, alias = "reaccion", value_enum, default_value_t = ReactionArg::Hold)]
    pub reaction: ReactionArg,
    /// The target's M (needed when it flees: M above 15 cm / 6" flees 8D6 / 3D6)
    #[arg(long, value_name = "M")]
    pub target_move: Option<Number>,
    /// The target flies (flees 8D6 cm / 3D6")
    #[arg(long)]
    pub target_flies: bool,
    /// --move was typed without the charger's barding: take 2 cm (1") off it. An army book's M (and a profile's) already has it taken
    #[arg(long)]
    pub barding: bool,
    /// Difficult terrain on the path: the charge range is M instead of 2M
    #[arg(long)]
    pub difficult_terrain: bool,
    /// Wheel distance (outer model), taken from the charge range
    #[arg(long, value_name = "DIST", default_value_t = Number(0.0))]
    pub wheel: Number,
    /// Print P(contact) for every distance from 1 to the charge range
    #[arg(long)]
    pub reach_table: bool,
    /// Also report the farthest distance at which P(contact) is at least this (e.g. 0.9)
    #[arg(long, value_name = "P")]
    pub confidence: Option<Number>,
    #[command(flatten)]
    /// Edition flags (read from a query file by [`EditionArgs`]' own keys).
    pub edition: EditionArgs,
    #[command(flatten)]
    /// Engine flags.
    pub engine: EngineArgs,
    #[command(flatten)]
    /// Output flags.
    pub output: OutputArgs,
}

#[derive(Args, Debug)]
/// `mathhammer flee`: its flags.
pub struct FleeArgs {
    /// The fleeing unit's M (M above 15 cm / 6" flees 8D6 / 3D6)
    #[arg(long = "move", alias = "movimiento", value_name = "M")]
    pub flee_move: Number,
    /// The fleeing unit flies (8D6 cm / 3D6")
    #[arg(long)]
    pub flies: bool,
    /// A pursuer's M: also report P(caught) = P(pursuit roll >= flee roll)
    #[arg(long, value_name = "M")]
    pub pursuer_move: Option<Number>,
    /// The pursuer flies
    #[arg(long, requires = "pursuer_move")]
    pub pursuer_flies: bool,
    #[command(flatten)]
    /// Edition flags (read from a query file by [`EditionArgs`]' own keys).
    pub edition: EditionArgs,
    #[command(flatten)]
    /// Engine flags.
    pub engine: EngineArgs,
    #[command(flatten)]
    /// Output flags.
    pub output: OutputArgs,
}

#[derive(Args, Debug)]
/// `mathhammer leadership`: its flags.
pub struct LeadershipArgs {
    /// Leadership (2 to 10)
    #[arg(long)]
    pub ld: Ld,
    /// Taken from Ld (a break test's combat-result difference), -20 to 20
    #[arg(long, default_value_t = Whole(0))]
    pub modifier: Whole<i32, { *MODIFIER_RANGE.start() as i64 }, { *MODIFIER_RANGE.end() as i64 }>,
    /// Battle standard in range: re-roll a failed test once
    #[arg(long)]
    pub reroll: bool,
    /// 7th-edition insane courage: a double 1 always passes (off in 6th)
    #[arg(long)]
    pub insane_courage: bool,
    /// Stubborn: test on unmodified Ld
    #[arg(long)]
    pub stubborn: bool,
    /// Cold-blooded: roll 3D6 and discard the highest
    #[arg(long)]
    pub cold_blooded: bool,
    #[command(flatten)]
    /// Engine flags.
    pub engine: EngineArgs,
    #[command(flatten)]
    /// Output flags.
    pub output: OutputArgs,
}

#[derive(Args, Debug, Default)]
/// The edition flag (`--inches`).
pub struct EditionArgs {
    /// Imperial edition: distances in inches, flee dice 2D6" / 3D6"
    #[arg(long)]
    pub inches: bool,
}

#[derive(Args, Debug, Default)]
/// Which engines run and how they sample.
pub struct EngineArgs {
    /// Evaluator: exact, the fast Monte Carlo engine, the dice-level one, all side by side, or auto (exact if the fight fits its budget, else monte-carlo; stderr says which)
    /// [default: exact; combat, panic and their sweeps: auto]
    #[arg(long, value_enum)]
    pub method: Option<MethodArg>,
    /// Monte Carlo trials (e.g. 1000000, 1e6, 10M); at most 1e10 [default: 1000000]
    #[arg(long, value_parser = trials, conflicts_with = "precision")]
    pub trials: Option<u64>,
    /// Seed of the Monte Carlo streams (same seed, same numbers on any thread count) [default: 2000]
    #[arg(long, value_parser = seed)]
    pub seed: Option<u64>,
    /// Worker threads (default: all cores); at most 256
    #[arg(long, value_parser = whole::<u16>(1, i64::from(MAX_THREADS)))]
    pub threads: Option<u16>,
    /// Instead of --trials: start with 65,536 trials and double until every probability's 95% half-width is at most this (e.g. 0.001)
    #[arg(long, value_name = "P", value_parser = precision)]
    pub precision: Option<f64>,
    /// Cap on trials with --precision, never passed [default: 1e9]
    #[arg(long, value_parser = trials, requires = "precision")]
    pub max_trials: Option<u64>,
    /// How combat's fast Monte Carlo plays a fight: whole rounds drawn from the exact chain, strike steps (independent of the exact engine), or auto (whole rounds when the chain costs a small share of the run) [default: auto]
    #[arg(long, value_enum)]
    pub sampler: Option<SamplerArg>,
}

/// `--sampler`.
// A variant's doc comment would print in `--help`.
#[allow(missing_docs)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum SamplerArg {
    Auto,
    WholeRounds,
    Steps,
}

#[derive(Args, Debug, Default)]
/// How the report is printed.
pub struct OutputArgs {
    /// Print JSON with stable keys
    #[arg(long, conflicts_with_all = ["csv", "html"])]
    pub json: bool,
    /// Print the query's table (or its fields) as CSV
    #[arg(long, conflicts_with = "html")]
    pub csv: bool,
    /// Print a fragment of HTML: the headline figures first, then the tables
    #[arg(long)]
    pub html: bool,
    /// No progress bar (it shows on a terminal's stderr for runs over a second)
    #[arg(long, short)]
    pub quiet: bool,
    /// Language of the table and chart labels (JSON and CSV keep English keys)
    #[arg(long, value_enum, default_value_t = Lang::En, hide_possible_values = false)]
    pub lang: Lang,
    /// Also draw the results as a chart into FILE.svg (FILE.json: the chart's panels and points)
    #[arg(long, value_name = "FILE.svg", value_parser = chart_path)]
    pub plot: Option<std::path::PathBuf>,
}

/// `--reaction` of `charge`.
// A variant's doc comment would print in `--help`: these are the game's
// own words, listed there bare.
#[allow(missing_docs)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ReactionArg {
    #[value(aliases = ["mantener", "aguantar"])]
    Hold,
    #[value(aliases = ["huir"])]
    Flee,
}

/// `--method`.
// A variant's doc comment would print in `--help`: these are the game's
// own words, listed there bare.
#[allow(missing_docs)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum MethodArg {
    Exact,
    MonteCarlo,
    Dice,
    All,
    Auto,
}

impl EditionArgs {
    fn edition(&self) -> Edition {
        if self.inches {
            Edition::Imperial
        } else {
            Edition::Metric
        }
    }
}

impl EngineArgs {
    /// The settings, with `default` when no `--method` is given.
    pub fn settings_or(&self, default: Method) -> Settings {
        Settings {
            method: match self.method {
                None => default,
                Some(MethodArg::Exact) => Method::Exact,
                Some(MethodArg::MonteCarlo) => Method::MonteCarlo,
                Some(MethodArg::Dice) => Method::Dice,
                Some(MethodArg::All) => Method::All,
                Some(MethodArg::Auto) => Method::Auto,
            },
            sampling: Sampling {
                trials: self.trials.unwrap_or(DEFAULT_TRIALS),
                seed: self.seed.unwrap_or(DEFAULT_SEED),
                precision: self.precision,
                max_trials: self.max_trials.unwrap_or(DEFAULT_MAX_TRIALS),
            },
            sampler: match self.sampler {
                None | Some(SamplerArg::Auto) => Sampler::Auto,
                Some(SamplerArg::WholeRounds) => Sampler::WholeRounds,
                Some(SamplerArg::Steps) => Sampler::Steps,
            },
        }
    }
}

impl EngineArgs {
    /// The sampling flags given that do nothing under `method` (only the
    /// Monte Carlo engines sample; only combat's fast engine has a
    /// sampler) for a query of `kind`, as notes for stderr.
    pub fn unused_with(&self, method: Method, kind: &str) -> Vec<Text> {
        let sampler = match (self.sampler, method) {
            (None, _) => None,
            (Some(_), _) if kind != "combat" => Some(crate::text!(
                "--sampler does nothing for {} (only combat's fast Monte Carlo draws whole rounds)",
                Text::kept(kind)
            )),
            (Some(_), Method::Exact | Method::Dice) => Some(crate::text!(
                "--sampler does nothing with --method {} (only combat's fast Monte Carlo draws whole rounds)",
                crate::words::page::method(method.engines()[0].label())
            )),
            _ => None,
        };
        // Without rayon (the WebAssembly build) there is one thread.
        let threads = (!cfg!(feature = "parallel") && self.threads.is_some())
            .then(|| crate::text!("--threads does nothing in this build (one thread)"));
        let sampling = self.unused_sampling(method);
        sampling.into_iter().chain(sampler).chain(threads).collect()
    }

    fn unused_sampling(&self, method: Method) -> Option<Text> {
        if method != Method::Exact {
            return None;
        }
        let given: Vec<Text> = [
            ("--trials", self.trials.is_some()),
            ("--seed", self.seed.is_some()),
            ("--precision", self.precision.is_some()),
            ("--max-trials", self.max_trials.is_some()),
        ]
        .iter()
        .filter(|(_, g)| *g)
        .map(|(flag, _)| Text::flag(*flag))
        .collect();
        (!given.is_empty()).then(|| {
            crate::text!(
                "{} do nothing with --method exact (only monte-carlo and dice sample)",
                Text::join(given, ", ")
            )
        })
    }
}

impl EngineArgs {
    /// The settings; exact unless `--method` says otherwise.
    pub fn settings(&self) -> Settings {
        self.settings_or(Method::Exact)
    }
}

impl OutputArgs {
    /// The output format the flags ask for (a table by default).
    pub fn format(&self) -> Format {
        if self.json {
            Format::Json
        } else if self.csv {
            Format::Csv
        } else if self.html {
            Format::Html
        } else {
            Format::Table
        }
    }
}

impl ChargeArgs {
    /// The charge this command line describes (not yet validated). A fleeing
    /// target needs `--target-move`.
    pub fn charge(&self) -> Result<Charge, crate::error::InputError> {
        let reaction = match self.reaction {
            ReactionArg::Hold => Reaction::Hold,
            ReactionArg::Flee => Reaction::Flee {
                target_move: self.target_move.map(|m| m.0).ok_or_else(|| {
                    crate::error::InputError::new(
                        "--target-move",
                        text!("required with --reaction flee (accepted: the target's M, e.g. 10)"),
                    )
                })?,
                target_flies: self.target_flies,
            },
        };
        Ok(Charge {
            edition: self.edition.edition(),
            charger_move: self.charger_move.0,
            charger_dice: self.charger_move.1,
            barding: self.barding,
            difficult_terrain: self.difficult_terrain,
            wheel: self.wheel.0,
            distance: self.distance.0,
            reaction,
            confidence: self.confidence.map(|p| p.0),
            reach_table: self.reach_table,
        })
    }
}

impl FleeArgs {
    /// The flee this command line describes (not yet validated). A flying
    /// pursuer needs its M.
    pub fn flee(&self) -> Result<Flee, crate::error::InputError> {
        if self.pursuer_flies && self.pursuer_move.is_none() {
            return Err(crate::error::InputError::new(
                "--pursuer-flies",
                text!("needs --pursuer-move (accepted: the pursuer's M, e.g. 18)"),
            ));
        }
        Ok(Flee {
            edition: self.edition.edition(),
            fleeing: Mover {
                movement: self.flee_move.0,
                flies: self.flies,
            },
            pursuer: self.pursuer_move.map(|m| Mover {
                movement: m.0,
                flies: self.pursuer_flies,
            }),
        })
    }
}

impl LeadershipArgs {
    /// The test this command line describes (not yet validated).
    pub fn leadership(&self) -> Leadership {
        Leadership {
            test: LeadershipTest {
                ld: self.ld.0,
                modifier: self.modifier.0,
                stubborn: self.stubborn,
                insane_courage: self.insane_courage,
                cold_blooded: self.cold_blooded,
                reroll: self.reroll,
            },
        }
    }
}
