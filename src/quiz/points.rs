//! How many questions of each type a quiz has, and their points: the model test's mix (seed
//! 000: 18 points of single choice, 24 of multiple choice, 22 of blanks, 36 for the diagram and
//! the design question) scaled to the total, or the teacher's own counts; then the points fitted
//! so that they add up to the total exactly. Choice questions keep their 2 and 4 points; each
//! blank is worth 1 or 2; the open questions share what is left.

use super::build::{MULTI_POINTS, SINGLE_POINTS};
use super::question::{Question, QuestionType};
use super::{QuizError, QuizOptions};

/// How many questions of each type to make.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Plan {
    /// Counts of each type (in [`QuestionType::ALL`] order).
    Counts([usize; 5]),
    /// Counts of the other types, and fill-in questions until their points reach
    /// `blank_points` (the model's share of the total).
    Points {
        counts: [usize; 5],
        blank_points: u32,
    },
}

impl Plan {
    /// The questions of `kind` to make (for [`Plan::Points`] blanks, an estimate).
    pub(crate) fn count(&self, kind: QuestionType) -> usize {
        let index = index(kind);
        match self {
            Plan::Counts(counts) | Plan::Points { counts, .. } => counts[index],
        }
    }

    /// The points the blanks should make, when the plan says.
    fn blank_points(&self) -> Option<u32> {
        match self {
            Plan::Points { blank_points, .. } => Some(*blank_points),
            Plan::Counts(_) => None,
        }
    }
}

fn index(kind: QuestionType) -> usize {
    QuestionType::ALL
        .iter()
        .position(|&k| k == kind)
        .unwrap_or(0)
}

/// The plan of a quiz of the question types `kinds` (those some family can ask).
pub(crate) fn plan(options: &QuizOptions, kinds: &[QuestionType]) -> Result<Plan, QuizError> {
    if let Some(counts) = options.counts {
        let mut out = [0; 5];
        for &kind in kinds {
            out[index(kind)] = counts.get(kind);
        }
        return Ok(Plan::Counts(out));
    }
    if let Some(count) = options.count {
        return Ok(Plan::Counts(allocate(count, kinds)));
    }
    let total = options.total.unwrap_or(100);
    if total == 0 {
        return Err(QuizError::ZeroTotal);
    }
    // The model's points of the types asked for, scaled to the total.
    let model: u32 = kinds.iter().map(|k| k.model_points()).sum();
    let share = |kind: QuestionType| f64::from(kind.model_points() * total) / f64::from(model);
    let mut counts = [0; 5];
    let mut blank_points = 0;
    for &kind in kinds {
        let points = share(kind);
        match kind {
            QuestionType::Single => {
                counts[0] = (points / f64::from(SINGLE_POINTS)).round() as usize
            }
            QuestionType::Multi => counts[1] = (points / f64::from(MULTI_POINTS)).round() as usize,
            QuestionType::Blank => {
                blank_points = points.round() as u32;
                // About three points a fill-in question.
                counts[2] = (blank_points as usize).div_ceil(3);
            }
            // One open question of each type for every 100 points, at least one.
            QuestionType::Diagram | QuestionType::Design => {
                counts[index(kind)] = ((points / 18.0).round() as usize).max(1)
            }
        }
    }
    Ok(Plan::Points {
        counts,
        blank_points,
    })
}

/// `count` questions shared among `kinds` by the model test's numbers (9 single, 6 multiple
/// choice, 7 blanks, 1 diagram, 1 design; largest remainder), at least one of each type when
/// there are enough questions.
fn allocate(count: usize, kinds: &[QuestionType]) -> [usize; 5] {
    let total: usize = kinds.iter().map(|k| k.model_count()).sum();
    let mut out = [0; 5];
    if total == 0 {
        return out;
    }
    let mut shares: Vec<(QuestionType, usize, usize)> = kinds
        .iter()
        .map(|&k| {
            let exact = count * k.model_count();
            (k, exact / total, exact % total)
        })
        .collect();
    let left = count - shares.iter().map(|s| s.1).sum::<usize>();
    let mut order: Vec<usize> = (0..shares.len()).collect();
    order.sort_by(|&a, &b| shares[b].2.cmp(&shares[a].2).then(a.cmp(&b)));
    for &i in order.iter().cycle().take(left) {
        shares[i].1 += 1;
    }
    if count >= kinds.len() {
        while let Some(empty) = shares.iter().position(|s| s.1 == 0) {
            let Some(largest) = (0..shares.len()).max_by_key(|&i| (shares[i].1, usize::MAX - i))
            else {
                break;
            };
            shares[largest].1 -= 1;
            shares[empty].1 += 1;
        }
    }
    for (kind, n, _) in shares {
        out[index(kind)] = n;
    }
    out
}

/// Points of an open question when no total is asked for.
const OPEN_POINTS: u32 = 10;

