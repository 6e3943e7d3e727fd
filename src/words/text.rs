//! The words the program prints (reports, charts, notes and input errors),
//! kept apart from the values in them, so that `--lang` translates by key
//! and never rewrites text. A [`Text`] is a list
//! of pieces: a template of our own words (`"P({} breaks)"`, the key of its
//! translation) with its arguments, or a value kept as written (a number, a
//! dice roll, a file's path, a unit's name from a scenario file). Only
//! [`text!`](crate::text) makes a template, always from a string literal,
//! so every key is in the source and a test finds each one's translation.
//!
//! # Example
//!
//! ```
//! use mathhammer::report::lang::Lang;
//! use mathhammer::text;
//! let label = text!("P({} breaks)", text!("defender"));
//! assert_eq!(label.render(Lang::En), "P(defender breaks)");
//! assert_eq!(label.render(Lang::Es), "P(defensor se desmoraliza)");
//! // A name from a file is kept as written, even where it holds our words.
//! let summary = text!("Combat: {}", "Boar Boyz charge".to_string());
//! assert_eq!(summary.render(Lang::Es), "Combate: Boar Boyz charge");
//! ```

use super::lang::Lang;
use std::cell::Cell;
use std::fmt;

/// Whose words a text is rendered in: the command line's (a flag as it is
/// typed, `--move`; a method by its value, `monte-carlo`) or the web
/// page's (a flag as its form field's label, “move”; a method in words,
/// “Monte Carlo”), for a player who never sees the command line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Voice {
    /// The command line's words (the default).
    #[default]
    Cli,
    /// The page's words.
    Page,
}

thread_local! {
    /// The voice [`Text::render`] speaks in on this thread.
    static VOICE: Cell<Voice> = const { Cell::new(Voice::Cli) };
}

/// Runs `work` with every [`Text::render`] on this thread in the page's
/// words (an answer for the page: its HTML report and chart).
pub fn in_page_words<T>(work: impl FnOnce() -> T) -> T {
    /// Puts the voice back, even if `work` panics.
    struct Restore(Voice);
    impl Drop for Restore {
        fn drop(&mut self) {
            VOICE.with(|v| v.set(self.0));
        }
    }
    let _restore = Restore(VOICE.with(|v| v.replace(Voice::Page)));
    work()
}

/// Words to translate and values to keep, in order.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Text(Vec<Piece>);

// Texts compare in tests; two respellings by the same function compare
// equal (its address may differ between codegen units: then unequal).
#[allow(unpredictable_function_pointer_comparisons)]
#[derive(Clone, Debug, PartialEq)]
enum Piece {
    /// Our words: `{}` (or `{0}`, `{1}` to reorder) takes an argument.
    Template(&'static str, Vec<Text>),
    /// Kept as written.
    Kept(String),
    /// A value the user typed: translated when it is, whole, a term of ours
    /// (`halberd`), else kept.
    Term(String),
    /// A probability's label without its `P( )`: `P(contact)` as a chart's
    /// category names it, `contact`.
    Event(Box<Text>),
    /// A text as rendered, then respelled (a query file names a flag by its
    /// key: `--target-move` as `target_move`).
    Respelled(Box<Text>, fn(&str) -> String),
    /// A flag (`--move`): as typed on the command line, as its field's
    /// label on the page.
    Flag(String),
    /// The command line's words, and the page's.
    Voiced(Box<Text>, Box<Text>),
    /// A unit's name put for a side's word (`attacker`): the templates it
    /// is put in word it as a name, of one model or of many (`plural`).
    Unit(Box<Text>, bool),
}

/// A template and its arguments: `text!("round {}", 2)`. Each argument is
/// kept as written unless it is itself a [`Text`] (`text!("attacker")`).
#[macro_export]
macro_rules! text {
    ($template:literal $(,)?) => {
        $crate::words::text::Text::template($template, Vec::new())
    };
    ($template:literal, $($arg:expr),+ $(,)?) => {
        $crate::words::text::Text::template(
            $template,
            vec![$($crate::words::text::Text::from($arg)),+],
        )
    };
}

impl Text {
    /// Our words `template` with `args` in its `{}`s (use [`text!`](crate::text)).
    #[doc(hidden)]
    pub fn template(template: &'static str, args: Vec<Text>) -> Text {
        debug_assert_eq!(
            places(template),
            args.len(),
            "{template:?}: one argument per {{}} (no names or formats)"
        );
        Text(vec![Piece::Template(template, args)])
    }

