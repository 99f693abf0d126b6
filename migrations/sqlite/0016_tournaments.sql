-- Tournaments (/tournament): an event of one server, its players and its pairings. A
-- tournament is `open` while players join, `running` once started, `finished` when its last
-- game ends. `round` is the last round paired (a round robin pairs every round at its start);
-- `rounds` the number it has (a Swiss's is chosen, a round robin's follows from its players).
CREATE TABLE tournaments (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    guild       TEXT,
    channel     TEXT    NOT NULL,
    name        TEXT    NOT NULL,
    creator     TEXT    NOT NULL,
    variant     TEXT    NOT NULL,
    system      TEXT    NOT NULL
                CHECK (system IN ('round-robin', 'double-round-robin', 'swiss')),
    rounds      INTEGER,
    days        INTEGER NOT NULL,
    rated       INTEGER NOT NULL,
    max_players INTEGER,
    starts_at   INTEGER,
    status      TEXT    NOT NULL DEFAULT 'open'
                CHECK (status IN ('open', 'running', 'finished')),
    round       INTEGER NOT NULL DEFAULT 0,
    created_at  INTEGER NOT NULL,
    version     INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX tournaments_guild ON tournaments (guild, status);

-- A tournament's players: when each joined; from the start, their start number (from 1, by
-- rating) and the rating it was given by; `withdrawn_after` the last round they stood in.
CREATE TABLE tournament_players (
    tournament_id   INTEGER NOT NULL REFERENCES tournaments(id),
    player          TEXT    NOT NULL,
    joined_at       INTEGER NOT NULL,
    start_number    INTEGER,
    rating          INTEGER,
    withdrawn_after INTEGER,
    PRIMARY KEY (tournament_id, player)
);

-- Each round's pairings, in board order: White against Black in a game, or `black` NULL for
-- White's bye. `result` is White's TRF code when the round was decided without a game being
-- finished (a bye 'U', a forfeit '+' or '-'); otherwise the game says it.
CREATE TABLE tournament_pairings (
    tournament_id   INTEGER NOT NULL REFERENCES tournaments(id),
    round           INTEGER NOT NULL,
    board           INTEGER NOT NULL,
    white           TEXT    NOT NULL,
    black           TEXT,
    game_id         INTEGER REFERENCES games(id),
    result          TEXT,
    PRIMARY KEY (tournament_id, round, board)
);
CREATE UNIQUE INDEX tournament_pairings_game ON tournament_pairings (game_id)
    WHERE game_id IS NOT NULL;

-- A tournament's games are ordinary games, marked with it. Two players may have several at
-- once in a tournament's place (a double round robin plays both its cycles together), so the
-- one-unfinished-game-per-pair rule holds for games outside tournaments.
ALTER TABLE games ADD COLUMN tournament_id INTEGER REFERENCES tournaments(id);
CREATE INDEX games_tournament ON games (tournament_id) WHERE tournament_id IS NOT NULL;
DROP INDEX games_one_active_per_pair;
CREATE UNIQUE INDEX games_one_active_per_pair
    ON games (coalesce(home, channel), min(white, black), max(white, black))
    WHERE status = 'active' AND tournament_id IS NULL;
