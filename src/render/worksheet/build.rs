//! Building a worksheet's view: each exercise's diagram, caption and answer as the templates
//! see them ([`build`]), the sheet's title, the lines of the solution tree, the arrows.

use super::{check_solved, Answers, Item, Plan, WorksheetError, WorksheetOptions, MAX_VARIATIONS};
use crate::exercise::ExerciseSet;
use crate::render::layout::{ems, layout, CellContents};
use crate::render::svg::{self, Arrow, ArrowStyle, DiagramOptions};
use crate::render::templates::Format;
use crate::render::view::{AnswerView, ExerciseView, Labels, PageView, WorksheetView};
use crate::rules::Rules;
use crate::solver::{self, Difficulty, Motif, Solution, TreeNode};
use crate::with_solution;
use crate::words::{self, Lang};

/// The view of one version. `diagrams` is the Markdown diagram folder, relative to the document.
pub fn build(
    items: &[Item],
    plan: &Plan,
    options: &WorksheetOptions,
    diagrams: &str,
) -> Result<WorksheetView, WorksheetError> {
    version(items, plan, options, diagrams).map(|(view, _)| view)
}

/// The view of one version and, for Markdown, its diagrams as (file name, SVG) pairs.
pub(super) fn version(
    items: &[Item],
    plan: &Plan,
    options: &WorksheetOptions,
    diagrams: &str,
) -> Result<(WorksheetView, Vec<(String, String)>), WorksheetError> {
    check_solved(items)?;
    let first = items[0].set;
    let lang = options.lang.unwrap_or(first.language);
    let single = single_set(items);
    let title = match &options.title {
        Some(title) => title.clone(),
        None => sheet_title(items, lang),
    };
    let subtitle = match &options.subtitle {
        Some(subtitle) => Some(subtitle.clone()),
        None => single.and_then(|s| s.subtitle.to_option(lang)),
    };
    let mut exercises = Vec::with_capacity(plan.order.len());
    let mut svgs = Vec::new();
    for (position, &(index, mirrored)) in plan.order.iter().enumerate() {
        let Some(item) = items.get(index) else {
            continue;
        };
        exercises.push(exercise_view(
            item,
            position + 1,
            mirrored,
            lang,
            options,
            diagrams,
            &mut svgs,
        )?);
    }
    let labels = Labels::new(lang, items[0].solution.variant());
    let cells = CellContents {
        answers: options.answers,
        header_lines: usize::from(subtitle.is_some()) + usize::from(options.school.is_some()),
        texts: exercises
            .iter()
            .map(|e| texts_under(e, &labels, options))
            .collect(),
    };
    let layout = layout(options.per_page, &cells);
    let page_count = exercises.len().div_ceil(layout.per_page);
    let pages = exercises
        .chunks(layout.per_page)
        .enumerate()
        .map(|(i, chunk)| PageView {
            number: i + 1,
            exercises: chunk.to_vec(),
            last: i + 1 == page_count,
        })
        .collect();
    let view = WorksheetView {
        lang: lang.code().to_string(),
        answers_title: words::answers_title(lang, &title),
        title,
        subtitle,
        school: options.school.clone(),
        author: single.and_then(|s| s.author.clone()),
        description: single.and_then(|s| s.description.to_option(lang)),
        level: single.and_then(|s| s.level),
        hints: options.hints,
        version: plan.letter.map(|l| l.to_string()),
        version_label: plan.letter.map(|l| words::version(lang, l)),
        answers: options.answers.name().to_string(),
        answers_file: None,
        labels,
        layout,
        pages,
        count: exercises.len(),
        exercises,
        generator: "damtutor".to_string(),
    };
    Ok((view, svgs))
}

/// The widths of the paragraphs under an exercise's diagram (for the layout): its hint when
/// printed, and its inline answer.
fn texts_under(e: &ExerciseView, labels: &Labels, options: &WorksheetOptions) -> Vec<f64> {
    let mut paragraphs = Vec::new();
    if let Some(hint) = e.hint.as_deref().filter(|_| options.hints) {
        paragraphs.push(ems(&labels.hint) + ems(&labels.colon) + ems(hint));
    }
    if options.answers == Answers::Inline {
        let answer = &e.answer;
        // The line is set a little larger and bold.
        paragraphs.push(ems(&answer.line) * 1.2);
        paragraphs.push(ems(&answer.result));
        if !answer.alternatives.is_empty() {
            paragraphs.push(
                ems(&labels.alternatives)
                    + ems(&labels.colon)
                    + ems(&answer.alternatives.join(&labels.comma)),
            );
        }
        let mut tags = answer.motifs.join(" · ");
        tags.push_str(" · ");
        tags.push_str(&labels.difficulty);
        tags.push_str(&labels.colon);
        tags.push_str(&answer.difficulty);
        paragraphs.push(ems(&tags));
    }
    paragraphs
}

