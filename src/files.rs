//! The files a command reads (scenarios, profiles, query files) and writes
//! (`--plot`): on disk, or in a set of files held in memory.
//!
//! The web page has no disk: it runs a command inside [`in_memory`] with
//! the shipped scenarios and what the user typed, and gets back the files
//! the command wrote. Everything else reads and writes through
//! [`read_text`] (or [`read_bytes`]), capped, and [`write_whole`], so both run the same code.
//!
//! Paths in memory are compared as written with `.` and `..` resolved and
//! `/` between components (`scenarios/profiles/../profiles/orc_boy.toml`
//! is `scenarios/profiles/orc_boy.toml`).

use std::cell::RefCell;
use std::collections::BTreeMap;
use std::io;
use std::path::{Component, Path, PathBuf};

use crate::error::InputError;
use crate::text;
use crate::words::text::Text;

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

/// The most bytes a scenario, profile or query file may hold: the shipped
/// ones are under 10 KB, the biggest fight a person writes a few dozen.
pub const MAX_TOML_BYTES: u64 = 1024 * 1024;

/// The most bytes a roster file may hold: 2,000-point rosters are about
/// 200 KB; the cap leaves room for the biggest armies and their rules text.
pub const MAX_ROSTER_BYTES: u64 = 16 * 1024 * 1024;

/// Why [`read_text`] or [`read_bytes`] did not read a file.
#[derive(Debug)]
pub enum Unread {
    /// The system's error (no such file, not UTF-8 text, ...).
    Io(io::Error),
    /// Over the cap, in bytes, of its kind of file.
    Over(u64),
}

impl Unread {
    /// Why, for an error whose field names the file.
    pub fn why(self) -> Text {
        match self {
            Unread::Io(e) => text!("cannot read the file: {}", e),
            Unread::Over(cap) => text!(
                "the file is over {} MB (accepted: a file up to {} MB)",
                cap / MB,
                cap / MB
            ),
        }
    }

    /// Why, naming the file `shown` (for an error whose field is another
    /// file's or a flag).
    pub fn why_of(self, shown: &str) -> Text {
        match self {
            Unread::Io(e) => text!("cannot read {}: {}", shown, e),
            Unread::Over(cap) => text!(
                "{} is over {} MB (accepted: a file up to {} MB)",
                shown,
                cap / MB,
                cap / MB
            ),
        }
    }
}

const MB: u64 = 1024 * 1024;

/// The text of the file at `path`, of at most `cap` bytes
/// ([`read_bytes`]), which must be UTF-8.
pub fn read_text(path: &Path, cap: u64) -> Result<String, Unread> {
    String::from_utf8(read_bytes(path, cap)?).map_err(|_| {
        Unread::Io(io::Error::new(
            io::ErrorKind::InvalidData,
            "stream did not contain valid UTF-8",
        ))
    })
}

/// The bytes of the file at `path` (a roster's zip; in memory, a file's
/// text), refused past `cap`: the one reader of every file the tool
/// reads. At most `cap` and one more byte are read, so a huge or endless
/// file (`/dev/zero`) is refused at once, never read whole.
pub fn read_bytes(path: &Path, cap: u64) -> Result<Vec<u8>, Unread> {
    use std::io::Read;
    let found = MEMORY.with(|m| {
        m.borrow()
            .as_ref()
            .map(|files| files.get(&key(path)).map(|t| t.clone().into_bytes()))
    });
    let bytes = match found {
        Some(Some(bytes)) => bytes,
        Some(None) => {
            return Err(Unread::Io(io::Error::new(
                io::ErrorKind::NotFound,
                "no such file among the page's files",
            )))
        }
        None => {
            let mut bytes = Vec::new();
            std::fs::File::open(path)
                .and_then(|f| f.take(cap.saturating_add(1)).read_to_end(&mut bytes))
                .map_err(Unread::Io)?;
            bytes
        }
    };
    match bytes.len() as u64 > cap {
        true => Err(Unread::Over(cap)),
        false => Ok(bytes),
    }
}

/// Whether `path` is a folder (never, in memory).
pub fn is_dir(path: &Path) -> bool {
    let in_memory = MEMORY.with(|m| m.borrow().is_some());
    !in_memory && path.is_dir()
}

/// What an output's path holds on disk, as [`write_whole`] writes it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Output {
    /// A plain file, or nothing yet: written whole or not at all through a
    /// temporary file beside it, renamed over it. The path is where a
    /// symlink leads (the link stays a link).
    File(PathBuf),
    /// A character device or a FIFO (`/dev/stdout`, `/dev/null`): written
    /// to directly, never replaced.
    Stream,
    /// A folder: refused.
    Folder,
    /// Anything else (a block device, a socket): refused.
    Other,
}

/// What `path` is as an output (symlinks followed); in memory, a file.
pub fn output(path: &Path) -> io::Result<Output> {
    if MEMORY.with(|m| m.borrow().is_some()) {
        return Ok(Output::File(path.to_path_buf()));
    }
    let meta = match std::fs::metadata(path) {
        Ok(meta) => meta,
        Err(e) if e.kind() == io::ErrorKind::NotFound => {
            return Ok(Output::File(link_end(path)?));
        }
        Err(e) => return Err(e),
    };
    let kind = meta.file_type();
    Ok(if kind.is_file() {
        Output::File(std::fs::canonicalize(path)?)
    } else if kind.is_dir() {
        Output::Folder
    } else if is_stream(&kind) {
        Output::Stream
    } else {
        Output::Other
    })
}

