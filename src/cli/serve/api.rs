//! The desk's routes: the page (`/`), and the JSON API under `/api/` that it uses (documented
//! in the README, so that scripts can drive it too).
//!
//! Every answer that is not a file is JSON; an error is `{"error": "..."}` with a 4xx or 5xx
//! status, in the language of the request. Heavy work (solving, printing) runs on the blocking
//! threads; a panic there becomes an error answer, never a dead server.

use super::guard;
use super::library::{Filter, Place, Unusable};
use super::store::{self, Made};
use super::Desk;
use crate::cli::pdf;
use axum::body::Body;
use axum::extract::rejection::{JsonRejection, QueryRejection};
use axum::extract::{DefaultBodyLimit, Path, Query, Request, State};
use axum::http::{header, HeaderValue, StatusCode};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use base64::Engine;
use damtutor::check::{self, report, summary};
use damtutor::exercise::{self, AnswerFile, AnswerSheet, ExerciseSet};
use damtutor::lms;
use damtutor::practice::{self, PracticeOptions, DEFAULT_MAX_TURNS};
use damtutor::quiz::{self, QuestionType, QuizOptions, TypeCounts};
use damtutor::render::svg::{self, DiagramOptions};
use damtutor::render::worksheet::{self, Answers, Item, OutputFile, WorksheetOptions};
use damtutor::solver::{Motif, Status, VariantSolution};
use damtutor::with_solution;
use damtutor::words::{self, desk, fill, text, Lang, Text};
use damtutor::Variant;
use serde::Deserialize;
use serde_json::{json, Value};
use std::sync::Arc;

/// The largest request body (the uploads of a class): 8 MB.
const MAX_BODY: usize = 8 << 20;
/// The most exercises one sheet or page may hold, files one marking may read, students it
/// may mark, and exercises one browse answer lists.
const MAX_EXERCISES: usize = 300;
const MAX_FILES: usize = 200;
const MAX_STUDENTS: usize = 2000;
const MAX_LISTED: usize = 120;

/// The desk's router.
pub fn router(desk: Arc<Desk>) -> Router {
    Router::new()
        .route("/", get(page))
        .route("/api/status", get(status))
        .route("/api/exercises", get(exercises))
        .route("/api/solution", get(solution))
        .route("/api/worksheet", post(make_worksheet))
        .route("/api/quiz", post(make_quiz))
        .route("/api/practice", post(make_practice))
        .route("/api/mark", post(mark))
        .route("/api/files/{token}/{name}", get(file))
        .fallback(not_found)
        .layer(DefaultBodyLimit::max(MAX_BODY))
        .layer(middleware::from_fn_with_state(desk.clone(), keep_home))
        .with_state(desk)
}

/// An error answer: a status and a message for the page.
pub struct Failure(StatusCode, String);

impl IntoResponse for Failure {
    fn into_response(self) -> Response {
        (self.0, Json(json!({ "error": self.1 }))).into_response()
    }
}

type Answer = Result<Response, Failure>;

fn bad(message: String) -> Failure {
    Failure(StatusCode::BAD_REQUEST, message)
}

/// Refuses requests from elsewhere (see [`guard`]) and marks every answer as not to be
/// sniffed, framed by other sites or cached.
async fn keep_home(State(desk): State<Arc<Desk>>, request: Request, next: Next) -> Response {
    let (host, origin) = {
        let header = |name: header::HeaderName| {
            request
                .headers()
                .get(name)
                .and_then(|v| v.to_str().ok())
                .map(str::to_string)
        };
        (header(header::HOST), header(header::ORIGIN))
    };
    let mut response = if guard::request_allowed(host.as_deref(), origin.as_deref(), desk.port) {
        next.run(request).await
    } else {
        let url = format!("http://127.0.0.1:{}/", desk.port);
        Failure(
            StatusCode::FORBIDDEN,
            desk::say(desk.lang, "foreign", &[("url", &url)]),
        )
        .into_response()
    };
    let headers = response.headers_mut();
    headers.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    headers.insert(
        header::X_FRAME_OPTIONS,
        HeaderValue::from_static("SAMEORIGIN"),
    );
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    headers.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("no-referrer"),
    );
    response
}

async fn not_found(State(desk): State<Arc<Desk>>, request: Request) -> Failure {
    let path = request.uri().path().to_string();
    Failure(
        StatusCode::NOT_FOUND,
        desk::say(desk.lang, "not_found", &[("path", &path)]),
    )
}

