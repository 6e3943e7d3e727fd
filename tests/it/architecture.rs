//! The structure ARCHITECTURE.md promises, checked: the top-level modules of
//! `src/` import each other in one direction only (each imports only those
//! below it in [`LAYERS`]), and no source file is long.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// The top-level modules, lowest first: each may import only modules before
/// it. ARCHITECTURE.md draws the same order.
const LAYERS: [&str; 20] = [
    "words", "error", "files", "dice", "rules", "exact", "sim", "combat", "report", "plot",
    "query", "profile", "roster", "army", "library", "scenario", "sweep", "cli", "app", "web",
];

/// The longest a source file may grow.
const MAX_LINES: usize = 800;

fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            sources(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The top-level module a file of `src/` belongs to (`None` for the crate
/// root and the binary).
fn module_of(path: &Path) -> Option<String> {
    let rel = path.strip_prefix("src").unwrap();
    let first = rel.components().next()?.as_os_str().to_str()?;
    let name = first.trim_end_matches(".rs");
    (!matches!(name, "lib" | "main")).then(|| name.to_string())
}

/// The top-level modules `text` names as `crate::module`, outside comments
/// and its unit tests (a file's `#[cfg(test)]` module comes last).
fn imports(text: &str) -> BTreeSet<String> {
    let code = text.split("#[cfg(test)]").next().unwrap_or("");
    let mut found = BTreeSet::new();
    for line in code.lines() {
        let line = line.split("//").next().unwrap_or("");
        let mut rest = line;
        while let Some(i) = rest.find("crate::") {
            let after = &rest[i + "crate::".len()..];
            let end = after
                .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                .unwrap_or(after.len());
            found.insert(after[..end].to_string());
            rest = &after[end..];
        }
    }
    found
}

fn files() -> Vec<PathBuf> {
    let mut out = Vec::new();
    sources(Path::new("src"), &mut out);
    out.sort();
    out
}

/// The import edges between top-level modules that break the order.
fn upward_imports(files: &[(PathBuf, String)]) -> Vec<String> {
    let rank = |m: &str| LAYERS.iter().position(|l| *l == m);
    let mut wrong = Vec::new();
    for (path, text) in files {
        let Some(from) = module_of(path) else {
            continue;
        };
        let from_rank = rank(&from).unwrap_or_else(|| panic!("{from} is not in LAYERS"));
        for to in imports(text) {
            let Some(to_rank) = rank(&to) else { continue };
            if to != from && to_rank > from_rank {
                wrong.push(format!("{} imports {to}", path.display()));
            }
        }
    }
    wrong
}

#[test]
fn modules_import_in_one_direction() {
    let files: Vec<(PathBuf, String)> = files()
        .into_iter()
        .map(|p| {
            let text = std::fs::read_to_string(&p).unwrap();
            (p, text)
        })
        .collect();
    let wrong = upward_imports(&files);
    assert!(
        wrong.is_empty(),
        "imports against {LAYERS:?}:\n{}",
        wrong.join("\n")
    );
}

#[test]
fn the_check_sees_an_upward_import() {
    // A rule that imported a query would be caught.
    let planted = vec![(
        PathBuf::from("src/rules/planted.rs"),
        "use crate::query::leadership::Leadership;\n// crate::app in a comment\n".to_string(),
    )];
    assert_eq!(
        upward_imports(&planted),
        ["src/rules/planted.rs imports query"]
    );
}

#[test]
fn no_source_file_is_long() {
    let long: Vec<String> = files()
        .iter()
        .filter_map(|p| {
            let lines = std::fs::read_to_string(p).unwrap().lines().count();
            (lines > MAX_LINES).then(|| format!("{}: {lines} lines", p.display()))
        })
        .collect();
    assert!(
        long.is_empty(),
        "files over {MAX_LINES} lines:\n{}",
        long.join("\n")
    );
}
