//! The slash commands as Discord sees them: registered from Herald's one command schema
//! ([`crate::app::schema`]), and an interaction's options read back through it.

use serenity::all::{
    CommandDataOption, CommandDataOptionValue, CommandInteraction, CommandOptionType,
    CreateCommand, CreateCommandOption, InteractionContext,
};

use crate::app::schema::{self, Kind, Opt, Value};
use crate::app::Command;

/// Discord's longest name of a choice.
const CHOICE_NAME: usize = 100;

fn kind(kind: Kind) -> CommandOptionType {
    match kind {
        Kind::Text => CommandOptionType::String,
        Kind::Integer => CommandOptionType::Integer,
        Kind::Boolean => CommandOptionType::Boolean,
        Kind::User => CommandOptionType::User,
        Kind::Channel => CommandOptionType::Channel,
        Kind::Role => CommandOptionType::Role,
    }
}

/// One option of the schema as Discord registers it.
fn option(o: &Opt) -> CreateCommandOption {
    let mut option = CreateCommandOption::new(kind(o.kind), o.name, &o.description)
        .required(o.required)
        .set_autocomplete(o.autocomplete);
    for (label, value) in &o.choices {
        let label = clip(label, CHOICE_NAME);
        option = match value {
            Value::Integer(n) => option.add_int_choice(label, *n as i32),
            Value::Text(s) => option.add_string_choice(label, s),
            _ => option,
        };
    }
    if let Some(min) = o.min {
        option = option.min_int_value(min as u64);
    }
    if let Some(max) = o.max {
        option = option.max_int_value(max as u64);
    }
    option
}

/// Every slash command, as registered with Discord: each command of the schema, and each
/// group with its subcommands.
pub fn definitions() -> Vec<CreateCommand> {
    let mut out = Vec::new();
    for spec in schema::commands() {
        match spec.group() {
            None => {
                let mut command = CreateCommand::new(spec.name).description(spec.description);
                for o in spec.options() {
                    command = command.add_option(option(&o));
                }
                if spec.guild_only {
                    command = command.contexts(vec![InteractionContext::Guild]);
                }
                out.push(command);
            }
            // A group is registered once, where its first subcommand stands.
            Some(group) if schema::subcommands(group)[0].name == spec.name => {
                out.push(group_definition(group));
            }
            Some(_) => {}
        }
    }
    out
}

/// A group of subcommands as Discord registers it.
fn group_definition(group: &str) -> CreateCommand {
    let description = schema::GROUPS
        .iter()
        .find(|(g, _)| *g == group)
        .map_or("", |(_, d)| *d);
    let mut command = CreateCommand::new(group).description(description);
    let subs = schema::subcommands(group);
    for spec in &subs {
        let mut sub = CreateCommandOption::new(
            CommandOptionType::SubCommand,
            spec.sub().unwrap_or_default(),
            spec.description,
        );
        for o in spec.options() {
            sub = sub.add_sub_option(option(&o));
        }
        command = command.add_option(sub);
    }
    if subs.iter().any(|s| s.guild_only) {
        command = command.contexts(vec![InteractionContext::Guild]);
    }
    command
}

/// An option's value as the schema reads it; `None` for a kind Herald never registers.
fn value(value: &CommandDataOptionValue) -> Option<Value> {
    Some(match value {
        CommandDataOptionValue::String(s) => Value::Text(s.clone()),
        CommandDataOptionValue::Autocomplete { value, .. } => Value::Text(value.clone()),
        CommandDataOptionValue::Integer(n) => Value::Integer(*n),
        CommandDataOptionValue::Boolean(b) => Value::Boolean(*b),
        CommandDataOptionValue::User(u) => Value::User(u.to_string()),
        CommandDataOptionValue::Channel(c) => Value::Channel(c.to_string()),
        CommandDataOptionValue::Role(r) => Value::Role(r.to_string()),
        _ => return None,
    })
}

/// The service command for a slash command, or why there is none: Discord sends only the
/// options Herald registered, so an unknown one means a command registered by an older or
/// newer Herald, and guessing would do something the player did not ask for.
pub fn command(interaction: &CommandInteraction) -> Result<Command, String> {
    read(&interaction.data.name, &interaction.data.options)
}

/// The service command for a slash command of this name with these options.
fn read(name: &str, options: &[CommandDataOption]) -> Result<Command, String> {
    // A group's interaction carries one option, the subcommand, with the options inside it.
    if schema::is_group(name) {
        return match options {
            [CommandDataOption {
                name: sub,
                value: CommandDataOptionValue::SubCommand(inner),
                ..
            }] => read(&format!("{name} {sub}"), inner),
            _ => Err(schema::sub_needed(name)),
        };
    }
    let spec = schema::find(name)?;
    let given = options
        .iter()
        .map(|o| {
            value(&o.value)
                .map(|v| (o.name.clone(), v))
                .ok_or_else(|| format!("/{} cannot read {}.", spec.name, o.name))
        })
        .collect::<Result<_, _>>()?;
    spec.read(given)
}

