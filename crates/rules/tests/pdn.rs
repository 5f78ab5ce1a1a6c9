//! PDN files: crates/rules/tests/data/games.pdn read game by game from disk, then written and read back.

use damtutor_rules::pdn::{self, write_game, GameResult, MoveInfo, Nag, PdnError};
use damtutor_rules::{Color, International, Outcome, Rules};

/// International draughts, the game of these PDN files.
type PdnGame = damtutor_rules::pdn::PdnGame<International>;
type Position = damtutor_rules::Position<International>;
type Move = damtutor_rules::Move<International>;
type Reader<B> = damtutor_rules::pdn::Reader<B, International>;
use std::fs::File;
use std::io::BufReader;

fn read_fixture() -> Vec<Result<PdnGame, PdnError>> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/games.pdn");
    let file = File::open(path).expect("tests/data/games.pdn");
    pdn::Reader::new(BufReader::new(file)).collect()
}

fn ok(game: &Result<PdnGame, PdnError>) -> &PdnGame {
    game.as_ref().expect("a valid game")
}

fn err(game: &Result<PdnGame, PdnError>) -> (usize, usize, String) {
    let error = game.as_ref().expect_err("a broken game");
    (error.game, error.line, error.message())
}

/// Where a game stops short: (game, line, message).
fn stop<R: Rules>(game: &pdn::PdnGame<R>) -> (usize, usize, String) {
    let stop = game.stop.as_ref().expect("a game that stops short");
    (stop.game, stop.line, stop.message())
}