    /// A game term the rules name (a weapon, a troop type, a facing): our
    /// words, translated like a template without arguments.
    pub fn words(term: &'static str) -> Text {
        Text(vec![Piece::Template(term, Vec::new())])
    }

    /// A value the user typed (a `--vary` value): a term of ours, whole,
    /// is translated (`halberd`); anything else is kept as written.
    pub fn term(value: impl Into<String>) -> Text {
        Text(vec![Piece::Term(value.into())])
    }

    /// A value kept as written in every language.
    pub fn kept(value: impl Into<String>) -> Text {
        Text(vec![Piece::Kept(value.into())])
    }

    /// The texts one after another, `separator` between them.
    pub fn join(texts: impl IntoIterator<Item = Text>, separator: &str) -> Text {
        let mut out = Text::default();
        for (i, t) in texts.into_iter().enumerate() {
            if i > 0 {
                out.0.push(Piece::Kept(separator.into()));
            }
            out.0.extend(t.0);
        }
        out
    }

    /// A flag (`--move`): typed so on the command line, named on the page
    /// as the form's field (“move”, «movimiento»).
    pub fn flag(flag: impl Into<String>) -> Text {
        Text(vec![Piece::Flag(flag.into())])
    }

    /// `cli` on the command line, `page` on the web page (a method's value
    /// and its words: `monte-carlo`, “Monte Carlo”).
    pub fn voiced(cli: Text, page: Text) -> Text {
        Text(vec![Piece::Voiced(Box::new(cli), Box::new(page))])
    }

    /// A unit's `name` as a headline puts it for its side, where a
    /// template words a name otherwise than a side ("bajas medias del
    /// atacante", "bajas medias de Halberdiers").
    pub fn unit(name: Text) -> Text {
        Text(vec![Piece::Unit(Box::new(name), false)])
    }

    /// A unit's `name` as [`Text::unit`] puts it, the unit of many models:
    /// the templates it is put in agree with it ("P(Spearmen win)").
    pub fn units(name: Text) -> Text {
        Text(vec![Piece::Unit(Box::new(name), true)])
    }

    /// A probability's label (`P(contact)`) without its `P( )`, in any
    /// language.
    pub fn event(self) -> Text {
        Text(vec![Piece::Event(Box::new(self))])
    }

    /// This text as rendered in any language, then respelled by `respell`.
    pub fn respelled(self, respell: fn(&str) -> String) -> Text {
        Text(vec![Piece::Respelled(Box::new(self), respell)])
    }

    /// This text, then `more`.
    pub fn then(mut self, more: Text) -> Text {
        self.0.extend(more.0);
        self
    }

    /// The `i`-th argument of its first template: the label of a
    /// comparison's row `text!("{} ({})", label, key)`.
    pub fn argument(&self, i: usize) -> Option<Text> {
        self.0.iter().find_map(|p| match p {
            Piece::Template(_, args) => args.get(i).cloned(),
            _ => None,
        })
    }

    /// This text with each of its arguments that is a `from` (`attacker`)
    /// put as its `to` (the unit's name): a label in the units' names. A
    /// text that is itself a `from` is kept (a fact's label `attacker`, a
    /// friend's side): only the words of a template name a unit.
    pub fn naming(self, names: &[(Text, Text)]) -> Text {
        if names.is_empty() {
            return self;
        }
        let pieces = self.0.into_iter().map(|p| match p {
            Piece::Template(t, args) => {
                let args: Vec<Text> = (args.into_iter())
                    .map(|a| match names.iter().find(|(from, _)| *from == a) {
                        Some((_, to)) => to.clone(),
                        None => a.naming(names),
                    })
                    .collect();
                // The words of a unit's name put in them, agreeing with it.
                let named = args.iter().find_map(|a| match &a.0[..] {
                    [Piece::Unit(_, plural)] => Some(*plural),
                    _ => None,
                });
                let t = match named {
                    Some(plural) => super::page::of_a_name(t, plural),
                    None => t,
                };
                Piece::Template(t, args)
            }
            other => other,
        });
        Text(pieces.collect())
    }

