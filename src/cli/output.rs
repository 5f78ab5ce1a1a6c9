//! The one way damtutor writes files. Every command that writes collects its files in an
//! [`Outputs`] batch and commits it once everything is made:
//!
//! - no output may be a file the run has read (the same file by inode or canonical path,
//!   however it is spelled: `worksheet set.yaml --out ./set.yaml` is refused), and no two
//!   outputs of a batch may be the same file;
//! - every file is first written to a temporary file beside it (a short name, whatever the
//!   length of the output's: `.damtutor-XXXXXX.tmp`, made by the `tempfile` crate, which
//!   removes it when it is dropped), and only when all of them are written are they renamed
//!   into place; a failure removes the temporaries and the folders the batch created, so a
//!   failed run leaves nothing behind;
//! - a device or pipe (`/dev/null`, `/dev/stdout`) is written to as it is, never replaced or
//!   given an extension, and only as the one file of its batch.
//!
//! [`Streamed`] is the same for one file written while the input is still being read (`mine`).

use super::{CliError, Usage};
use damtutor::words::Lang;
use std::fs::File;
use std::io::Write;
use std::path::{Component, Path, PathBuf};
use tempfile::{NamedTempFile, TempPath};

/// The files of one run, written together by [`commit`](Outputs::commit).
#[derive(Debug, Default)]
pub struct Outputs {
    files: Vec<(PathBuf, Vec<u8>)>,
}

impl Outputs {
    /// An empty batch.
    pub fn new() -> Outputs {
        Outputs::default()
    }

    /// Adds a file to the batch (nothing is written yet).
    pub fn add(&mut self, path: impl Into<PathBuf>, contents: impl Into<Vec<u8>>) {
        self.files.push((path.into(), contents.into()));
    }

    /// Sends the batch to `out`, the output named on the command line, when that is a device
    /// (`--out /dev/stdout`): the one file of the batch is written to it as it is, without the
    /// extension a document would add; a batch of several files is refused, since the files
    /// beside it would be made in the device's folder.
    pub fn onto_device(&mut self, out: &Path) -> Result<(), CliError> {
        if !is_device(out) {
            return Ok(());
        }
        match self.files.as_mut_slice() {
            [(path, _)] => {
                *path = out.to_path_buf();
                Ok(())
            }
            files => Err(usage(Usage::OutNotAFile {
                path: out.to_path_buf(),
                count: files.len(),
            })),
        }
    }

    /// Writes every file of the batch, or none of them (see the module's documentation).
    pub fn commit(self) -> Result<(), CliError> {
        let Outputs { files } = self;
        for (i, (path, _)) in files.iter().enumerate() {
            refuse_input(path)?;
            if let Some((other, _)) = files[..i].iter().find(|(o, _)| same_target(o, path)) {
                return Err(usage(Usage::SameFile {
                    first: other.clone(),
                    second: path.clone(),
                }));
            }
            if is_device(path) && files.len() > 1 {
                return Err(usage(Usage::OutNotAFile {
                    path: path.clone(),
                    count: files.len(),
                }));
            }
            if path.is_dir() {
                return Err(usage(Usage::IsAFolder(path.clone())));
            }
        }
        if let [(path, contents)] = files.as_slice() {
            if is_device(path) {
                return write_device(path, contents);
            }
        }
        let mut created = Vec::new();
        let mut renamed = 0;
        let result = write_all(&files, &mut created).and_then(|temporaries| {
            for (temporary, path) in temporaries {
                temporary
                    .persist(path)
                    .map_err(|e| CliError::io(path, e.error))?;
                renamed += 1;
            }
            Ok(())
        });
        // The files renamed before a failure are in place; the other temporaries are gone
        // (dropped), and the folders made for the batch go with them when nothing was renamed.
        if result.is_err() && renamed == 0 {
            for folder in created.iter().rev() {
                let _ = std::fs::remove_dir(folder);
            }
        }
        result
    }
}

