use super::limits::LimitArgs;
use super::{parse_position_in, CliError, VariantArg};
use clap::Args;
use damtutor::exercise::{self, Exercise};
use damtutor::solver::report::SolutionReport;
use damtutor::solver::{self, Difficulty, Goal, Solution, Status, TreeNode};
use damtutor::{with_solution, with_variant, Rules, Variant};
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
    if path.is_dir() {
        return Err(CliError::Usage(format!(
            "{}: a folder; solve takes a position or one exercise file (damtutor validate              FOLDER proves every file of a folder)",
            path.display()
        )));
    }
    // `start` is always the start position (a file of that name is `./start`).
    let is_file = !args.target.trim().eq_ignore_ascii_case("start")
        && (path.is_file()
            || matches!(
                path.extension().and_then(|e| e.to_str()),
                Some("yaml" | "yml")
            ));
    if !is_file {
        if args.id.is_some() {
            return Err(CliError::Usage("--id needs an exercise file".into()));
        }
        let goal = goal_override.unwrap_or(Goal::Auto);
        return with_variant!(args.variant.get(), R => {
            let position = parse_position_in::<R>(&args.target)?;
            let solution = solver::Solver::<R>::new().solve(&position, goal, limits);
            if args.json {
                print_json(&SolutionReport::new(&solution, None, args.tree))?;
            } else {
                out!("{}", describe(&solution, None, args.tree));
            }
            Ok(())
        });
    }
    let set = exercise::load(path)?;
    let chosen: Vec<&Exercise> = set
        .exercises
        .iter()
        .filter(|e| args.id.as_ref().is_none_or(|id| &e.id == id))
        .collect();
    if chosen.is_empty() {
        return Err(CliError::Rejected(format!(
            "{}: no exercise has the id '{}'",
            set.source_name,
            args.id.unwrap_or_default()
        )));
    }
    let tasks: Vec<_> = chosen
        .iter()
        .map(|e| (e.position, goal_override.unwrap_or(e.goal)))
        .collect();
    let mut solutions = solver::solve_all_variants(&tasks, limits);
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
        for (e, solution) in chosen.iter().zip(&solutions) {
            out!(
                "{}",
                with_solution!(solution, s => describe(s, Some(&e.id), args.tree))
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

/// The text report of one solution.
pub fn describe<R: Rules>(solution: &Solution<R>, id: Option<&str>, tree: bool) -> String {
    let mut out = String::new();
    let side = solution.position.turn();
    if let Some(id) = id {
        out.push_str(&format!("[{id}] "));
    }
    let game = match R::RULES.variant {
        Variant::International => String::new(),
        variant => format!("{variant}, "),
    };
    out.push_str(&format!("{side} to play ({game}{})\n", solution.position));
    match solution.status {
        Status::Win | Status::Goal => {
            let what = match solution.status {
                Status::Win => "wins the game".to_string(),
                _ => format!("reaches the goal {}", solution.goal),
            };
            out.push_str(&format!("  {side} {what}: {}\n", solution.annotated()));
            let keys = solution.key_texts().join(", ");
            out.push_str(&format!(
                "  key move{}: {keys}{}\n",
                if solution.key_moves.len() > 1 {
                    "s"
                } else {
                    ""
                },
                if solution.unique() {
                    " (unique)"
                } else {
                    " (not unique)"
                }
            ));
            let motifs: Vec<&str> = solution.motifs.iter().map(|m| m.key()).collect();
            out.push_str(&format!(
                "  motifs: {}\n",
                if motifs.is_empty() {
                    "-".to_string()
                } else {
                    motifs.join(", ")
                }
            ));
            if let Some(d) = solution.difficulty {
                out.push_str(&format!(
                    "  difficulty: level {} (rating {})\n",
                    d.level, d.rating
                ));
            }
            out.push_str(&format!(
                "  material: {} -> {}\n",
                material(solution, false),
                material(solution, true)
            ));
            if tree {
                if let Some(root) = &solution.tree {
                    out.push_str("  tree:\n");
                    write_tree(&mut out, root, 2);
                }
            }
        }
        Status::None => out.push_str(&format!(
            "  no forced {} found within the horizon\n",
            match solution.goal {
                Goal::Auto => "gain".to_string(),
                goal => goal.to_string(),
            }
        )),
        Status::Unknown => out.push_str("  unknown: a node or time limit was reached first\n"),
    }
    out.push_str(&format!(
        "  {} nodes, {} ms\n",
        solution.nodes,
        solution.elapsed.as_millis()
    ));
    out
}

fn material<R: Rules>(solution: &Solution<R>, after: bool) -> String {
    let m = if after {
        solution.material_after
    } else {
        solution.material_before
    };
    format!(
        "White {}m+{}k, Black {}m+{}k",
        m.white.men, m.white.kings, m.black.men, m.black.kings
    )
}

fn write_tree<R: Rules>(out: &mut String, node: &TreeNode<R>, indent: usize) {
    let pad = " ".repeat(indent * 2);
    out.push_str(&format!("{pad}{}\n", node.text));
    for reply in &node.replies {
        out.push_str(&format!("{pad}  {} ", reply.text));
        match &reply.next {
            Some(next) => {
                out.push_str("->\n");
                write_tree(out, next, indent + 2);
            }
            None if reply.truncated => out.push_str("(more)\n"),
            None => out.push_str("(goal reached)\n"),
        }
    }
}
