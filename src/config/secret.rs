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

/// The bot token once it is known: no log line or error Herald prints may show it.
pub static SECRET: std::sync::OnceLock<String> = std::sync::OnceLock::new();

/// `text` without the bot token, whoever wrote it (Herald, serenity, or a server's error body).
pub fn hide(text: &str) -> String {
    match SECRET.get() {
        Some(token) => scrub(text, token),
        None => text.to_string(),
    }
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
        let _ = SECRET.set("Bot secret.token.value".into());
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
}