/// Writes each file of `files` to a temporary beside it, synced to disk; a temporary is
/// removed when it is dropped unless it was persisted.
fn write_all<'a>(
    files: &'a [(PathBuf, Vec<u8>)],
    created: &mut Vec<PathBuf>,
) -> Result<Vec<(TempPath, &'a Path)>, CliError> {
    let mut temporaries = Vec::new();
    for (path, contents) in files {
        create_folders(path, created)?;
        let mut temporary = temporary_beside(path).map_err(|e| CliError::io(path, e))?;
        temporary
            .write_all(contents)
            .and_then(|()| temporary.as_file().sync_all())
            .map_err(|e| CliError::io(path, e))?;
        temporaries.push((temporary.into_temp_path(), path.as_path()));
    }
    Ok(temporaries)
}

/// Writes one file through a batch of its own.
pub fn write_file(path: &Path, contents: &str) -> Result<(), CliError> {
    write_bytes(path, contents.as_bytes())
}

/// [`write_file`] for any bytes (a PDF).
pub fn write_bytes(path: &Path, contents: &[u8]) -> Result<(), CliError> {
    let mut outputs = Outputs::new();
    outputs.add(path, contents);
    outputs.commit()
}

/// Whether `path` is something other than a regular file or a folder: a device (`/dev/full`),
/// a pipe or a socket. Such an output is written to, never replaced.
pub fn is_device(path: &Path) -> bool {
    std::fs::metadata(path).is_ok_and(|m| !m.is_file() && !m.is_dir())
}

/// Refuses an output that is one of the run's input files.
pub fn refuse_input(path: &Path) -> Result<(), CliError> {
    // `sub/../set.yaml` is `set.yaml` once `sub` exists: the path is also checked with its
    // `..` resolved.
    if damtutor::input::was_read(path) || damtutor::input::was_read(&normal(path)) {
        return Err(usage(Usage::OutputIsInput(path.to_path_buf())));
    }
    Ok(())
}

fn write_device(path: &Path, contents: &[u8]) -> Result<(), CliError> {
    let mut file = std::fs::OpenOptions::new()
        .write(true)
        .open(path)
        .map_err(|e| CliError::io(path, e))?;
    file.write_all(contents)
        .and_then(|()| file.flush())
        .map_err(|e| CliError::io(path, e))
}

/// Creates the missing folders above `path`, recording them (outermost first).
fn create_folders(path: &Path, created: &mut Vec<PathBuf>) -> Result<(), CliError> {
    let Some(folder) = path.parent().filter(|p| !p.as_os_str().is_empty()) else {
        return Ok(());
    };
    let mut missing = Vec::new();
    let mut current = Some(folder);
    while let Some(f) = current.filter(|f| !f.as_os_str().is_empty() && !f.exists()) {
        missing.push(f.to_path_buf());
        current = f.parent();
    }
    for f in missing.into_iter().rev() {
        match std::fs::create_dir(&f) {
            Ok(()) => created.push(f),
            // `sub/..` exists once `sub` does.
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {}
            Err(e) => return Err(CliError::io(&f, e)),
        }
    }
    if !folder.is_dir() {
        return Err(usage(Usage::NotAFolder {
            folder: folder.to_path_buf(),
            path: path.to_path_buf(),
        }));
    }
    Ok(())
}

/// A new temporary file in `path`'s folder, `.damtutor-XXXXXX.tmp`: short whatever the
/// length of the output's own name (a name of 250 bytes still has a temporary), created anew
/// (never an existing file), with the permissions any new file gets (not tempfile's private
/// 0600: a worksheet is for others to read).
fn temporary_beside(path: &Path) -> std::io::Result<NamedTempFile> {
    let folder = match path.parent().filter(|p| !p.as_os_str().is_empty()) {
        Some(folder) => folder,
        None => Path::new("."),
    };
    let mut builder = tempfile::Builder::new();
    builder.prefix(".damtutor-").suffix(".tmp");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        // Masked by the umask, as every file the run writes.
        builder.permissions(std::fs::Permissions::from_mode(0o666));
    }
    builder.tempfile_in(folder)
}