/// The set of `items` when they all come from one set.
pub fn single_set<'a>(items: &[Item<'a>]) -> Option<&'a ExerciseSet> {
    let first = items.first()?.set;
    items
        .iter()
        .all(|item| item.set.source_name == first.source_name)
        .then_some(first)
}

/// The title of a sheet (or a page) of `items` in `lang`: the titles of their sets in `lang`,
/// joined with ` / `; when no set has a title in `lang`, the exercises of the game in words
/// ("International draughts: exercises", "国际跳棋练习") - never a title in the other language.
pub fn sheet_title(items: &[Item], lang: Lang) -> String {
    let mut sources: Vec<&str> = Vec::new();
    let mut titles: Vec<&str> = Vec::new();
    for item in items {
        if sources.contains(&item.set.source_name.as_str()) {
            continue;
        }
        sources.push(&item.set.source_name);
        if let Some(title) = item.set.title.get(lang) {
            if !titles.contains(&title) {
                titles.push(title);
            }
        }
    }
    if titles.is_empty() {
        let game = items.first().map_or(crate::Variant::International, |item| {
            item.solution.variant()
        });
        return words::exercises_of(lang, game).to_string();
    }
    titles.join(" / ")
}

/// An exercise as shown: the position, the main line (the exercise's written solution when
/// the solver proved it, else the solver's) and where it is decided, the key moves and the
/// tree's lines, with the colours swapped when asked.
struct Shown<R: Rules> {
    position: damtutor_rules::Position<R>,
    line: Vec<damtutor_rules::Move<R>>,
    /// The plies of `line` up to where the goal is decided; the rest is shown in brackets.
    book: usize,
    keys: Vec<damtutor_rules::Move<R>>,
    variations: Vec<Vec<damtutor_rules::Move<R>>>,
    truncated: usize,
}

impl<R: Rules> Shown<R> {
    fn new(solution: &Solution<R>, mirrored: bool) -> Option<Shown<R>> {
        let mut variations = Vec::new();
        let mut truncated = 0;
        if let Some(tree) = &solution.tree {
            tree_lines(tree, &mut Vec::new(), &mut variations, &mut truncated);
        }
        // The written solution when proven; where the solver's line goes on from it, the
        // solver's rest follows in brackets.
        let (line, book) = match &solution.given {
            Some(given) if solution.line.starts_with(&given.moves) => {
                (solution.line.clone(), given.book_plies)
            }
            Some(given) => (given.moves.clone(), given.book_plies),
            None => (solution.line.clone(), solution.book_plies),
        };
        variations.retain(|variation| *variation != line && *variation != solution.line);
        let start = solution.position;
        if !mirrored {
            return Some(Shown {
                position: start,
                line,
                book,
                keys: solution.key_moves.clone(),
                variations,
                truncated,
            });
        }
        let keys = solution
            .key_moves
            .iter()
            .map(|m| mirror_line(&start, std::slice::from_ref(m)).map(|l| l[0]))
            .collect::<Option<Vec<_>>>()?;
        Some(Shown {
            position: start.mirrored(),
            line: mirror_line(&start, &line)?,
            book,
            keys,
            variations: variations
                .iter()
                .map(|l| mirror_line(&start, l))
                .collect::<Option<Vec<_>>>()?,
            truncated,
        })
    }
}

/// Every line of the tree from its root to a leaf, in the tree's order (main line first).
/// Replies whose answer was cut from the tree are counted in `truncated`.
fn tree_lines<R: Rules>(
    node: &TreeNode<R>,
    prefix: &mut Vec<damtutor_rules::Move<R>>,
    lines: &mut Vec<Vec<damtutor_rules::Move<R>>>,
    truncated: &mut usize,
) {
    prefix.push(node.mv);
    if node.replies.is_empty() {
        lines.push(prefix.clone());
    }
    for reply in &node.replies {
        prefix.push(reply.mv);
        match &reply.next {
            Some(next) => tree_lines(next, prefix, lines, truncated),
            None if reply.truncated => *truncated += 1,
            None => lines.push(prefix.clone()),
        }
        prefix.pop();
    }
    prefix.pop();
}

