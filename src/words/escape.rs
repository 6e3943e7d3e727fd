//! What a line shows of a name or value typed or read: control characters
//! (a newline, a carriage return, ...) and the bidirectional overrides
//! and isolates (U+202A to U+202E, U+2066 to U+2069) escaped, so that an
//! error stays one line and a name cannot break or reorder the text
//! around it. The error printer and the text report both show through
//! [`escaped`].

/// `text` with each control and bidirectional-override character escaped
/// as Rust writes it: `\n`, `\r`, `\t`, else `\u{202e}`.
///
/// # Example
///
/// ```
/// use mathhammer::words::escape::escaped;
/// assert_eq!(escaped("Orc Boyz"), "Orc Boyz");
/// assert_eq!(escaped("a\nb\r"), "a\\nb\\r");
/// assert_eq!(escaped("\u{202e}zyoB"), "\\u{202e}zyoB");
/// ```
pub fn escaped(text: &str) -> String {
    if !text.chars().any(hidden) {
        return text.to_string();
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        match c {
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if hidden(c) => out.push_str(&format!("\\u{{{:x}}}", u32::from(c))),
            c => out.push(c),
        }
    }
    out
}

/// `text` with each line [`escaped`], its line breaks kept (a listing of
/// names read from a file).
pub fn escaped_lines(text: &str) -> String {
    text.split('\n').map(escaped).collect::<Vec<_>>().join("\n")
}

/// Whether `c` breaks or reorders a line: a control character, or a
/// bidirectional embedding, override or isolate.
fn hidden(c: char) -> bool {
    c.is_control() || matches!(c, '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
}

#[cfg(test)]
mod tests {
    use super::escaped;

    #[test]
    fn every_control_and_override_is_escaped() {
        assert_eq!(escaped("x\u{1}\u{7f}\u{85}y"), "x\\u{1}\\u{7f}\\u{85}y");
        for c in ('\u{202a}'..='\u{202e}').chain('\u{2066}'..='\u{2069}') {
            assert_eq!(
                escaped(&c.to_string()),
                format!("\\u{{{:x}}}", u32::from(c))
            );
        }
        // Letters of any script, and the marks that do not reorder, stay.
        assert_eq!(escaped("Águila שלום ✓ \\"), "Águila שלום ✓ \\");
    }
}
