-- What a server's admins chose (members with Manage Server, through /settings): the days per
-- move a challenge gets when it names none, the channel where open challenges are posted,
-- and a role to ping per variant for open challenges. A server without a row has the
-- defaults (3 days, open challenges where they are made, no role).
CREATE TABLE guild_settings (
    guild        TEXT    PRIMARY KEY,
    days         INTEGER,
    open_channel TEXT
) WITHOUT ROWID;

CREATE TABLE variant_roles (
    guild       TEXT    NOT NULL,
    variant     TEXT    NOT NULL,
    role        TEXT    NOT NULL,
    PRIMARY KEY (guild, variant)
) WITHOUT ROWID;