/// Runs `work` on a blocking thread; a panic in it is an error answer.
async fn blocking<T: Send + 'static>(
    lang: Lang,
    work: impl FnOnce() -> Result<T, Failure> + Send + 'static,
) -> Result<T, Failure> {
    match tokio::task::spawn_blocking(work).await {
        Ok(result) => result,
        Err(error) => Err(Failure(
            StatusCode::INTERNAL_SERVER_ERROR,
            desk::say(lang, "internal", &[("error", &error)]),
        )),
    }
}

/// The `lang` of a query (`?lang=en`).
#[derive(Deserialize)]
struct LangQuery {
    lang: Option<Lang>,
}

/// The page, in the language asked for (`?lang=`) or the desk's.
async fn page(
    State(desk): State<Arc<Desk>>,
    query: Result<Query<LangQuery>, QueryRejection>,
) -> Answer {
    let lang = query.ok().and_then(|q| q.0.lang).unwrap_or(desk.lang);
    let view = json!({
        "lang": lang.code(),
        "other": other(lang).code(),
        "title": desk::word(lang, "title"),
        "w": desk::page_words(lang),
        "words": practice::script_json(&desk::page_words(lang)),
        "generator": concat!("damtutor ", env!("CARGO_PKG_VERSION")),
    });
    let html = desk
        .templates
        .page
        .render("desk.html", &view)
        .map_err(internal)?;
    let mut response = ([(header::CONTENT_TYPE, "text/html; charset=utf-8")], html).into_response();
    // The page runs its own script and nothing from elsewhere.
    response.headers_mut().insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(
            "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; frame-src 'self'; base-uri 'none'; form-action 'none'",
        ),
    );
    Ok(response)
}

fn other(lang: Lang) -> Lang {
    match lang {
        Lang::English => Lang::Chinese,
        Lang::Chinese => Lang::English,
    }
}

fn game_key(variant: Variant) -> &'static str {
    match variant {
        Variant::International => "game_international",
        Variant::Brazilian => "game_brazilian",
        Variant::Russian => "game_russian",
        Variant::English => "game_english",
    }
}

/// What the page needs first: the games, levels, motifs and sets to filter by, whether PDFs
/// can be made, and the files that could not be read.
async fn status(
    State(desk): State<Arc<Desk>>,
    query: Result<Query<LangQuery>, QueryRejection>,
) -> Answer {
    let lang = query.ok().and_then(|q| q.0.lang).unwrap_or(desk.lang);
    let library = &desk.library;
    let games: Vec<Value> = Variant::ALL
        .iter()
        .filter(|&&g| {
            library
                .sets
                .iter()
                .any(|s| s.exercises.iter().any(|e| e.variant() == g))
        })
        .map(|&g| json!({"key": g.name(), "name": desk::word(lang, game_key(g))}))
        .collect();
    let motifs: Vec<Value> = Motif::ALL
        .iter()
        .filter(|&&m| {
            library
                .sets
                .iter()
                .any(|s| s.exercises.iter().any(|e| e.motifs.contains(&m)))
        })
        .map(|&m| json!({"key": m.key(), "name": words::motif(lang, m)}))
        .collect();
    let mut levels: Vec<u8> = library
        .sets
        .iter()
        .enumerate()
        .flat_map(|(s, set)| (0..set.exercises.len()).filter_map(move |e| library.level((s, e))))
        .collect();
    levels.sort_unstable();
    levels.dedup();
    let sets: Vec<Value> = library
        .sets
        .iter()
        .map(|s| {
            json!({
                "name": s.source_name,
                "title": set_title(s, lang),
                "game": s.variant.name(),
                "count": s.exercises.len(),
            })
        })
        .collect();
    let all_games: Vec<Value> = Variant::ALL
        .iter()
        .map(|&g| json!({"key": g.name(), "name": desk::word(lang, game_key(g))}))
        .collect();
    Ok(Json(json!({
        "lang": lang.code(),
        "pdf": desk.pdf,
        "exercises": library.count(),
        "games": games,
        "all_games": all_games,
        "levels": levels,
        "motifs": motifs,
        "sets": sets,
        "problems": library.problems.iter().map(|e| e.say(lang)).collect::<Vec<_>>(),
    }))
    .into_response())
}

/// A set's title in `lang`, else its game and its file's name (never the other language: a
/// page speaks one): "国际跳棋（百格） · level-3".
fn set_title(set: &ExerciseSet, lang: Lang) -> String {
    bilingual(&set.title, lang).unwrap_or_else(|| {
        let file = std::path::Path::new(&set.source_name)
            .file_stem()
            .map_or_else(
                || set.source_name.clone(),
                |s| s.to_string_lossy().into_owned(),
            );
        format!("{} · {file}", desk::word(lang, game_key(set.variant)))
    })
}