#[test]
fn reads_every_game_and_reports_the_broken_ones() {
    let games = read_fixture();
    assert_eq!(games.len(), 8);

    // 1: from the initial position, with comments, NAGs, variations and move numbers.
    let game = ok(&games[0]);
    assert_eq!((game.number, game.line), (1, 2));
    assert_eq!(game.tags.len(), 8);
    assert_eq!(
        game.tags[0],
        ("Event".to_string(), "Club championship".to_string())
    );
    assert_eq!(game.tag("White"), Some("Jansen, A."));
    assert_eq!(game.tag("Result"), Some("1-1"));
    assert_eq!(game.start, Position::initial());
    assert_eq!(game.moves.len(), 26);
    assert_eq!(
        game.final_position().to_string(),
        "W:W27,31,33,35,36,37,39,40,41,42,44,45,47,48,49,50:\
         B1,2,3,4,5,6,8,9,12,13,14,16,17,18,19,24,26"
    );
    assert_eq!(game.result, Some(GameResult::Draw));
    assert_eq!(
        game.comments,
        [
            "Test games for tests/pdn.rs. Every move is checked by the rules engine.",
            "A quiet opening."
        ]
    );
    assert_eq!(game.info[1].comments, ["a classical reply"]);
    assert_eq!(game.info[6].nags, [Nag(1)]); // 4. 36-31!
    assert_eq!(game.info[8].nags, [Nag(1)]); // 5. 41-36 $1
    let weak = &game.info[11]; // 6... 7-12?!
    assert_eq!(
        (weak.text.as_str(), weak.label(), weak.line),
        ("7-12", "6...".into(), 12)
    );
    assert_eq!(weak.nags, [Nag(6)]);
    assert_eq!(weak.variations, ["6... 17-21 7. 27-22 {and White is fine}"]);
    let double = &game.info[17]; // 9... 19x17!! ; two for two
    assert_eq!(
        (double.text.as_str(), double.nags.as_slice()),
        ("19x17", &[Nag(3)][..])
    );
    assert_eq!(double.comments, ["two for two"]);
    assert_eq!(game.info[22].variations, ["12. 40-34 (12. 39-34) 20-24"]);
    let last = &game.info[25];
    assert_eq!(
        (last.number, last.side, last.ply, last.line),
        (13, Color::Black, 25, 15)
    );
    let positions = game.positions();
    assert_eq!(positions.len(), 27);
    assert_eq!(positions[25].turn(), Color::Black);
    assert!(positions[25].is_legal(&game.moves[25]));

    // 2: a [FEN] setup whose first move needs its full path.
    let game = ok(&games[1]);
    assert_eq!((game.number, game.line), (2, 17));
    assert_eq!(game.start.to_string(), "W:WK10,13:B16,18,19,21,22");
    assert_eq!(game.info[0].text, "10x28x17x26");
    assert_eq!(game.moves.len(), 4);
    assert_eq!(game.final_position().to_string(), "W:WK3:B9,21");
    assert_eq!(game.result, Some(GameResult::Draw));

    // 3: an illegal move: the game stops where it stands, its moves before it and its result
    // kept.
    let game = ok(&games[2]);
    assert_eq!(
        stop(game),
        (3, 26, "move 2 (33-29): capture is compulsory: 28x19".into())
    );
    assert_eq!(
        game.stop.as_ref().unwrap().to_string(),
        "game 3, line 26: move 2 (33-29): capture is compulsory: 28x19"
    );
    assert_eq!(texts(game), ["32-28", "19-23"]);
    assert!(game.info[1].comments.is_empty()); // the comment after the stop is not read
    assert_eq!(game.result, Some(GameResult::WhiteWins));

    // 4: a comment never closed: the game stops at its '{', and the next game is still read.
    let game = ok(&games[3]);
    assert_eq!(
        stop(game),
        (4, 31, "unterminated comment: '{' without '}'".into())
    );
    assert_eq!(texts(game), ["34-29"]);
    let game = ok(&games[4]);
    assert_eq!((game.number, game.line), (5, 34));
    assert_eq!(game.tag("Event"), Some("After the broken game"));
    assert_eq!(game.moves.len(), 4);
    assert_eq!(game.result, Some(GameResult::WhiteWins));

    // 6: a word that is no move: a warning, and the game goes on; it has no result and ends
    // at the next tags.
    let game = ok(&games[5]);
    assert_eq!(game.stop, None);
    assert_eq!(texts(game), ["32-28", "19-23", "28x19"]);
    let warning = &game.warnings[0];
    assert_eq!(
        (warning.game, warning.line, warning.message()),
        (
            6,
            41,
            "'Qh5' is not a move, a move number or a result: skipped".into()
        )
    );
    assert_eq!(game.result, None);

    // 7: another variant of draughts.
    assert_eq!(
        err(&games[6]),
        (
            7,
            44,
            "game type 21 is not international draughts (GameType \"20\")".into()
        )
    );

    // 8: a result alone.
    let game = ok(&games[7]);
    assert_eq!((game.number, game.line), (8, 48));
    assert_eq!(game.tags.len(), 4);
    assert!(game.moves.is_empty());
    assert_eq!(game.final_position(), Position::initial());
    assert_eq!(game.result, Some(GameResult::BlackWins));
}