/// `text` cut to at most `max` characters, with an ellipsis when cut.
pub fn clip(text: &str, max: usize) -> String {
    if text.chars().count() <= max {
        return text.to_string();
    }
    let mut out: String = text.chars().take(max - 1).collect();
    out.push('…');
    out
}

/// A user option of an autocomplete request, as the service names users: the id.
pub fn user(options: &[CommandDataOption], name: &str) -> Option<String> {
    match &options.iter().find(|o| o.name == name)?.value {
        CommandDataOptionValue::User(id) => Some(id.get().to_string()),
        CommandDataOptionValue::String(s) => Some(s.clone()),
        _ => None,
    }
}

/// An integer option of an autocomplete request (set, or being typed).
pub fn integer(options: &[CommandDataOption], name: &str) -> Option<i64> {
    match &options.iter().find(|o| o.name == name)?.value {
        CommandDataOptionValue::Integer(n) => Some(*n),
        CommandDataOptionValue::Autocomplete { value, .. } => value.trim().parse().ok(),
        _ => None,
    }
}

/// A text option of an autocomplete request (set, or being typed).
pub fn text(options: &[CommandDataOption], name: &str) -> Option<String> {
    match &options.iter().find(|o| o.name == name)?.value {
        CommandDataOptionValue::String(s) => Some(s.clone()),
        CommandDataOptionValue::Autocomplete { value, .. } => Some(value.clone()),
        _ => None,
    }
}

/// Where an `/analyse` being typed starts, from the options set so far.
pub fn analysis(options: &[CommandDataOption]) -> crate::app::Analysis {
    crate::app::Analysis {
        game: integer(options, "game"),
        fen: text(options, "fen"),
        variant: text(options, "variant").and_then(|v| v.parse().ok()),
        ..Default::default()
    }
}

