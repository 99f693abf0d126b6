//! Herald as players and admins meet it without Discord: the command line, the terminal
//! adapter, board images, and the game service on real SQLite files. One test crate, so the
//! suite links once.

#[path = "../support/mod.rs"]
mod support;

mod analysis;
mod cli;
mod conditional;
mod correspondence;
mod events;
mod local;
mod players;
mod ratings;
mod records;
mod render;
mod replay;
mod review;
mod service;
mod shared;
mod sparring;
mod swiss;
mod takeback;
mod tournaments;
mod uci;
mod vacation;
mod web;
