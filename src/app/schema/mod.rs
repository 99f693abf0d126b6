//! Every command a player can give Herald, written once: its name, description and options
//! (name, kind, choices, range, whether required or autocompleted), and the reader that turns
//! the options given into a typed [`Command`]. Discord registers its slash commands from this
//! table and reads interactions through it; `herald local` reads its lines through it. So the
//! two adapters have the same commands, the same spellings and the same refusals.

mod settings;
mod table;
mod tournament;

pub use tournament::{MAX_ROUND_ROBIN, MAX_SWISS};

use super::words::days_text;
use super::{Command, Days};
use crate::rules::{shown, VariantId};

/// What kind of value an option takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Text,
    Integer,
    Boolean,
    User,
    Channel,
    Role,
}

impl Kind {
    /// The kind as a refusal names it.
    fn noun(self) -> &'static str {
        match self {
            Kind::Text => "text",
            Kind::Integer => "a whole number",
            Kind::Boolean => "true or false",
            Kind::User => "a user",
            Kind::Channel => "a channel",
            Kind::Role => "a role",
        }
    }
}

/// One option's value, as a player gave it. Users, channels and roles are the platform's ids
/// (on Discord) or names (in the terminal).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Value {
    Text(String),
    Integer(i64),
    Boolean(bool),
    User(String),
    Channel(String),
    Role(String),
}

impl Value {
    pub fn kind(&self) -> Kind {
        match self {
            Value::Text(_) => Kind::Text,
            Value::Integer(_) => Kind::Integer,
            Value::Boolean(_) => Kind::Boolean,
            Value::User(_) => Kind::User,
            Value::Channel(_) => Kind::Channel,
            Value::Role(_) => Kind::Role,
        }
    }

    /// A value typed as text (in the terminal) read as `kind`: numbers may carry a leading
    /// `#`, users and roles an `@`, channels a `#`.
    pub fn from_text(kind: Kind, name: &str, text: &str) -> Result<Value, String> {
        let text = text.trim();
        Ok(match kind {
            Kind::Text => Value::Text(text.to_string()),
            Kind::Integer => Value::Integer(
                text.trim_start_matches('#')
                    .parse()
                    .map_err(|_| format!("{name}:{} is not a whole number.", shown(text)))?,
            ),
            Kind::Boolean => match text.to_ascii_lowercase().as_str() {
                "true" | "yes" | "1" => Value::Boolean(true),
                "false" | "no" | "0" => Value::Boolean(false),
                _ => return Err(format!("{name} is true or false, not '{}'.", shown(text))),
            },
            Kind::User => Value::User(named(kind, text.trim_start_matches('@'))?),
            Kind::Channel => Value::Channel(named(kind, text.trim_start_matches('#'))?),
            Kind::Role => Value::Role(named(kind, text.trim_start_matches('@'))?),
        })
    }
}

/// The longest name Discord gives a user, and a channel or a role.
pub const USER_NAME_LIMIT: usize = 32;
pub const CHANNEL_NAME_LIMIT: usize = 100;

/// A name typed for a user, a channel or a role, if Discord could give such a name: not
/// empty, within Discord's length, without control characters (a NUL would be kept by SQLite
/// and refused by PostgreSQL) or spaces. Else why not.
pub fn named(kind: Kind, name: &str) -> Result<String, String> {
    let what = kind.noun();
    let limit = match kind {
        Kind::User => USER_NAME_LIMIT,
        _ => CHANNEL_NAME_LIMIT,
    };
    let length = name.chars().count();
    if name.is_empty() || name.contains(|c: char| c.is_control() || c.is_whitespace()) {
        return Err(format!(
            "'{}' is not {what}'s name: a name has no spaces or control characters",
            shown(&name.escape_default().to_string())
        ));
    }
    if length > limit {
        return Err(format!(
            "'{}' is {length} characters long, too long for {what}'s name: Discord's are at most {limit}",
            shown(name)
        ));
    }
    Ok(name.to_string())
}

