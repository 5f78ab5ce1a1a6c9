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

impl Default for LimitArgs {
    /// The flags' defaults, for commands that solve without offering them (`quiz` proves the
    /// exercises of its sets as `worksheet` does by default).
    fn default() -> LimitArgs {
        LimitArgs {
            max_plies: 21,
            max_nodes: 20_000_000,
            time_limit: 10.0,
        }
    }
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

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    #[derive(Parser)]
    struct Flags {
        #[command(flatten)]
        limits: LimitArgs,
    }

    #[test]
    fn the_default_is_what_the_flags_default_to() {
        let flags = Flags::try_parse_from(["t"]).unwrap();
        let (given, default) = (flags.limits, LimitArgs::default());
        assert_eq!(given.max_plies, default.max_plies);
        assert_eq!(given.max_nodes, default.max_nodes);
        assert_eq!(given.time_limit, default.time_limit);
    }
}
