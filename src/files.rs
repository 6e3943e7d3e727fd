//! The files a command reads (scenarios, profiles, query files) and writes
//! (`--plot`): on disk, or in a set of files held in memory.
//!
//! The web page has no disk: it runs a command inside [`in_memory`] with
//! the shipped scenarios and what the user typed, and gets back the files
//! the command wrote. Everything else reads and writes through
//! [`read_to_string`] and [`write_whole`], so both run the same code.
//!
//! Paths in memory are compared as written with `.` and `..` resolved and
//! `/` between components (`scenarios/profiles/../profiles/orc_boy.toml`
//! is `scenarios/profiles/orc_boy.toml`).

use std::cell::RefCell;
use std::collections::BTreeMap;
use std::io;
use std::path::{Component, Path, PathBuf};

/// Files in memory, by path.
pub type Files = BTreeMap<String, String>;

thread_local! {
    /// The files of the command running on this thread, if it runs in
    /// memory.
    static MEMORY: RefCell<Option<Files>> = const { RefCell::new(None) };
}

/// Runs `work` with `files` in place of the disk, and hands back what it
/// returned and the files as it left them (those it wrote included).
pub fn in_memory<T>(files: Files, work: impl FnOnce() -> T) -> (T, Files) {
    let before = MEMORY.with(|m| m.borrow_mut().replace(files));
    let out = work();
    let files = MEMORY.with(|m| std::mem::replace(&mut *m.borrow_mut(), before));
    (out, files.unwrap_or_default())
}

/// `path` as a key of the files in memory.
pub fn key(path: &Path) -> String {
    let mut parts: Vec<String> = Vec::new();
    for c in path.components() {
        match c {
            Component::ParentDir if parts.last().is_some_and(|p| p != "..") => {
                parts.pop();
            }
            Component::CurDir | Component::RootDir | Component::Prefix(_) => {}
            other => parts.push(other.as_os_str().to_string_lossy().into_owned()),
        }
    }
    parts.join("/")
}

/// The text of the file at `path`.
pub fn read_to_string(path: &Path) -> io::Result<String> {
    let found = MEMORY.with(|m| {
        m.borrow()
            .as_ref()
            .map(|files| files.get(&key(path)).cloned())
    });
    match found {
        None => std::fs::read_to_string(path),
        Some(Some(text)) => Ok(text),
        Some(None) => Err(io::Error::new(
            io::ErrorKind::NotFound,
            "no such file among the page's files",
        )),
    }
}

/// The bytes of the file at `path` (a roster's zip; in memory, a file's
/// text).
pub fn read_bytes(path: &Path) -> io::Result<Vec<u8>> {
    let in_memory = MEMORY.with(|m| m.borrow().is_some());
    match in_memory {
        true => read_to_string(path).map(String::into_bytes),
        false => std::fs::read(path),
    }
}

/// At most `cap` bytes of the file at `path` (a roster: its reader refuses
/// one past its cap, so a huge or endless file, `/dev/zero`, is never read
/// whole).
pub fn read_bytes_at_most(path: &Path, cap: u64) -> io::Result<Vec<u8>> {
    use std::io::Read;
    let in_memory = MEMORY.with(|m| m.borrow().is_some());
    if in_memory {
        let mut bytes = read_bytes(path)?;
        bytes.truncate(usize::try_from(cap).unwrap_or(usize::MAX));
        return Ok(bytes);
    }
    let mut bytes = Vec::new();
    std::fs::File::open(path)?
        .take(cap)
        .read_to_end(&mut bytes)?;
    Ok(bytes)
}

/// Whether `path` is a folder (never, in memory).
pub fn is_dir(path: &Path) -> bool {
    let in_memory = MEMORY.with(|m| m.borrow().is_some());
    !in_memory && path.is_dir()
}

/// Writes `text` to `path` whole or not at all: on disk into a temporary
/// file beside it, then renamed.
pub fn write_whole(path: &Path, text: &str) -> io::Result<()> {
    let stored = MEMORY.with(|m| {
        m.borrow_mut()
            .as_mut()
            .map(|files| files.insert(key(path), text.to_string()))
            .is_some()
    });
    if stored {
        return Ok(());
    }
    let temp = temp_beside(path);
    std::fs::write(&temp, text)?;
    std::fs::rename(&temp, path).inspect_err(|_| {
        let _ = std::fs::remove_file(&temp);
    })
}

/// Checks that [`write_whole`] can write `path` (its temporary file can be
/// made beside it), leaving nothing behind.
pub fn check_writable(path: &Path) -> io::Result<()> {
    if MEMORY.with(|m| m.borrow().is_some()) {
        return Ok(());
    }
    let temp = temp_beside(path);
    std::fs::write(&temp, "")?;
    let _ = std::fs::remove_file(&temp);
    Ok(())
}

/// The temporary file `path` is written through.
fn temp_beside(path: &Path) -> PathBuf {
    let name = path
        .file_name()
        .map_or_else(Default::default, |n| n.to_string_lossy().into_owned());
    path.with_file_name(format!(".{name}.{}.tmp", std::process::id()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_resolve_dots() {
        let k = |p: &str| key(Path::new(p));
        assert_eq!(k("scenarios/profiles/../x.toml"), "scenarios/x.toml");
        assert_eq!(k("./scenarios/./a.toml"), "scenarios/a.toml");
        assert_eq!(k("../a.toml"), "../a.toml");
    }

    #[test]
    fn memory_is_read_and_written_and_the_disk_is_not() {
        let files = Files::from([("in/a.toml".to_string(), "x = 1".to_string())]);
        let (read, files) = in_memory(files, || {
            let a = read_to_string(Path::new("in/./a.toml")).unwrap();
            assert!(read_to_string(Path::new("Cargo.toml")).is_err());
            assert!(!is_dir(Path::new("src")));
            write_whole(Path::new("out.svg"), "<svg/>").unwrap();
            a
        });
        assert_eq!(read, "x = 1");
        assert_eq!(files["out.svg"], "<svg/>");
        assert!(!Path::new("out.svg").exists());
        // Outside, the disk again.
        assert!(read_to_string(Path::new("Cargo.toml")).is_ok());
    }
}
