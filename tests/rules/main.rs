//! The rules of every variant through the public rules interface: each rulebook diagram and
//! decision, perft against reference counts, and seeded random playouts. One test crate, so
//! the suite links once.

#[path = "../support/mod.rs"]
mod support;

mod ageiou;
mod chess;
mod empire;
mod engine;
mod epoch_decisions;
mod epoch_perft;
mod epoch_playouts;
mod epoch_reference;
mod epoch_rulebook;
mod fantastic;
mod fantastic_playouts;
mod help;
mod refusals;
mod review;
