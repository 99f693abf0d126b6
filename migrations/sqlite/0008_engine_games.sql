-- Games against Herald's own engine: the level the player chose (1-5), on the challenge and
-- on its game; none for a game between two people. Herald's seat holds the bot's own id.
ALTER TABLE challenges ADD COLUMN engine_level INTEGER;
ALTER TABLE games ADD COLUMN engine_level INTEGER;
