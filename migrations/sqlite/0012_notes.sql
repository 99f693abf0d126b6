-- A player's private note on one of their games (/note): one per player per game, kept after
-- the game ends, shown to no one else.
CREATE TABLE notes (
    game_id     INTEGER NOT NULL REFERENCES games(id),
    player      TEXT    NOT NULL,
    text        TEXT    NOT NULL,
    updated_at  INTEGER NOT NULL,
    PRIMARY KEY (game_id, player)
) WITHOUT ROWID;
