//! `generate` and `mine`: composed sets are the same for the same seed, every exercise is proven
//! again by the solver (as `validate` does) with the motif asked for and a unique key, no two
//! exercises are the same position or mirrors; mining a fixture of games with known shots and
//! broken games gives the shots with their sources and reports the broken games.

use crate::support::cli;
use cli::run;

use damtutor::exercise::{self, Exercise, ExerciseSet};
use damtutor::generate::{self, ComposeOptions, Stop, Target};
use damtutor::solver::{Goal, Limits, Motif, VariantSolution};
use damtutor::words::Lang;
use damtutor::{verify, with_position, with_solution, Color, Variant};
use damtutor_rules::International;
use std::collections::HashSet;
use std::path::PathBuf;

const MINE_FIXTURE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/mine.pdn");

fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).expect("UTF-8 output")
}

/// A fresh path in the temporary folder for this test.
fn scratch(name: &str) -> PathBuf {
    let path = std::env::temp_dir().join(format!(
        "damtutor-generate-{}-{name}.yaml",
        std::process::id()
    ));
    let _ = std::fs::remove_file(&path);
    path
}

/// Runs `damtutor generate ARGS --out FILE` and returns the file's text.
fn generate_file(name: &str, args: &[&str]) -> String {
    let out = scratch(name);
    let mut all = vec!["generate"];
    all.extend_from_slice(args);
    all.extend_from_slice(&["--out", out.to_str().unwrap()]);
    let output = run(&all);
    assert_eq!(
        output.status.code(),
        Some(0),
        "{all:?} failed: {}",
        text(&output.stderr)
    );
    assert!(text(&output.stdout).starts_with("wrote "));
    let written = std::fs::read_to_string(&out).expect("the set is written");
    let _ = std::fs::remove_file(&out);
    written
}

/// Checks a written set as `validate` would, and more: every exercise proven again by the
/// solver with the default limits, no second key move, the motif present and the written motifs,
/// level and solution the solver's; no two exercises the same position or mirrors.
fn check_set(yaml: &str, motif: Option<Motif>) -> ExerciseSet {
    let set = exercise::parse(yaml, "generated").expect("the set reads back");
    let reports = verify::verify_set(&set, Limits::default());
    for report in &reports {
        assert!(report.ok(), "{}: {:?}", report.id, report.problems);
        assert!(
            report.warnings.is_empty(),
            "{}: {:?}",
            report.id,
            report.warnings
        );
    }
    let mut seen = HashSet::new();
    for (exercise, report) in set.exercises.iter().zip(&reports) {
        assert_eq!(report.id, exercise.id);
        check_exercise(&report.solution, exercise, motif);
        assert!(
            seen.insert(generate::canonical(&exercise.position)),
            "{} repeats an exercise (or its mirror)",
            exercise.id
        );
    }
    set
}

/// One exercise of [`check_set`], with the solver's solution of it.
fn check_exercise(solution: &VariantSolution, exercise: &Exercise, motif: Option<Motif>) {
    assert!(solution.is_solved(), "{} is not proven", exercise.id);
    assert!(
        with_solution!(solution, s => s.single_key()),
        "{}: key moves {:?}",
        exercise.id,
        solution.key_texts()
    );
    if let Some(motif) = motif {
        assert!(
            solution.motifs().contains(&motif),
            "{}: {:?}",
            exercise.id,
            solution.motifs()
        );
        assert!(exercise.motifs.contains(&motif));
    }
    assert_eq!(exercise.motifs, solution.motifs(), "{}", exercise.id);
    assert_eq!(exercise.difficulty, solution.difficulty().map(|d| d.level));
    assert_eq!(
        exercise.solution.as_deref(),
        Some(solution.line_texts().join(" ").as_str())
    );
    with_position!(&exercise.position, position => {
        assert!(position.legal_moves().iter().all(|m| !m.is_capture()));
        assert!(generate::looks_like_play(position), "{}", exercise.id);
    });
}