/// Whether two outputs name the same file: the same path once `.` and `..` are resolved
/// (and the folder made canonical where it exists), or the same existing file.
fn same_target(a: &Path, b: &Path) -> bool {
    if normal(a) == normal(b) {
        return true;
    }
    match (std::fs::canonicalize(a), std::fs::canonicalize(b)) {
        (Ok(a), Ok(b)) => a == b,
        _ => false,
    }
}

fn normal(path: &Path) -> PathBuf {
    let absolute = std::env::current_dir()
        .map(|d| d.join(path))
        .unwrap_or_else(|_| path.to_path_buf());
    let mut out = PathBuf::new();
    for component in absolute.components() {
        match component {
            Component::CurDir => {}
            Component::ParentDir => {
                out.pop();
            }
            other => out.push(other),
        }
    }
    match (
        out.parent().and_then(|p| p.canonicalize().ok()),
        out.file_name(),
    ) {
        (Some(folder), Some(name)) => folder.join(name),
        _ => out,
    }
}

/// One file written while the run still reads its input: to a temporary file beside it,
/// renamed into place by [`finish`](Streamed::finish), removed if the run fails or is
/// dropped; a device is written to directly.
pub struct Streamed {
    path: PathBuf,
    file: std::io::BufWriter<File>,
    temporary: Option<TempPath>,
    created: Vec<PathBuf>,
}

impl Streamed {
    /// Starts writing `path` (refused if it is an input of the run).
    pub fn create(path: &Path) -> Result<Streamed, CliError> {
        refuse_input(path)?;
        let failed = |e| CliError::io(path, e);
        if is_device(path) {
            let file = std::fs::OpenOptions::new()
                .write(true)
                .open(path)
                .map_err(failed)?;
            return Ok(Streamed {
                path: path.to_path_buf(),
                file: std::io::BufWriter::new(file),
                temporary: None,
                created: Vec::new(),
            });
        }
        if path.is_dir() {
            return Err(usage(Usage::IsAFolder(path.to_path_buf())));
        }
        let mut created = Vec::new();
        create_folders(path, &mut created)?;
        let (file, temporary) = temporary_beside(path).map_err(failed)?.into_parts();
        Ok(Streamed {
            path: path.to_path_buf(),
            file: std::io::BufWriter::new(file),
            temporary: Some(temporary),
            created,
        })
    }

    /// Appends `bytes`.
    pub fn write(&mut self, bytes: &[u8]) -> std::io::Result<()> {
        self.file.write_all(bytes)
    }

    /// Flushes the file and renames it into place (checking once more that no input of the
    /// run is replaced).
    pub fn finish(mut self) -> Result<(), CliError> {
        let path = self.path.clone();
        self.file.flush().map_err(|e| CliError::io(&path, e))?;
        let Some(temporary) = self.temporary.take() else {
            return Ok(());
        };
        let checked = refuse_input(&path).and_then(|()| {
            self.file
                .get_ref()
                .sync_all()
                .map_err(|e| CliError::io(&path, e))
        });
        if let Err(e) = checked {
            self.temporary = Some(temporary);
            return Err(e);
        }
        match temporary.persist(&path) {
            Ok(()) => {
                self.created.clear();
                Ok(())
            }
            Err(e) => {
                self.temporary = Some(e.path);
                Err(CliError::io(&path, e.error))
            }
        }
    }
}

impl Drop for Streamed {
    fn drop(&mut self) {
        if let Some(temporary) = self.temporary.take() {
            let _ = temporary.close();
            for folder in self.created.iter().rev() {
                let _ = std::fs::remove_dir(folder);
            }
        }
    }
}

