//! The options of the slash commands that take many (/challenge, /settings, /move, /notify),
//! with how the longer ones are read.

use serenity::all::{CommandOptionType, CreateCommandOption};

use super::{choice_name, game_opponent, option, Given, GAME_OPTIONS};
use crate::app::words::days_text;
use crate::app::{Command, Days, Level, SettingsChange, Terms};
use crate::rules::{GameOptions, VariantId};

pub(super) fn challenge_options() -> Vec<CreateCommandOption> {
    let variant = variant_option("The game to play (default: Chess 13: Epoch)");
    let days = days_option("Days each player has per move (default: the server's, else 3)");
    let color = option(CommandOptionType::String, "color", "Your colour")
        .add_string_choice("White (Light in AGEIOU; you move first)", "white")
        .add_string_choice("Black (Dark in AGEIOU)", "black")
        .add_string_choice("Random", "random");
    let who = option(
        CommandOptionType::User,
        "opponent",
        "Who you challenge (leave out for an open challenge anyone here may accept)",
    );
    let rated = option(
        CommandOptionType::Boolean,
        "rated",
        "Whether the game counts for the ratings (default: yes, under the standard rules)",
    );
    let level = option(
        CommandOptionType::Integer,
        "level",
        "Against Herald itself: how strong it plays, 1 (easiest) to 5 (default 3)",
    )
    .min_int_value(1)
    .max_int_value(Level::MAX as u64);
    let mut options = vec![who, variant, color, days, rated, level];
    let d = GameOptions::default();
    let defaults = [d.portal_turns as u16, d.repetitions as u16, d.fifty];
    for (((name, what), (_, min, max)), default) in
        GAME_OPTIONS.iter().zip(GameOptions::RANGES).zip(defaults)
    {
        let what = format!("{what} ({min}-{max}, default {default})");
        options.push(
            option(CommandOptionType::Integer, name, &what)
                .min_int_value(min as u64)
                .max_int_value(max as u64),
        );
    }
    options
}

pub(super) fn read_challenge(o: &Given) -> Result<Command, String> {
    Ok(Command::Challenge {
        opponent: o.opponent(),
        terms: Terms {
            rated: o.boolean("rated"),
            level: o.integer("level").map(Level::new).transpose()?,
            ..Terms::read(
                o.text("variant").as_deref(),
                o.text("color").as_deref(),
                o.integer("days"),
                GAME_OPTIONS.map(|(name, _)| o.integer(name).map(|v| v.to_string())),
            )?
        },
    })
}

/// The `variant` option of the commands that look at one variant.
pub(super) fn variant_option(what: &str) -> CreateCommandOption {
    let mut variant = option(CommandOptionType::String, "variant", what);
    for v in VariantId::ALL {
        variant = variant.add_string_choice(choice_name(v), v.key());
    }
    variant
}

fn days_option(what: &str) -> CreateCommandOption {
    let mut days = option(CommandOptionType::Integer, "days", what);
    for d in Days::CHOICES {
        days = days.add_int_choice(days_text(d), d as i32);
    }
    days
}

pub(super) fn settings_options() -> Vec<CreateCommandOption> {
    let flag = |name: &str, what: &str| option(CommandOptionType::Boolean, name, what);
    vec![
        days_option("Days per move for challenges that name none"),
        option(
            CommandOptionType::Channel,
            "open_channel",
            "Where open challenges are posted",
        ),
        flag(
            "open_here",
            "Post open challenges where they are made (the default)",
        ),
        variant_option("The variant whose open challenges ping `role`"),
        option(
            CommandOptionType::Role,
            "role",
            "The role an open challenge of `variant` pings",
        ),
        flag("no_role", "Open challenges of `variant` ping no role"),
        flag(
            "threads",
            "Whether each game gets its own thread (default: yes)",
        ),
    ]
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
    }))
}

pub(super) fn notify_options() -> Vec<CreateCommandOption> {
    vec![option(
        CommandOptionType::String,
        "mode",
        "How you are told (leave out to see how you are told now)",
    )
    .add_string_choice("Mentioned in the game's thread (the default)", "mention")
    .add_string_choice("A direct message when it is your move", "dm-turn")
    .add_string_choice(
        "Direct messages for reminders and results only",
        "dm-alerts",
    )
    .add_string_choice("Nothing: no pings, no messages", "off")]
}

pub(super) fn move_options() -> Vec<CreateCommandOption> {
    let mv = option(
        CommandOptionType::String,
        "move",
        "The move, e.g. e4, Hc1-e3 or c1e3",
    );
    let confirm = option(
        CommandOptionType::Boolean,
        "confirm",
        "Play it even though it loses you the game (Herald warns first)",
    );
    let game = option(
        CommandOptionType::Integer,
        "game",
        "Which of your games, from anywhere (type to see those waiting for your move)",
    )
    .set_autocomplete(true);
    [
        vec![mv.required(true).set_autocomplete(true)],
        game_opponent(),
        vec![confirm, game],
    ]
    .concat()
}
