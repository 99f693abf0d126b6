//! Herald: correspondence chess variants on Discord. The rules core lives in [`rules`].

pub mod rules;
pub mod cli;
