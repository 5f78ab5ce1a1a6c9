//! A 100 MB archive streams through the PDN reader in bounded memory: the input is made on the
//! fly (never held), and a counting allocator measures the most heap the reading held at once.

use damtutor_rules::pdn::Reader;
use std::alloc::{GlobalAlloc, Layout, System};
use std::io::{BufReader, Read};
use std::sync::atomic::{AtomicUsize, Ordering};

/// The system allocator, counting the bytes held and the most held at once.
struct Counting;

static HELD: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let held = HELD.fetch_add(layout.size(), Ordering::Relaxed) + layout.size();
        PEAK.fetch_max(held, Ordering::Relaxed);
        System.alloc(layout)
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        HELD.fetch_sub(layout.size(), Ordering::Relaxed);
        System.dealloc(ptr, layout)
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// `total` bytes of games: one real game with comments in every 16, and games of a long
/// comment and one move between them (cheap to replay, heavy to read).
struct Archive {
    total: usize,
    given: usize,
    game: usize,
    pending: Vec<u8>,
    at: usize,
}

const REAL: &str = "[Event \"Club\"]\n[White \"A\"]\n[Black \"B\"]\n\n\
    1. 32-28 18-23 {a classical reply} 2. 38-32 12-18 3. 31-27 17-21 4. 36-31! 21-26\n\
    5. 41-36 $1 11-17 6. 46-41 7-12?! (6... 17-21 7. 27-22) 7. 28-22 17x28 8. 33x22\n\
    23-28 9. 32x23 19x17 10. 39-33 14-19 11. 43-39 10-14 12. 34-29 20-24 13. 29x20 15x24 1-1\n\n";

impl Read for Archive {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        if self.at == self.pending.len() {
            if self.given >= self.total {
                return Ok(0);
            }
            self.pending.clear();
            self.at = 0;
            self.game += 1;
            if self.game.is_multiple_of(16) {
                self.pending.extend_from_slice(REAL.as_bytes());
            } else {
                let line = "a comment line of a long annotated game, read and dropped\n";
                self.pending
                    .extend_from_slice(format!("[Event \"{}\"]\n{{", self.game).as_bytes());
                for _ in 0..200 {
                    self.pending.extend_from_slice(line.as_bytes());
                }
                self.pending.extend_from_slice(b"}\n1. 32-28 *\n\n");
            }
        }
        let n = buf.len().min(self.pending.len() - self.at);
        buf[..n].copy_from_slice(&self.pending[self.at..self.at + n]);
        self.at += n;
        self.given += n;
        Ok(n)
    }
}

#[test]
fn a_100_mb_archive_streams_in_bounded_memory() {
    let total = 100 << 20;
    let archive = Archive {
        total,
        given: 0,
        game: 0,
        pending: Vec::with_capacity(16 << 10),
        at: 0,
    };
    let before = HELD.load(Ordering::Relaxed);
    PEAK.store(before, Ordering::Relaxed);
    let (mut games, mut moves) = (0usize, 0usize);
    for game in Reader::new(BufReader::new(archive)) {
        let game = game.expect("every game reads");
        assert!(game.stop.is_none());
        games += 1;
        moves += game.moves.len();
    }
    let peak = PEAK.load(Ordering::Relaxed) - before;
    eprintln!("{games} games, {moves} moves from {total} bytes: at most {peak} bytes held");
    // About 9,000 games of 11.7 KB, one in 16 a real game of 26 moves.
    assert!(games > 8_000, "{games}");
    assert_eq!(moves, games + (games / 16) * 25);
    // The whole input is 100 MB; the reader holds one game (a comment of 12 KB) at a time.
    assert!(peak < 256 << 10, "the reading held {peak} bytes at once");
}
