use super::limits::LimitArgs;
use super::values::one_of;
use super::{names_a_file, parse_position_in, CliError, Rejection, Usage, VariantArg};
use clap::Args;
use damtutor::exercise::{self, Exercise};
use damtutor::render::solution::SolutionReport;
use damtutor::solver::{self, Difficulty, Goal, Solution, Status, TreeNode};
use damtutor::verify;
use damtutor::words::{self, fill, text, Lang, Text};
use damtutor::{with_solution, with_variant, Color, Rules, Variant};
use std::path::Path;

#[derive(Args, Debug)]
pub struct SolveArgs {
    /// A FEN string, `start`, or an exercise file (YAML).
    pub target: String,
    /// With a file: solve only the exercise with this id.
    #[arg(long)]
    pub id: Option<String>,
    /// The goal: win, material:N, king or auto (the best that can be proven). With a file,
    /// overrides the exercises' own goals.
    #[arg(long)]
    pub goal: Option<Goal>,
    /// Print the solution tree: every defender reply and the answer to it.
    #[arg(long)]
    pub tree: bool,
    /// Print JSON (one object; an array for a file).
    #[arg(long)]
    pub json: bool,
    /// Also print how much searching it took (positions searched and milliseconds)
    #[arg(long)]
    pub verbose: bool,
    /// Language of the text report [default: the exercise set's language; English for a FEN]
    #[arg(long, value_parser = one_of::<Lang>("a language"))]
    pub lang: Option<Lang>,
    #[command(flatten)]
    pub limits: LimitArgs,
    /// The game of a FEN given as TARGET (an exercise file says its own game).
    #[command(flatten)]
    pub variant: VariantArg,
}

pub fn run(args: SolveArgs) -> Result<(), CliError> {
    let goal_override = args.goal;
    let limits = args.limits.limits();
    let path = Path::new(&args.target);
    if Path::new(&args.target).is_dir() {
        let lang = args.lang.unwrap_or(Lang::English);
        return Err(CliError::usage(lang, Usage::SolveFolder(args.target)));
    }
    if !names_a_file(&args.target) {
        if args.id.is_some() {
            let lang = args.lang.unwrap_or(Lang::English);
            return Err(CliError::usage(lang, Usage::IdNeedsFile));
        }
        let goal = goal_override.unwrap_or(Goal::Auto);
        return with_variant!(args.variant.get(), R => {
            let position = parse_position_in::<R>(&args.target)?;
            let solution = solver::Solver::<R>::new().solve(&position, goal, limits);
            if args.json {
                print_json(&SolutionReport::new(&solution, None, args.tree))?;
            } else {
                let lang = args.lang.unwrap_or(Lang::English);
                let report = Report { tree: args.tree, verbose: args.verbose, horizon: limits.max_plies };
                out!("{}", describe(&solution, None, report, lang));
            }
            Ok(())
        });
    }
    let set = exercise::load(path)?;
    let lang = args.lang.unwrap_or(set.language);
    let chosen: Vec<&Exercise> = set
        .exercises
        .iter()
        .filter(|e| args.id.as_ref().is_none_or(|id| &e.id == id))
        .collect();
    if chosen.is_empty() {
        let id = args.id.unwrap_or_default();
        let file = set.source_name.clone();
        return Err(CliError::rejected(lang, Rejection::NoSuchId { file, id }));
    }
    // Solved and checked as `validate` does: a sound written solution is kept beside the
    // solver's line, with its motifs.
    let mut solutions: Vec<_> = verify::verify_exercises(&chosen, goal_override, limits, lang)
        .into_iter()
        .map(|report| report.solution)
        .collect();
    // A teacher's difficulty in the file overrides the estimate.
    for (e, solution) in chosen.iter().zip(solutions.iter_mut()) {
        if let (Some(level), true) = (e.difficulty, solution.is_solved()) {
            with_solution!(solution, s => s.difficulty = Some(Difficulty::from_level(level)));
        }
    }
    if args.json {
        let reports: Vec<SolutionReport> = chosen
            .iter()
            .zip(&solutions)
            .map(|(e, solution)| {
                with_solution!(solution, s => SolutionReport::new(s, Some(e.id.clone()), args.tree))
            })
            .collect();
        print_json(&reports)?;
    } else {
        let report = Report {
            tree: args.tree,
            verbose: args.verbose,
            horizon: limits.max_plies,
        };
        for (e, solution) in chosen.iter().zip(&solutions) {
            out!(
                "{}",
                with_solution!(solution, s => describe(s, Some(&e.id), report, lang))
            );
            outln!();
        }
    }
    Ok(())
}

