//! Herald: correspondence chess variants on Discord. The rules core lives in [`rules`].

pub mod app;
pub mod calendar;
pub mod cli;
pub mod config;
pub mod discord;
pub mod engine;
pub mod local;
pub mod rating;
pub mod render;
pub mod rules;
pub mod store;
pub mod tournament;
pub mod web;
