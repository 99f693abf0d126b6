-- Conditional moves (/conditional): a line a player stores after moving, played for them as
-- far as the game follows it. `ply` is the game's ply when the line was stored (the line's
-- first move is the opponent's answer then); `moves` the line's moves in coordinate notation,
-- separated by spaces. A line is alive while the game's moves since `ply` are its beginning.
CREATE TABLE conditional_lines (
    game_id     INTEGER NOT NULL REFERENCES games(id),
    player      TEXT    NOT NULL,
    ply         INTEGER NOT NULL,
    moves       TEXT    NOT NULL,
    created_at  INTEGER NOT NULL,
    PRIMARY KEY (game_id, player, ply, moves)
) WITHOUT ROWID;

-- A game that ends, is swapped or is taken back drops its lines, in the statement that changes
-- it: none can fire in a position it was not written for.
CREATE TRIGGER games_drop_lines AFTER UPDATE ON games
WHEN NEW.status <> 'active' OR NEW.swapped <> OLD.swapped OR NEW.ply < OLD.ply
BEGIN
    DELETE FROM conditional_lines WHERE game_id = NEW.id;
END;
