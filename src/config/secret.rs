//! The bot token kept out of every log line and every error Herald prints, in one place.

/// What stands in a log line or an error where the bot token was.
pub const HIDDEN: &str = "[DISCORD_TOKEN]";

/// `text` with the bot token (with or without "Bot ") replaced by [`HIDDEN`]: whatever a
/// server sends back, an error or a log line never shows the token.
pub fn scrub(text: &str, token: &str) -> String {
    let bare = token.trim();
    let bare = bare
        .strip_prefix("Bot ")
        .or_else(|| bare.strip_prefix("Bearer "))
        .unwrap_or(bare)
        .trim();
    if bare.is_empty() {
        return text.to_string();
    }
    text.replace(bare, HIDDEN)
}

/// What stands in a log line or an error where a database password was.
pub const HIDDEN_PASSWORD: &str = "[DATABASE_PASSWORD]";

/// The secrets known so far (the bot token, a database URL's password), each with what
/// stands in its place: no log line or error Herald prints may show one.
static SECRETS: std::sync::RwLock<Vec<(String, &'static str)>> = std::sync::RwLock::new(Vec::new());

/// Keeps `secret` out of everything [`hide`] passes from now on, written as `shown_as`.
pub fn keep(secret: &str, shown_as: &'static str) {
    let secret = secret.trim();
    if secret.is_empty() {
        return;
    }
    let mut secrets = SECRETS.write().unwrap_or_else(|e| e.into_inner());
    if !secrets.iter().any(|(s, _)| s == secret) {
        secrets.push((secret.to_string(), shown_as));
        // The longest first, so that a secret holding another is hidden whole.
        secrets.sort_by_key(|(s, _)| std::cmp::Reverse(s.len()));
    }
}

/// Keeps the bot token (with or without "Bot ") out of everything [`hide`] passes.
pub fn keep_token(token: &str) {
    let bare = token.trim();
    let bare = bare
        .strip_prefix("Bot ")
        .or_else(|| bare.strip_prefix("Bearer "))
        .unwrap_or(bare);
    keep(bare, HIDDEN);
}

/// `text` without any secret kept so far, whoever wrote it (Herald, serenity, sqlx, or a
/// server's error body).
pub fn hide(text: &str) -> String {
    let secrets = SECRETS.read().unwrap_or_else(|e| e.into_inner());
    let mut text = text.to_string();
    for (secret, shown_as) in secrets.iter() {
        if text.contains(secret.as_str()) {
            text = text.replace(secret.as_str(), shown_as);
        }
    }
    text
}

/// The passwords a database URL holds (`user:password@`, `?password=`), as written and as
/// decoded, for [`keep`].
pub fn url_passwords(url: &str) -> Vec<String> {
    let found: Vec<String> = match url::Url::parse(url) {
        Ok(parsed) => {
            let mut found: Vec<String> = parsed.password().into_iter().map(String::from).collect();
            found.extend(
                parsed
                    .query_pairs()
                    .filter(|(name, _)| name.eq_ignore_ascii_case("password"))
                    .map(|(_, value)| value.into_owned()),
            );
            found
        }
        // Not a URL (`postgres://user:pw@/db` names no host): the user part read by hand.
        Err(_) => user_part(url)
            .and_then(|(_, password)| password)
            .map(String::from)
            .into_iter()
            .collect(),
    };
    let decoded: Vec<String> = found
        .iter()
        .map(|p| {
            percent_encoding::percent_decode_str(p)
                .decode_utf8_lossy()
                .into_owned()
        })
        .collect();
    let mut unique = Vec::new();
    for password in found.into_iter().chain(decoded) {
        if !password.is_empty() && !unique.contains(&password) {
            unique.push(password);
        }
    }
    unique
}

/// The user and password of `scheme://user:password@rest`, read without a URL parser, with
/// where the user part ends.
fn user_part(url: &str) -> Option<((usize, usize), Option<&str>)> {
    let start = url.find("://")? + 3;
    let before_query = url.find('?').unwrap_or(url.len());
    let at = start + url[start..before_query].rfind('@')?;
    let user = &url[start..at];
    Some((
        (start, at),
        user.split_once(':').map(|(_, password)| password),
    ))
}

/// Keeps the passwords of a database URL out of everything [`hide`] passes from now on.
pub fn keep_url_passwords(url: &str) {
    for password in url_passwords(url) {
        keep(&password, HIDDEN_PASSWORD);
    }
}

/// A database URL as it may be shown: no password, in the user part (`user:pw@` becomes
/// `user@`) or a `password=` parameter, whatever the scheme.
pub fn shown_url(url: &str) -> String {
    let Ok(mut parsed) = url::Url::parse(url) else {
        // Not a URL to the parser: the user part's password cut by hand.
        return match user_part(url) {
            Some(((start, at), Some(_))) => {
                let user = url[start..at].split(':').next().unwrap_or_default();
                format!("{}{user}{}", &url[..start], &url[at..])
            }
            _ => url.to_string(),
        };
    };
    if url_passwords(url).is_empty() {
        return url.to_string();
    }
    let _ = parsed.set_password(None);
    if parsed.query().is_some() {
        let pairs: Vec<(String, String)> = parsed
            .query_pairs()
            .map(|(name, value)| {
                let value = match name.eq_ignore_ascii_case("password") {
                    true => HIDDEN_PASSWORD.to_string(),
                    false => value.into_owned(),
                };
                (name.into_owned(), value)
            })
            .collect();
        parsed.query_pairs_mut().clear().extend_pairs(pairs);
    }
    parsed.to_string()
}

/// One log line on its way to `W` (stderr): gathered whole, then written without the token.
pub struct LogLine<W: std::io::Write> {
    line: Vec<u8>,
    to: W,
}

impl<W: std::io::Write> LogLine<W> {
    pub fn new(to: W) -> LogLine<W> {
        LogLine {
            line: Vec::new(),
            to,
        }
    }
}

impl<W: std::io::Write> std::io::Write for LogLine<W> {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.line.extend_from_slice(bytes);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        if !self.line.is_empty() {
            let line = hide(&String::from_utf8_lossy(&self.line));
            self.line.clear();
            self.to.write_all(line.as_bytes())?;
        }
        self.to.flush()
    }
}

