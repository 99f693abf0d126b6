-- A thread for every game, and the notices each player chose.
--
-- A game given its own thread is played there: `channel` becomes the thread and `home` keeps
-- the channel it was opened in (where the game goes on if a moderator deletes or locks the
-- thread). `home` is NULL for a game played in its channel.
ALTER TABLE games ADD COLUMN home TEXT;
CREATE INDEX games_home ON games (home) WHERE home IS NOT NULL;

-- One unfinished game per pair and place, the place being the channel a thread hangs from.
DROP INDEX games_one_active_per_pair;
CREATE UNIQUE INDEX games_one_active_per_pair
    ON games (coalesce(home, channel), min(white, black), max(white, black))
    WHERE status = 'active';

-- Whether games get threads (NULL: yes, the default), and when Herald last told the server
-- that it lacks the permission to open them (so it says so once).
ALTER TABLE guild_settings ADD COLUMN threads INTEGER;
ALTER TABLE guild_settings ADD COLUMN thread_notice_at INTEGER;

-- How each player is told of their games (/notify); no row: mentioned in the game's place.
-- `dm_closed_at`: when a direct message last failed because the player's DMs are closed.
CREATE TABLE notices (
    player       TEXT    PRIMARY KEY,
    mode         TEXT    NOT NULL,
    dm_closed_at INTEGER
) WITHOUT ROWID;
