//! Versions of a quiz (A, B, ...) for a class that sits side by side: the same questions, so
//! that every version is as hard and one explanation fits them all, in another order within
//! each section and with their options in another order (choice questions whose options are
//! listed in order, such as squares by number, keep it). Each version has its own key.

use super::question::{letter, QuestionType, Quiz};
use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

impl Quiz {
    /// The `count` versions of the quiz (`count` at most 26): version A is the quiz as made,
    /// the others are shuffled from its seed. With `count` 1, the quiz itself, unlettered.
    ///
    /// ```
    /// use damtutor::quiz::{generate, QuizOptions};
    /// let quiz = generate(&QuizOptions { seed: 4, ..QuizOptions::default() })?;
    /// let versions = quiz.versions(2);
    /// assert_eq!(versions[0].version, Some('A'));
    /// assert_eq!(versions[1].version, Some('B'));
    /// assert_eq!(versions[1].total_points, quiz.total_points);
    /// assert_ne!(versions[0].questions, versions[1].questions);
    /// # Ok::<(), damtutor::quiz::QuizError>(())
    /// ```
    pub fn versions(&self, count: usize) -> Vec<Quiz> {
        let count = count.clamp(1, 26);
        if count == 1 {
            return vec![self.clone()];
        }
        (0..count)
            .map(|n| {
                let mut version = if n == 0 {
                    self.clone()
                } else {
                    self.shuffled(n as u64)
                };
                version.version = Some((b'A' + n as u8) as char);
                version
            })
            .collect()
    }

    /// The quiz with each section's questions and each choice question's options shuffled by
    /// a random source of its own (`n`: the version's number).
    fn shuffled(&self, n: u64) -> Quiz {
        let mut rng = ChaCha8Rng::seed_from_u64(self.seed ^ n.wrapping_mul(0xA24B_AED4_963E_E407));
        let mut quiz = self.clone();
        let mut questions = Vec::new();
        for kind in QuestionType::ALL {
            let mut section: Vec<_> = quiz
                .questions
                .iter()
                .filter(|q| q.kind == kind)
                .cloned()
                .collect();
            section.shuffle(&mut rng);
            questions.extend(section);
        }
        for q in &mut questions {
            if q.options.is_empty() || q.options_fixed {
                continue;
            }
            let mut order: Vec<usize> = (0..q.options.len()).collect();
            order.shuffle(&mut rng);
            let right: Vec<bool> = (0..q.options.len())
                .map(|i| q.answer.contains(&letter(i)))
                .collect();
            q.options = order.iter().map(|&i| q.options[i].clone()).collect();
            if !q.option_keys.is_empty() {
                q.option_keys = order.iter().map(|&i| q.option_keys[i].clone()).collect();
            }
            q.answer = order
                .iter()
                .enumerate()
                .filter(|(_, &i)| right[i])
                .map(|(n, _)| letter(n))
                .collect();
        }
        for (i, q) in questions.iter_mut().enumerate() {
            q.id = format!("q{}", i + 1);
        }
        quiz.questions = questions;
        quiz
    }
}
