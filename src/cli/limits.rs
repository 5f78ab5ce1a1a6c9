use clap::Args;
use damtutor::solver::Limits;
use std::time::Duration;

/// The solver's limits, shared by every command that solves.
#[derive(Args, Debug, Clone)]
pub struct LimitArgs {
    /// The longest line the solver considers, in plies (forced captures are free).
    #[arg(long, default_value_t = 21)]
    pub max_plies: u32,
    /// Give up (status unknown) after this many nodes per position.
    #[arg(long, default_value_t = 20_000_000)]
    pub max_nodes: u64,
    /// Give up (status unknown) after this many seconds per position (above 0, at most a week).
    #[arg(long, default_value_t = 10.0, value_parser = super::values::seconds)]
    pub time_limit: f64,
}

impl LimitArgs {
    pub fn limits(&self) -> Limits {
        Limits {
            max_plies: self.max_plies.min(200),
            max_nodes: self.max_nodes,
            time_limit: Duration::from_secs_f64(
                self.time_limit.clamp(0.001, super::values::MAX_SECONDS),
            ),
        }
    }
}
