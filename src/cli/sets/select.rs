//! The teacher's choice of exercises for a sheet or a page: by id, motif and level, and a
//! sample of them (`--ids`, `--motif`, `--level`, `--max-level`; `--count`, `--shuffle`,
//! `--seed`).

use crate::cli::{CliError, Usage};
use clap::Args;
use damtutor::render::worksheet::{self, Item};
use damtutor::solver::Motif;
use damtutor::words::{self, Lang};
use rand::seq::index::sample;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// The teacher's choice of exercises and the draw among them (`worksheet`, `practice`).
#[derive(Args, Debug, Clone, Default)]
pub struct SelectArgs {
    #[command(flatten)]
    pub choose: ChooseArgs,
    #[command(flatten)]
    pub draw: DrawArgs,
}

/// Which exercises: by id, motif and level (`worksheet`, `practice`, and `quiz` for its
/// diagram questions).
#[derive(Args, Debug, Clone, Default)]
pub struct ChooseArgs {
    /// Only these exercises, in this order: their ids, separated by commas.
    #[arg(long, value_name = "ID,ID...", value_delimiter = ',')]
    pub ids: Vec<String>,
    /// Only exercises with one of these motifs (the solver's or the teacher's), separated by
    /// commas: turkish_strike, breakthrough, king_trap, sacrifice, majority_rule_forcing,
    /// backward_capture, multi_capture, tempo, coup_philippe, coup_royal, bomb - or their names
    /// ("Turkish strike", "土耳其打击").
    #[arg(long, value_name = "NAME[,NAME]", value_delimiter = ',', value_parser = motif)]
    pub motif: Vec<Motif>,
    /// Only exercises of this difficulty level (1-6: the file's `difficulty`, else the
    /// solver's estimate).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u8).range(1..=6))]
    pub level: Option<u8>,
    /// Only exercises of this difficulty level or easier.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u8).range(1..=6))]
    pub max_level: Option<u8>,
}

impl ChooseArgs {
    /// Whether `--level` and `--max-level` admit an exercise of `level`.
    pub fn admits(&self, level: u8) -> bool {
        self.level.is_none_or(|wanted| level == wanted)
            && self.max_level.is_none_or(|most| level <= most)
    }

    /// Whether any flag chooses (else every exercise is chosen).
    pub fn chooses(&self) -> bool {
        !self.ids.is_empty()
            || !self.motif.is_empty()
            || self.level.is_some()
            || self.max_level.is_some()
    }
}

/// A random sample of the chosen exercises and their order: `--count`, `--shuffle`, `--seed`.
#[derive(Args, Debug, Clone, Default)]
pub struct DrawArgs {
    /// Draw N of the chosen exercises at random, kept in their order (--seed draws the same
    /// ones again). With sheets of several games or languages, N for each.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..))]
    pub count: Option<u16>,
    /// Shuffle the exercises.
    #[arg(long)]
    pub shuffle: bool,
    /// The seed of --count and --shuffle (and of a worksheet's --versions and --mirror): the
    /// same seed writes the same files [default: a random seed, printed]
    #[arg(long, value_name = "N")]
    pub seed: Option<u64>,
}

impl DrawArgs {
    /// The seed given, else a random one (printed by [`DrawArgs::seed_note`]).
    pub fn seed(&self) -> u64 {
        self.seed
            .unwrap_or_else(|| u64::from(rand::random::<u32>()))
    }

    /// Whether the run draws at random (`--count`, `--shuffle`, or `random` for the
    /// command's own flags) without a seed given, so that the seed used must be printed.
    pub fn seed_untold(&self, random: bool) -> bool {
        (random || self.shuffle || self.count.is_some()) && self.seed.is_none()
    }
}

/// A motif by its tag (`turkish_strike`, also `turkish-strike`) or its name in either language.
fn motif(text: &str) -> Result<Motif, String> {
    let wanted = text.trim().to_lowercase().replace(['-', ' '], "_");
    Motif::ALL
        .into_iter()
        .find(|&m| {
            m.key() == wanted
                || Lang::ALL.into_iter().any(|lang| {
                    words::motif(lang, m)
                        .to_lowercase()
                        .replace(['-', ' '], "_")
                        == wanted
                })
        })
        .ok_or_else(|| {
            let known: Vec<&str> = Motif::ALL.iter().map(|m| m.key()).collect();
            format!("'{}' is not a motif: use {}", text.trim(), known.join(", "))
        })
}