impl<W: std::io::Write> Drop for LogLine<W> {
    fn drop(&mut self) {
        let _ = std::io::Write::flush(self);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;

    #[test]
    fn a_log_line_never_shows_the_token_whoever_wrote_it() {
        keep_token("Bot secret.token.value");
        let mut out = Vec::new();
        {
            let mut line = LogLine::new(&mut out);
            // As serenity might log a server's answer: the token, in pieces of a line.
            write!(line, "WARN request failed: secret.tok").unwrap();
            writeln!(line, "en.value is not valid").unwrap();
        }
        let text = String::from_utf8(out).unwrap();
        assert_eq!(
            text,
            format!("WARN request failed: {} is not valid\n", HIDDEN)
        );
    }

    #[test]
    fn the_token_is_scrubbed_with_or_without_its_prefix() {
        let said = "401: Bot abc.def.ghi is not valid; abc.def.ghi again";
        let clean = format!("401: Bot {HIDDEN} is not valid; {HIDDEN} again");
        assert_eq!(scrub(said, "abc.def.ghi"), clean);
        assert_eq!(scrub(said, "Bot abc.def.ghi"), clean);
        assert_eq!(scrub("nothing secret", ""), "nothing secret");
    }

    #[test]
    fn a_database_url_is_shown_without_its_password_in_either_place_and_any_scheme() {
        for (url, shown) in [
            (
                "postgres://herald:hunter2@db.example/herald",
                "postgres://herald@db.example/herald",
            ),
            (
                "postgre://herald:hunter2@db.example/herald",
                "postgre://herald@db.example/herald",
            ),
            (
                "postgres://db.example/herald?user=herald&password=hunter2",
                "postgres://db.example/herald?user=herald&password=%5BDATABASE_PASSWORD%5D",
            ),
            (
                "postgres://herald:hunter2@/herald",
                "postgres://herald@/herald",
            ),
            ("sqlite://herald.db", "sqlite://herald.db"),
        ] {
            assert_eq!(shown_url(url), shown, "{url}");
        }
        assert_eq!(
            url_passwords("postgres://u:p%40ss@h/d?password=other"),
            ["p%40ss", "other", "p@ss"]
        );
    }

    #[test]
    fn a_database_password_once_kept_is_hidden_in_any_error_text() {
        keep_url_passwords("postgres://herald:s3cr%21t@db.example/herald");
        let said = "password authentication failed: s3cr!t (raw s3cr%21t)";
        assert_eq!(
            hide(said),
            format!("password authentication failed: {HIDDEN_PASSWORD} (raw {HIDDEN_PASSWORD})")
        );
    }
}
