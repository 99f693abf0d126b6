-- Herald's games, as players look for them. Times are Unix seconds (UTC); users and channels
-- are the chat platform's ids as text.

CREATE TABLE games (
    id          INTEGER PRIMARY KEY,
    guild       TEXT,
    channel     TEXT    NOT NULL,
    variant     TEXT    NOT NULL,
    white       TEXT    NOT NULL,
    black       TEXT    NOT NULL,
    start_fen   TEXT    NOT NULL,
    -- The position now, kept beside the moves it can always be rebuilt from.
    fen         TEXT    NOT NULL,
    ply         INTEGER NOT NULL DEFAULT 0,
    -- The last move; writing it with ply + 1 records it in `moves` (trigger below).
    last_coordinate TEXT,
    last_san    TEXT,
    last_player TEXT,
    days        INTEGER NOT NULL,
    status      TEXT    NOT NULL DEFAULT 'active'
                CHECK (status IN ('active', 'finished', 'aborted')),
    result      TEXT    CHECK (result IN ('1-0', '0-1', '1/2-1/2')),
    reason      TEXT,
    swapped     INTEGER NOT NULL DEFAULT 0,
    -- The player whose draw offer is open, if any.
    draw_offer  TEXT,
    -- When the player to move runs out of time, and whether they were reminded.
    deadline    INTEGER,
    reminded    INTEGER NOT NULL DEFAULT 0,
    -- Bumped by every change, so two concurrent changes can never both land.
    version     INTEGER NOT NULL DEFAULT 0,
    created_at  INTEGER NOT NULL,
    updated_at  INTEGER NOT NULL
);

-- At most one unfinished game per pair of players per channel.
CREATE UNIQUE INDEX games_one_active_per_pair
    ON games (channel, min(white, black), max(white, black))
    WHERE status = 'active';
CREATE INDEX games_white ON games (white, status);
CREATE INDEX games_black ON games (black, status);
CREATE INDEX games_deadline ON games (deadline) WHERE status = 'active';

CREATE TABLE moves (
    game_id     INTEGER NOT NULL REFERENCES games (id),
    ply         INTEGER NOT NULL,
    coordinate  TEXT    NOT NULL,
    san         TEXT    NOT NULL,
    fen_after   TEXT    NOT NULL,
    player      TEXT    NOT NULL,
    played_at   INTEGER NOT NULL,
    PRIMARY KEY (game_id, ply)
) WITHOUT ROWID;

-- A game row that advances by one ply records its last move, in the same statement: a move
-- is stored whole or not at all, with one write.
CREATE TRIGGER games_record_move AFTER UPDATE OF ply ON games
WHEN NEW.ply = OLD.ply + 1
BEGIN
    INSERT INTO moves (game_id, ply, coordinate, san, fen_after, player, played_at)
    VALUES (NEW.id, NEW.ply, NEW.last_coordinate, NEW.last_san, NEW.fen, NEW.last_player,
            NEW.updated_at);
END;

CREATE TABLE challenges (
    id          INTEGER PRIMARY KEY,
    guild       TEXT,
    channel     TEXT    NOT NULL,
    challenger  TEXT    NOT NULL,
    challenged  TEXT    NOT NULL,
    variant     TEXT    NOT NULL,
    color       TEXT    NOT NULL CHECK (color IN ('white', 'black', 'random')),
    days        INTEGER NOT NULL,
    status      TEXT    NOT NULL DEFAULT 'open'
                CHECK (status IN ('open', 'accepted', 'declined', 'expired')),
    game_id     INTEGER REFERENCES games (id),
    -- The finished game this challenge is a rematch of, if any.
    rematch_of  INTEGER REFERENCES games (id),
    created_at  INTEGER NOT NULL,
    expires_at  INTEGER NOT NULL
);
CREATE INDEX challenges_open ON challenges (channel, status);

-- Everything that happens to a game besides moves: swap, draw offers and answers,
-- resignation, abort, reminders and time-outs.
CREATE TABLE events (
    id          INTEGER PRIMARY KEY,
    game_id     INTEGER NOT NULL REFERENCES games (id),
    kind        TEXT    NOT NULL,
    player      TEXT,
    ply         INTEGER NOT NULL,
    at          INTEGER NOT NULL
);
CREATE INDEX events_game ON events (game_id);
