//! Real game files (../shared/games beside the repository, see its SOURCES.md; set
//! `DAMTUTOR_SHARED` to read them from elsewhere): every game is read, a game that breaks the
//! rules stops at its located move, and the rest of the file is read.

use damtutor_rules::pdn::{PdnError, PdnGame, VariantGame, VariantReader};
use damtutor_rules::{Rules, Variant};
use std::fs::File;
use std::io::BufReader;
use std::path::PathBuf;

fn shared_games() -> PathBuf {
    let shared = std::env::var_os("DAMTUTOR_SHARED").map_or_else(
        || PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../../../shared")),
        PathBuf::from,
    );
    let games = shared.join("games");
    assert!(
        games.is_dir(),
        "{} is missing: these tests read the shared game files beside the repository \
         (set DAMTUTOR_SHARED to the folder that holds games/)",
        games.display()
    );
    games
}

/// What one file gave: games read, games stopped short, moves, where they stopped and the
/// warnings, each as `line: message`.
#[derive(Default, Debug)]
struct Tally {
    games: usize,
    unreadable: Vec<String>,
    moves: usize,
    stops: Vec<String>,
    warnings: Vec<String>,
}

impl Tally {
    fn add<R: Rules>(&mut self, game: &PdnGame<R>) {
        self.games += 1;
        self.moves += game.moves.len();
        let said = |e: &PdnError| format!("{}: {}", e.line, e.problem);
        self.stops.extend(game.stop.iter().map(said));
        self.warnings.extend(game.warnings.iter().map(said));
    }
}

fn read(name: &str, default: Variant) -> Tally {
    let path = shared_games().join(name);
    let file = File::open(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut tally = Tally::default();
    for game in VariantReader::new(BufReader::new(file), default) {
        match game {
            Ok(VariantGame::International(game)) => tally.add(&game),
            Ok(VariantGame::Brazilian(game)) => tally.add(&game),
            Ok(VariantGame::Russian(game)) => tally.add(&game),
            Ok(VariantGame::English(game)) => tally.add(&game),
            Err(e) => tally.unreadable.push(e.to_string()),
        }
    }
    tally
}

#[test]
fn international_files_read_whole() {
    for (name, games, moves) in [
        ("mig0_internt_wk2003.pdn", 190, 19_600),
        ("mig0_internt_az2000.pdn", 29, 2_671),
        ("mig0_internt_Cannes_Open_Tournament_2002.pdn", 50, 5_064),
    ] {
        let tally = read(name, Variant::International);
        assert_eq!(tally.unreadable, Vec::<String>::new(), "{name}");
        assert_eq!(tally.stops, Vec::<String>::new(), "{name}");
        assert_eq!((tally.games, tally.moves), (games, moves), "{name}");
    }
    // The Cannes file is in Latin-1 (a player's name on line 49): said once.
    let tally = read(
        "mig0_internt_Cannes_Open_Tournament_2002.pdn",
        Variant::International,
    );
    assert_eq!(tally.warnings.len(), 1);
    assert!(tally.warnings[0].starts_with("49: this line is not UTF-8"));
}

#[test]
fn russian_files_read_whole() {
    let tally = read("wiegerw_succeed_ussr1947.pdn", Variant::Russian);
    assert_eq!((tally.games, tally.moves), (153, 8_730));
    assert!(tally.unreadable.is_empty() && tally.stops.is_empty() && tally.warnings.is_empty());

    // Two games of Abatsiev's have no recorded moves ("1. - - 2. - - ..."): kept, with their
    // tags and results, and stopped at the first dash.
    let tally = read("mig0_russian_abatsiev.pdn", Variant::Russian);
    assert_eq!((tally.games, tally.moves), (198, 9_515));
    assert!(tally.unreadable.is_empty() && tally.warnings.is_empty());
    assert_eq!(
        tally.stops,
        [
            "599: move 1: '-' stands for a move not recorded",
            "2351: move 1: '-' stands for a move not recorded",
        ]
    );
}

#[test]
fn english_files_read_whole() {
    let tally = read("wiegerw_succeed_inferno.pdn", Variant::English);
    assert_eq!((tally.games, tally.moves), (68, 3_306));
    assert!(tally.unreadable.is_empty() && tally.stops.is_empty() && tally.warnings.is_empty());

    // Tinsley's games (no GameType tag): one typo in the source, "62. 32-28" for Black's king
    // that went 32-28 two moves before (28-32 meant); two notes glued to the last move.
    let tally = read("raven_tinsley.pdn", Variant::English);
    assert_eq!((tally.games, tally.moves), (724, 36_108));
    assert!(tally.unreadable.is_empty());
    assert_eq!(
        tally.stops,
        ["5588: move 62 (32-28): there is no piece on 32"]
    );
    assert_eq!(
        tally.warnings,
        [
            "6434: 'Redoversteppedthetimecontrolonthismove.' after move 16 (8-11): skipped",
            "7170: 'Whiteoversteppedthetimecontrolonthismove.' after move 17... (26-22): skipped",
        ]
    );
}