/// One option of a command.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Opt {
    pub name: &'static str,
    pub description: String,
    pub kind: Kind,
    pub required: bool,
    /// Whether the platform offers completions while it is typed.
    pub autocomplete: bool,
    /// The values offered, each with its label; empty when any value of the kind will do.
    pub choices: Vec<(String, Value)>,
    /// The smallest and largest whole number taken.
    pub min: Option<i64>,
    pub max: Option<i64>,
}

impl Opt {
    pub fn new(kind: Kind, name: &'static str, description: impl Into<String>) -> Opt {
        Opt {
            name,
            description: description.into(),
            kind,
            required: false,
            autocomplete: false,
            choices: Vec::new(),
            min: None,
            max: None,
        }
    }

    fn required(self) -> Opt {
        Opt {
            required: true,
            ..self
        }
    }

    fn autocomplete(self) -> Opt {
        Opt {
            autocomplete: true,
            ..self
        }
    }

    fn range(self, min: i64, max: Option<i64>) -> Opt {
        Opt {
            min: Some(min),
            max,
            ..self
        }
    }

    fn choice(mut self, label: impl Into<String>, value: Value) -> Opt {
        self.choices.push((label.into(), value));
        self
    }

    /// Text choices, each a label and the word given.
    fn text_choices(self, choices: &[(&str, &str)]) -> Opt {
        choices.iter().fold(self, |opt, (label, value)| {
            opt.choice(*label, Value::Text(value.to_string()))
        })
    }

    /// The `variant` option: every variant Herald plays, by key, with its title and summary.
    fn variant(what: &str) -> Opt {
        let variant = Opt::new(Kind::Text, "variant", what);
        VariantId::ALL.into_iter().fold(variant, |opt, v| {
            let label = format!("{} — {}", v.title(), v.summary());
            opt.choice(label, Value::Text(v.key().to_string()))
        })
    }

    /// The `days` option: the days per move a game may have.
    fn days(what: &str) -> Opt {
        let days = Opt::new(Kind::Integer, "days", what);
        Days::CHOICES
            .into_iter()
            .fold(days, |opt, d| opt.choice(days_text(d), Value::Integer(d)))
    }

    /// Why `value` is outside this option's range, if it is.
    fn out_of_range(&self, value: i64) -> Option<String> {
        let name = self.name;
        match (self.min, self.max) {
            (Some(min), Some(max)) if !(min..=max).contains(&value) => {
                Some(format!("{name} must be from {min} to {max}, not {value}."))
            }
            (Some(min), None) if value < min => {
                Some(format!("{name} must be at least {min}, not {value}."))
            }
            _ => None,
        }
    }
}

/// One command: its definition, and how its options become a [`Command`].
#[derive(Clone, Copy)]
pub struct Spec {
    pub name: &'static str,
    pub description: &'static str,
    /// Game commands work only in a server; the inbox, /move by number, /profile, /notify and
    /// /rules work in direct messages too.
    pub guild_only: bool,
    options: fn() -> Vec<Opt>,
    read: fn(&Given) -> Result<Command, String>,
}

/// Every command, in the order they are listed to a player. A command named with two words
/// (`tournament create`) is a subcommand of the group its first word names.
pub fn commands() -> &'static [Spec] {
    static ALL: std::sync::OnceLock<Vec<Spec>> = std::sync::OnceLock::new();
    ALL.get_or_init(|| [&table::COMMANDS[..], &tournament::SPECS[..]].concat())
}

/// The commands that gather subcommands, with what each is for.
pub const GROUPS: &[(&str, &str)] = &[(
    "tournament",
    "Tournaments: round robins played by correspondence, every game at once",
)];

/// Whether `name` is a group's: a command given with one of its subcommands.
pub fn is_group(name: &str) -> bool {
    GROUPS.iter().any(|(g, _)| g.eq_ignore_ascii_case(name))
}

/// The subcommands of `group`, in order.
pub fn subcommands(group: &str) -> Vec<&'static Spec> {
    commands()
        .iter()
        .filter(|s| s.group() == Some(group))
        .collect()
}

