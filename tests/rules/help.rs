//! /rules for every variant: an overview that ends by naming the document with the whole
//! rules, a document that exists, entries that answer to their names, an entry for every
//! topic the overview lists (and the other way round), and every text short enough for one
//! Discord message.

use herald::rules::{help, VariantId};
use std::path::Path;

#[test]
fn every_overview_names_a_rules_document_that_exists() {
    for variant in VariantId::ALL {
        let overview = help(variant, None);
        let document = variant.rules_document();
        assert!(
            overview.ends_with(&format!("{document} in Herald's repository.")),
            "{variant}: {overview}"
        );
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(document);
        let text = std::fs::read_to_string(&path).unwrap_or_default();
        assert!(text.starts_with("# "), "{variant}: {document} is missing");
    }
}

#[test]
fn entries_answer_to_every_name_in_their_heading() {
    let pope = help(VariantId::Epoch, Some("pope"));
    assert!(pope.starts_with("**Pope**"), "{pope}");
    assert_eq!(help(VariantId::Epoch, Some(" P ")), pope);
    assert_eq!(
        help(VariantId::Epoch, Some("pawn")),
        help(VariantId::Epoch, Some("legionary"))
    );
    // An entry is its own text only: the next heading does not leak into it.
    assert!(
        !pope.contains("##") && !pope.contains("Emperor**"),
        "{pope}"
    );
    let unknown = help(VariantId::Chess, Some("dragon"));
    assert!(
        unknown.starts_with("No rules entry for 'dragon'."),
        "{unknown}"
    );
    assert!(unknown.contains("docs/rules/chess.md"), "{unknown}");
}

/// The topics an overview lists: the words after "Topics: ", up to the full stop.
fn listed_topics(variant: VariantId) -> Vec<&'static str> {
    let overview = variant.help().overview;
    let (_, list) = overview
        .split_once("Topics: ")
        .unwrap_or_else(|| panic!("{variant}: the overview lists no topics: {overview}"));
    let list = list.split('.').next().unwrap();
    list.split(", ").map(str::trim).collect()
}

#[test]
fn every_topic_an_overview_lists_answers_and_every_entry_is_listed() {
    for variant in VariantId::ALL {
        let topics = listed_topics(variant);
        for topic in &topics {
            let text = help(variant, Some(topic));
            assert!(
                !text.starts_with("No rules entry"),
                "{variant}: /rules {topic} has no entry"
            );
            assert_eq!(
                help(variant, Some(&topic.to_uppercase())),
                text,
                "{variant}: {topic} in capitals"
            );
        }
        for (names, _) in &variant.help().topics {
            assert!(
                names.iter().any(|n| topics.contains(n)),
                "{variant}: the overview does not list the entry {names:?}"
            );
        }
    }
}

#[test]
fn every_variant_answers_the_rules_players_ask_about() {
    let asked: [(VariantId, &[&str]); 5] = [
        (
            VariantId::Epoch,
            &[
                "pope",
                "emperor",
                "marshal",
                "assassin",
                "sentinel",
                "mage",
                "herald",
                "templar",
                "legionary",
                "zone",
                "swap",
                "end",
                "promotion",
                "riposte",
                "castling",
                "blast",
                "en passant",
                "repetition",
                "notation",
                "check",
                "time",
            ],
        ),
        (
            VariantId::Chess,
            &[
                "king",
                "queen",
                "rook",
                "bishop",
                "knight",
                "pawn",
                "castling",
                "en passant",
                "promotion",
                "end",
                "check",
                "notation",
                "time",
            ],
        ),
        (
            VariantId::Empire,
            &[
                "tower",
                "eagle",
                "cardinal",
                "duke",
                "soldier",
                "kaiser",
                "king",
                "pawn",
                "queen",
                "rook",
                "bishop",
                "knight",
                "campmate",
                "facing kings",
                "end",
                "castling",
                "promotion",
                "check",
                "notation",
                "time",
            ],
        ),
        // Fantastic XIII's pieces and promotion: fantastic.rs checks each entry's title.
        (
            VariantId::Fantastic,
            &["en passant", "check", "end", "notation", "time"],
        ),
        (
            VariantId::Ageiou,
            &[
                "king",
                "bishop",
                "councillor",
                "boat",
                "knight",
                "vertag",
                "pawn",
                "promotion",
                "portals",
                "options",
                "end",
                "repetition",
                "notation",
                "time",
            ],
        ),
    ];
    for (variant, topics) in asked {
        for topic in topics {
            let text = help(variant, Some(topic));
            assert!(
                !text.starts_with("No rules entry"),
                "{variant}: /rules {topic} has no entry"
            );
        }
    }
    // Entries of their own, not the overview again.
    let castling = help(VariantId::Chess, Some("castling"));
    assert!(castling.starts_with("**Castling**"), "{castling}");
    let campmate = help(VariantId::Empire, Some("campmate"));
    assert!(campmate.starts_with("**Campmate**"), "{campmate}");
}

/// Discord refuses a message over 2,000 characters; every entry leaves room to spare.
#[test]
fn every_entry_of_every_variant_fits_one_discord_message() {
    for variant in VariantId::ALL {
        let entries = variant.help();
        let mut texts = vec![("overview".to_string(), help(variant, None))];
        for (names, _) in &entries.topics {
            texts.push((names[0].to_string(), help(variant, Some(names[0]))));
        }
        for (name, text) in texts {
            let length = text.chars().count();
            assert!(
                length < 1_900,
                "{variant} {name}: {length} characters, over 1,900"
            );
        }
    }
}

/// The option names the help gives are the ones players type: AGEIOU's options as Discord and
/// the terminal both name them (portal_turns), and never the old terminal spelling.
#[test]
fn the_options_entry_names_the_real_options() {
    let options = help(VariantId::Ageiou, Some("options"));
    for name in ["portal_turns:", "repetitions:", "fifty:"] {
        assert!(options.contains(name), "{name}: {options}");
    }
    assert!(!options.contains("portal-turns:"), "{options}");
    for (name, min, max) in herald::rules::GameOptions::RANGES {
        assert!(
            options.contains(&format!("{min}-{max}")),
            "{name} {min}-{max}: {options}"
        );
    }
    assert_eq!(help(VariantId::Ageiou, Some("portal_turns")), options);
}