/// What the player has typed so far into the focused option of an autocomplete request.
pub fn typed(interaction: &CommandInteraction) -> Option<(String, String)> {
    interaction
        .data
        .options
        .iter()
        .find_map(|o| match &o.value {
            CommandDataOptionValue::Autocomplete { value, .. } => {
                Some((o.name.clone(), value.clone()))
            }
            _ => None,
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A value of an option's kind, as Discord sends it and as a terminal line types it.
    fn sample(o: &Opt) -> (CommandDataOptionValue, String) {
        match (o.kind, o.choices.first()) {
            (_, Some((_, Value::Text(s)))) => {
                (CommandDataOptionValue::String(s.clone()), s.clone())
            }
            (_, Some((_, Value::Integer(n)))) => {
                (CommandDataOptionValue::Integer(*n), n.to_string())
            }
            (Kind::Text, _) => (CommandDataOptionValue::String("d5".into()), "d5".into()),
            (Kind::Integer, _) => {
                let n = o.min.unwrap_or(2);
                (CommandDataOptionValue::Integer(n), n.to_string())
            }
            (Kind::Boolean, _) => (CommandDataOptionValue::Boolean(true), "true".into()),
            (Kind::User, _) => (
                CommandDataOptionValue::User(serenity::all::UserId::new(123)),
                "123".into(),
            ),
            (Kind::Channel, _) => (
                CommandDataOptionValue::Channel(serenity::all::ChannelId::new(456)),
                "456".into(),
            ),
            (Kind::Role, _) => (
                CommandDataOptionValue::Role(serenity::all::RoleId::new(789)),
                "789".into(),
            ),
        }
    }

    /// Every command and every option Discord registers is read by the terminal, and read
    /// the same: each option given alone (with the required ones), through Discord's values
    /// and through a typed line, gives the same command or the same refusal.
    #[test]
    fn every_option_reads_the_same_from_discord_and_from_a_terminal_line() {
        let mut read_options = 0;
        for spec in schema::commands() {
            let options = spec.options();
            let required: Vec<&Opt> = options.iter().filter(|o| o.required).collect();
            let alone = options.iter().filter(|o| !o.required).map(Some);
            for extra in std::iter::once(None).chain(alone) {
                let given: Vec<&Opt> = required.iter().copied().chain(extra).collect();
                let discord: Vec<CommandDataOption> = given
                    .iter()
                    .map(|o| {
                        // Built as Discord sends it: the struct cannot be made directly.
                        let value = match sample(o).0 {
                            CommandDataOptionValue::String(s) => serde_json::json!(s),
                            CommandDataOptionValue::Integer(n) => serde_json::json!(n),
                            CommandDataOptionValue::Boolean(b) => serde_json::json!(b),
                            CommandDataOptionValue::User(u) => serde_json::json!(u.to_string()),
                            CommandDataOptionValue::Channel(c) => serde_json::json!(c.to_string()),
                            CommandDataOptionValue::Role(r) => serde_json::json!(r.to_string()),
                            other => panic!("{other:?}"),
                        };
                        let raw = serde_json::json!({
                            "name": o.name,
                            "type": u8::from(kind(o.kind)),
                            "value": value,
                        });
                        serenity::json::from_value(raw).expect("an option as Discord sends it")
                    })
                    .collect();
                let line: Vec<String> = given
                    .iter()
                    .map(|o| format!("{}:\"{}\"", o.name, sample(o).1))
                    .collect();
                let line = format!("/{} {}", spec.name, line.join(" "));
                // A subcommand's options come inside the one option that names it.
                let from_discord = match (spec.group(), spec.sub()) {
                    (Some(group), Some(sub)) => {
                        let inner: Vec<serde_json::Value> = discord
                            .iter()
                            .map(|o| serenity::json::to_value(o).unwrap())
                            .collect();
                        let raw = serde_json::json!({
                            "name": sub,
                            "type": u8::from(CommandOptionType::SubCommand),
                            "options": inner,
                        });
                        let wrapped: CommandDataOption = serenity::json::from_value(raw)
                            .expect("a subcommand as Discord sends it");
                        read(group, &[wrapped])
                    }
                    _ => read(spec.name, &discord),
                };
                let from_terminal = crate::local::parse_command(&line);
                assert_eq!(from_discord, from_terminal, "{line}");
                read_options += usize::from(extra.is_some() && from_discord.is_ok());
            }
        }
        assert!(read_options > 30, "{read_options} options read");
    }

    /// What Discord is sent for every command is what the schema says, option for option:
    /// name, kind, required, autocomplete, choices and range.
    #[test]
    fn discord_registers_the_schema_as_it_is() {
        let sent = definitions();
        let alone = schema::commands().iter().filter(|s| s.group().is_none());
        assert_eq!(sent.len(), alone.count() + schema::GROUPS.len());
        let mut subcommands = 0;
        for command in sent {
            let json = serenity::json::to_value(command).unwrap();
            let name = json["name"].as_str().unwrap().to_string();
            let options = json["options"].as_array().cloned().unwrap_or_default();
            match schema::GROUPS.iter().find(|(g, _)| *g == name) {
                Some((group, description)) => {
                    assert_eq!(json["description"], *description);
                    let subs = schema::subcommands(group);
                    assert_eq!(options.len(), subs.len(), "/{group}");
                    for (o, spec) in options.iter().zip(subs) {
                        assert_eq!(
                            CommandOptionType::from(o["type"].as_u64().unwrap() as u8),
                            CommandOptionType::SubCommand
                        );
                        assert_eq!(o["name"], spec.sub().unwrap());
                        assert_eq!(o["description"], spec.description);
                        let inner = o["options"].as_array().cloned().unwrap_or_default();
                        same_options(spec.name, &inner, &spec.options());
                        subcommands += 1;
                    }
                }
                None => {
                    let spec = schema::find(&name).unwrap();
                    assert_eq!(json["description"], spec.description);
                    same_options(spec.name, &options, &spec.options());
                }
            }
        }
        assert!(subcommands >= 5, "{subcommands} subcommands");
    }

    /// Options as Discord was sent them are the schema's, option for option.
    fn same_options(command: &str, options: &[serde_json::Value], schema: &[Opt]) {
        assert_eq!(options.len(), schema.len(), "/{command}");
        for (o, s) in options.iter().zip(schema) {
            let context = format!("/{command} {}", s.name);
            assert_eq!(o["name"], s.name, "{context}");
            assert_eq!(
                CommandOptionType::from(o["type"].as_u64().unwrap() as u8),
                kind(s.kind),
                "{context}"
            );
            assert_eq!(
                o["required"].as_bool().unwrap_or(false),
                s.required,
                "{context}"
            );
            assert_eq!(
                o["autocomplete"].as_bool().unwrap_or(false),
                s.autocomplete,
                "{context}"
            );
            let choices = o["choices"].as_array().cloned().unwrap_or_default();
            assert_eq!(choices.len(), s.choices.len(), "{context}");
            assert_eq!(o["min_value"].as_i64(), s.min, "{context}");
            assert_eq!(o["max_value"].as_i64(), s.max, "{context}");
        }
    }
}
