//! Our words and their translations: [`Text`](text::Text), a template of
//! ours or a value kept as written, rendered in a [`Lang`](lang::Lang) by a
//! whole-key lookup. Reports, charts, notes and input errors are all
//! `Text`, so `--lang` reaches every line the program prints. The lowest
//! layer: it knows nothing of the rules.

pub mod escape;
pub mod lang;
pub mod page;
pub mod serde;
mod spanish;
mod spanish_errors;
mod spanish_forms;
pub mod text;