/// A text of an exercise file in `lang`, when the file has it in `lang`.
fn bilingual(text: &damtutor::exercise::Bilingual, lang: Lang) -> Option<String> {
    text.get(lang)
        .filter(|t| !t.trim().is_empty())
        .map(str::to_string)
}

/// A browse request: filters and a page of the list.
#[derive(Deserialize, Default)]
struct Browse {
    lang: Option<Lang>,
    game: Option<String>,
    level: Option<String>,
    motif: Option<String>,
    set: Option<String>,
    q: Option<String>,
    offset: Option<usize>,
    limit: Option<usize>,
}

/// The exercises that pass the filters, a page at a time, each with its diagram.
async fn exercises(
    State(desk): State<Arc<Desk>>,
    query: Result<Query<Browse>, QueryRejection>,
) -> Answer {
    let browse = query_of(query, desk.lang)?;
    let lang = browse.lang.unwrap_or(desk.lang);
    let library = &desk.library;
    let field = |name: &str, error: String| wrong_value(lang, name, &error);
    let mut filter = Filter {
        text: browse.q.clone().unwrap_or_default(),
        ..Filter::default()
    };
    if let Some(game) = browse.game.as_deref().filter(|g| !g.is_empty()) {
        filter.game = Some(
            game.parse::<Variant>()
                .map_err(|e| field("game", e.to_string()))?,
        );
    }
    if let Some(level) = browse.level.as_deref().filter(|l| !l.is_empty()) {
        filter.level = Some(
            level
                .parse::<u8>()
                .map_err(|e| field("level", e.to_string()))?,
        );
    }
    if let Some(motif) = browse.motif.as_deref().filter(|m| !m.is_empty()) {
        filter.motif =
            Some(Motif::from_key(motif).ok_or_else(|| field("motif", motif.to_string()))?);
    }
    if let Some(set) = browse.set.as_deref().filter(|s| !s.is_empty()) {
        filter.set = Some(library.set(set).ok_or_else(|| {
            Failure(
                StatusCode::NOT_FOUND,
                desk::say(lang, "no_set", &[("set", &set)]),
            )
        })?);
    }
    let offset = browse.offset.unwrap_or(0);
    let limit = browse.limit.unwrap_or(24).clamp(1, MAX_LISTED);
    let mut total = 0;
    let mut cards = Vec::new();
    for (s, set) in library.sets.iter().enumerate() {
        if filter.set.is_some_and(|f| f != s) {
            continue;
        }
        for (e, exercise) in set.exercises.iter().enumerate() {
            let level = library.level((s, e));
            if !filter.admits(set, exercise, level) {
                continue;
            }
            if total >= offset && cards.len() < limit {
                cards.push(card(set, exercise, level, lang));
            }
            total += 1;
        }
    }
    Ok(Json(json!({"total": total, "offset": offset, "exercises": cards})).into_response())
}

/// An exercise as the browse list shows it.
fn card(set: &ExerciseSet, exercise: &exercise::Exercise, level: Option<u8>, lang: Lang) -> Value {
    let position = exercise.position;
    let variant = position.variant();
    let caption = words::caption(lang, variant, position.turn(), exercise.goal);
    let svg = svg::variant_diagram(
        &position,
        &DiagramOptions {
            width: 240,
            label: caption.clone(),
            edge_numbers: variant == Variant::English,
            ..DiagramOptions::default()
        },
    );
    json!({
        "set": set.source_name,
        "set_title": set_title(set, lang),
        "id": exercise.id,
        "game": variant.name(),
        "level": level,
        "motifs": exercise.motifs.iter().map(|&m| words::motif(lang, m)).collect::<Vec<_>>(),
        "title": bilingual(&exercise.title, lang),
        "source": bilingual(&exercise.source, lang),
        "hint": bilingual(&exercise.hint, lang),
        "caption": caption,
        "fen": position.to_string(),
        "svg": svg,
    })
}

/// An exercise named by its set and id.
#[derive(Deserialize, Clone)]
struct Ref {
    set: String,
    id: String,
}

#[derive(Deserialize)]
struct SolutionQuery {
    lang: Option<Lang>,
    set: String,
    id: String,
}

fn unusable(lang: Lang) -> impl Fn(Unusable) -> Failure {
    move |why| match why {
        Unusable::Unknown(message) => Failure(StatusCode::NOT_FOUND, message),
        Unusable::Unproven(problems) => Failure(
            StatusCode::UNPROCESSABLE_ENTITY,
            format!(
                "{}\n{}",
                problems.join("\n"),
                fill(lang, Text::ExercisesRejected, &[("count", &problems.len())])
            ),
        ),
    }
}

