-- Who may create a server's tournaments (/settings tournaments:): 'anyone' or 'managers'
-- (members who may manage the server); none: anyone.
ALTER TABLE guild_settings ADD COLUMN tournaments TEXT
    CHECK (tournaments IN ('anyone', 'managers'));