fn print_json<T: serde::Serialize>(value: &T) -> Result<(), CliError> {
    outln!(
        "{}",
        serde_json::to_string_pretty(value).expect("reports serialize")
    );
    Ok(())
}

/// `key`'s words with `values` filled in.
fn say(lang: Lang, key: Text, values: &[(&str, &dyn std::fmt::Display)]) -> String {
    fill(lang, key, values)
}

/// What the text report of a solution shows.
#[derive(Copy, Clone, Debug)]
pub struct Report {
    /// The solution tree: every defender reply and the answer to it.
    pub tree: bool,
    /// The nodes searched and the time.
    pub verbose: bool,
    /// The plies searched, for "nothing found within N plies".
    pub horizon: u32,
}

/// The text report of one solution, in `lang`: the position, then what was proven (or why
/// nothing was), the tree when asked for, and the search's figures with `verbose`.
pub fn describe<R: Rules>(
    solution: &Solution<R>,
    id: Option<&str>,
    report: Report,
    lang: Lang,
) -> String {
    let mut out = headline(solution, id, lang);
    let proven = matches!(solution.status, Status::Win | Status::Goal);
    let mut lines = match solution.status {
        Status::Win | Status::Goal => proven_lines(solution, lang),
        Status::None => vec![say(
            lang,
            Text::SolveNone,
            &[
                ("goal", &words::goal_name(lang, solution.goal)),
                ("plies", &report.horizon),
            ],
        )],
        Status::Unknown => vec![words::unknown(
            lang,
            solution.unknown.unwrap_or(solver::Unknown::Limits),
        )],
    };
    let tree = solution.tree.as_ref().filter(|_| proven && report.tree);
    if tree.is_some() {
        lines.push(say(lang, Text::SolveTree, &[]));
    }
    for line in lines {
        out.push_str("  ");
        out.push_str(&line);
        out.push('\n');
    }
    if let Some(root) = tree {
        write_tree(&mut out, root, 2, lang);
    }
    // The search's own figures only when asked for: a teacher reads the rest.
    if report.verbose {
        out.push_str("  ");
        out.push_str(&say(
            lang,
            Text::SolveNodes,
            &[
                ("nodes", &solution.nodes),
                ("millis", &solution.elapsed.as_millis()),
            ],
        ));
        out.push('\n');
    }
    out
}

/// "[id] White to play (FEN)", with the game named for the games other than international.
fn headline<R: Rules>(solution: &Solution<R>, id: Option<&str>, lang: Lang) -> String {
    let mut out = String::new();
    if let Some(id) = id {
        out.push_str(&format!("[{id}] "));
    }
    let side = words::side(lang, R::RULES.variant, solution.position.turn());
    let fen = solution.position.to_string();
    let position = match R::RULES.variant {
        Variant::International => fen,
        variant => say(
            lang,
            Text::SolveGamePosition,
            &[
                ("game", &words::game_name(lang, variant)),
                ("position", &fen),
            ],
        ),
    };
    out.push_str(&say(
        lang,
        Text::SolveToPlay,
        &[("side", &side), ("position", &position)],
    ));
    out.push('\n');
    out
}