/// An exercise's proven solution: the line, the key moves and whether they are unique, the
/// motifs, the level, and the diagram with the solution's arrows.
async fn solution(
    State(desk): State<Arc<Desk>>,
    query: Result<Query<SolutionQuery>, QueryRejection>,
) -> Answer {
    let query = query_of(query, desk.lang)?;
    let lang = query.lang.unwrap_or(desk.lang);
    let place = desk
        .library
        .find(&query.set, &query.id, lang)
        .map_err(unusable(lang))?;
    let work = desk.clone();
    let solution = blocking(lang, move || {
        work.library
            .solutions(&[place], lang)
            .map_err(unusable(lang))
    })
    .await?
    .remove(0);
    let (_, exercise) = desk.library.exercise(place);
    Ok(Json(describe(&solution, exercise, lang)).into_response())
}

fn describe(solution: &VariantSolution, exercise: &exercise::Exercise, lang: Lang) -> Value {
    let variant = solution.variant();
    with_solution!(solution, s => {
        let side = words::side(lang, variant, s.position.turn());
        let line = s.book_annotated();
        let outcome = match s.status {
            Status::Win => fill(lang, Text::SolveWins, &[("side", &side), ("line", &line)]),
            _ => fill(
                lang,
                Text::SolveForces,
                &[("side", &side), ("goal", &words::goal(lang, s.goal)), ("line", &line)],
            ),
        };
        let keys = s.key_texts().join(text(lang, Text::Comma));
        let unique = words::uniqueness(lang, s.uniqueness, s.unique_within);
        let key = if s.key_moves.len() > 1 { Text::SolveKeyMoves } else { Text::SolveKeyMove };
        let mut lines = vec![outcome, fill(lang, key, &[("moves", &keys), ("unique", &unique)])];
        if !s.motifs.is_empty() {
            let names: Vec<&str> = s.motifs.iter().map(|&m| words::motif(lang, m)).collect();
            lines.push(fill(lang, Text::SolveMotifs, &[("motifs", &names.join(text(lang, Text::Comma)))]));
        }
        if let Some(d) = s.difficulty {
            lines.push(fill(lang, Text::SolveDifficulty, &[("difficulty", &words::difficulty(lang, d.level, d.rating))]));
        }
        if let Some(comment) = bilingual(&exercise.comment, lang) {
            lines.push(comment);
        }
        let arrows = worksheet::solution_arrows(&s.position, &s.line, &s.key_moves);
        let svg = svg::diagram(
            &s.position,
            &DiagramOptions {
                width: 300,
                arrows,
                label: lines[0].clone(),
                edge_numbers: variant == Variant::English,
                ..DiagramOptions::default()
            },
        );
        json!({"lines": lines, "line": line, "keys": s.key_texts(), "svg": svg})
    })
}

/// The exercises of `refs`, found and proven, as worksheet items need them.
fn proven(
    desk: &Desk,
    refs: &[Ref],
    lang: Lang,
) -> Result<(Vec<Place>, Vec<VariantSolution>), Failure> {
    if refs.is_empty() {
        return Err(bad(desk::word(lang, "nothing_picked").to_string()));
    }
    if refs.len() > MAX_EXERCISES {
        return Err(bad(desk::say(
            lang,
            "too_many",
            &[
                ("max", &MAX_EXERCISES),
                ("what", &desk::word(lang, "what_exercises")),
            ],
        )));
    }
    let mut places = Vec::new();
    for r in refs {
        let place = desk
            .library
            .find(&r.set, &r.id, lang)
            .map_err(unusable(lang))?;
        if !places.contains(&place) {
            places.push(place);
        }
    }
    let solutions = desk
        .library
        .solutions(&places, lang)
        .map_err(unusable(lang))?;
    Ok((places, solutions))
}

fn items<'a>(desk: &'a Desk, places: &[Place], solutions: &'a [VariantSolution]) -> Vec<Item<'a>> {
    places
        .iter()
        .zip(solutions)
        .map(|(&place, solution)| {
            let (set, exercise) = desk.library.exercise(place);
            Item {
                set,
                exercise,
                solution,
            }
        })
        .collect()
}

/// The games of `items`, in the order they first appear.
fn games_of(items: &[Item]) -> Vec<Variant> {
    let mut games = Vec::new();
    for item in items {
        if !games.contains(&item.solution.variant()) {
            games.push(item.solution.variant());
        }
    }
    games
}

/// The items of `game`.
fn of_game<'a>(items: &[Item<'a>], game: Variant) -> Vec<Item<'a>> {
    items
        .iter()
        .filter(|i| i.solution.variant() == game)
        .copied()
        .collect()
}

