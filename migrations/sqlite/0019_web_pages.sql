-- Whether a server's games have web pages (/settings web:): none or true, yes; false, no
-- (its games' pages answer 404 to everyone).
ALTER TABLE guild_settings ADD COLUMN web BOOLEAN;