/// The items `args` choose, in their order - or in the order of `--ids`. An id that no
/// exercise has, or that several files share, is a usage error naming it; so is a choice
/// that leaves nothing (of the `read` exercises, counting those left out before solving); said
/// in `lang`.
pub fn choose<'a>(
    items: &[Item<'a>],
    args: &ChooseArgs,
    read: usize,
    lang: Lang,
) -> Result<Vec<Item<'a>>, CliError> {
    let mut chosen: Vec<Item<'a>> = if args.ids.is_empty() {
        items.to_vec()
    } else {
        by_ids(items, &args.ids).map_err(|reason| CliError::usage(lang, reason))?
    };
    let before = if args.ids.is_empty() {
        read
    } else {
        chosen.len()
    };
    chosen.retain(|item| {
        let motifs = worksheet::motifs_of(item);
        args.admits(worksheet::difficulty_of(item).level)
            && (args.motif.is_empty() || args.motif.iter().any(|m| motifs.contains(m)))
    });
    if chosen.is_empty() {
        let mut asked = Vec::new();
        if !args.motif.is_empty() {
            let keys: Vec<&str> = args.motif.iter().map(|m| m.key()).collect();
            asked.push(format!("--motif {}", keys.join(",")));
        }
        if let Some(level) = args.level {
            asked.push(format!("--level {level}"));
        }
        if let Some(level) = args.max_level {
            asked.push(format!("--max-level {level}"));
        }
        let nothing = Usage::NothingMatches {
            asked: asked.join(" "),
            count: before,
            by_ids: !args.ids.is_empty(),
        };
        return Err(CliError::usage(lang, nothing));
    }
    Ok(chosen)
}

/// The exercises named by `ids`, in that order.
fn by_ids<'a>(items: &[Item<'a>], ids: &[String]) -> Result<Vec<Item<'a>>, Usage> {
    let mut chosen = Vec::new();
    let mut missing = Vec::new();
    let mut shared = Vec::new();
    for id in ids.iter().map(|id| id.trim()).filter(|id| !id.is_empty()) {
        let found: Vec<&Item> = items.iter().filter(|item| item.exercise.id == id).collect();
        match found.as_slice() {
            [] => missing.push(format!("'{id}'")),
            [one] => {
                if chosen
                    .iter()
                    .any(|c: &Item| std::ptr::eq(c.exercise, one.exercise))
                {
                    return Err(Usage::IdTwice(id.to_string()));
                }
                chosen.push(**one);
            }
            several => shared.push(format!(
                "'{id}' ({})",
                several
                    .iter()
                    .map(|item| place(item))
                    .collect::<Vec<_>>()
                    .join(", ")
            )),
        }
    }
    if !missing.is_empty() {
        let files: Vec<String> = items.iter().fold(Vec::new(), |mut files, item| {
            if !files.contains(&item.set.source_name) {
                files.push(item.set.source_name.clone());
            }
            files
        });
        return Err(Usage::UnknownIds {
            ids: missing,
            files,
        });
    }
    if !shared.is_empty() {
        return Err(Usage::SharedIds(shared));
    }
    if chosen.is_empty() {
        return Err(Usage::NoIds);
    }
    Ok(chosen)
}

/// `file:line` of an item.
fn place(item: &Item) -> String {
    match item.exercise.line {
        Some(line) => format!("{}:{line}", item.set.source_name),
        None => item.set.source_name.clone(),
    }
}

/// `count` of `items` drawn with `seed`, in their order; all of them when there are no more.
pub fn draw<'a>(items: Vec<Item<'a>>, count: Option<u16>, seed: u64) -> Vec<Item<'a>> {
    let Some(count) = count.map(usize::from) else {
        return items;
    };
    if count >= items.len() {
        return items;
    }
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut picked = sample(&mut rng, items.len(), count).into_vec();
    picked.sort_unstable();
    picked.into_iter().map(|i| items[i]).collect()
}