    /// Whether it prints nothing.
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|p| match p {
            Piece::Template(t, args) => t.is_empty() && args.iter().all(Text::is_empty),
            Piece::Kept(s) | Piece::Term(s) => s.is_empty(),
            Piece::Event(t) | Piece::Respelled(t, _) => t.is_empty(),
            Piece::Flag(f) => f.is_empty(),
            Piece::Voiced(cli, page) => cli.is_empty() && page.is_empty(),
            Piece::Unit(name, _) => name.is_empty(),
        })
    }

    /// The text in `lang`, in this thread's voice (the command line's but
    /// inside [`in_page_words`]).
    pub fn render(&self, lang: Lang) -> String {
        self.render_in(lang, VOICE.with(Cell::get))
    }

    /// The text in `lang`, in the page's words: no flag as typed, methods
    /// in words.
    pub fn render_page(&self, lang: Lang) -> String {
        self.render_in(lang, Voice::Page)
    }

    /// The text in `lang` and `voice`.
    pub fn render_in(&self, lang: Lang, voice: Voice) -> String {
        let mut out = String::new();
        for piece in &self.0 {
            match piece {
                Piece::Kept(s) => out += s,
                Piece::Term(s) => out += &lang.term(s),
                Piece::Template(key, args) => match voice {
                    Voice::Cli => fill(&mut out, lang.words(key), args, lang, voice),
                    Voice::Page => {
                        let template = super::page::template(key, lang);
                        fill(
                            &mut out,
                            &super::page::named(template, lang),
                            args,
                            lang,
                            voice,
                        )
                    }
                },
                Piece::Flag(f) => match voice {
                    Voice::Cli => out += f,
                    Voice::Page => out += &super::page::field(f, lang),
                },
                Piece::Voiced(cli, page) => match voice {
                    Voice::Cli => out += &cli.render_in(lang, voice),
                    Voice::Page => out += &page.render_in(lang, voice),
                },
                Piece::Unit(name, _) => out += &name.render_in(lang, voice),
                Piece::Event(t) => {
                    let label = t.render_in(lang, voice);
                    out += label
                        .strip_prefix("P(")
                        .and_then(|l| l.strip_suffix(')'))
                        .unwrap_or(&label);
                }
                // A file's keys are its words on the page too.
                Piece::Respelled(t, respell) => out += &respell(&t.render_in(lang, Voice::Cli)),
            }
        }
        out
    }

    /// Every template key in it, arguments' included.
    pub fn keys(&self) -> Vec<&'static str> {
        let mut keys = Vec::new();
        for piece in &self.0 {
            match piece {
                Piece::Template(key, args) => {
                    keys.push(*key);
                    args.iter().for_each(|a| keys.extend(a.keys()));
                }
                Piece::Event(t) | Piece::Respelled(t, _) | Piece::Unit(t, _) => {
                    keys.extend(t.keys())
                }
                Piece::Voiced(cli, page) => {
                    keys.extend(cli.keys());
                    keys.extend(page.keys());
                }
                Piece::Kept(_) | Piece::Term(_) | Piece::Flag(_) => {}
            }
        }
        keys
    }
}

/// How many arguments `template` takes: its `{}`s, or one more than the
/// highest `{n}`; `usize::MAX` for a place with a name or a format.
fn places(template: &str) -> usize {
    let mut next = 0;
    let mut highest = 0;
    for inside in template
        .split('{')
        .skip(1)
        .filter_map(|s| s.split_once('}'))
    {
        match inside.0 {
            "" => next += 1,
            n => match n.parse::<usize>() {
                Ok(n) => highest = highest.max(n + 1),
                Err(_) => return usize::MAX,
            },
        }
    }
    next.max(highest)
}

/// `template` with `args` in its `{}` (the next argument) and `{n}` (the
/// n-th) places.
fn fill(out: &mut String, template: &str, args: &[Text], lang: Lang, voice: Voice) {
    let mut next = 0;
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        let Some(close) = rest[open..].find('}') else {
            break;
        };
        let inside = &rest[open + 1..open + close];
        let index = if inside.is_empty() {
            next += 1;
            next - 1
        } else {
            match inside.parse::<usize>() {
                Ok(n) => n,
                Err(_) => {
                    *out += &rest[..open + close + 1];
                    rest = &rest[open + close + 1..];
                    continue;
                }
            }
        };
        *out += &rest[..open];
        if let Some(arg) = args.get(index) {
            *out += &arg.render_in(lang, voice);
        }
        rest = &rest[open + close + 1..];
    }
    *out += rest;
}

