//! What the benchmarks share: their arguments, medians, and the seeded games of the tests.
//!
//! `cargo bench --bench NAME -- --option value` runs one in full (cargo adds `--bench`);
//! `cargo test` runs each once at its smallest, so a benchmark that breaks fails the tests.
#![allow(dead_code)]

use std::collections::HashMap;

#[path = "../../tests/support/seeded.rs"]
pub mod seeded;

#[path = "../../tests/support/clock.rs"]
pub mod clock;

#[path = "../../tests/support/postgres.rs"]
pub mod postgres;

/// A busy Epoch middlegame (117 legal moves), reached by a seeded random game.
pub const EPOCH_MIDGAME: &str =
    "st1g1ep4ts/1h4a3g2/lla5llh2/3ll1ml2ll1/13/2l2l7/L2L2l3L1l/3MLL7/1L10L/6L4L1/2L4LLL3/S1HT4A4/1G2AEP2GHTS b Mam k6 - - - 0 23";

/// The command line: `--name value` pairs, and whether cargo asked for the full benchmark.
pub struct Args {
    values: HashMap<String, String>,
    /// Run by `cargo test`: the smallest run that still goes through every step.
    pub smoke: bool,
}

impl Args {
    pub fn read() -> Args {
        let mut values = HashMap::new();
        let mut full = false;
        let mut args = std::env::args().skip(1);
        while let Some(arg) = args.next() {
            if arg == "--bench" {
                full = true;
            } else if let Some(name) = arg.strip_prefix("--") {
                if let Some(value) = args.next() {
                    values.insert(name.to_string(), value);
                }
            }
        }
        Args {
            values,
            smoke: !full,
        }
    }

    pub fn text(&self, name: &str) -> Option<&str> {
        self.values.get(name).map(String::as_str)
    }

    /// A number option: its value, else `full` for a full run and `smoke` under `cargo test`.
    pub fn number<T: std::str::FromStr>(&self, name: &str, full: T, smoke: T) -> T {
        match self.text(name) {
            Some(v) => v
                .parse()
                .unwrap_or_else(|_| panic!("--{name} takes a number, not '{v}'")),
            None if self.smoke => smoke,
            None => full,
        }
    }
}

pub fn median(mut xs: Vec<f64>) -> f64 {
    xs.sort_by(|a, b| a.total_cmp(b));
    xs[xs.len() / 2]
}

/// The value at quantile `q` (0 to 1) of some timings.
pub fn quantile(xs: &mut [f64], q: f64) -> f64 {
    xs.sort_by(|a, b| a.total_cmp(b));
    xs[((xs.len() - 1) as f64 * q).round() as usize]
}
