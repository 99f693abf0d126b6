-- Every request finds its game by the channel it is played in (or the channel its thread hangs
-- from, which `games_home` serves): an index on `channel`, so that this stays one lookup
-- however many games a server has played.
CREATE INDEX games_channel ON games (channel);
