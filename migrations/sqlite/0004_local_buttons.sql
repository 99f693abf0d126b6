-- Messages with buttons that `herald local` showed, numbered so that a later line, or a later
-- run on the same database, can press a button by its message: `bob: press Accept #3`. Kept
-- beside the games the buttons act on, so the two are copied, backed up and moved together.
-- The Discord adapter needs none of this: a Discord button carries its action in its id.
CREATE TABLE local_buttons (
    -- The number shown with the buttons, `buttons #3: Accept | Decline`.
    id          INTEGER PRIMARY KEY,
    channel     TEXT    NOT NULL,
    -- The buttons in order, one `action-id label` a line (`accept:12 Accept`).
    buttons     TEXT    NOT NULL,
    shown_at    INTEGER NOT NULL,
    -- Once a button did its work the message's buttons are spent, as Discord takes them off
    -- the message: who pressed which.
    pressed_by  TEXT,
    pressed     TEXT
);
CREATE INDEX local_buttons_live ON local_buttons (channel, id) WHERE pressed IS NULL;