/// `line`, played from `start`, translated to the position with the colours swapped: each move
/// is the legal move of the swapped position with the mirrored start, end and captured squares.
/// `None` if some move has no counterpart (which the rules' symmetry rules out).
///
/// ```
/// use damtutor::render::worksheet::mirror_line;
/// use damtutor::{International, Position};
/// let start: Position<International> = "W:W11,23,27,28,43:BK47".parse().unwrap();
/// let line: Vec<_> = ["43-38", "47x32", "28x37"]
///     .iter()
///     .scan(start, |p, text| {
///         let m = p.parse_move(text).unwrap();
///         *p = p.play_unchecked(&m);
///         Some(m)
///     })
///     .collect();
/// let mirrored = mirror_line(&start, &line).unwrap();
/// let texts = damtutor::solver::line_texts(&start.mirrored(), &mirrored);
/// assert_eq!(texts, ["8-13", "4x19", "23x14"]);
/// ```
pub fn mirror_line<R: Rules>(
    start: &damtutor_rules::Position<R>,
    line: &[damtutor_rules::Move<R>],
) -> Option<Vec<damtutor_rules::Move<R>>> {
    let board = R::RULES.board;
    let mut position = start.mirrored();
    let mut out = Vec::with_capacity(line.len());
    for m in line {
        let found = *position.legal_moves().iter().find(|candidate| {
            candidate.from() == board.mirror(m.from())
                && candidate.to() == board.mirror(m.to())
                && candidate.captured() == board.mirror_set(m.captured())
        })?;
        position = position.play_unchecked(&found);
        out.push(found);
    }
    Some(out)
}

/// The view of one exercise. For Markdown its two diagrams (plain, and with the solution's
/// arrows) are pushed to `svgs` and the view links them in `diagrams`; for HTML the view holds them.
fn exercise_view(
    item: &Item,
    number: usize,
    mirrored: bool,
    lang: Lang,
    options: &WorksheetOptions,
    diagrams: &str,
    svgs: &mut Vec<(String, String)>,
) -> Result<ExerciseView, WorksheetError> {
    with_solution!(item.solution, solution => {
        game_exercise_view(item, solution, number, mirrored, lang, options, diagrams, svgs)
    })
}

/// [`exercise_view`] in the exercise's game.
#[allow(clippy::too_many_arguments)]
fn game_exercise_view<R: Rules>(
    item: &Item,
    solution: &Solution<R>,
    number: usize,
    mirrored: bool,
    lang: Lang,
    options: &WorksheetOptions,
    diagrams: &str,
    svgs: &mut Vec<(String, String)>,
) -> Result<ExerciseView, WorksheetError> {
    let shown = Shown::new(solution, mirrored).ok_or_else(|| {
        WorksheetError::Mirror(format!(
            "{}: exercise {}: the solution could not be replayed with the colours swapped",
            item.set.source_name, item.exercise.id
        ))
    })?;
    let side = shown.position.turn();
    let caption = words::caption(lang, R::RULES.variant, side, solution.goal);
    let mut drawn = [false, true].map(|key| {
        let label = format!("{number}. {caption}");
        let arrows = if key {
            solution_arrows(&shown.position, &shown.line, &shown.keys)
        } else {
            Vec::new()
        };
        svg::diagram(&shown.position, &diagram_options(options, arrows, label))
    });
    let mut files = [String::new(), String::new()];
    if options.format == Format::Markdown {
        for (i, suffix) in ["", "-key"].iter().enumerate() {
            let name = format!("{number:02}{suffix}.svg");
            files[i] = format!("{}/{name}", link(diagrams));
            svgs.push((name, std::mem::take(&mut drawn[i]) + "\n"));
        }
    }
    let [diagram, answer_diagram] = drawn;
    let [diagram_file, answer_diagram_file] = files;
    Ok(ExerciseView {
        number,
        id: item.exercise.id.clone(),
        file: item.set.source_name.clone(),
        // A teacher's words may name squares or colours, which are wrong once swapped; and
        // they are shown in the sheet's language only.
        title: item.exercise.title.to_option(lang).filter(|_| !mirrored),
        hint: item.exercise.hint.to_option(lang).filter(|_| !mirrored),
        comment: item.exercise.comment.to_option(lang).filter(|_| !mirrored),
        source: item.exercise.source.to_option(lang),
        to_move: side.name().to_string(),
        caption,
        fen: shown.position.to_string(),
        mirrored,
        diagram,
        diagram_file,
        answer: answer_view(
            item,
            solution,
            &shown,
            lang,
            answer_diagram,
            answer_diagram_file,
        ),
    })
}

/// A path for a Markdown link (see [`escape::link_path`](crate::escape::link_path)).
fn link(path: &str) -> String {
    crate::escape::link_path(path)
}

