//! /rules for every variant: an overview that ends by naming the document with the whole
//! rules, a document that exists, and entries that answer to their names.

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
    let unknown = help(VariantId::Chess, Some("castling"));
    assert!(
        unknown.starts_with("No rules entry for 'castling'."),
        "{unknown}"
    );
    assert!(unknown.contains("docs/rules/chess.md"), "{unknown}");
}