/// A 422: the request was read, but what it asks for cannot be made (the message says why).
fn unprocessable(error: impl std::fmt::Display) -> Failure {
    Failure(StatusCode::UNPROCESSABLE_ENTITY, error.to_string())
}

/// A 500: a template or the printer failed.
fn internal(error: impl std::fmt::Display) -> Failure {
    Failure(StatusCode::INTERNAL_SERVER_ERROR, error.to_string())
}

/// `stem.ext`, or `stem-game.ext` when there are several games.
fn named(stem: &str, game: Variant, several: bool, extension: &str) -> String {
    if several {
        format!("{stem}-{}.{extension}", game.name())
    } else {
        format!("{stem}.{extension}")
    }
}

/// Keeps `files` (the PDFs printed first when asked) and answers with their names and URLs.
fn made(
    desk: &Desk,
    files: Vec<OutputFile>,
    pdf_too: bool,
    extra: Value,
) -> Result<Value, Failure> {
    let printed = if pdf_too {
        let html: Vec<OutputFile> = files
            .iter()
            .filter(|f| f.path.extension().is_some_and(|e| e == "html"))
            .map(|f| OutputFile {
                path: f.path.with_extension("pdf"),
                contents: f.contents.clone(),
            })
            .collect();
        pdf::print(html, true).map_err(internal)?
    } else {
        Vec::new()
    };
    let mut kept: Vec<Made> = files
        .into_iter()
        .map(|f| Made {
            name: f.path.to_string_lossy().into_owned(),
            bytes: f.contents.into_bytes(),
        })
        .collect();
    kept.extend(printed.into_iter().map(|w| Made {
        name: w.path.to_string_lossy().into_owned(),
        bytes: w.bytes,
    }));
    let names: Vec<(String, usize)> = kept
        .iter()
        .map(|m| (m.name.clone(), m.bytes.len()))
        .collect();
    let token = desk.store.keep(kept);
    let files: Vec<Value> = names
        .iter()
        .map(|(name, size)| json!({"name": name, "url": format!("/api/files/{token}/{name}"), "size": size}))
        .collect();
    let mut answer = json!({"files": files});
    if let (Value::Object(answer), Value::Object(extra)) = (&mut answer, extra) {
        answer.extend(extra);
    }
    Ok(answer)
}

/// A worksheet request: the picked exercises and the sheet's options.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct WorksheetRequest {
    lang: Option<Lang>,
    exercises: Vec<Ref>,
    #[serde(default)]
    pdf: bool,
    title: Option<String>,
    subtitle: Option<String>,
    school: Option<String>,
    per_page: Option<usize>,
    answers: Option<String>,
    versions: Option<usize>,
    #[serde(default)]
    hints: bool,
    #[serde(default)]
    numbers: bool,
    seed: Option<u64>,
}

fn json_body<T>(body: Result<Json<T>, JsonRejection>, lang: Lang) -> Result<T, Failure> {
    match body {
        Ok(Json(body)) => Ok(body),
        Err(JsonRejection::BytesRejection(_)) => Err(Failure(
            StatusCode::PAYLOAD_TOO_LARGE,
            desk::say(lang, "too_large", &[("max", &(MAX_BODY >> 20))]),
        )),
        Err(e) => Err(bad(desk::say(
            lang,
            "bad_request",
            &[("error", &e.body_text())],
        ))),
    }
}

/// A query's values, or a 400 saying what is wrong with them.
fn query_of<T>(query: Result<Query<T>, QueryRejection>, lang: Lang) -> Result<T, Failure> {
    query
        .map(|Query(q)| q)
        .map_err(|e| bad(desk::say(lang, "bad_request", &[("error", &e.body_text())])))
}

/// A 400 naming the field whose value is wrong.
fn wrong_value(lang: Lang, field: &str, error: &dyn std::fmt::Display) -> Failure {
    bad(desk::say(
        lang,
        "bad_value",
        &[("field", &field), ("error", error)],
    ))
}

fn blank(text: Option<String>) -> Option<String> {
    text.map(|t| t.trim().to_string()).filter(|t| !t.is_empty())
}