fn answer_view<R: Rules>(
    item: &Item,
    solution: &Solution<R>,
    shown: &Shown<R>,
    lang: Lang,
    diagram: String,
    diagram_file: String,
) -> AnswerView {
    let start = &shown.position;
    let legal = start.legal_moves();
    let key = shown.line.first().copied();
    let side = start.turn();
    // A material goal's figure is the gain the solver proves holds, not the count at the end of
    // the line shown (which may include material the defender wins straight back).
    let gain = solution.held_gain().unwrap_or_else(|| gain(shown));
    let motifs = motifs_of(item);
    let difficulty = difficulty_of(item);
    let lines: Vec<String> = shown
        .variations
        .iter()
        .map(|line| solver::annotate(start, line, false))
        .collect();
    let hidden = lines.len().saturating_sub(MAX_VARIATIONS) + shown.truncated;
    AnswerView {
        line: solver::annotate_book(start, &shown.line, shown.book, solution.unique()),
        moves: solver::line_texts(start, &shown.line),
        key: key
            .map(|m| start.move_text_in(&m, &legal))
            .unwrap_or_default(),
        unique: if solution.unique() {
            words::say!(lang, words::Text::Unique, plies = solution.unique_within)
        } else {
            String::new()
        },
        alternatives: shown
            .keys
            .iter()
            .filter(|m| Some(**m) != key)
            .map(|m| start.move_text_in(m, &legal))
            .collect(),
        variations: lines.into_iter().take(MAX_VARIATIONS).collect(),
        more_variations: if hidden > 0 {
            words::more(lang, hidden)
        } else {
            String::new()
        },
        result: words::result(lang, R::RULES.variant, side, solution.goal, gain),
        motifs: motifs
            .iter()
            .map(|&m| words::motif(lang, m).to_string())
            .collect(),
        motif_keys: motifs.iter().map(|m| m.key().to_string()).collect(),
        level: difficulty.level,
        rating: difficulty.rating,
        difficulty: words::difficulty(lang, difficulty.level, difficulty.rating),
        diagram,
        diagram_file,
    }
}

/// The motifs of an exercise: those of the line shown (the teacher's written solution, when
/// the solver proves it, else the solver's line) and the teacher's tags, in [`Motif::ALL`]
/// order.
pub fn motifs_of(item: &Item) -> Vec<Motif> {
    let mut motifs: Vec<Motif> = item
        .solution
        .given_motifs()
        .unwrap_or(item.solution.motifs())
        .to_vec();
    motifs.extend(&item.exercise.motifs);
    motifs.sort();
    motifs.dedup();
    motifs
}

/// The difficulty of an exercise: the teacher's `difficulty`, else the solver's estimate
/// (level 3 when there is none).
pub fn difficulty_of(item: &Item) -> Difficulty {
    match item.exercise.difficulty {
        Some(level) => Difficulty::from_level(level),
        None => item
            .solution
            .difficulty()
            .unwrap_or(Difficulty::from_level(3)),
    }
}

/// The solving side's net material gain over the line shown, a king counting as the solver
/// counts it.
fn gain<R: Rules>(shown: &Shown<R>) -> i32 {
    let side = shown.position.turn();
    let end = shown
        .line
        .iter()
        .fold(shown.position, |p, m| p.play_unchecked(m));
    solver::balance(&end, side) - solver::balance(&shown.position, side)
}

/// The arrows of an answer-key diagram, for a position of any game: the solving side's moves
/// of the main `line` numbered in order, and the other winning first moves (`keys` besides the
/// line's first) dashed.
///
/// ```
/// use damtutor::render::worksheet::solution_arrows;
/// use damtutor::Brazilian;
/// let start: damtutor_rules::Position<Brazilian> = "W:Wc3,e3:Bd6".parse().unwrap();
/// let line = [start.parse_move("c3-d4").unwrap()];
/// let arrows = solution_arrows(&start, &line, &line);
/// assert_eq!(arrows.len(), 1);
/// assert_eq!(arrows[0].number, Some(1));
/// ```
pub fn solution_arrows<R: Rules>(
    start: &damtutor_rules::Position<R>,
    line: &[damtutor_rules::Move<R>],
    keys: &[damtutor_rules::Move<R>],
) -> Vec<Arrow> {
    let mut drawn = Vec::new();
    let solver = start.turn();
    let mut position = *start;
    let mut count = 0;
    for m in line {
        if position.turn() == solver {
            count += 1;
            drawn.push(Arrow {
                route: position.capture_route(m),
                number: Some(count),
                style: ArrowStyle::Solid,
            });
        }
        position = position.play_unchecked(m);
    }
    for m in keys.iter().filter(|m| Some(*m) != line.first()) {
        drawn.push(Arrow {
            route: start.capture_route(m),
            number: None,
            style: ArrowStyle::Dashed,
        });
    }
    drawn
}

/// The diagram options of an exercise on a worksheet, with the `arrows` of its answer-key
/// diagram (none for the diagram the student solves).
pub fn diagram_options(
    options: &WorksheetOptions,
    arrows: Vec<Arrow>,
    label: String,
) -> DiagramOptions {
    let key = !arrows.is_empty();
    DiagramOptions {
        numbers: options.numbers,
        arrows,
        standalone: options.format == Format::Markdown,
        width: if key { 260 } else { 340 },
        label,
        edge_numbers: false,
    }
}
