-- /review's analyses of finished games: the engine's score of every position of the game,
-- as `herald::engine::review::encode` writes them, a line per position. Keyed by the game
-- and by the search depth and analysis version, so a second review of a game is read back
-- (instant, and the same), and a review by a changed analysis is made afresh.
CREATE TABLE reviews (
    game_id     INTEGER NOT NULL REFERENCES games(id),
    depth       INTEGER NOT NULL,
    version     INTEGER NOT NULL,
    scores      TEXT    NOT NULL,
    created_at  INTEGER NOT NULL,
    PRIMARY KEY (game_id, depth, version)
) WITHOUT ROWID;