#[test]
fn written_games_read_back_the_same() {
    let games: Vec<PdnGame> = read_fixture()
        .into_iter()
        .filter_map(Result::ok)
        .filter(|game| game.stop.is_none() && game.warnings.is_empty())
        .collect();
    assert_eq!(games.len(), 4);
    let file: Vec<String> = games.iter().map(pdn::write_game).collect();
    let file = file.join("\n");
    assert!(
        file.lines().all(|line| line.chars().count() <= 80),
        "{file}"
    );
    assert!(file.contains("[FEN \"W:WK10,13:B16,18,19,21,22\"]\n\n1. 10x28x17x26 18x9 2. 26-3"));
    assert!(!file.contains("[FEN \"W:W31"));
    let back: Vec<PdnGame> = pdn::Reader::new(file.as_bytes())
        .collect::<Result<_, _>>()
        .expect("written games read back");
    assert_eq!(back.len(), games.len());
    for (game, again) in games.iter().zip(&back) {
        assert_eq!(again.tags, game.tags);
        assert_eq!(again.start, game.start);
        assert_eq!(again.moves, game.moves);
        assert_eq!(again.comments, game.comments);
        assert_eq!(again.result, game.result);
        for (a, b) in game.info.iter().zip(&again.info) {
            assert_eq!(
                (
                    a.number,
                    a.side,
                    &a.text,
                    &a.nags,
                    &a.comments,
                    &a.variations
                ),
                (
                    b.number,
                    b.side,
                    &b.text,
                    &b.nags,
                    &b.comments,
                    &b.variations
                )
            );
        }
    }
    // The first game as written: tags, then movetext numbered, wrapped, `$1` as `!`.
    assert_eq!(
        pdn::write_game(&games[0]),
        "[Event \"Club championship\"]
[Site \"Utrecht\"]
[Date \"2024.03.02\"]
[Round \"3\"]
[White \"Jansen, A.\"]
[Black \"de Vries, B.\"]
[Result \"1-1\"]
[GameType \"20\"]

{Test games for tests/pdn.rs. Every move is checked by the rules engine.} {A
quiet opening.} 1. 32-28 18-23 {a classical reply} 2. 38-32 12-18 3. 31-27 17-21
4. 36-31! 21-26 5. 41-36! 11-17 6. 46-41 7-12?! (6... 17-21 7. 27-22 {and White
is fine}) 7. 28-22 17x28 8. 33x22 23-28 9. 32x23 19x17!! {two for two} 10. 39-33
14-19 11. 43-39 10-14 12. 34-29 (12. 40-34 (12. 39-34) 20-24) 12... 20-24
13. 29x20 15x24 1-1
"
    );
}

// The reader and writer on small texts.

fn read(text: &str) -> Vec<Result<PdnGame, PdnError>> {
    Reader::new(text.as_bytes()).collect()
}

fn one(text: &str) -> PdnGame {
    let mut games = read(text);
    assert_eq!(games.len(), 1, "{games:?}");
    games.remove(0).unwrap()
}

fn error(text: &str) -> (usize, usize, String) {
    let games = read(text);
    let error = games.into_iter().find_map(Result::err).expect("an error");
    (error.game, error.line, error.message())
}

fn texts<R: Rules>(game: &pdn::PdnGame<R>) -> Vec<&str> {
    game.info.iter().map(|info| info.text.as_str()).collect()
}

#[test]
fn results_in_every_form() {
    for (token, result) in [
        ("2-0", GameResult::WhiteWins),
        ("1-0", GameResult::WhiteWins),
        ("1-1", GameResult::Draw),
        ("1/2-1/2", GameResult::Draw),
        ("0-2", GameResult::BlackWins),
        ("0-1", GameResult::BlackWins),
        ("*", GameResult::Unknown),
    ] {
        let game = one(&format!("1. 32-28 {token}"));
        assert_eq!(game.result, Some(result), "{token}");
        assert_eq!(game.moves.len(), 1);
    }
    assert_eq!(GameResult::Draw.outcome(), Some(Outcome::Draw));
    assert_eq!(GameResult::Unknown.outcome(), None);
}

#[test]
fn games_end_at_the_next_tags_or_the_end_of_the_file() {
    let games = read("[Event \"a\"]\n1. 32-28\n[Event \"b\"]\n[Round \"2\"]\n1. 31-27 19-23");
    let games: Vec<PdnGame> = games.into_iter().map(Result::unwrap).collect();
    assert_eq!(games.len(), 2);
    assert_eq!((games[0].number, games[0].line), (1, 1));
    assert_eq!((games[1].number, games[1].line), (2, 3));
    assert_eq!(games[0].result, None);
    assert_eq!(texts(&games[1]), ["31-27", "19-23"]);
    assert_eq!(games[1].tag("round"), Some("2"));
    // Only comments after the last game: no game.
    assert_eq!(read("1. 32-28 *\n{end of file}\n").len(), 1);
    assert!(read("").is_empty());
}

#[test]
fn move_numbers_are_skipped_and_number_the_moves() {
    let game = one("1.32-28 1...19-23 2. 28x19 2. ... 14x23 3. 37-32 *");
    assert_eq!(texts(&game), ["32-28", "19-23", "28x19", "14x23", "37-32"]);
    let labels: Vec<String> = game.info.iter().map(MoveInfo::label).collect();
    assert_eq!(labels, ["1", "1...", "2", "2...", "3"]);
    // A setup with Black to move, numbered from the file.
    let game = one("[FEN \"B:W28,K46:B19,5\"]\n23... 19-23 24. 28x19 5-10 *");
    let info = &game.info[2];
    assert_eq!((info.number, info.side, info.ply), (24, Color::Black, 2));
    assert_eq!(game.positions().len(), 4);
    assert_eq!(game.positions()[2].to_string(), "B:W19,K46:B5");
    assert_eq!(game.final_position().to_string(), "W:W19,K46:B10");
    let game = one("[FEN \"B:W28,K46:B19,5\"]\n23... 19-23 24. 46-37 *");
    assert_eq!(
        stop(&game).2,
        "move 24 (46-37): capture is compulsory: 28x19"
    );
}

#[test]
fn annotations() {
    let game = one("32-28! $14 19-23?? 28x19!? $1 14x23?! 33-29 $200 ?? *");
    let nags: Vec<Vec<u8>> = game
        .info
        .iter()
        .map(|info| info.nags.iter().map(|nag| nag.0).collect())
        .collect();
    assert_eq!(
        nags,
        [vec![1, 14], vec![4], vec![5, 1], vec![6], vec![200, 4]]
    );
    assert_eq!(texts(&game), ["32-28", "19-23", "28x19", "14x23", "33-29"]);
    assert_eq!(Nag(3).suffix(), Some("!!"));
    assert_eq!(Nag(7).suffix(), None);
    assert_eq!(Nag(0).suffix(), None);
    assert_eq!(
        stop(&one("1. 32-28!!! *")).2,
        "move 1: unknown annotation '!!!' in '32-28!!!'"
    );
    assert_eq!(
        stop(&one("1. 32-28 $300 *")).2,
        "bad annotation '$300': expected '$' and a number 0-255"
    );
    let game = one("$1 32-28 *");
    assert_eq!(
        game.warnings[0].message(),
        "annotation '$1' before the first move: skipped"
    );
    assert_eq!(texts(&game), ["32-28"]);
}

#[test]
fn comments_and_variations() {
    let text = "{before} 32-28 {first\n  line} {second} ( 32-27 ; a (line comment\n\
                19-23 {a ) in a comment} (31-26) ) 19-23 ; last\n*";
    let game = one(text);
    assert_eq!(game.comments, ["before"]);
    assert_eq!(game.info[0].comments, ["first line", "second"]);
    assert_eq!(
        game.info[0].variations,
        ["32-27 {a (line comment} 19-23 {a ) in a comment} (31-26)"]
    );
    assert_eq!(game.info[1].comments, ["last"]);
    assert_eq!(game.info[1].line, 3);
    assert_eq!(game.result, Some(GameResult::Unknown));
}

#[test]
fn broken_games_stop_and_broken_tags_are_skipped() {
    let game = one("32-28 ) 19-23 *");
    assert_eq!(stop(&game), (1, 1, "')' without '('".into()));
    assert_eq!(texts(&game), ["32-28"]);
    assert_eq!(game.result, Some(GameResult::Unknown));
    assert_eq!(
        one("(32-27) 32-28 *").warnings[0].message(),
        "variation before the first move: skipped"
    );
    let text = "[Event \"a\"]\n1. 32-28 (32-27\n19-23\n[Event \"b\"]\n1. 31-27 *\n";
    let games = read(text);
    assert_eq!(games.len(), 2);
    let game = games[0].as_ref().unwrap();
    assert_eq!(
        stop(game),
        (1, 2, "unterminated variation: '(' without ')'".into())
    );
    assert_eq!(games[1].as_ref().unwrap().tag("Event"), Some("b"));
    // A bad tag skips the rest of its game, tags and movetext.
    let games = read("[Event a]\n[Site \"x\"]\n1. 32-28 *\n[Event \"c\"]\n*\n");
    assert_eq!(games.len(), 2);
    let error = games[0].clone().unwrap_err();
    assert_eq!(error.line, 1);
    assert!(error.message().starts_with("malformed tag [Event a]"));
    assert_eq!(games[1].as_ref().unwrap().number, 2);
}

#[test]
fn start_positions_from_tags() {
    let game = one("[GameType \"20,W,10,10,N2,0\"]\n[FEN \"W:W31-50:B1-20\"]\n*");
    assert_eq!(game.start, Position::initial());
    let (_, line, message) = error("[Event \"x\"]\n[FEN \"W:W31-5x\"]\n32-28 *");
    assert_eq!(line, 2);
    assert!(
        message.starts_with("FEN tag \"W:W31-5x\": bad FEN"),
        "{message}"
    );
    let (_, line, message) = error("[GameType \"30\"]\n");
    assert_eq!(line, 1);
    assert_eq!(
        message,
        "game type 30 is not international draughts (GameType \"20\")"
    );
}

#[test]
fn reads_crlf_bom_latin1_and_escapes() {
    let mut bytes = b"\xef\xbb\xbf[White \"Ren\xc3\xa9 \\\"the rock\\\" \\\\ co\"]\r\n".to_vec();
    bytes.extend_from_slice(b"[Black \"Jos\xe9\"]\r\n\r\n1. 32-28 *\r\n");
    let games: Vec<_> = Reader::new(&bytes[..]).collect();
    let game = games[0].as_ref().unwrap();
    assert_eq!(game.tag("White"), Some("René \"the rock\" \\ co"));
    assert_eq!(game.tag("Black"), Some("José"));
    assert_eq!(game.line, 1);
    let written = write_game(game);
    assert!(written.starts_with("[White \"René \\\"the rock\\\" \\\\ co\"]\n"));
    assert_eq!(one(&written).tags, game.tags);
}

/// A long game: at each ply the move chosen by a fixed rule, captures included.
fn long_game() -> PdnGame {
    let mut position = Position::initial();
    let mut moves = Vec::new();
    for ply in 0..200 {
        let legal = position.legal_moves();
        if legal.is_empty() {
            break;
        }
        let m = legal[(ply * 7 + 3) % legal.len()];
        moves.push(m);
        position = position.play_unchecked(&m);
    }
    let tags = vec![("Event".to_string(), "Generated".to_string())];
    PdnGame::new(tags, Position::initial(), &moves, Some(GameResult::Draw)).unwrap()
}

fn same_game(a: &PdnGame, b: &PdnGame) {
    assert_eq!(a.tags, b.tags);
    assert_eq!(a.start, b.start);
    assert_eq!(a.moves, b.moves);
    assert_eq!(a.comments, b.comments);
    assert_eq!(a.result, b.result);
    assert_eq!(a.info.len(), b.info.len());
    for (x, y) in a.info.iter().zip(&b.info) {
        assert_eq!(
            (
                x.number,
                x.side,
                x.ply,
                &x.text,
                &x.nags,
                &x.comments,
                &x.variations
            ),
            (
                y.number,
                y.side,
                y.ply,
                &y.text,
                &y.nags,
                &y.comments,
                &y.variations
            )
        );
    }
}

#[test]
fn writes_wrapped_text_that_reads_back() {
    let mut game = long_game();
    assert!(game.moves.len() > 60, "{}", game.moves.len());
    assert!(game.moves.iter().any(Move::is_capture));
    game.comments
        .push("a long comment ".repeat(12).trim().to_string());
    game.info[3].nags = vec![Nag(2), Nag(14)];
    game.info[3].comments.push("a } brace".into());
    game.info[4]
        .variations
        .push("3. 33-28 {why not?} (3. 34-29)".into());
    let written = write_game(&game);
    assert!(written.lines().all(|line| line.chars().count() <= 80));
    assert!(written.contains("{a long comment"));
    assert!(written.contains("? $14 ;a } brace\n"));
    assert!(written.ends_with(" 1-1\n"));
    let back = one(&written);
    same_game(&game, &back);
    assert_eq!(back.final_position(), game.final_position());
}

#[test]
fn fen_tag_only_when_needed() {
    let start: Position = "W:WK10,13:B16,18,19,21,22".parse().unwrap();
    let m = start.parse_move("10x28x17x26").unwrap();
    let game = PdnGame::new(vec![], start, &[m], None).unwrap();
    assert_eq!(
        write_game(&game),
        "[FEN \"W:WK10,13:B16,18,19,21,22\"]\n\n1. 10x28x17x26 *\n"
    );
    let tags = vec![("FEN".to_string(), "W:W31-50:B1-20".to_string())];
    let game = PdnGame::new(tags, Position::initial(), &[], None).unwrap();
    assert_eq!(write_game(&game), "*\n");
    let black = start.play_unchecked(&m);
    let quiet = Position::initial().parse_move("32-28").unwrap();
    assert!(PdnGame::new(vec![], black, &[quiet], None).is_none());
}

// The 8x8 games: GameType picks the rules.

#[test]
fn game_type_picks_the_game() {
    use damtutor_rules::pdn::{VariantGame, VariantReader};
    use damtutor_rules::Variant;
    let text = "[Event \"Russian\"]\n[GameType \"25\"]\n\n1. c3-d4 f6-e5 2. d4:f6 g7xe5 *\n\n\
                [Event \"Checkers\"]\n[GameType \"21\"]\n\n1. 11-15 23-19 2. 8-11 22-17 *\n\n\
                [Event \"Chess\"]\n[GameType \"30\"]\n\n1. e2-e4 *\n\n\
                [Event \"Brazilian\"]\n[GameType \"26,W,8,8,A0,0\"]\n\n1. 22-18 11-15 2. 18x11 8x15 *\n\n\
                [Event \"No type\"]\n\n1. 32-28 19-23 *\n";
    let games: Vec<_> = VariantReader::new(text.as_bytes(), Variant::International).collect();
    assert_eq!(games.len(), 5);
    let variants: Vec<Option<Variant>> = games
        .iter()
        .map(|g| g.as_ref().ok().map(VariantGame::variant))
        .collect();
    assert_eq!(
        variants,
        [
            Some(Variant::Russian),
            Some(Variant::English),
            None,
            Some(Variant::Brazilian),
            Some(Variant::International)
        ]
    );
    let error = games[2].as_ref().unwrap_err();
    assert_eq!((error.game, error.line), (3, 12));
    assert!(
        error.message().contains("not a game damtutor knows"),
        "{error}"
    );
    // Moves are read by number or by name, and written in the game's notation.
    let Ok(VariantGame::Russian(russian)) = &games[0] else {
        panic!("{:?}", games[0])
    };
    assert_eq!(russian.moves.len(), 4);
    assert_eq!(
        russian.final_position().to_string(),
        "W:W21,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,9,10,12,15"
    );
    let written = games[0].as_ref().unwrap().write();
    assert!(
        written.contains("1. c3-d4 f6-e5 2. d4:f6 g7:e5 *"),
        "{written}"
    );
    let Ok(VariantGame::Brazilian(brazilian)) = &games[3] else {
        panic!("{:?}", games[3])
    };
    let written = pdn::write_game(brazilian);
    assert!(
        written.contains("1. c3-d4 f6-e5 2. d4xf6 g7xe5 *"),
        "{written}"
    );
    // The written game reads back the same.
    let back: Vec<_> = VariantReader::new(written.as_bytes(), Variant::International).collect();
    let Ok(VariantGame::Brazilian(back)) = &back[0] else {
        panic!("{back:?}")
    };
    assert_eq!(
        (&back.tags, &back.start, &back.moves, back.result),
        (
            &brazilian.tags,
            &brazilian.start,
            &brazilian.moves,
            brazilian.result
        )
    );
    // A game written without a GameType tag gets one.
    let english = damtutor_rules::pdn::PdnGame::<damtutor_rules::English>::new(
        vec![],
        damtutor_rules::Position::initial(),
        &[],
        None,
    )
    .unwrap();
    assert_eq!(pdn::write_game(&english), "[GameType \"21\"]\n\n*\n");
}

#[test]
fn a_reader_of_one_game_refuses_the_others() {
    let (game, line, message) = error("[GameType \"26\"]\n\n1. c3-d4 *\n");
    assert_eq!((game, line), (1, 1));
    assert_eq!(
        message,
        "game type 26 is not international draughts (GameType \"20\")"
    );
    let russian: Vec<_> = damtutor_rules::pdn::Reader::<_, damtutor_rules::Russian>::with_rules(
        "1. c3-d4 *".as_bytes(),
    )
    .collect();
    assert_eq!(russian[0].as_ref().unwrap().moves.len(), 1);
    let wrong: Vec<_> = damtutor_rules::pdn::Reader::<_, damtutor_rules::Russian>::with_rules(
        "[GameType \"20\"]\n1. 32-28 *".as_bytes(),
    )
    .collect();
    assert_eq!(
        wrong[0].as_ref().unwrap_err().message(),
        "game type 20 is not russian draughts (GameType \"25\")"
    );
}

// PDN as people write it.

#[test]
fn whitespace_inside_moves() {
    let game = one("1. 32- 28 19 -23 2. 28 x 19 14x\n23 3. 37 -32 *");
    assert_eq!(texts(&game), ["32-28", "19-23", "28x19", "14x23", "37-32"]);
    assert_eq!(game.info[3].line, 1); // a move broken at the line end is on its first line
    assert_eq!(game.stop, None);
    // A dash alone is a move not recorded: the game stops there.
    let game = one("[Event \"x\"]\n1. 32-28 - 2. - - 1-1");
    assert_eq!(
        stop(&game),
        (1, 2, "move 1...: '-' stands for a move not recorded".into())
    );
    assert_eq!(game.result, Some(GameResult::Draw));
    // A move broken before a tag line stays broken.
    let games = read("1. 32-\n[Event \"b\"]\n1. 31-27 *");
    assert_eq!(games.len(), 2);
    assert!(stop(games[0].as_ref().unwrap())
        .2
        .starts_with("move 1 (32-)"));
}

#[test]
fn scores_as_results() {
    for (token, result) in [
        ("4-6", GameResult::BlackWins),
        ("1-9", GameResult::BlackWins),
        ("3-3", GameResult::Draw),
        ("2-1", GameResult::WhiteWins),
    ] {
        let game = one(&format!("1. 32-28 19-23 {token}"));
        assert_eq!(game.result, Some(result), "{token}");
        assert_eq!((game.moves.len(), game.stop.clone()), (2, None), "{token}");
    }
    // A score the Result tag names ends the movetext even before the next tag section.
    let game = one("[Result \"4-6\"]\n1. 32-28 4-6 {the end}");
    assert_eq!(game.result, Some(GameResult::BlackWins));
    // A move is a move, even as the last word.
    let game = one("1. 32-28 19-23 2. 28x19");
    assert_eq!(game.moves.len(), 3);
    assert_eq!(game.result, None);
}

#[test]
fn stray_text_is_a_warning_and_the_game_goes_on() {
    let game = one("1. 32-28 19-23 White thinks 2. 28x19 14x23 3. 33-28Zeitnot 1-1");
    assert_eq!(texts(&game), ["32-28", "19-23", "28x19", "14x23", "33-28"]);
    let warnings: Vec<String> = game.warnings.iter().map(|w| w.message()).collect();
    assert_eq!(
        warnings,
        [
            "'White' is not a move, a move number or a result: skipped",
            "'thinks' is not a move, a move number or a result: skipped",
            "'Zeitnot' after move 3 (33-28): skipped",
        ]
    );
    assert_eq!(game.result, Some(GameResult::Draw));
}

#[test]
fn english_checkers_numbers_black_first() {
    use damtutor_rules::English;
    let read = |text: &str| {
        damtutor_rules::pdn::Reader::<_, English>::with_rules(text.as_bytes())
            .next()
            .unwrap()
            .unwrap()
    };
    let game = read("1. 11-15 23-18 2. 8-11 27-23 3. 4-8 *");
    let labels: Vec<String> = game.info.iter().map(MoveInfo::label).collect();
    assert_eq!(labels, ["1", "1...", "2", "2...", "3"]);
    assert_eq!(game.info[0].side, Color::Black);
    let written = pdn::write_game(&game);
    assert!(
        written.ends_with("\n\n1. 11-15 23-18 2. 8-11 27-23 3. 4-8 *\n"),
        "{written}"
    );
    // White's reply to Black's second move is "2...", not "3".
    let game = read("1. 11-15 23-18 2. 8-11 18x11 *");
    assert_eq!(stop(&game).2.split(':').next(), Some("move 2... (18x11)"));
}

#[test]
fn russian_short_notation() {
    use damtutor_rules::Russian;
    let read = |text: &str| {
        damtutor_rules::pdn::Reader::<_, Russian>::with_rules(text.as_bytes())
            .next()
            .unwrap()
            .unwrap()
    };
    let game = read("1. cd4 fe5 2. dxf6 gxe5 3. gh4 ba5 *");
    assert_eq!(game.stop, None, "{:?}", game.stop);
    let moves: Vec<String> = game.moves.iter().map(|m| m.to_string()).collect();
    assert_eq!(
        moves,
        ["c3-d4", "f6-e5", "d4:f6", "g7:e5", "g3-h4", "b6-a5"]
    );
    assert_eq!(texts(&game), ["cd4", "fe5", "dxf6", "gxe5", "gh4", "ba5"]);
    // c:e5 is a capture too; a quiet move when a capture is due says so.
    let game = read("1. cd4 fe5 2. ab4 *");
    assert_eq!(stop(&game).2, "move 2 (ab4): capture is compulsory: d4:f6");
    // Two kings on the c-file can both go to d4: ambiguous, and the game stops there.
    let game = read("[FEN \"W:WKc3,Kc5:Bh8\"]\n1. cd4 *");
    assert_eq!(stop(&game).2, "move 1 (cd4): ambiguous: c5-d4 or c3-d4");
    assert!(game.moves.is_empty());
}

#[test]
fn other_encodings_are_said() {
    // Latin-1 (or GBK) bytes: read as Latin-1, with a warning on the line.
    let mut text = b"[Event \"Cannes\"]\n[White \"Sa".to_vec();
    text.extend([0xEF, 0xBF, 0x20, 0xE9]); // not UTF-8
    text.extend(b"\"]\n1. 32-28 *\n");
    let game = Reader::new(&text[..]).next().unwrap().unwrap();
    assert_eq!(game.moves.len(), 1);
    assert_eq!(game.warnings.len(), 1);
    assert_eq!(game.warnings[0].line, 2);
    assert!(game.warnings[0].message().contains("not UTF-8"));
    assert!(game.warnings[0].message().contains("GBK"));
    // UTF-16: one clear error, and the reading stops.
    let utf16: Vec<u8> = "\u{feff}[Event \"x\"]\n1. 32-28 *\n"
        .encode_utf16()
        .flat_map(|u| u.to_le_bytes())
        .collect();
    let games: Vec<_> = Reader::new(&utf16[..]).collect();
    assert_eq!(games.len(), 1);
    assert!(
        games[0].as_ref().unwrap_err().message().contains("UTF-16"),
        "{games:?}"
    );
}
