-- Herald's own number for each player, for their web page (/players/N): a page never shows
-- an account's id. Each player is numbered when their first game is made, in the order of
-- their first games; the players of the games already stored are numbered here.
CREATE TABLE players (
    id      INTEGER PRIMARY KEY,
    player  TEXT    NOT NULL UNIQUE
);
INSERT INTO players (player)
    SELECT player FROM (
        SELECT white AS player, min(id) AS first FROM games GROUP BY white
        UNION ALL
        SELECT black AS player, min(id) AS first FROM games GROUP BY black
    ) GROUP BY player ORDER BY min(first), player;
CREATE TRIGGER games_number_players AFTER INSERT ON games
BEGIN
    INSERT OR IGNORE INTO players (player) VALUES (NEW.white);
    INSERT OR IGNORE INTO players (player) VALUES (NEW.black);
END;
-- (On PostgreSQL this migration also makes every change to a game a notice to the web
-- pages watching it; on SQLite the process that wrote the change tells its own pages.)
