-- Ratings: Glicko-2, one rating per player per variant. A challenge says whether its game is
-- rated; games under other rules than the variant's standard ones (AGEIOU's options) are
-- casual. Games finished before ratings existed count as rated, so the ratings begin with
-- the server's history (rebuilt from it at start when the tables below are empty).
ALTER TABLE challenges ADD COLUMN rated INTEGER NOT NULL DEFAULT 1;
ALTER TABLE games ADD COLUMN rated INTEGER NOT NULL DEFAULT 1;
UPDATE games SET rated = 0 WHERE options <> '';

-- The order in which rated games ended, which the ratings follow: set in the transaction
-- that finishes the game. Earlier games take it in the order they ended.
ALTER TABLE games ADD COLUMN rated_order INTEGER;
UPDATE games SET rated_order = (
    SELECT count(*) FROM games AS g
    WHERE g.status = 'finished' AND g.rated = 1
      AND (g.updated_at < games.updated_at OR (g.updated_at = games.updated_at AND g.id <= games.id))
) WHERE status = 'finished' AND rated = 1;
CREATE UNIQUE INDEX games_rated_order ON games (rated_order) WHERE rated_order IS NOT NULL;
CREATE INDEX games_rated_guild ON games (guild, variant) WHERE rated_order IS NOT NULL;

-- Each player's standing in each variant they played rated: derived from the games (and
-- rebuilt from them by `herald db rerate`).
CREATE TABLE ratings (
    player      TEXT    NOT NULL,
    variant     TEXT    NOT NULL,
    rating      REAL    NOT NULL,
    deviation   REAL    NOT NULL,
    volatility  REAL    NOT NULL,
    games       INTEGER NOT NULL,
    wins        INTEGER NOT NULL,
    draws       INTEGER NOT NULL,
    losses      INTEGER NOT NULL,
    -- When the player's last rated game in this variant ended.
    rated_at    INTEGER NOT NULL,
    PRIMARY KEY (player, variant)
) WITHOUT ROWID;

-- What each rated game did to each of its players' ratings: the profile's chart and the
-- "(+12)" of a result come from here.
CREATE TABLE rating_changes (
    game_id     INTEGER NOT NULL REFERENCES games (id),
    player      TEXT    NOT NULL,
    variant     TEXT    NOT NULL,
    before      REAL    NOT NULL,
    rating      REAL    NOT NULL,
    deviation   REAL    NOT NULL,
    volatility  REAL    NOT NULL,
    at          INTEGER NOT NULL,
    PRIMARY KEY (game_id, player)
) WITHOUT ROWID;
CREATE INDEX rating_changes_player ON rating_changes (player, variant, at);
