-- Game options chosen in the challenge (AGEIOU's portal turns, repetition count and
-- no-progress limit), as their text form `portal-turns=3 repetitions=3 fifty=50`; empty for
-- the variants whose rules fix those numbers.
ALTER TABLE challenges ADD COLUMN options TEXT NOT NULL DEFAULT '';
ALTER TABLE games ADD COLUMN options TEXT NOT NULL DEFAULT '';
