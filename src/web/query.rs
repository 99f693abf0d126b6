//! What a game's address may ask after its `?`: `ply=K` (the position after K plies, 0 the
//! start) and `flip` (from Black's side). Other names are left alone (links shared elsewhere
//! gain tracking words); a bad value is refused with what was expected.

use std::fmt;

/// A game address's query, read.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Query {
    pub ply: Option<usize>,
    pub flip: bool,
}

/// Why a query was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum QueryError {
    Ply(String),
    Flip(String),
    Twice(&'static str),
}

impl fmt::Display for QueryError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            QueryError::Ply(v) => write!(
                f,
                "ply must be a number of plies from 0 (the start), not '{}'.",
                crate::rules::shown(v)
            ),
            QueryError::Flip(v) => write!(
                f,
                "flip is given alone, or as flip=1 or flip=0, not flip='{}'.",
                crate::rules::shown(v)
            ),
            QueryError::Twice(name) => write!(f, "{name} is given twice."),
        }
    }
}

/// The `name=value` pairs of the text after a `?`, each value percent-decoded (a name alone
/// has the value "").
fn pairs(raw: Option<&str>) -> impl Iterator<Item = (&str, String)> {
    raw.unwrap_or("")
        .split('&')
        .filter(|p| !p.is_empty())
        .map(|pair| {
            let (name, value) = pair.split_once('=').unwrap_or((pair, ""));
            let value = percent_encoding::percent_decode_str(value).decode_utf8_lossy();
            (name, value.into_owned())
        })
}

/// The value of the first `name` in the text after a `?`, percent-decoded.
pub fn param(raw: Option<&str>, name: &str) -> Option<String> {
    pairs(raw).find(|(n, _)| *n == name).map(|(_, v)| v)
}

impl Query {
    /// Reads the text after the `?` (none: the defaults).
    pub fn read(raw: Option<&str>) -> Result<Query, QueryError> {
        let mut query = Query::default();
        let (mut ply, mut flip) = (false, false);
        for (name, value) in pairs(raw) {
            match name {
                "ply" => {
                    if std::mem::replace(&mut ply, true) {
                        return Err(QueryError::Twice("ply"));
                    }
                    let digits = !value.is_empty()
                        && value.len() <= 6
                        && value.bytes().all(|b| b.is_ascii_digit());
                    query.ply = Some(
                        digits
                            .then(|| value.parse().ok())
                            .flatten()
                            .ok_or(QueryError::Ply(value))?,
                    );
                }
                "flip" => {
                    if std::mem::replace(&mut flip, true) {
                        return Err(QueryError::Twice("flip"));
                    }
                    query.flip = match value.as_str() {
                        "" | "1" | "true" => true,
                        "0" | "false" => false,
                        _ => return Err(QueryError::Flip(value)),
                    };
                }
                _ => {}
            }
        }
        Ok(query)
    }

    /// The query that asks for this one again, `?` included; empty for the defaults.
    pub fn text(self) -> String {
        let mut parts = Vec::new();
        if let Some(k) = self.ply {
            parts.push(format!("ply={k}"));
        }
        if self.flip {
            parts.push("flip".to_string());
        }
        match parts.is_empty() {
            true => String::new(),
            false => format!("?{}", parts.join("&")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ply_and_flip_are_read_and_anything_else_left_alone() {
        assert_eq!(Query::read(None), Ok(Query::default()));
        assert_eq!(
            Query::read(Some("ply=12&flip")),
            Ok(Query {
                ply: Some(12),
                flip: true
            })
        );
        assert_eq!(
            Query::read(Some("flip=0&utm_source=x&ply=0")),
            Ok(Query {
                ply: Some(0),
                flip: false
            })
        );
        assert_eq!(
            Query::read(Some("ply=12&flip")).unwrap().text(),
            "?ply=12&flip"
        );
        assert_eq!(Query::default().text(), "");
    }

    #[test]
    fn a_bad_value_is_refused_saying_what_was_expected() {
        for (raw, error) in [
            ("ply=-1", QueryError::Ply("-1".into())),
            ("ply=", QueryError::Ply(String::new())),
            ("ply=1e3", QueryError::Ply("1e3".into())),
            ("ply=99999999", QueryError::Ply("99999999".into())),
            ("flip=maybe", QueryError::Flip("maybe".into())),
            ("ply=1&ply=2", QueryError::Twice("ply")),
        ] {
            assert_eq!(Query::read(Some(raw)), Err(error), "{raw}");
        }
        assert!(QueryError::Ply("x".into()).to_string().contains("from 0"));
    }
}
