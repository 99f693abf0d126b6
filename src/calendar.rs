//! Calendar dates of Unix times (UTC), for game records and charts.

/// The civil date `(year, month, day)` of a Unix time, in UTC (Howard Hinnant's algorithm).
pub fn civil(t: i64) -> (i64, u32, u32) {
    let z = t.div_euclid(86_400) + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let y = yoe + era * 400;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    (if m <= 2 { y + 1 } else { y }, m, d)
}

/// The Unix time of midnight UTC on a civil date (the inverse of [`civil`]).
pub fn midnight(y: i64, m: u32, d: u32) -> i64 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y.rem_euclid(400);
    let mp = i64::from((m + 9) % 12);
    let doy = (153 * mp + 2) / 5 + i64::from(d) - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    (era * 146_097 + doe - 719_468) * 86_400
}

/// Midnight UTC of a date written `2026-11-29`; none when it is no such date.
pub fn parse_date(text: &str) -> Option<i64> {
    let mut parts = text.trim().splitn(3, '-');
    let y: i64 = parts.next()?.parse().ok()?;
    let m: u32 = parts.next()?.parse().ok()?;
    let d: u32 = parts.next()?.parse().ok()?;
    let t = midnight(y, m, d);
    (civil(t) == (y, m, d)).then_some(t)
}

/// A moment as a player writes it, in UTC: a day and a time (`2026-12-24 18:00`, also with a
/// `T` between them or ` UTC` after), a day alone (its midnight), or a span from `now`
/// (`in 3 days`, `12h`, `in 90 minutes`, `2 weeks`: minutes, hours, days or weeks, written out
/// or as `m`, `h`, `d`, `w`). None when it is none of these.
pub fn parse_moment(text: &str, now: i64) -> Option<i64> {
    let text = text.trim().to_ascii_lowercase();
    let text = text.strip_suffix("utc").unwrap_or(&text).trim();
    if let Some(span) = parse_span(text.strip_prefix("in ").unwrap_or(text)) {
        return now.checked_add(span);
    }
    let (day, time) = match text.split_once([' ', 't']) {
        Some((day, time)) => (day, Some(time.trim())),
        None => (text, None),
    };
    let midnight = parse_date(day)?;
    let Some(time) = time else {
        return Some(midnight);
    };
    let (h, m) = time.split_once(':')?;
    let (h, m): (i64, i64) = (h.parse().ok()?, m.parse().ok()?);
    ((0..24).contains(&h) && (0..60).contains(&m) && time.len() <= 5)
        .then_some(midnight + h * 3600 + m * 60)
}

/// A span of time written `3 days`, `12h`, `90 minutes`, `2w`: its seconds.
fn parse_span(text: &str) -> Option<i64> {
    let digits = text
        .find(|c: char| !c.is_ascii_digit())
        .unwrap_or(text.len());
    let count: i64 = text[..digits].parse().ok()?;
    let unit = match text[digits..].trim() {
        "m" | "min" | "mins" | "minute" | "minutes" => 60,
        "h" | "hour" | "hours" => 3600,
        "d" | "day" | "days" => 86_400,
        "w" | "week" | "weeks" => 7 * 86_400,
        _ => return None,
    };
    count.checked_mul(unit)
}

/// `2026-11-29`.
pub fn iso_date(t: i64) -> String {
    let (y, m, d) = civil(t);
    format!("{y:04}-{m:02}-{d:02}")
}

/// `2026-11-29 14:05 UTC`.
pub fn utc_minute(t: i64) -> String {
    let s = t.rem_euclid(86_400);
    format!("{} {:02}:{:02} UTC", iso_date(t), s / 3600, s % 3600 / 60)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_of_unix_times() {
        const DAY: i64 = 86_400;
        assert_eq!(civil(0), (1970, 1, 1));
        assert_eq!(civil(20_786 * DAY + 3_600), (2026, 11, 29));
        assert_eq!(civil(11_016 * DAY), (2000, 2, 29));
        assert_eq!(civil(-1), (1969, 12, 31));
        for t in [0, 20_786 * DAY, 11_016 * DAY, -DAY, 30_000 * DAY] {
            let (y, m, d) = civil(t);
            assert_eq!(midnight(y, m, d), t);
        }
        assert_eq!(parse_date("2026-11-29"), Some(20_786 * DAY));
        assert_eq!(parse_date("2026-02-30"), None);
        assert_eq!(parse_date("tomorrow"), None);
        let noon = 20_786 * DAY + 12 * 3600;
        for (text, at) in [
            ("2026-11-29 18:30", Some(20_786 * DAY + 18 * 3600 + 30 * 60)),
            ("2026-11-29T18:30", Some(20_786 * DAY + 18 * 3600 + 30 * 60)),
            (
                "2026-11-29 18:30 UTC",
                Some(20_786 * DAY + 18 * 3600 + 30 * 60),
            ),
            ("2026-11-29", Some(20_786 * DAY)),
            ("in 3 days", Some(noon + 3 * DAY)),
            ("12h", Some(noon + 12 * 3600)),
            ("in 90 minutes", Some(noon + 90 * 60)),
            ("2 weeks", Some(noon + 14 * DAY)),
            ("in 1 day", Some(noon + DAY)),
            ("2026-11-29 24:00", None),
            ("2026-11-29 18:3", Some(20_786 * DAY + 18 * 3600 + 3 * 60)),
            ("2026-11-29 18:300", None),
            ("next friday", None),
            ("in days", None),
            ("3 fortnights", None),
        ] {
            assert_eq!(parse_moment(text, noon), at, "{text}");
        }
        assert_eq!(iso_date(20_786 * DAY), "2026-11-29");
        assert_eq!(
            utc_minute(20_786 * DAY + 14 * 3600 + 5 * 60 + 59),
            "2026-11-29 14:05 UTC"
        );
    }
}
