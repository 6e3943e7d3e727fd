//! Every example output in the README and the guide is the real output: each code block
//! line `$ mathhammer ARGS` is run, and the lines after it, up to the next
//! `$` line or the block's end, must match what it prints (stdout then its
//! notes on stderr, or stderr alone when it fails) in order. A line `...` stands for any number of
//! lines; trailing spaces are ignored.

use crate::common::run::mathhammer;

/// The documents whose examples are checked: the players' README and the
/// guide beside it.
const DOCUMENTS: [&str; 2] = ["README.md", "GUIDE.md"];

/// One example: where it is, the arguments and the lines it must print.
struct Example {
    file: &'static str,
    line: usize,
    args: Vec<String>,
    expected: Vec<String>,
}

/// Every example of the README and the guide.
fn documented() -> Vec<Example> {
    DOCUMENTS
        .iter()
        .flat_map(|file| examples(file, &std::fs::read_to_string(file).unwrap()))
        .collect()
}

/// The examples in the fenced code blocks of `text`, the text of `file`.
fn examples(file: &'static str, text: &str) -> Vec<Example> {
    let mut out: Vec<Example> = Vec::new();
    let mut in_block = false;
    let mut current: Option<Example> = None;
    for (i, line) in text.lines().enumerate() {
        if line.starts_with("```") {
            out.extend(current.take());
            in_block = !in_block;
            continue;
        }
        if !in_block {
            continue;
        }
        if let Some(command) = line.strip_prefix("$ mathhammer ") {
            out.extend(current.take());
            current = Some(Example {
                file,
                line: i + 1,
                args: split_args(command),
                expected: Vec::new(),
            });
        } else if let Some(e) = current.as_mut() {
            e.expected.push(line.trim_end().to_string());
        }
    }
    out
}

/// Shell words: spaces split, single or double quotes group.
fn split_args(command: &str) -> Vec<String> {
    let mut args = Vec::new();
    let mut word = String::new();
    let mut quote = None;
    let mut started = false;
    for c in command.chars() {
        match (quote, c) {
            (None, '\'' | '"') => (quote, started) = (Some(c), true),
            (Some(q), c) if c == q => quote = None,
            (None, ' ') => {
                if started {
                    args.push(std::mem::take(&mut word));
                }
                started = false;
            }
            _ => (word.push(c), started = true).1,
        }
    }
    if started {
        args.push(word);
    }
    args
}

/// Whether `actual` matches `expected`, a `...` line standing for any run
/// of lines (empty expected lines at the end are ignored).
fn matches(expected: &[String], actual: &[&str]) -> bool {
    let expected: Vec<&str> = {
        let mut e: Vec<&str> = expected.iter().map(String::as_str).collect();
        while e.last() == Some(&"") {
            e.pop();
        }
        e
    };
    fn go(e: &[&str], a: &[&str]) -> bool {
        match e.split_first() {
            None => a.is_empty(),
            Some((&"...", rest)) => (0..=a.len()).any(|k| go(rest, &a[k..])),
            Some((line, rest)) => a
                .split_first()
                .is_some_and(|(first, more)| first.trim_end() == *line && go(rest, more)),
        }
    }
    go(&expected, actual)
}

