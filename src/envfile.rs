//! Settings from a `.env` file: `NAME=value` lines, `#` comments, optional quotes. A variable
//! already set in the environment wins over the file.

use std::path::Path;

/// The `NAME=value` pairs of a `.env` text, in order.
pub fn parse(text: &str) -> Vec<(String, String)> {
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .filter_map(|l| {
            let l = l.strip_prefix("export ").unwrap_or(l);
            let (name, value) = l.split_once('=')?;
            let name = name.trim();
            if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
                return None;
            }
            let value = value.trim();
            let value = match value.chars().next() {
                Some(q @ ('"' | '\'')) if value.len() >= 2 && value.ends_with(q) => {
                    value[1..value.len() - 1].to_string()
                }
                // An unquoted value ends at a comment.
                _ => value
                    .split(" #")
                    .next()
                    .unwrap_or_default()
                    .trim()
                    .to_string(),
            };
            Some((name.to_string(), value))
        })
        .collect()
}

/// Sets the variables of `path` that the environment does not already have. A missing file
/// is fine; returns the names it set.
pub fn load(path: &Path) -> Vec<String> {
    let Ok(text) = std::fs::read_to_string(path) else {
        return Vec::new();
    };
    let mut set = Vec::new();
    for (name, value) in parse(&text) {
        if std::env::var_os(&name).is_none() {
            // Called once at start-up, before any thread is spawned.
            std::env::set_var(&name, value);
            set.push(name);
        }
    }
    set
}

#[cfg(test)]
mod tests {
    use super::parse;

    #[test]
    fn reads_names_values_quotes_and_comments() {
        let text = "# a comment\nDISCORD_TOKEN=abc.def\n\nDEV_GUILD_ID = 123 # my server\nexport RUST_LOG=\"herald=debug\"\nDATABASE_URL='sqlite://x y.db'\nEMPTY=\nnot a line\n";
        assert_eq!(
            parse(text),
            vec![
                ("DISCORD_TOKEN".into(), "abc.def".into()),
                ("DEV_GUILD_ID".into(), "123".into()),
                ("RUST_LOG".into(), "herald=debug".into()),
                ("DATABASE_URL".into(), "sqlite://x y.db".into()),
                ("EMPTY".into(), String::new()),
            ]
        );
    }
}
