//! Starting a game of any variant Herald knows, by its name.

use super::{
    ageiou, chess, empire, epoch, fantastic, AnyGame, Game, GameOptions, PositionError, SetupError,
    Variant, VariantId,
};

/// Starts a game of `variant` from its start position or from a position text, with the
/// default options.
pub fn new_game(variant: VariantId, text: Option<&str>) -> Result<Box<dyn AnyGame>, PositionError> {
    new_game_with(variant, text, GameOptions::default()).map_err(|e| match e {
        SetupError::Position(e) => e,
        // The defaults suit every variant.
        SetupError::Options(e) => PositionError::new("options", e.to_string()),
    })
}

/// Starts a game of `variant` with game options. Variants without options refuse anything but
/// the defaults ([`super::Rules::set_options`]). The options are read back with
/// [`AnyGame::options`].
pub fn new_game_with(
    variant: VariantId,
    text: Option<&str>,
    options: GameOptions,
) -> Result<Box<dyn AnyGame>, SetupError> {
    fn boxed<V: Variant>(
        text: Option<&str>,
        options: GameOptions,
    ) -> Result<Box<dyn AnyGame>, SetupError> {
        let mut position = match text {
            Some(text) => V::from_text(text)?,
            None => V::start(),
        };
        position.set_options(options.validate()?)?;
        Ok(Box::new(Game::new(position)))
    }
    match variant {
        VariantId::Epoch => boxed::<epoch::Position>(text, options),
        VariantId::Chess => boxed::<chess::Position>(text, options),
        VariantId::Empire => boxed::<empire::Position>(text, options),
        VariantId::Fantastic => boxed::<fantastic::Position>(text, options),
        VariantId::Ageiou => boxed::<ageiou::Position>(text, options),
    }
}