#[test]
fn the_same_seed_gives_the_same_set_and_another_seed_another() {
    let args = ["--motif", "shot", "--count", "3"];
    let first = generate_file("seed-a", &[&args[..], &["--seed", "11"]].concat());
    let again = generate_file("seed-b", &[&args[..], &["--seed", "11"]].concat());
    let other = generate_file("seed-c", &[&args[..], &["--seed", "12"]].concat());
    assert_eq!(first, again);
    assert_ne!(first, other);
    let set = check_set(&first, Some(Motif::Sacrifice));
    assert_eq!(set.exercises.len(), 3);
    assert_eq!(set.exercises[0].id, "shot-01");
    assert_eq!(
        set.exercises[0].source.get(Lang::English),
        Some("damtutor generate --motif shot --seed 11")
    );
    for exercise in &set.exercises {
        // A shot wins: material or the game.
        assert!(matches!(exercise.goal, Goal::Material(_) | Goal::Win));
        let solution = exercise.solution.as_deref().unwrap();
        assert!(in_notation(solution, Variant::International), "{solution}");
    }
}

#[test]
fn the_notation_check_tells_the_games_apart() {
    use Variant::*;
    assert!(in_notation("32-28 23x32 37x28", International));
    assert!(!in_notation("32-28 23x51", International));
    assert!(!in_notation("c3-d4", International));
    assert!(in_notation("11-15 24x15", English));
    assert!(!in_notation("32-28 33-29", English));
    assert!(in_notation("c3-d4 d6xf4", Brazilian));
    assert!(!in_notation("c3-d4 d6:f4", Brazilian));
    assert!(in_notation("c3-d4 d6:f4", Russian));
    assert!(!in_notation("c3-d4 d6xf4", Russian));
    assert!(!in_notation("i3-d4", Russian));
}

#[test]
fn turkish_strikes_for_black_are_proven_strikes() {
    let yaml = generate_file(
        "turkish",
        &[
            "--motif",
            "turkish_strike",
            "--count",
            "2",
            "--seed",
            "3",
            "--side",
            "black",
        ],
    );
    let set = check_set(&yaml, Some(Motif::TurkishStrike));
    assert_eq!(set.exercises.len(), 2);
    assert!(set
        .exercises
        .iter()
        .all(|e| e.position.turn() == Color::Black));
}

#[test]
fn king_traps_and_breakthroughs_show_their_motif() {
    let yaml = generate_file(
        "king-trap",
        &[
            "--motif",
            "king_trap",
            "--count",
            "2",
            "--seed",
            "5",
            "--side",
            "white",
        ],
    );
    let set = check_set(&yaml, Some(Motif::KingTrap));
    assert!(set
        .exercises
        .iter()
        .all(|e| e.position.turn() == Color::White));
    let yaml = generate_file(
        "breakthrough",
        &[
            "--motif",
            "breakthrough",
            "--count",
            "2",
            "--seed",
            "5",
            "--pieces",
            "6..14",
        ],
    );
    let set = check_set(&yaml, Some(Motif::Breakthrough));
    for exercise in &set.exercises {
        let pieces = intl(exercise).occupied().count();
        assert!(
            (6..=14).contains(&pieces),
            "{}: {pieces} pieces",
            exercise.id
        );
    }
}

#[test]
fn level_and_line_length_are_kept() {
    let yaml = generate_file(
        "level",
        &[
            "--motif", "any", "--count", "3", "--seed", "2", "--level", "2", "--plies", "3..5",
        ],
    );
    let set = check_set(&yaml, None);
    for exercise in &set.exercises {
        assert_eq!(exercise.difficulty, Some(2), "{}", exercise.id);
        let moves = exercise.solution.as_deref().unwrap().split(' ').count();
        assert!((3..=5).contains(&moves), "{}: {moves} plies", exercise.id);
    }
}

#[test]
fn composing_does_not_depend_on_the_number_of_threads() {
    let options = ComposeOptions::new(Target::KingTrap, 3, 9);
    let fens = |threads: usize| {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap();
        let report = pool.install(|| generate::compose(&options, &Stop::default(), |_| {}));
        assert!(!report.stopped);
        report
            .exercises
            .iter()
            .map(|c| (c.index, c.proven.solution.position().to_string()))
            .collect::<Vec<_>>()
    };
    let one = fens(1);
    assert_eq!(one.len(), 3);
    assert_eq!(one, fens(3));
}