/// The command called `name`, or why there is none (with the one meant, when it is close).
/// A group's name alone is no command: its subcommands are named.
pub fn find(name: &str) -> Result<&'static Spec, String> {
    let name = name.trim().trim_start_matches('/').to_ascii_lowercase();
    if let Some(spec) = commands().iter().find(|s| s.name == name) {
        return Ok(spec);
    }
    match name.split_once(' ') {
        Some((group, sub)) if is_group(group) => return find_sub(group, Some(sub.trim())),
        None if is_group(&name) => return Err(sub_needed(&name)),
        _ => {}
    }
    let mut names: Vec<&str> = commands()
        .iter()
        .filter(|s| s.group().is_none())
        .map(|s| s.name)
        .collect();
    names.extend(GROUPS.iter().map(|(g, _)| *g));
    let all: Vec<String> = names.iter().map(|c| format!("/{c}")).collect();
    let hint = nearest(&name, &names).map_or(String::new(), |c| format!(" (did you mean /{c}?)"));
    Err(format!(
        "Herald has no /{name} command{hint}: the commands are {}.",
        all.join(", ")
    ))
}

/// A group's subcommands as a player types them: "/tournament create, /tournament join, …".
fn listed(group: &str) -> String {
    let names: Vec<String> = subcommands(group)
        .iter()
        .filter_map(|s| s.sub())
        .map(|n| format!("/{group} {n}"))
        .collect();
    names.join(", ")
}

/// What a group named without a subcommand is told.
pub fn sub_needed(group: &str) -> String {
    format!("/{group} needs one of its subcommands: {}.", listed(group))
}

/// The subcommand `sub` of `group`, or why it has none such (with the one meant, when close).
pub fn find_sub(group: &str, sub: Option<&str>) -> Result<&'static Spec, String> {
    let Some(sub) = sub else {
        return Err(sub_needed(group));
    };
    let subs = subcommands(group);
    let names: Vec<&str> = subs.iter().filter_map(|s| s.sub()).collect();
    let sub = sub.to_ascii_lowercase();
    if let Some(spec) = subs.iter().find(|s| s.sub() == Some(sub.as_str())) {
        return Ok(spec);
    }
    let hint =
        nearest(&sub, &names).map_or(String::new(), |c| format!(" (did you mean /{group} {c}?)"));
    Err(format!(
        "/{group} has no subcommand '{}'{hint}: its subcommands are {}.",
        shown(&sub),
        listed(group)
    ))
}

