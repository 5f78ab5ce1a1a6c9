//! The files the desk has made (worksheets, quizzes, practice pages, reports), kept in memory
//! for download: each job's files under a random token, the oldest jobs dropped first.

use std::collections::VecDeque;
use std::sync::Mutex;

/// How many jobs, and how many bytes in all, are kept.
const MAX_JOBS: usize = 64;
const MAX_BYTES: usize = 256 << 20;

/// One made file.
pub struct Made {
    pub name: String,
    pub bytes: Vec<u8>,
}

/// The kept files.
#[derive(Default)]
pub struct Store {
    jobs: Mutex<VecDeque<(String, Vec<Made>)>>,
}

impl Store {
    /// Keeps `files` and returns their token.
    pub fn keep(&self, files: Vec<Made>) -> String {
        let token = format!("{:016x}", rand::random::<u64>());
        let mut jobs = self.jobs.lock().unwrap_or_else(|e| e.into_inner());
        jobs.push_back((token.clone(), files));
        let size = |jobs: &VecDeque<(String, Vec<Made>)>| -> usize {
            jobs.iter()
                .flat_map(|(_, files)| files.iter().map(|f| f.bytes.len()))
                .sum()
        };
        while jobs.len() > 1 && (jobs.len() > MAX_JOBS || size(&jobs) > MAX_BYTES) {
            jobs.pop_front();
        }
        token
    }

    /// A copy of file `name` of job `token`.
    pub fn get(&self, token: &str, name: &str) -> Option<Vec<u8>> {
        let jobs = self.jobs.lock().unwrap_or_else(|e| e.into_inner());
        jobs.iter()
            .find(|(t, _)| t == token)?
            .1
            .iter()
            .find(|f| f.name == name)
            .map(|f| f.bytes.clone())
    }
}

/// The media type of a made file, by its extension.
pub fn media_type(name: &str) -> &'static str {
    match name.rsplit('.').next().unwrap_or("") {
        "html" => "text/html; charset=utf-8",
        "pdf" => "application/pdf",
        "csv" => "text/csv; charset=utf-8",
        "json" => "application/json",
        "svg" => "image/svg+xml",
        "md" => "text/markdown; charset=utf-8",
        "xml" => "application/xml",
        _ => "text/plain; charset=utf-8",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn files_are_found_by_token_and_name_and_old_jobs_go() {
        let store = Store::default();
        let first = store.keep(vec![Made {
            name: "a.html".into(),
            bytes: b"one".to_vec(),
        }]);
        assert_eq!(store.get(&first, "a.html").as_deref(), Some(&b"one"[..]));
        assert_eq!(store.get(&first, "b.html"), None);
        assert_eq!(store.get("0000", "a.html"), None);
        for _ in 0..MAX_JOBS {
            store.keep(Vec::new());
        }
        assert_eq!(store.get(&first, "a.html"), None);
    }
}
