-- An open challenge names no opponent: anyone but the challenger may accept it, and then it
-- names who did. `challenged` becomes nullable; SQLite cannot drop a NOT NULL in place, so the
-- table is rebuilt with the same columns and rows.
CREATE TABLE challenges_new (
    id          INTEGER PRIMARY KEY,
    guild       TEXT,
    channel     TEXT    NOT NULL,
    challenger  TEXT    NOT NULL,
    -- None while an open challenge waits; the player who accepted it afterwards.
    challenged  TEXT,
    variant     TEXT    NOT NULL,
    color       TEXT    NOT NULL CHECK (color IN ('white', 'black', 'random')),
    days        INTEGER NOT NULL,
    status      TEXT    NOT NULL DEFAULT 'open'
                CHECK (status IN ('open', 'accepted', 'declined', 'expired', 'withdrawn')),
    game_id     INTEGER REFERENCES games (id),
    -- The finished game this challenge is a rematch of, if any.
    rematch_of  INTEGER REFERENCES games (id),
    created_at  INTEGER NOT NULL,
    expires_at  INTEGER NOT NULL,
    options     TEXT    NOT NULL DEFAULT '',
    rated       INTEGER NOT NULL DEFAULT 1
);
INSERT INTO challenges_new (id, guild, channel, challenger, challenged, variant, color, days,
                            status, game_id, rematch_of, created_at, expires_at, options, rated)
    SELECT id, guild, channel, challenger, challenged, variant, color, days,
           status, game_id, rematch_of, created_at, expires_at, options, rated
    FROM challenges;
DROP TABLE challenges;
ALTER TABLE challenges_new RENAME TO challenges;
CREATE INDEX challenges_open ON challenges (channel, status);