/// The worksheet of the picked exercises, a sheet a game: HTML, and PDF when asked.
async fn make_worksheet(
    State(desk): State<Arc<Desk>>,
    body: Result<Json<WorksheetRequest>, JsonRejection>,
) -> Answer {
    let request = json_body(body, desk.lang)?;
    let lang = request.lang.unwrap_or(desk.lang);
    let field = move |name: &str, error: &str| wrong_value(lang, name, &error);
    let answers = match request.answers.as_deref().unwrap_or("end") {
        "end" => Answers::End,
        "separate" => Answers::Separate,
        "inline" => Answers::Inline,
        "none" => Answers::None,
        other => return Err(field("answers", other)),
    };
    let per_page = request.per_page.unwrap_or(6);
    if !(1..=30).contains(&per_page) {
        return Err(field("per_page", "1-30"));
    }
    let versions = request.versions.unwrap_or(1);
    if !(1..=26).contains(&versions) {
        return Err(field("versions", "1-26"));
    }
    let work = desk.clone();
    let answer = blocking(lang, move || {
        let desk = &*work;
        let (places, solutions) = proven(desk, &request.exercises, lang)?;
        let items = items(desk, &places, &solutions);
        let options = WorksheetOptions {
            answers,
            lang: Some(lang),
            per_page,
            numbers: request.numbers,
            versions,
            shuffle: versions > 1,
            seed: request
                .seed
                .unwrap_or_else(|| u64::from(rand::random::<u32>())),
            title: blank(request.title),
            subtitle: blank(request.subtitle),
            school: blank(request.school),
            hints: request.hints,
            ..WorksheetOptions::default()
        };
        let games = games_of(&items);
        let mut files = Vec::new();
        for &game in &games {
            let of_game = of_game(&items, game);
            let name = named("worksheet", game, games.len() > 1, "html");
            files.extend(
                worksheet::render(
                    &of_game,
                    &options,
                    &desk.templates.worksheet,
                    std::path::Path::new(&name),
                )
                .map_err(unprocessable)?,
            );
        }
        made(desk, files, request.pdf, json!({}))
    })
    .await?;
    Ok(Json(answer).into_response())
}

/// A quiz request.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct QuizRequest {
    lang: Option<Lang>,
    games: Vec<String>,
    total: Option<u32>,
    count: Option<usize>,
    #[serde(default)]
    types: Vec<QuestionType>,
    versions: Option<usize>,
    number: Option<u64>,
    title: Option<String>,
    #[serde(default)]
    fen_questions: bool,
    #[serde(default)]
    pdf: bool,
}

/// A rules quiz with its answer key, its Moodle (GIFT) export and its key for marking.
async fn make_quiz(
    State(desk): State<Arc<Desk>>,
    body: Result<Json<QuizRequest>, JsonRejection>,
) -> Answer {
    let request = json_body(body, desk.lang)?;
    let lang = request.lang.unwrap_or(desk.lang);
    let field = move |name: &str, error: &str| wrong_value(lang, name, &error);
    let mut variants = Vec::new();
    for game in &request.games {
        variants.push(
            game.parse::<Variant>()
                .map_err(|e| field("games", &e.to_string()))?,
        );
    }
    if variants.is_empty() {
        variants.push(Variant::International);
    }
    if request.total.is_some_and(|t| !(1..=1000).contains(&t)) {
        return Err(field("total", "1-1000"));
    }
    if request.count.is_some_and(|c| !(1..=200).contains(&c)) {
        return Err(field("count", "1-200"));
    }
    let versions = request.versions.unwrap_or(1);
    if !(1..=26).contains(&versions) {
        return Err(field("versions", "1-26"));
    }
    let seed = request
        .number
        .unwrap_or_else(|| u64::from(rand::random::<u32>()));
    let options = QuizOptions {
        variants,
        total: request.total,
        count: request.count,
        counts: None::<TypeCounts>,
        topics: Vec::new(),
        types: request.types.clone(),
        seed,
        lang,
        diagram_points: None,
        design_points: None,
        title: blank(request.title.clone()),
        fen_questions: request.fen_questions,
        positions: Vec::new(),
    };
    let work = desk.clone();
    let answer = blocking(lang, move || {
        let desk = &*work;
        let quiz = quiz::generate(&options).map_err(|e| unprocessable(e.say(lang)))?;
        let mut files = Vec::new();
        for version in quiz.versions(versions) {
            let stem = match version.version {
                Some(letter) => format!("quiz-{letter}"),
                None => "quiz".to_string(),
            };
            let rendered = quiz::print::render(
                &version,
                &desk.templates.quiz,
                std::path::Path::new(&format!("{stem}.html")),
            )
            .map_err(internal)?;
            files.extend(rendered);
            files.push(OutputFile {
                path: format!("{stem}.gift").into(),
                contents: lms::gift(&version),
            });
            files.push(OutputFile {
                path: format!("{stem}-key.json").into(),
                contents: version.key().to_json(),
            });
        }
        let mut summary = desk::say(
            lang,
            "quiz_made",
            &[
                ("number", &quiz.seed),
                ("questions", &quiz.questions.len()),
                ("points", &quiz.total_points),
            ],
        );
        // Fewer different questions than asked for fit the games and types: said, as the
        // command line says it.
        if let Some(count) = options.count.filter(|&c| quiz.questions.len() < c) {
            summary.push(' ');
            summary.push_str(&desk::say(
                lang,
                "quiz_fewer",
                &[("questions", &quiz.questions.len()), ("count", &count)],
            ));
        }
        made(
            desk,
            files,
            request.pdf,
            json!({"number": quiz.seed, "summary": summary}),
        )
    })
    .await?;
    Ok(Json(answer).into_response())
}

