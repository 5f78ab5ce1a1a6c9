//! The files a command reads: one place that opens them, so that every file is read within a
//! size limit, as UTF-8 text with the place of a byte that is not, and is remembered, so that
//! no output of the run can replace it ([`was_read`]).
//!
//! ```
//! use damtutor::input;
//! let error = input::text(b"title: T\nexercises: [\xff]\n").unwrap_err();
//! assert_eq!((error.line, error.column), (2, 13));
//! assert_eq!(error.to_string(), "line 2, column 13: not UTF-8 text (byte 0xff): save the file as UTF-8");
//! ```

mod format;

pub use format::{listed, FormatFault, FormatProblem, JsonSyntax, YamlSyntax};

use std::fmt;
use std::fs::File;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

/// The largest file read whole (an exercise set, an answer file, a key, a template): 64 MiB.
/// Larger files are refused with a message; PDN archives are streamed and may be of any size.
pub const MAX_FILE_BYTES: u64 = 64 * 1024 * 1024;

/// Text that is not UTF-8: the place (1-based) of the first byte that is not, and the byte.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NotUtf8 {
    pub line: usize,
    pub column: usize,
    pub byte: u8,
}

impl fmt::Display for NotUtf8 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "line {}, column {}: not UTF-8 text (byte {:#04x}): save the file as UTF-8",
            self.line, self.column, self.byte
        )
    }
}

impl std::error::Error for NotUtf8 {}

/// `bytes` as text, or where they stop being UTF-8 (columns count characters).
pub fn text(bytes: &[u8]) -> Result<&str, NotUtf8> {
    std::str::from_utf8(bytes).map_err(|e| {
        let good = &bytes[..e.valid_up_to()];
        // The prefix is valid UTF-8 by construction.
        let good = std::str::from_utf8(good).unwrap_or_default();
        let line = good.matches('\n').count() + 1;
        let line_start = good.rfind('\n').map_or(0, |i| i + 1);
        NotUtf8 {
            line,
            column: good[line_start..].chars().count() + 1,
            byte: bytes[e.valid_up_to()],
        }
    })
}

/// Why the system could not open, read or write a file: the kind of error, which the words
/// layer says in the reader's language ([`words::io_problem`](crate::words::io_problem)), and
/// the system's own words, kept in English output.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IoProblem {
    pub kind: std::io::ErrorKind,
    /// The system's words: `No such file or directory (os error 2)`.
    pub detail: String,
    /// The system's number for the error, when it gave one.
    pub code: Option<i32>,
}

impl From<&std::io::Error> for IoProblem {
    fn from(error: &std::io::Error) -> IoProblem {
        IoProblem {
            kind: error.kind(),
            detail: error.to_string(),
            code: error.raw_os_error(),
        }
    }
}

impl From<std::io::Error> for IoProblem {
    fn from(error: std::io::Error) -> IoProblem {
        IoProblem::from(&error)
    }
}

impl fmt::Display for IoProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.detail)
    }
}

/// Why a file could not be read. `Display` says it in English; the words layer says it in
/// either language ([`words::read_error`](crate::words::read_error)).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReadError {
    /// The file could not be opened or read.
    Io(IoProblem),
    /// The file is larger than [`MAX_FILE_BYTES`].
    TooLarge,
    /// A folder was given where a file is read.
    Folder,
    /// The file is not UTF-8 text.
    NotUtf8(NotUtf8),
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReadError::Io(e) => write!(f, "cannot read the file: {e}"),
            ReadError::TooLarge => write!(
                f,
                "the file is larger than {} MB, the most damtutor reads",
                MAX_FILE_BYTES / (1024 * 1024)
            ),
            ReadError::Folder => f.write_str("this is a folder, not a file"),
            ReadError::NotUtf8(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for ReadError {}

/// Opens `path` for reading and remembers it as an input of the run. A folder is refused.
pub fn open(path: &Path) -> Result<File, ReadError> {
    let file = File::open(path).map_err(|e| ReadError::Io(e.into()))?;
    let metadata = file.metadata().map_err(|e| ReadError::Io(e.into()))?;
    if metadata.is_dir() {
        return Err(ReadError::Folder);
    }
    remember(path, &metadata);
    Ok(file)
}

/// The bytes of `path`, at most [`MAX_FILE_BYTES`] of them (a device such as `/dev/zero` is
/// read only that far).
pub fn bytes(path: &Path) -> Result<Vec<u8>, ReadError> {
    let file = open(path)?;
    let mut bytes = Vec::new();
    file.take(MAX_FILE_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| ReadError::Io(e.into()))?;
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Err(ReadError::TooLarge);
    }
    Ok(bytes)
}

