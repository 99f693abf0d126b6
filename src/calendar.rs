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
        assert_eq!(iso_date(20_786 * DAY), "2026-11-29");
        assert_eq!(
            utc_minute(20_786 * DAY + 14 * 3600 + 5 * 60 + 59),
            "2026-11-29 14:05 UTC"
        );
    }
}
