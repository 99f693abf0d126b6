//! Herald's log lines on stderr, each written without the bot token.

use herald::config::secret::LogLine;

/// Logs to stderr, filtered by RUST_LOG (e.g. `info`, `herald=debug`); warnings by default.
/// Every line goes through `herald::config::secret::hide`.
pub fn init_logs() {
    use tracing_subscriber::prelude::*;
    let filter: tracing_subscriber::filter::Targets = herald::config::log_filter()
        .and_then(|v| v.parse().ok())
        .unwrap_or_else(|| {
            tracing_subscriber::filter::Targets::new().with_default(tracing::Level::WARN)
        });
    let _ = tracing_subscriber::registry()
        .with(
            tracing_subscriber::fmt::layer()
                .with_writer(|| LogLine::new(std::io::stderr()))
                .with_ansi(std::io::IsTerminal::is_terminal(&std::io::stderr())),
        )
        .with(filter)
        .try_init();
}
