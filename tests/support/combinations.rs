//! The verified combinations of the shared test data (`tests/data/combinations.yaml`): each
//! position with its published solution, motifs and outcome.

use damtutor::solver::Goal;

#[derive(serde::Deserialize)]
struct CombinationFile {
    combinations: Vec<Combination>,
}

#[derive(serde::Deserialize)]
pub struct Combination {
    pub id: String,
    pub fen: String,
    pub solution: String,
    #[allow(dead_code)] // read by the solver's tests only
    pub motifs: Vec<String>,
    pub outcome: String,
}

impl Combination {
    /// The goal the `outcome` states: a win ("Black has no pieces left -> White wins"), else
    /// the net gain ("White net +2 pieces").
    pub fn goal(&self) -> Goal {
        if self.outcome.contains("wins") {
            return Goal::Win;
        }
        let gain = self
            .outcome
            .split("net +")
            .nth(1)
            .and_then(|rest| rest.split_whitespace().next())
            .and_then(|n| n.parse().ok())
            .expect("a net gain");
        Goal::Material(gain)
    }
}

/// Every combination of the file.
pub fn all() -> Vec<Combination> {
    let file: CombinationFile =
        serde_yaml::from_str(include_str!("../data/combinations.yaml")).unwrap();
    file.combinations
}
