use super::*;
use crate::app::{Command, Terms};
use crate::rules::VariantId;

fn text(pairs: &[(&str, &str)]) -> Vec<(String, String)> {
    pairs
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect()
}

#[test]
fn commands_and_options_have_one_spelling_each() {
    let mut names: Vec<&str> = commands().iter().map(|s| s.name).collect();
    names.sort_unstable();
    names.dedup();
    assert_eq!(names.len(), commands().len(), "a command is listed twice");
    for spec in commands() {
        let options = spec.options();
        for o in &options {
            // Discord's rule for names, which the terminal shares.
            assert!(
                o.name.len() <= 32
                    && o.name
                        .chars()
                        .all(|c| c.is_ascii_lowercase() || c == '_' || c.is_ascii_digit()),
                "/{} {}",
                spec.name,
                o.name
            );
            assert!(
                (1..=100).contains(&o.description.chars().count()),
                "/{} {}",
                spec.name,
                o.name
            );
            assert!(options.iter().filter(|p| p.name == o.name).count() == 1);
            for (_, value) in &o.choices {
                assert_eq!(value.kind(), o.kind, "/{} {}", spec.name, o.name);
            }
        }
        // Required options come first, as Discord demands.
        let first_optional = options.iter().position(|o| !o.required);
        assert!(
            options
                .iter()
                .skip(first_optional.unwrap_or(options.len()))
                .all(|o| !o.required),
            "/{}",
            spec.name
        );
    }
}

#[test]
fn typed_options_are_read_as_their_kinds() {
    let challenge = find("challenge").unwrap();
    let read = challenge
        .read_text(text(&[
            ("opponent", "@bob"),
            ("variant", "ageiou"),
            ("days", "5"),
            ("rated", "no"),
            ("portal_turns", "2"),
        ]))
        .unwrap();
    let Command::Challenge { opponent, terms } = read else {
        panic!("{read:?}")
    };
    assert_eq!(opponent.as_deref(), Some("bob"));
    assert_eq!(terms.variant, VariantId::Ageiou);
    assert_eq!(terms.days.map(|d| d.get()), Some(5));
    assert_eq!(terms.rated, Some(false));
    assert_eq!(terms.options.portal_turns, 2);
    assert_ne!(terms, Terms::default());
}

#[test]
fn what_cannot_be_read_is_refused_with_what_was_expected() {
    let challenge = find("challenge").unwrap();
    for (given, said) in [
        (
            vec![("colour", "white")],
            "/challenge has no option 'colour' (did you mean color?): its options are \
             opponent, variant, color, days, rated, level, fen, portal_turns, repetitions, fifty.",
        ),
        (
            vec![("portal-turns", "2")],
            "no option 'portal-turns' (did you mean portal_turns?)",
        ),
        (vec![("days", "three")], "days:three is not a whole number."),
        (
            vec![("rated", "maybe")],
            "rated is true or false, not 'maybe'.",
        ),
        (
            vec![("days", "1"), ("days", "3")],
            "/challenge got days twice: give it once.",
        ),
        (
            vec![("variant", "ageiou"), ("portal_turns", "9")],
            "portal_turns must be from 1 to 7, not 9.",
        ),
        (vec![("level", "0")], "level must be from 1 to 5, not 0."),
    ] {
        let e = challenge.read_text(text(&given)).unwrap_err();
        assert!(e.contains(said), "{given:?}: {e}");
    }
    let e = find("games")
        .unwrap()
        .read_text(text(&[("foo", "bar")]))
        .unwrap_err();
    assert_eq!(e, "/games takes no options, so 'foo' cannot be used.");
    let e = find("move").unwrap().read(Vec::new()).unwrap_err();
    assert!(
        e.starts_with("/move needs the option move: The move"),
        "{e}"
    );
    let e = find("board")
        .unwrap()
        .read(vec![("game".into(), Value::Text("3".into()))])
        .unwrap_err();
    assert_eq!(
        e,
        "/board cannot read game: it takes a whole number, not text."
    );
    let e = find("board")
        .unwrap()
        .read(vec![("game".into(), Value::Integer(0))])
        .unwrap_err();
    assert_eq!(e, "game must be at least 1, not 0.");
}

#[test]
fn a_misspelt_command_is_named_with_the_one_meant() {
    let e = find("moves").err().unwrap();
    assert!(
        e.starts_with(
            "Herald has no /moves command (did you mean /move?): the commands are /challenge, /accept"
        ),
        "{e}"
    );
    assert!(e.contains("/settings"), "{e}");
    assert_eq!(find("/Board").map(|s| s.name), Ok("board"));
}

#[test]
fn every_command_read_is_named_as_the_schema_names_it() {
    // The logs name a command by `Command::name`: it must be the name it was given by.
    for spec in commands() {
        let given: Vec<(String, Value)> = spec
            .options()
            .into_iter()
            .filter(|o| o.required)
            .map(|o| {
                let value = match (o.choices.first(), o.kind) {
                    (Some((_, v)), _) => v.clone(),
                    (None, Kind::Text) => Value::Text("Winter Open".into()),
                    (None, Kind::Integer) => Value::Integer(o.min.unwrap_or(1).max(1)),
                    (None, Kind::Boolean) => Value::Boolean(true),
                    (None, Kind::User) => Value::User("bob".into()),
                    (None, Kind::Channel) => Value::Channel("1".into()),
                    (None, Kind::Role) => Value::Role("2".into()),
                };
                (o.name.to_string(), value)
            })
            .collect();
        let command = spec
            .read(given)
            .unwrap_or_else(|e| panic!("/{}: {e}", spec.name));
        assert_eq!(command.name(), spec.name);
    }
}
