-- A challenge may start its game from a position of the variant (/challenge fen:): the position
-- text, or NULL for the variant's start.
ALTER TABLE challenges ADD COLUMN start_fen TEXT;