/// Whether a file of type `kind` is written as a stream: a character
/// device or a FIFO (a block device is a disk: never a chart's place).
#[cfg(unix)]
fn is_stream(kind: &std::fs::FileType) -> bool {
    use std::os::unix::fs::FileTypeExt;
    kind.is_char_device() || kind.is_fifo()
}

#[cfg(not(unix))]
fn is_stream(_: &std::fs::FileType) -> bool {
    false
}

/// Where `path`, which does not exist, is made: itself, or the end of its
/// chain of symlinks (a link to a file not made yet).
fn link_end(path: &Path) -> io::Result<PathBuf> {
    let mut at = path.to_path_buf();
    // The kernel's own limit on a chain of links.
    for _ in 0..40 {
        match std::fs::symlink_metadata(&at) {
            Ok(meta) if meta.file_type().is_symlink() => {
                let to = std::fs::read_link(&at)?;
                at = at.parent().map_or_else(|| to.clone(), |dir| dir.join(&to));
            }
            _ => return Ok(at),
        }
    }
    Err(io::Error::other("too many levels of symbolic links"))
}

/// Writes `text` to `path`: a plain file (or a new one, or where a
/// symlink leads) whole or not at all, into a temporary file beside it
/// then renamed, keeping its permissions; a device or a FIFO directly. A
/// folder or anything else is refused, and so is a file that may not be
/// written (read-only), as the shell's `>` refuses it.
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
    match output(path)? {
        Output::File(target) => replace(&target, text),
        Output::Stream => {
            use std::io::Write;
            std::fs::OpenOptions::new()
                .write(true)
                .open(path)?
                .write_all(text.as_bytes())
        }
        Output::Folder => Err(io::ErrorKind::IsADirectory.into()),
        Output::Other => Err(io::Error::other(
            "it is neither a file, a FIFO nor a character device",
        )),
    }
}

/// Replaces plain file `target` (or makes it) with `text`, whole or not
/// at all.
fn replace(target: &Path, text: &str) -> io::Result<()> {
    use std::io::Write;
    let kept = writable(target)?;
    let temp = temp_beside(target);
    // A new file of our own: never one a link or an earlier run left there.
    let mut file = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&temp)?;
    let written = file
        .write_all(text.as_bytes())
        .and_then(|()| file.sync_all())
        .and_then(|()| match kept {
            Some(permissions) => std::fs::set_permissions(&temp, permissions),
            None => Ok(()),
        })
        .and_then(|()| std::fs::rename(&temp, target));
    if written.is_err() {
        let _ = std::fs::remove_file(&temp);
    }
    written
}

/// The permissions of plain file `target` if it exists and may be written
/// (it is opened to write, not truncated); `None` if it does not exist.
fn writable(target: &Path) -> io::Result<Option<std::fs::Permissions>> {
    match std::fs::metadata(target) {
        Ok(meta) => {
            std::fs::OpenOptions::new().write(true).open(target)?;
            Ok(Some(meta.permissions()))
        }
        Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(None),
        Err(e) => Err(e),
    }
}

/// Checks, before a long run, that [`write_whole`] will be able to write
/// `path` (for output flag `flag`, whose accepted paths are `accepted`):
/// a folder or anything but a file, a FIFO or a character device is
/// refused; a plain file must be writable and its temporary file made
/// beside it (then removed). A device or a FIFO is not opened (a FIFO
/// would wait for its reader).
pub fn check_output(flag: &str, path: &Path, accepted: Text) -> Result<(), InputError> {
    let shown = path.display().to_string();
    let cannot = |e: io::Error| InputError::new(flag, text!("cannot write {}: {}", &shown, e));
    // In memory (the page), any path is a file of its own.
    if MEMORY.with(|m| m.borrow().is_some()) {
        return Ok(());
    }
    match output(path).map_err(cannot)? {
        Output::File(target) => {
            writable(&target).map_err(cannot)?;
            let temp = temp_beside(&target);
            std::fs::OpenOptions::new()
                .write(true)
                .create_new(true)
                .open(&temp)
                .map_err(cannot)?;
            let _ = std::fs::remove_file(&temp);
            Ok(())
        }
        Output::Stream => Ok(()),
        Output::Folder => Err(InputError::new(
            flag,
            text!("{} is a folder (accepted: {})", &shown, accepted),
        )),
        Output::Other => Err(InputError::new(
            flag,
            text!(
                "{} is neither a file, a FIFO nor a character device (accepted: {})",
                &shown,
                accepted
            ),
        )),
    }
}

/// Whether `path` is a device or a FIFO on disk (never, in memory).
pub fn is_stream_path(path: &Path) -> bool {
    MEMORY.with(|m| m.borrow().is_none()) && output(path).ok() == Some(Output::Stream)
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
            let a = read_text(Path::new("in/./a.toml"), 5).unwrap();
            assert!(read_text(Path::new("in/a.toml"), 4).is_err());
            assert!(read_text(Path::new("Cargo.toml"), MAX_TOML_BYTES).is_err());
            assert!(!is_dir(Path::new("src")));
            // A folder on disk is no folder in memory.
            check_output("--plot", Path::new("src"), Text::kept("")).unwrap();
            write_whole(Path::new("out.svg"), "<svg/>").unwrap();
            a
        });
        assert_eq!(read, "x = 1");
        assert_eq!(files["out.svg"], "<svg/>");
        assert!(!Path::new("out.svg").exists());
        // Outside, the disk again.
        assert!(read_text(Path::new("Cargo.toml"), MAX_TOML_BYTES).is_ok());
    }
}