#[test]
fn an_impossible_request_stops_at_the_time_limit_and_writes_nothing() {
    let out = scratch("impossible");
    let output = run(&[
        "generate",
        "--motif",
        "turkish_strike",
        "--plies",
        "1..1",
        "--time-limit",
        "1",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(output.status.code(), Some(1));
    let message = text(&output.stderr);
    assert!(
        message.contains("no turkish_strike exercise found"),
        "{message}"
    );
    assert!(message.contains("nothing written"), "{message}");
    assert!(!out.exists());
}

#[test]
fn a_stop_before_the_count_keeps_what_was_found() {
    let stop = Stop::default();
    let options = ComposeOptions::new(Target::KingTrap, 1000, 4);
    let report = generate::compose(&options, &stop, |report| {
        if !report.exercises.is_empty() {
            stop.raise();
        }
    });
    assert!(report.stopped);
    assert!(!report.exercises.is_empty() && report.exercises.len() < 1000);
}

#[test]
fn bad_options_are_usage_errors() {
    for args in [
        &["generate", "--motif", "fork", "--out", "x.yaml"][..],
        &[
            "generate", "--motif", "shot", "--plies", "9..3", "--out", "x.yaml",
        ],
        &[
            "generate", "--motif", "shot", "--side", "red", "--out", "x.yaml",
        ],
        &[
            "generate", "--motif", "shot", "--level", "7", "--out", "x.yaml",
        ],
        &["mine", "no-such-file.pdn", "--out", "x.yaml"],
        &["mine", MINE_FIXTURE, "--motif", "fork", "--out", "x.yaml"],
    ] {
        let output = run(args);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert!(!text(&output.stderr).is_empty());
    }
}

#[test]
fn mining_finds_the_known_shots_and_reports_the_broken_games() {
    let out = scratch("mined");
    let output = run(&["mine", MINE_FIXTURE, "--out", out.to_str().unwrap()]);
    let stdout = text(&output.stdout);
    let stderr = text(&output.stderr);
    assert_eq!(output.status.code(), Some(0), "{stderr}");
    // Nine games, three of them broken: each mined up to its broken move (123 positions).
    assert!(
        stdout.starts_with(
            "games read: 9 (0 skipped, 3 stopped short), positions examined: 123, exercises found: "
        ),
        "{stdout}"
    );
    assert!(stdout.contains("(1 duplicates dropped)"), "{stdout}");
    assert!(stdout.contains(" games/s, "), "{stdout}");
    assert!(stdout.contains(" positions/s (9 games in "), "{stdout}");
    for broken in [
        "game 3, line 27: move 2 (33-29): capture is compulsory: 28x19 (the game is mined up to there)",
        "game 5, line 42: 'Qh5' is not a move, a move number or a result: skipped",
        "game 5, line 42: move 2 (14-19): the piece on 14 is Black's",
        "game 8, line 66: unterminated comment",
    ] {
        assert!(stderr.contains(broken), "{broken} not in {stderr}");
    }
    assert_eq!(stderr.matches("warning:").count(), 4, "{stderr}");

    let yaml = std::fs::read_to_string(&out).expect("the set is written");
    let _ = std::fs::remove_file(&out);
    let set = check_set(&yaml, Some(Motif::Sacrifice));
    let find = |id: &str| {
        set.exercises
            .iter()
            .find(|e| e.id == id)
            .unwrap_or_else(|| panic!("{id} not found in {yaml}"))
    };
    // The coup Philippe, played in game 1.
    let philippe = find("mine-g1-1w");
    assert_eq!(
        philippe.source.get(Lang::English),
        Some("Jansen, A. - de Vries, B., Club championship, 2024.03.02, move 1")
    );
    assert_eq!(
        philippe.comment.get(Lang::English),
        Some("Played in the game.")
    );
    assert_eq!(
        philippe.solution.as_deref(),
        Some("27-22 18x27 32x21 16x27 34-30 25x34 40x16")
    );
    assert!(philippe.motifs.iter().any(|m| m == "coup_philippe"));
    // The combination inside it is not a second exercise.
    assert!(
        set.exercises
            .iter()
            .filter(|e| e.id.starts_with("mine-g1-"))
            .count()
            == 1
    );
    // A breakthrough missed in game 2.
    let missed = find("mine-g2-1w");
    assert_eq!(missed.goal, Goal::Win);
    assert_eq!(
        missed.comment.get(Lang::English),
        Some("Missed in the game, which went 32-27.")
    );
    assert_eq!(missed.solution.as_deref(), Some("26-21 17x28 43x3"));
    // Black's shot played at move 14 of game 4; game 6 repeats it, missed, and is dropped.
    let black = find("mine-g4-14b");
    assert_eq!(
        black.source.get(Lang::English),
        Some("Random, R. - Chance, C., Training match, 2025.01.15, move 14...")
    );
    assert_eq!(black.position.turn(), Color::Black);
    assert!(set.exercises.iter().all(|e| !e.id.starts_with("mine-g6-")));
    // Game 7: the shot missed at move 10; Black's 16... 21-27 32x21 16x36 only wins back the
    // man 15. 40x29 took, and is left out.
    assert_eq!(
        find("mine-g7-10b").comment.get(Lang::English),
        Some("Missed in the game, which went 13-18.")
    );
    assert!(set.exercises.iter().all(|e| e.id != "mine-g7-16b"));
}

#[test]
fn mining_with_a_larger_gain_keeps_only_larger_gains() {
    let mut options = generate::MineOptions::default();
    options.proof.min_gain = 2;
    let input = std::io::BufReader::new(std::fs::File::open(MINE_FIXTURE).unwrap());
    let mut report = generate::MineReport::default();
    let mut cut = Vec::new();
    let mut found = Vec::new();
    generate::mine(
        input,
        &options,
        &Stop::default(),
        &mut report,
        |event| match event {
            generate::mine::Event::Cut(error) => cut.push((error.game, error.line)),
            generate::mine::Event::Found(mined) => found.push(*mined),
            _ => {}
        },
    );
    assert_eq!(cut, [(3, 27), (5, 42), (8, 66)]);
    assert_eq!(
        (report.games, report.skipped, report.cut, report.positions),
        (9, 0, 3, 123)
    );
    assert!(!found.is_empty());
    assert_eq!(report.found, found.len() as u64);
    for mined in &found {
        let gain = match mined.proven.goal {
            Goal::Material(n) => n,
            Goal::Win => u32::MAX,
            other => panic!("goal {other}"),
        };
        assert!(gain >= 2, "{}: {}", mined.source, mined.proven.goal);
    }
    assert!(found.iter().any(|m| m.game == 1 && m.number == 1));
}

#[test]
fn a_set_written_to_standard_output_is_the_only_thing_there() {
    let output = run(&[
        "generate",
        "--motif",
        "king_trap",
        "--count",
        "2",
        "--seed",
        "1",
        "--out",
        "/dev/stdout",
    ]);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    let set = check_set(&text(&output.stdout), Some(Motif::KingTrap));
    assert_eq!(set.exercises.len(), 2);
    assert!(text(&output.stderr).starts_with("wrote 2 exercises to /dev/stdout"));
}

/// A generated exercise's position (generation is of international draughts).
fn intl(exercise: &damtutor::exercise::Exercise) -> damtutor::Position<International> {
    exercise.position.get().expect("an international exercise")
}

/// Each move of `solution` written in the notation of `variant`: numbers 1-50 in international
/// draughts (`32-28`, `28x19`) and 1-32 in english checkers (`11-15`, `15x24`), square names in
/// the 64-square games (`c3-d4`; captures `c3xe5` in brazilian, `c3:e5` in russian).
fn in_notation(solution: &str, variant: Variant) -> bool {
    solution.split(' ').all(|m| {
        let named = |s: &str| {
            let mut c = s.chars();
            matches!(c.next(), Some('a'..='h'))
                && matches!(c.as_str(), "1" | "2" | "3" | "4" | "5" | "6" | "7" | "8")
        };
        let numbered = |s: &str, last: u8| s.parse::<u8>().is_ok_and(|n| (1..=last).contains(&n));
        match variant {
            Variant::International => m.split(['-', 'x']).all(|s| numbered(s, 50)),
            Variant::English => m.split(['-', 'x']).all(|s| numbered(s, 32)),
            Variant::Brazilian => m.split(['-', 'x']).all(named),
            Variant::Russian => m.split(['-', ':']).all(named),
        }
    })
}

/// Generates `motif` exercises of `variant` twice with one seed, checks that the files are the
/// same, and checks the set as `validate` does and in the game's notation.
fn generate_8x8(variant: Variant, motif: &str, count: usize, seed: u64, expected: Motif) {
    let args = [
        "--variant",
        variant.name(),
        "--motif",
        motif,
        "--count",
        &count.to_string(),
        "--seed",
        &seed.to_string(),
    ];
    let name = format!("{variant}-{motif}");
    let yaml = generate_file(&format!("{name}-a"), &args);
    let again = generate_file(&format!("{name}-b"), &args);
    assert_eq!(yaml, again, "{name}: the same seed gives the same file");
    assert!(
        yaml.contains(&format!("variant: {variant}\n")),
        "{name}: {yaml}"
    );
    let set = check_set(&yaml, Some(expected));
    assert_eq!(set.variant, variant);
    assert_eq!(set.exercises.len(), count, "{name}");
    for exercise in &set.exercises {
        assert_eq!(exercise.variant(), variant);
        let solution = exercise.solution.as_deref().unwrap();
        assert!(in_notation(solution, variant), "{name}: {solution}");
        assert_eq!(
            exercise.source.get(Lang::English),
            Some(
                format!("damtutor generate --variant {variant} --motif {motif} --seed {seed}")
                    .as_str()
            )
        );
        let pieces = with_position!(&exercise.position, p => p.occupied().count());
        assert!(pieces <= 24, "{}: {pieces} pieces", exercise.id);
    }
}

#[test]
fn the_64_square_game_composes_shots_and_turkish_strikes() {
    generate_8x8(Variant::Brazilian, "shot", 3, 7, Motif::Sacrifice);
    generate_8x8(
        Variant::Brazilian,
        "turkish_strike",
        2,
        7,
        Motif::TurkishStrike,
    );
}

#[test]
fn russian_draughts_composes_king_traps_and_turkish_strikes() {
    generate_8x8(Variant::Russian, "king_trap", 2, 7, Motif::KingTrap);
    generate_8x8(
        Variant::Russian,
        "turkish_strike",
        1,
        7,
        Motif::TurkishStrike,
    );
}

#[test]
fn english_checkers_composes_breakthroughs_and_shots() {
    generate_8x8(Variant::English, "breakthrough", 2, 7, Motif::Breakthrough);
    generate_8x8(Variant::English, "shot", 3, 7, Motif::Sacrifice);
}

#[test]
fn requests_the_game_cannot_meet_are_usage_errors() {
    for (args, message) in [
        (
            &[
                "generate",
                "--variant",
                "64",
                "--motif",
                "shot",
                "--pieces",
                "6..30",
            ][..],
            "--pieces 6..30: the 8x8 board of brazilian draughts holds at most 24 pieces (12 men \
             a side); use a range within 2..24",
        ),
        (
            &[
                "generate",
                "--variant",
                "english",
                "--motif",
                "turkish_strike",
            ][..],
            "english checkers has no Turkish strike",
        ),
        (
            &["generate", "--variant", "chess", "--motif", "shot"][..],
            "--variant",
        ),
        (
            &["mine", MINE_FIXTURE, "--variant", "frisian"][..],
            "--variant",
        ),
    ] {
        let mut all = args.to_vec();
        all.extend_from_slice(&["--out", "never-written.yaml"]);
        let output = run(&all);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        let stderr = text(&output.stderr);
        assert!(stderr.contains(message), "{args:?}: {stderr}");
        assert!(!stderr.contains("panicked"), "{stderr}");
        assert!(!std::path::Path::new("never-written.yaml").exists());
    }
}
