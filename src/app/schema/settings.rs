//! `/settings`: the options a server's managers change, and how they are read.

use super::{Given, Kind, Opt};
use crate::app::{Command, Days, SettingsChange};
use crate::rules::VariantId;
use crate::store::TournamentCreators;

pub(super) fn settings_options() -> Vec<Opt> {
    let flag = |name, what| Opt::new(Kind::Boolean, name, what);
    vec![
        Opt::days("Days per move for challenges that name none"),
        Opt::new(
            Kind::Channel,
            "open_channel",
            "Where open challenges are posted",
        ),
        flag(
            "open_here",
            "Post open challenges where they are made (the default)",
        ),
        Opt::variant("The variant whose open challenges ping `role`"),
        Opt::new(
            Kind::Role,
            "role",
            "The role an open challenge of `variant` pings",
        ),
        flag("no_role", "Open challenges of `variant` ping no role"),
        flag(
            "threads",
            "Whether each game gets its own thread (default: yes)",
        ),
        Opt::new(
            Kind::Integer,
            "vacation_days",
            "Days of leave (/vacation) a player may take a year in this server's games (default 30)",
        )
        .range(0, Some(MAX_LEAVE)),
        flag(
            "takebacks",
            "Whether rated games allow takebacks by consent (default: no; casual games always do)",
        ),
        Opt::new(
            Kind::Text,
            "tournaments",
            "Who may create tournaments (default: anyone)",
        )
        .text_choices(&[
            ("Anyone", TournamentCreators::Anyone.word()),
            (
                "Only members who may manage the server",
                TournamentCreators::Managers.word(),
            ),
        ]),
        flag(
            "web",
            "Whether this server's games have pages on Herald's web site (default: yes)",
        ),
    ]
}

/// The most days of leave a year a server may allow.
const MAX_LEAVE: i64 = 365;

pub(super) fn vacation_options() -> Vec<Opt> {
    vec![
        Opt::new(Kind::Integer, "days", "Days of leave from now").range(1, Some(MAX_LEAVE)),
        Opt::new(
            Kind::Text,
            "until",
            "The day your leave ends, as YYYY-MM-DD (UTC)",
        ),
        Opt::new(Kind::Boolean, "off", "Come back now: your clocks run again"),
    ]
}

pub(super) fn read_vacation(o: &Given) -> Result<Command, String> {
    let (days, until, off) = (o.integer("days"), o.text("until"), o.flag("off"));
    if [days.is_some(), until.is_some(), off]
        .iter()
        .filter(|g| **g)
        .count()
        > 1
    {
        return Err("Give one of days, until or off.".into());
    }
    Ok(Command::Vacation { days, until, off })
}

pub(super) fn read_settings(o: &Given) -> Result<Command, String> {
    let open_channel = match (o.channel("open_channel"), o.flag("open_here")) {
        (Some(_), true) => return Err("Choose open_channel or open_here, not both.".into()),
        (Some(c), false) => Some(Some(c)),
        (None, true) => Some(None),
        (None, false) => None,
    };
    let variant: Option<VariantId> = o.text("variant").map(|v| v.parse()).transpose()?;
    let role = match (variant, o.role("role"), o.flag("no_role")) {
        (_, Some(_), true) => return Err("Choose role or no_role, not both.".into()),
        (None, Some(_), _) | (None, _, true) => {
            return Err("Name the variant whose open challenges ping the role.".into())
        }
        (Some(_), None, false) => {
            return Err("With variant, give the role its open challenges ping (or no_role).".into())
        }
        (Some(v), role, _) => Some((v, role)),
        (None, None, false) => None,
    };
    Ok(Command::Settings(SettingsChange {
        days: o.integer("days").map(Days::new).transpose()?,
        open_channel,
        role,
        threads: o.boolean("threads"),
        vacation_days: o.integer("vacation_days"),
        takebacks: o.boolean("takebacks"),
        tournaments: o.text("tournaments").map(|t| t.parse()).transpose()?,
        web: o.boolean("web"),
    }))
}
