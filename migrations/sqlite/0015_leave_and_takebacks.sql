-- Vacation (/vacation): a player's leave, from `starts_at` to `ends_at` (moved earlier when
-- they come back early). While it lasts, the deadline of each of their games where it is their
-- move stands after its end (the clock stopped at the time left); `guild` is where it was
-- taken, whose allowance it counts against (none: a direct message or the terminal).
CREATE TABLE leaves (
    player      TEXT    NOT NULL,
    starts_at   INTEGER NOT NULL,
    ends_at     INTEGER NOT NULL,
    guild       TEXT,
    PRIMARY KEY (player, starts_at)
);

-- A server's leave allowance a calendar year (none: Herald's default), and whether its rated
-- games allow takebacks by consent (none: no).
ALTER TABLE guild_settings ADD COLUMN vacation_days INTEGER;
ALTER TABLE guild_settings ADD COLUMN takebacks INTEGER;