/// A practice page request.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PracticeRequest {
    lang: Option<Lang>,
    exercises: Vec<Ref>,
    title: Option<String>,
}

/// The practice page of the picked exercises, a page a game.
async fn make_practice(
    State(desk): State<Arc<Desk>>,
    body: Result<Json<PracticeRequest>, JsonRejection>,
) -> Answer {
    let request = json_body(body, desk.lang)?;
    let lang = request.lang.unwrap_or(desk.lang);
    let work = desk.clone();
    let answer = blocking(lang, move || {
        let desk = &*work;
        let (places, solutions) = proven(desk, &request.exercises, lang)?;
        let items = items(desk, &places, &solutions);
        let options = PracticeOptions {
            lang: Some(lang),
            shuffle: false,
            seed: 0,
            max_turns: DEFAULT_MAX_TURNS,
            limits: desk.library.limits,
            title: blank(request.title),
        };
        let games = games_of(&items);
        let mut files = Vec::new();
        for &game in &games {
            let of_game = of_game(&items, game);
            let page = practice::build(&of_game, &options).map_err(unprocessable)?;
            let html = practice::render(&page, &desk.templates.practice).map_err(internal)?;
            files.push(OutputFile {
                path: named("practice", game, games.len() > 1, "html").into(),
                contents: html,
            });
        }
        made(desk, files, false, json!({}))
    })
    .await?;
    Ok(Json(answer).into_response())
}

/// An uploaded file: its name and its bytes in base64.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Upload {
    name: String,
    data: String,
}

/// A marking request: what to mark against (exercise sets, or a quiz key as JSON text) and the
/// students' files.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct MarkRequest {
    lang: Option<Lang>,
    #[serde(default)]
    sets: Vec<String>,
    key: Option<String>,
    files: Vec<Upload>,
}