/// A usage error of the outputs, which serve every command: said in English, unless the command
/// says it in its language ([`CliError::in_language`]).
fn usage(reason: Usage) -> CliError {
    CliError::usage(Lang::English, reason)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn folder(name: &str) -> PathBuf {
        let folder =
            std::env::temp_dir().join(format!("damtutor-output-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&folder);
        std::fs::create_dir_all(&folder).unwrap();
        folder
    }

    #[test]
    fn a_batch_is_written_whole_or_not_at_all() {
        let root = folder("batch");
        let mut outputs = Outputs::new();
        outputs.add(root.join("a.html"), "A");
        outputs.add(root.join("sub/deeper/b.svg"), "B");
        outputs.commit().unwrap();
        assert_eq!(
            std::fs::read_to_string(root.join("sub/deeper/b.svg")).unwrap(),
            "B"
        );

        // A folder in the way of the last file: nothing of the batch is written.
        std::fs::create_dir_all(root.join("c.html")).unwrap();
        let mut outputs = Outputs::new();
        outputs.add(root.join("new/x.html"), "X");
        outputs.add(root.join("a.html"), "changed");
        outputs.add(root.join("c.html"), "C");
        assert!(outputs.commit().is_err());
        assert_eq!(std::fs::read_to_string(root.join("a.html")).unwrap(), "A");
        assert!(!root.join("new").exists());
        let left: Vec<_> = std::fs::read_dir(&root)
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(left.len(), 3, "{left:?}");
        std::fs::remove_dir_all(&root).unwrap();
    }

    #[test]
    fn two_outputs_of_one_file_are_refused() {
        let root = folder("same");
        let mut outputs = Outputs::new();
        outputs.add(root.join("q.html"), "quiz");
        outputs.add(root.join("sub/../q.html"), "key");
        let error = outputs.commit().unwrap_err();
        assert!(
            error.to_string().contains("would be the same file"),
            "{error}"
        );
        assert!(!root.join("q.html").exists());
        std::fs::remove_dir_all(&root).unwrap();
    }

    #[test]
    fn long_names_have_short_temporaries() {
        let root = folder("long");
        let name = format!("{}.html", "a".repeat(250));
        write_file(&root.join(&name), "x").unwrap();
        assert_eq!(std::fs::read_to_string(root.join(&name)).unwrap(), "x");
        std::fs::remove_dir_all(&root).unwrap();
    }

    #[cfg(unix)]
    #[test]
    fn outputs_get_the_permissions_of_any_new_file() {
        use std::os::unix::fs::PermissionsExt;
        let root = folder("mode");
        std::fs::write(root.join("plain.txt"), "x").unwrap();
        write_file(&root.join("sheet.html"), "x").unwrap();
        let mut streamed = Streamed::create(&root.join("mined.yaml")).unwrap();
        streamed.write(b"x").unwrap();
        streamed.finish().unwrap();
        let mode = |name: &str| {
            std::fs::metadata(root.join(name))
                .unwrap()
                .permissions()
                .mode()
                & 0o777
        };
        assert_eq!(mode("sheet.html"), mode("plain.txt"));
        assert_eq!(mode("mined.yaml"), mode("plain.txt"));
        let left: Vec<_> = std::fs::read_dir(&root)
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(left.len(), 3, "{left:?}");
        std::fs::remove_dir_all(&root).unwrap();
    }

    #[test]
    fn a_dropped_stream_leaves_nothing() {
        let root = folder("dropped");
        let mut streamed = Streamed::create(&root.join("new/deeper/mined.yaml")).unwrap();
        streamed.write(b"half").unwrap();
        drop(streamed);
        assert_eq!(std::fs::read_dir(&root).unwrap().count(), 0);
        std::fs::remove_dir_all(&root).unwrap();
    }

    #[test]
    fn devices_are_written_to_not_replaced() {
        write_file(Path::new("/dev/null"), "x").unwrap();
        assert!(is_device(Path::new("/dev/null")));
        let error = write_file(Path::new("/dev/full"), "x").unwrap_err();
        assert!(error.to_string().starts_with("/dev/full: "), "{error}");
        let mut outputs = Outputs::new();
        outputs.add("/dev/null", "a");
        outputs.add("/dev/null-answers.html", "b");
        assert!(outputs.commit().is_err());
        assert!(!Path::new("/dev/null-answers.html").exists());
    }
}