impl fmt::Display for Text {
    /// The English text.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.render(Lang::En))
    }
}

/// JSON keeps English: it is read by programs.
impl serde::Serialize for Text {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.render_in(Lang::En, Voice::Cli))
    }
}

/// A message of ours as an error (a flag's value parser's): clap and serde
/// carry it, and whoever prints it renders it in the language asked for.
impl std::error::Error for Text {}

impl From<String> for Text {
    fn from(value: String) -> Text {
        Text::kept(value)
    }
}

impl From<&Text> for Text {
    fn from(value: &Text) -> Text {
        value.clone()
    }
}

impl From<&String> for Text {
    fn from(value: &String) -> Text {
        Text::kept(value.clone())
    }
}

impl From<&str> for Text {
    fn from(value: &str) -> Text {
        Text::kept(value)
    }
}

macro_rules! kept_numbers {
    ($($t:ty),*) => {$(
        impl From<$t> for Text {
            fn from(value: $t) -> Text {
                Text::kept(value.to_string())
            }
        }
    )*};
}
kept_numbers!(u8, u16, u32, u64, usize, i32, i64, &u8, &u32, &usize, &i32, &i64);

impl From<std::io::Error> for Text {
    /// The common failures in our words, any other in the system's.
    fn from(value: std::io::Error) -> Text {
        use std::io::ErrorKind;
        match value.kind() {
            ErrorKind::NotFound => crate::text!("no such file or directory"),
            ErrorKind::PermissionDenied => crate::text!("permission denied"),
            ErrorKind::IsADirectory => crate::text!("it is a folder"),
            _ => Text::kept(value.to_string()),
        }
    }
}

impl From<std::path::Display<'_>> for Text {
    fn from(value: std::path::Display<'_>) -> Text {
        Text::kept(value.to_string())
    }
}

impl From<&&str> for Text {
    fn from(value: &&str) -> Text {
        Text::kept(*value)
    }
}

impl From<f64> for Text {
    /// As written when short, else in scientific notation (`1e300`).
    fn from(value: f64) -> Text {
        Text::kept(shown(value))
    }
}

impl From<&f64> for Text {
    fn from(value: &f64) -> Text {
        Text::from(*value)
    }
}

/// A number as a message shows it: as written when short, else in
/// scientific notation (`1e300`, not 301 digits).
///
/// # Example
///
/// ```
/// use mathhammer::error::shown;
/// assert_eq!(shown(12.5), "12.5");
/// assert_eq!(shown(1e300), "1e300");
/// ```
pub fn shown(x: f64) -> String {
    let plain = x.to_string();
    if plain.len() <= 16 {
        plain
    } else {
        format!("{x:e}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arguments_fill_in_order_or_by_index() {
        let mut out = String::new();
        let args = [Text::kept("a"), Text::kept("b")];
        fill(&mut out, "{1} then {0}; {}", &args, Lang::En, Voice::Cli);
        assert_eq!(out, "b then a; a");
    }

    #[test]
    fn naming_puts_a_name_for_a_word_in_arguments_not_in_kept_text() {
        let names = [(crate::text!("attacker"), Text::kept("Orc Boyz"))];
        let label = crate::text!(
            "{} per 100 points",
            crate::text!("P({} wins)", crate::text!("attacker"))
        );
        assert_eq!(
            label.naming(&names).render(Lang::En),
            "P(Orc Boyz wins) per 100 points"
        );
        // A name that reads "attacker" is a name, kept.
        let kept = crate::text!("P({} wins)", Text::kept("attacker"));
        assert_eq!(kept.clone().naming(&names), kept);
    }

    #[test]
    fn joined_texts_keep_their_pieces() {
        let t = Text::join([crate::text!("holds"), Text::kept("2D6")], ", ");
        assert_eq!(t.render(Lang::Es), "aguanta, 2D6");
        assert_eq!(t.keys(), ["holds"]);
    }
}