/// Marks a class: each student's marks and feedback report, the gradebook, and what was
/// wrong with the files.
async fn mark(
    State(desk): State<Arc<Desk>>,
    body: Result<Json<MarkRequest>, JsonRejection>,
) -> Answer {
    let request = json_body(body, desk.lang)?;
    let lang = request.lang.unwrap_or(desk.lang);
    if request.files.is_empty() {
        return Err(bad(desk::word(lang, "no_answers").to_string()));
    }
    if request.files.len() > MAX_FILES {
        return Err(bad(desk::say(
            lang,
            "too_many",
            &[
                ("max", &MAX_FILES),
                ("what", &desk::word(lang, "what_files")),
            ],
        )));
    }
    let key = match blank(request.key.clone()) {
        Some(text) => Some(
            quiz::Key::from_json(&text)
                .map_err(|e| bad(desk::say(lang, "bad_key", &[("error", &e.say(lang))])))?,
        ),
        None => None,
    };
    let mut sets: Vec<ExerciseSet> = Vec::new();
    if key.is_none() {
        if request.sets.is_empty() {
            return Err(bad(desk::word(lang, "no_key").to_string()));
        }
        for name in &request.sets {
            let s = desk.library.set(name).ok_or_else(|| {
                Failure(
                    StatusCode::NOT_FOUND,
                    desk::say(lang, "no_set", &[("set", name)]),
                )
            })?;
            sets.push(desk.library.sets[s].clone());
        }
    }
    let work = desk.clone();
    let answer = blocking(lang, move || {
        let desk = &*work;
        let known = |id: &str| match &key {
            Some(key) => key.questions.iter().any(|q| q.id == id),
            None => sets.iter().any(|s| s.exercises.iter().any(|e| e.id == id)),
        };
        let mut sheets: Vec<AnswerSheet> = Vec::new();
        let mut problems: Vec<String> = Vec::new();
        for upload in &request.files {
            let name = std::path::Path::new(&upload.name).file_name().map_or_else(
                || "answers".to_string(),
                |n| n.to_string_lossy().into_owned(),
            );
            let bytes = match base64::engine::general_purpose::STANDARD.decode(upload.data.trim()) {
                Ok(bytes) => bytes,
                Err(e) => {
                    problems.push(format!("{name}: {e}"));
                    continue;
                }
            };
            match exercise::parse_answer_file(&bytes, &name, lang) {
                Ok(AnswerFile::Student(sheet)) => {
                    problems.extend(
                        sheet
                            .seal_problems()
                            .iter()
                            .map(|p| p.say(lang, &sheet.source_name)),
                    );
                    sheets.push(sheet);
                }
                Ok(AnswerFile::Class(mut class)) => {
                    class.keep_known(known, key.is_some());
                    problems.extend(class.problems.iter().map(|p| p.say(lang, &class.file)));
                    sheets.extend(class.sheets);
                }
                Err(e) => problems.push(fill(lang, Text::NotMarked, &[("error", &e.say(lang))])),
            }
        }
        if sheets.is_empty() {
            let mut message = desk::word(lang, "nobody").to_string();
            for problem in &problems {
                message.push('\n');
                message.push_str(problem);
            }
            return Err(unprocessable(message));
        }
        if sheets.len() > MAX_STUDENTS {
            return Err(bad(desk::say(
                lang,
                "too_many",
                &[
                    ("max", &MAX_STUDENTS),
                    ("what", &desk::word(lang, "what_students")),
                ],
            )));
        }
        let results = match &key {
            Some(key) => check::class::mark_quiz(key, &sheets, lang),
            None => check::mark_exercises(&sets, &sheets, desk.library.limits, lang)
                .map_err(unprocessable)?,
        };
        let mut files = vec![
            OutputFile {
                path: "gradebook.csv".into(),
                contents: check::gradebook_csv(&results, lang),
            },
            OutputFile {
                path: "summary.md".into(),
                contents: summary::markdown(&results, lang),
            },
        ];
        let mut names = report::Names::reserving(&["gradebook", "summary"]);
        let mut stems = Vec::new();
        for result in &results {
            let stem = names.next(&result.student);
            let rendered =
                report::render(result, &desk.templates.feedback, lang, &stem).map_err(internal)?;
            files.push(OutputFile {
                path: format!("{stem}.html").into(),
                contents: rendered.text,
            });
            stems.push(stem);
        }
        let ids: Vec<String> = {
            let mut ids: Vec<String> = Vec::new();
            for result in &results {
                for item in &result.items {
                    if !ids.contains(&item.id) {
                        ids.push(item.id.clone());
                    }
                }
            }
            ids
        };
        let students: Vec<Value> = results
            .iter()
            .zip(&stems)
            .map(|(result, stem)| {
                json!({
                    "student": result.student,
                    "class": result.class,
                    "total": check::class::number(result.total),
                    "max": check::class::number(result.max),
                    "report": format!("{stem}.html"),
                    "items": result.items.iter().map(|item| json!({
                        "id": item.id,
                        "answer": item.answer,
                        "verdict": item.verdict,
                        "short": summary::short(lang, item),
                        "points": check::class::number(item.points),
                        "max": check::class::number(item.max),
                        "feedback": item.feedback,
                    })).collect::<Vec<_>>(),
                    "notes": result.notes,
                })
            })
            .collect();
        made(
            desk,
            files,
            false,
            json!({"ids": ids, "students": students, "problems": problems}),
        )
    })
    .await?;
    Ok(Json(answer).into_response())
}

#[derive(Deserialize)]
struct FileQuery {
    download: Option<u8>,
    lang: Option<Lang>,
}

/// A made file, shown in the browser or (`?download=1`) saved.
async fn file(
    State(desk): State<Arc<Desk>>,
    Path((token, name)): Path<(String, String)>,
    query: Result<Query<FileQuery>, QueryRejection>,
) -> Answer {
    let query = query.ok().map(|q| q.0);
    let lang = query.as_ref().and_then(|q| q.lang).unwrap_or(desk.lang);
    let bytes = desk.store.get(&token, &name).ok_or_else(|| {
        Failure(
            StatusCode::NOT_FOUND,
            desk::word(lang, "file_gone").to_string(),
        )
    })?;
    let mut response = Response::new(Body::from(bytes));
    let headers = response.headers_mut();
    headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static(store::media_type(&name)),
    );
    if query.and_then(|q| q.download).is_some_and(|d| d != 0) {
        // The names are the desk's own (worksheet-A.pdf, a student's report): ASCII or percent-encoded.
        let encoded: String = name
            .bytes()
            .map(|b| match b {
                b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'.' | b'_' => {
                    (b as char).to_string()
                }
                _ => format!("%{b:02X}"),
            })
            .collect();
        if let Ok(value) = HeaderValue::from_str(&format!("attachment; filename*=UTF-8''{encoded}"))
        {
            headers.insert(header::CONTENT_DISPOSITION, value);
        }
    }
    Ok(response)
}