#[test]
fn every_documented_example_prints_what_its_document_shows() {
    let all = documented();
    assert!(all.len() >= 19, "only {} examples found", all.len());
    for file in DOCUMENTS {
        assert!(
            all.iter().filter(|e| e.file == file).count() >= 3,
            "{file} has fewer than three examples"
        );
    }
    let mut failures = Vec::new();
    for e in &all {
        let out = mathhammer().args(&e.args).output().unwrap();
        // A success's notes (stderr) follow its output, as on a terminal.
        let text = if out.status.success() {
            let (stdout, stderr) = (&out.stdout, &out.stderr);
            format!(
                "{}{}",
                String::from_utf8_lossy(stdout),
                String::from_utf8_lossy(stderr)
            )
        } else {
            String::from_utf8_lossy(&out.stderr).into_owned()
        };
        let mut lines: Vec<&str> = text.lines().collect();
        while lines.last() == Some(&"") {
            lines.pop();
        }
        if !matches(&e.expected, &lines) {
            failures.push(format!(
                "{}:{}: mathhammer {}\n--- expected\n{}\n--- got\n{}",
                e.file,
                e.line,
                e.args.join(" "),
                e.expected.join("\n"),
                text
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

#[test]
fn the_matcher_skips_with_dots_and_nothing_else() {
    let e = |lines: &[&str]| lines.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    assert!(matches(&e(&["a", "...", "d"]), &["a", "b", "c", "d"]));
    assert!(matches(&e(&["a", "..."]), &["a"]));
    assert!(!matches(&e(&["a", "d"]), &["a", "b", "d"]));
    assert!(!matches(&e(&["a", "x"]), &["a", "b"]));
    assert!(!matches(&e(&["a"]), &["a", "b"]));
    assert_eq!(split_args("a 'b c' \"d\"  e"), ["a", "b c", "d", "e"]);
}

/// What the web page's entry point (`mathhammer::web::answer`) prints for
/// `args`: stdout, stderr and exit code.
fn web_answer(args: &[String]) -> (String, String, u8) {
    // Files it names that are not shipped go with it, as typed ones would.
    let files: serde_json::Map<String, serde_json::Value> = args
        .iter()
        .filter(|a| a.ends_with(".toml") && !a.starts_with("scenarios/"))
        .filter_map(|a| Some((a.clone(), std::fs::read_to_string(a).ok()?.into())))
        .collect();
    let request = serde_json::json!({ "args": args, "files": files });
    let response = mathhammer::web::answer(&request.to_string());
    let v: serde_json::Value = serde_json::from_str(&response).unwrap();
    let text = |key: &str| v[key].as_str().unwrap_or_default().to_string();
    let code = v["code"].as_u64().unwrap_or(255) as u8;
    (text("stdout"), text("stderr"), code)
}

#[test]
fn the_web_entry_point_prints_what_the_cli_prints_for_every_documented_example() {
    let mut compared = 0;
    for e in documented() {
        // Each example as written, and as JSON where it is a query's table.
        let mut runs = vec![e.args.clone()];
        let plain = !e.args.iter().any(|a| {
            [
                "--json",
                "--csv",
                "--help",
                "--version",
                "completions",
                "help",
            ]
            .contains(&a.as_str())
        });
        if plain {
            runs.push([e.args.clone(), vec!["--json".to_string()]].concat());
        }
        for args in runs {
            let out = mathhammer().args(&args).output().unwrap();
            let cli = (
                String::from_utf8_lossy(&out.stdout).into_owned(),
                String::from_utf8_lossy(&out.stderr).into_owned(),
                out.status.code().unwrap_or(255) as u8,
            );
            assert_eq!(web_answer(&args), cli, "{}:{}: {args:?}", e.file, e.line);
            compared += 1;
        }
    }
    assert!(compared >= 30, "only {compared} commands compared");
}

/// The README is a player's two minutes: short, and its first screen says
/// what a player does (bring a list, pick any unit, ask a charge question),
/// each shown by a command with its output.
#[test]
fn the_readme_is_a_players_two_minutes() {
    let readme = std::fs::read_to_string("README.md").unwrap();
    let lines = readme.lines().count();
    assert!(
        lines <= 300,
        "README.md has {lines} lines (at most about 300)"
    );
    for what in [
        "### Pick any unit",
        "### Bring your army list",
        "### Ask a quick charge question",
    ] {
        let at = readme.find(what).unwrap_or_else(|| panic!("{what}"));
        let section = &readme[at..];
        let section = &section[..section[4..].find("\n#").map_or(section.len(), |e| e + 4)];
        assert!(
            section.contains("$ mathhammer "),
            "{what} shows no command with its output"
        );
    }
}