/// The lines of a proven goal: the line, the goal chosen, the key moves and their uniqueness,
/// the motifs, a sound written solution that differs, the difficulty and the material.
fn proven_lines<R: Rules>(solution: &Solution<R>, lang: Lang) -> Vec<String> {
    let side = words::side(lang, R::RULES.variant, solution.position.turn());
    let annotated = solution.book_annotated();
    let mut lines = vec![match solution.status {
        Status::Win => say(
            lang,
            Text::SolveWins,
            &[("side", &side), ("line", &annotated)],
        ),
        _ => say(
            lang,
            Text::SolveForces,
            &[
                ("side", &side),
                ("goal", &words::goal(lang, solution.goal)),
                ("line", &annotated),
            ],
        ),
    }];
    if let Some(choice) = solution.choice {
        lines.push(words::choice(lang, choice));
    }
    let keys = solution.key_texts().join(text(lang, Text::Comma));
    let unique = words::uniqueness(lang, solution.uniqueness, solution.unique_within);
    let key = if solution.key_moves.len() > 1 {
        Text::SolveKeyMoves
    } else {
        Text::SolveKeyMove
    };
    lines.push(say(lang, key, &[("moves", &keys), ("unique", &unique)]));
    let motifs = motif_names(&solution.motifs, lang);
    lines.push(say(lang, Text::SolveMotifs, &[("motifs", &motifs)]));
    // A sound written solution that differs from the solver's line, with its motifs.
    if let Some(given) = solution
        .given
        .as_ref()
        .filter(|g| solver::differ(&g.moves, &solution.line))
    {
        let written = solver::annotate_book(
            &solution.position,
            &given.moves,
            given.book_plies,
            solution.unique(),
        );
        lines.push(say(lang, Text::GivenSolution, &[("line", &written)]));
        let motifs = motif_names(&given.motifs, lang);
        lines.push(say(lang, Text::SolutionMotifs, &[("motifs", &motifs)]));
    }
    if let Some(d) = solution.difficulty {
        let difficulty = words::difficulty(lang, d.level, d.rating);
        lines.push(say(
            lang,
            Text::SolveDifficulty,
            &[("difficulty", &difficulty)],
        ));
    }
    let (before, after) = (
        material(solution, false, lang),
        material(solution, true, lang),
    );
    lines.push(say(
        lang,
        Text::SolveMaterial,
        &[("before", &before), ("after", &after)],
    ));
    lines
}

/// The motifs' names, or "-" for none.
fn motif_names(motifs: &[solver::Motif], lang: Lang) -> String {
    let names: Vec<&str> = motifs.iter().map(|&m| words::motif(lang, m)).collect();
    if names.is_empty() {
        "-".to_string()
    } else {
        names.join(text(lang, Text::Comma))
    }
}

fn material<R: Rules>(solution: &Solution<R>, after: bool, lang: Lang) -> String {
    let m = if after {
        solution.material_after
    } else {
        solution.material_before
    };
    say(
        lang,
        Text::SolveMaterialSides,
        &[
            ("white", &words::side(lang, R::RULES.variant, Color::White)),
            ("white_men", &m.white.men),
            ("white_kings", &m.white.kings),
            ("black", &words::side(lang, R::RULES.variant, Color::Black)),
            ("black_men", &m.black.men),
            ("black_kings", &m.black.kings),
        ],
    )
}

fn write_tree<R: Rules>(out: &mut String, node: &TreeNode<R>, indent: usize, lang: Lang) {
    let pad = " ".repeat(indent * 2);
    out.push_str(&format!("{pad}{}\n", node.text));
    for reply in &node.replies {
        out.push_str(&format!("{pad}  {} ", reply.text));
        match &reply.next {
            Some(next) => {
                out.push_str("->\n");
                write_tree(out, next, indent + 2, lang);
            }
            None if reply.truncated => {
                out.push_str(text(lang, Text::SolveMore));
                out.push('\n');
            }
            None => {
                out.push_str(text(lang, Text::SolveGoalReached));
                out.push('\n');
            }
        }
    }
}
