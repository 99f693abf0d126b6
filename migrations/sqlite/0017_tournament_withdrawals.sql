-- Withdrawal (/tournament withdraw): when a player left a running tournament. With it,
-- `withdrawn_after` (in the table since 0016) says the last round paired when they left: a
-- pairing made later leaves them out of every round after it.
ALTER TABLE tournament_players ADD COLUMN withdrawn_at INTEGER;