impl Spec {
    /// The group this command is a subcommand of, if it is one.
    pub fn group(&self) -> Option<&'static str> {
        self.name.split_once(' ').map(|(g, _)| g)
    }

    /// Its name within its group, if it is a subcommand.
    pub fn sub(&self) -> Option<&'static str> {
        self.name.split_once(' ').map(|(_, s)| s)
    }

    pub fn options(&self) -> Vec<Opt> {
        (self.options)()
    }

    /// The command for the options given, or why there is none: an option the command does
    /// not take (with the one meant, when it is close), one given twice, one of another
    /// kind or out of its range, or a required one missing. Nothing is silently ignored.
    pub fn read(&self, given: Vec<(String, Value)>) -> Result<Command, String> {
        self.read_with(&self.options(), given)
    }

    /// [`Spec::read`] against this command's options, made once by the caller.
    fn read_with(&self, known: &[Opt], given: Vec<(String, Value)>) -> Result<Command, String> {
        let mut values: Vec<(&'static str, Value)> = Vec::new();
        for (name, value) in given {
            let opt = self.option(known, &name)?;
            if values.iter().any(|(n, _)| *n == opt.name) {
                return Err(format!("/{} got {name} twice: give it once.", self.name));
            }
            if value.kind() != opt.kind {
                return Err(format!(
                    "/{} cannot read {name}: it takes {}, not {}.",
                    self.name,
                    opt.kind.noun(),
                    value.kind().noun()
                ));
            }
            if let Value::Integer(n) = value {
                if let Some(why) = opt.out_of_range(n) {
                    return Err(why);
                }
            }
            values.push((opt.name, value));
        }
        if let Some(missing) = known
            .iter()
            .find(|o| o.required && !values.iter().any(|(n, _)| *n == o.name))
        {
            return Err(format!(
                "/{} needs the option {}: {}.",
                self.name, missing.name, missing.description
            ));
        }
        (self.read)(&Given { values })
    }

    /// The command for options typed as `name:value` text, each read as its option's kind.
    pub fn read_text(&self, given: Vec<(String, String)>) -> Result<Command, String> {
        let known = self.options();
        let mut values = Vec::new();
        for (name, text) in given {
            let kind = self.option(&known, &name)?.kind;
            values.push((name.clone(), Value::from_text(kind, &name, &text)?));
        }
        self.read_with(&known, values)
    }

    /// The option called `name`, or why this command has none.
    fn option<'o>(&self, known: &'o [Opt], name: &str) -> Result<&'o Opt, String> {
        if let Some(opt) = known.iter().find(|o| o.name == name) {
            return Ok(opt);
        }
        let command = self.name;
        if known.is_empty() {
            return Err(format!(
                "/{command} takes no options, so '{}' cannot be used.",
                shown(name)
            ));
        }
        let names: Vec<&str> = known.iter().map(|o| o.name).collect();
        let hint = nearest(name, &names).map_or(String::new(), |k| format!(" (did you mean {k}?)"));
        Err(format!(
            "/{command} has no option '{}'{hint}: its options are {}.",
            shown(name),
            names.join(", ")
        ))
    }
}

/// The options a player gave one command, checked against its definition.
pub struct Given {
    values: Vec<(&'static str, Value)>,
}

impl Given {
    fn value(&self, name: &str) -> Option<&Value> {
        self.values.iter().find(|(n, _)| *n == name).map(|(_, v)| v)
    }

    fn text(&self, name: &str) -> Option<String> {
        match self.value(name)? {
            Value::Text(s) => Some(s.clone()),
            _ => None,
        }
    }

    /// A required text option: [`Spec::read`] refused the command already when it is missing.
    fn required(&self, name: &str) -> String {
        self.text(name).unwrap_or_default()
    }

    fn boolean(&self, name: &str) -> Option<bool> {
        match self.value(name)? {
            Value::Boolean(b) => Some(*b),
            _ => None,
        }
    }

    /// A yes-or-no option: absent is no.
    fn flag(&self, name: &str) -> bool {
        self.boolean(name) == Some(true)
    }

    fn integer(&self, name: &str) -> Option<i64> {
        match self.value(name)? {
            Value::Integer(n) => Some(*n),
            _ => None,
        }
    }

    fn user(&self, name: &str) -> Option<String> {
        match self.value(name)? {
            Value::User(u) => Some(u.clone()),
            _ => None,
        }
    }

    fn channel(&self, name: &str) -> Option<String> {
        match self.value(name)? {
            Value::Channel(c) => Some(c.clone()),
            _ => None,
        }
    }

    fn role(&self, name: &str) -> Option<String> {
        match self.value(name)? {
            Value::Role(r) => Some(r.clone()),
            _ => None,
        }
    }

    /// The `opponent` option.
    fn opponent(&self) -> Option<String> {
        self.user("opponent")
    }
}

/// The number of single-character edits between two words.
fn distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let above = row[j + 1];
            row[j + 1] = (diagonal + usize::from(ca != *cb))
                .min(row[j] + 1)
                .min(above + 1);
            diagonal = above;
        }
    }
    row[b.len()]
}

/// The word of `words` that `typed` is most likely a slip for, if one is close.
fn nearest<'w>(typed: &str, words: &[&'w str]) -> Option<&'w str> {
    words
        .iter()
        .map(|w| (distance(typed, w), *w))
        .filter(|(d, _)| *d <= (typed.chars().count() / 3).max(1))
        .min()
        .map(|(_, w)| w)
}

#[cfg(test)]
mod tests;