/// The text of `path`: [`bytes`] that must be UTF-8 (a byte-order mark is dropped).
pub fn read_text(path: &Path) -> Result<String, ReadError> {
    let bytes = bytes(path)?;
    let text = text(&bytes).map_err(ReadError::NotUtf8)?;
    Ok(text.strip_prefix('\u{feff}').unwrap_or(text).to_string())
}

/// The files read so far: their identity on the file system and their canonical path.
static READ: Mutex<Vec<Identity>> = Mutex::new(Vec::new());

#[derive(Clone, Debug, PartialEq, Eq)]
struct Identity {
    /// Device and inode (Unix), which also tell hard links and bind mounts apart.
    inode: Option<(u64, u64)>,
    path: Option<PathBuf>,
}

fn identity(path: &Path, metadata: &std::fs::Metadata) -> Identity {
    #[cfg(unix)]
    let inode = {
        use std::os::unix::fs::MetadataExt;
        Some((metadata.dev(), metadata.ino()))
    };
    #[cfg(not(unix))]
    let inode = {
        let _ = metadata;
        None
    };
    Identity {
        inode,
        path: std::fs::canonicalize(path).ok(),
    }
}

fn remember(path: &Path, metadata: &std::fs::Metadata) {
    // Devices (`/dev/stdin`) are streams, not files an output could replace.
    if !metadata.is_file() {
        return;
    }
    let id = identity(path, metadata);
    let mut read = READ.lock().unwrap_or_else(|e| e.into_inner());
    if !read.contains(&id) {
        read.push(id);
    }
}

/// Whether `path` names a file this run has read (the same file, by inode or canonical path,
/// whatever the spelling: `./set.yaml`, `../x/set.yaml`, a hard link).
pub fn was_read(path: &Path) -> bool {
    let Ok(metadata) = std::fs::metadata(path) else {
        return false;
    };
    let id = identity(path, &metadata);
    let read = READ.lock().unwrap_or_else(|e| e.into_inner());
    read.iter().any(|other| {
        (id.inode.is_some() && other.inode == id.inode)
            || (id.path.is_some() && other.path == id.path)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bad_bytes_are_placed_by_line_and_character() {
        assert_eq!(text("a\nb".as_bytes()), Ok("a\nb"));
        let bytes = ["走棋\n王棋 ".as_bytes(), &[0x80]].concat();
        let error = text(&bytes).unwrap_err();
        assert_eq!(error.line, 2);
        assert_eq!(error.column, 4);
        let error = text(b"\xc3").unwrap_err();
        assert_eq!((error.line, error.column, error.byte), (1, 1, 0xc3));
    }

    #[test]
    fn files_read_are_remembered_by_identity() {
        let folder = std::env::temp_dir().join(format!("damtutor-input-{}", std::process::id()));
        std::fs::create_dir_all(&folder).unwrap();
        let file = folder.join("set.yaml");
        std::fs::write(&file, "title: T\n").unwrap();
        assert!(!was_read(&file));
        assert_eq!(read_text(&file).unwrap(), "title: T\n");
        assert!(was_read(&file));
        assert!(was_read(&folder.join(".").join("set.yaml")));
        assert!(!was_read(&folder.join("other.yaml")));
        assert!(matches!(read_text(&folder), Err(ReadError::Folder)));
        std::fs::remove_dir_all(&folder).unwrap();
    }
}