/// Sets the points of the blanks and the open questions so that the quiz makes the total
/// exactly: the blanks as near the plan's share as they can come (1 or 2 points each), the open
/// questions sharing the rest (or with the points asked for). With no total asked for and
/// counts of questions, the questions keep their points and the open ones get 10 each.
pub(crate) fn fit(
    questions: &mut [Question],
    options: &QuizOptions,
    plan: &Plan,
) -> Result<(), QuizError> {
    let total = match (options.total, plan) {
        (Some(total), _) => total,
        (None, Plan::Points { .. }) => 100,
        (None, Plan::Counts(_)) => {
            for q in questions.iter_mut() {
                q.points = match q.kind {
                    QuestionType::Diagram => options.diagram_points.unwrap_or(OPEN_POINTS),
                    QuestionType::Design => options.design_points.unwrap_or(OPEN_POINTS),
                    _ => q.points,
                };
            }
            return Ok(());
        }
    };
    let fixed: u32 = questions
        .iter()
        .filter(|q| matches!(q.kind, QuestionType::Single | QuestionType::Multi))
        .map(|q| q.points)
        .sum();
    let asked = |q: &Question| match q.kind {
        QuestionType::Diagram => options.diagram_points,
        QuestionType::Design => options.design_points,
        _ => None,
    };
    let open: Vec<usize> = (0..questions.len())
        .filter(|&i| {
            matches!(
                questions[i].kind,
                QuestionType::Diagram | QuestionType::Design
            )
        })
        .collect();
    let free: Vec<usize> = open
        .iter()
        .copied()
        .filter(|&i| asked(&questions[i]).is_none())
        .collect();
    let set_open: u32 = open.iter().filter_map(|&i| asked(&questions[i])).sum();
    let blanks: usize = questions.iter().map(|q| q.blanks.len()).sum();
    let (least, most) = (blanks as u32, 2 * blanks as u32);
    let current: u32 = questions
        .iter()
        .map(|q| q.blanks.iter().map(|b| b.points).sum::<u32>())
        .sum();
    let made = questions.len();
    let impossible = |low: u32, high: u32| QuizError::Points {
        made,
        low,
        high,
        total,
    };
    let rest = total
        .checked_sub(fixed + set_open)
        .ok_or_else(|| impossible(fixed + set_open + least, fixed + set_open + most))?;
    let blank_total = if free.is_empty() {
        if !(least..=most).contains(&rest) {
            return Err(impossible(
                fixed + set_open + least,
                fixed + set_open + most,
            ));
        }
        rest
    } else {
        // Each open question keeps a point at least; the blanks come as near their share as
        // they can.
        let room = rest
            .checked_sub(free.len() as u32)
            .ok_or_else(|| impossible(fixed + set_open + least + free.len() as u32, u32::MAX))?;
        if room < least {
            return Err(impossible(
                fixed + set_open + least + free.len() as u32,
                u32::MAX,
            ));
        }
        plan.blank_points()
            .unwrap_or(current)
            .clamp(least, most)
            .min(room)
    };
    set_blank_points(questions, current, blank_total);
    if !free.is_empty() {
        let left = rest - blank_total;
        let each = left / free.len() as u32;
        let extra = left % free.len() as u32;
        for (n, &i) in free.iter().enumerate() {
            questions[i].points = each + u32::from((n as u32) < extra);
        }
    }
    for &i in &open {
        if let Some(points) = asked(&questions[i]) {
            questions[i].points = points;
        }
    }
    Ok(())
}

/// Moves the blanks' points from `current` to `wanted`: 2-point blanks become 1-point ones from
/// the first question on, or 1-point blanks 2-point ones from the last (the model test's early
/// blanks are worth 1 point, its later ones 2).
fn set_blank_points(questions: &mut [Question], current: u32, wanted: u32) {
    let mut now = current;
    let indices: Vec<(usize, usize)> = questions
        .iter()
        .enumerate()
        .flat_map(|(q, question)| (0..question.blanks.len()).map(move |b| (q, b)))
        .collect();
    if wanted < now {
        for &(q, b) in &indices {
            if now == wanted {
                break;
            }
            if questions[q].blanks[b].points == 2 {
                questions[q].blanks[b].points = 1;
                now -= 1;
            }
        }
    } else {
        for &(q, b) in indices.iter().rev() {
            if now == wanted {
                break;
            }
            if questions[q].blanks[b].points == 1 {
                questions[q].blanks[b].points = 2;
                now += 1;
            }
        }
    }
    for q in questions.iter_mut().filter(|q| !q.blanks.is_empty()) {
        q.points = q.blanks.iter().map(|b| b.points).sum();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn allocation_follows_the_model_test() {
        let all = QuestionType::ALL;
        assert_eq!(allocate(24, &all), [9, 6, 7, 1, 1]);
        for count in 0..40 {
            let shares = allocate(count, &all);
            assert_eq!(shares.iter().sum::<usize>(), count);
            if count >= 5 {
                assert!(shares.iter().all(|&s| s >= 1), "{count}: {shares:?}");
            }
        }
        assert_eq!(allocate(3, &[QuestionType::Blank]), [0, 0, 3, 0, 0]);
    }

    #[test]
    fn the_default_plan_is_the_model_test() {
        let options = QuizOptions::default();
        let plan = plan(&options, &QuestionType::ALL).unwrap();
        assert_eq!(
            plan,
            Plan::Points {
                counts: [9, 6, 8, 1, 1],
                blank_points: 22
            }
        );
    }
}
