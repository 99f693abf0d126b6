//! Game options chosen when a game is created: how long a portal takes to build, how many
//! occurrences of a position draw, and the no-progress limit. Only AGEIOU has them; the other
//! variants' rules fix those numbers, so they accept the defaults only (see
//! [`crate::rules::Rules::set_options`]). And [`SetupError`]: why a game could not be set up.

use std::fmt;
use std::str::FromStr;

use super::{PositionError, VariantId};

/// The options of one game. `Default` gives 3 / 3 / 50.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct GameOptions {
    /// Turns a portal takes to build (1-7).
    pub portal_turns: u8,
    /// Occurrences of one position that draw (3-12).
    pub repetitions: u8,
    /// Moves by each side without a capture or pawn move that draw (50-300).
    pub fifty: u16,
}

impl Default for GameOptions {
    fn default() -> Self {
        GameOptions {
            portal_turns: 3,
            repetitions: 3,
            fifty: 50,
        }
    }
}

/// Options that cannot be used, with a message naming the option.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum OptionsError {
    #[error("{option} must be from {min} to {max}, not {value}")]
    OutOfRange {
        option: &'static str,
        min: u16,
        max: u16,
        value: String,
    },
    #[error("unknown game option '{0}': expected portal-turns, repetitions or fifty")]
    Unknown(String),
    #[error("{variant} has no game options (portal-turns, repetitions and fifty are for AGEIOU)")]
    Unsupported { variant: VariantId },
}

impl GameOptions {
    /// The option names with their ranges, in the order the text form writes them.
    pub const RANGES: [(&'static str, u16, u16); 3] = [
        ("portal-turns", 1, 7),
        ("repetitions", 3, 12),
        ("fifty", 50, 300),
    ];

    /// Options from three numbers, each checked against its range.
    pub fn new(portal_turns: u32, repetitions: u32, fifty: u32) -> Result<Self, OptionsError> {
        let check = |i: usize, value: u32| -> Result<u16, OptionsError> {
            let (option, min, max) = Self::RANGES[i];
            if (min as u32..=max as u32).contains(&value) {
                Ok(value as u16)
            } else {
                Err(OptionsError::OutOfRange {
                    option,
                    min,
                    max,
                    value: value.to_string(),
                })
            }
        };
        Ok(GameOptions {
            portal_turns: check(0, portal_turns)? as u8,
            repetitions: check(1, repetitions)? as u8,
            fifty: check(2, fifty)?,
        })
    }

    /// Checks every field against its range (for options built field by field).
    pub fn validate(self) -> Result<Self, OptionsError> {
        GameOptions::new(
            self.portal_turns as u32,
            self.repetitions as u32,
            self.fifty as u32,
        )
    }

    pub fn is_default(self) -> bool {
        self == GameOptions::default()
    }

    /// These options, checked for `variant`: a variant whose rules fix these numbers takes
    /// the defaults only.
    pub fn for_variant(self, variant: VariantId) -> Result<Self, OptionsError> {
        if variant.has_options() || self.is_default() {
            self.validate()
        } else {
            Err(OptionsError::Unsupported { variant })
        }
    }
}

impl fmt::Display for GameOptions {
    /// `portal-turns=3 repetitions=3 fifty=50`: the form stored with a game.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "portal-turns={} repetitions={} fifty={}",
            self.portal_turns, self.repetitions, self.fifty
        )
    }
}

impl FromStr for GameOptions {
    type Err = OptionsError;
    /// Reads the form [`fmt::Display`] writes; names may come in any order, a missing one keeps
    /// its default, and an empty text gives the defaults.
    fn from_str(s: &str) -> Result<Self, OptionsError> {
        let d = GameOptions::default();
        let mut values = [d.portal_turns as u32, d.repetitions as u32, d.fifty as u32];
        for item in s.split_whitespace() {
            let (name, value) = item.split_once('=').unwrap_or((item, ""));
            let i = Self::RANGES
                .iter()
                .position(|(n, _, _)| *n == name)
                .ok_or_else(|| OptionsError::Unknown(name.to_string()))?;
            let (option, min, max) = Self::RANGES[i];
            values[i] = value.parse().map_err(|_| OptionsError::OutOfRange {
                option,
                min,
                max,
                value: format!("'{value}'"),
            })?;
        }
        GameOptions::new(values[0], values[1], values[2])
    }
}

/// Why a game could not be set up.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    #[error(transparent)]
    Position(#[from] PositionError),
    #[error(transparent)]
    Options(#[from] OptionsError),
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_form_round_trips_and_ranges_are_checked() {
        let d = GameOptions::default();
        assert_eq!(d.to_string(), "portal-turns=3 repetitions=3 fifty=50");
        assert_eq!(d.to_string().parse::<GameOptions>(), Ok(d));
        assert_eq!("".parse::<GameOptions>(), Ok(d));
        let o: GameOptions = "fifty=300 portal-turns=7".parse().unwrap();
        assert_eq!((o.portal_turns, o.repetitions, o.fifty), (7, 3, 300));
        let e = GameOptions::new(8, 3, 50).unwrap_err().to_string();
        assert_eq!(e, "portal-turns must be from 1 to 7, not 8");
        assert!(GameOptions::new(1, 2, 50).is_err());
        assert!(GameOptions::new(1, 12, 301).is_err());
        assert!("speed=3".parse::<GameOptions>().is_err());
        assert!("fifty=x".parse::<GameOptions>().is_err());
    }
}
