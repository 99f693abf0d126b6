//! Herald: correspondence chess variants on Discord. The rules core lives in [`rules`].

pub mod cli;
pub mod render;
pub mod rules;
