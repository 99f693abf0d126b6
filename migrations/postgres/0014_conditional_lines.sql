-- Conditional moves (/conditional): a line a player stores after moving, played for them as
-- far as the game follows it. `ply` is the game's ply when the line was stored (the line's
-- first move is the opponent's answer then); `moves` the line's moves in coordinate notation,
-- separated by spaces. A line is alive while the game's moves since `ply` are its beginning.
CREATE TABLE conditional_lines (
    game_id     BIGINT  NOT NULL REFERENCES games (id),
    player      TEXT    NOT NULL,
    ply         BIGINT  NOT NULL,
    moves       TEXT    NOT NULL,
    created_at  BIGINT  NOT NULL,
    PRIMARY KEY (game_id, player, ply, moves)
);

-- A game that ends, is swapped or is taken back drops its lines, in the statement that changes
-- it: none can fire in a position it was not written for.
CREATE FUNCTION games_drop_lines() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    DELETE FROM conditional_lines WHERE game_id = NEW.id;
    RETURN NULL;
END;
$$;

CREATE TRIGGER games_drop_lines AFTER UPDATE ON games
    FOR EACH ROW WHEN (NEW.status <> 'active' OR NEW.swapped <> OLD.swapped OR NEW.ply < OLD.ply)
    EXECUTE FUNCTION games_drop_lines();
