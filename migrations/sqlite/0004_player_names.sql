-- Players' display names (server nickname, else global name, else username), captured when a
-- challenge is made and copied into its match: embed titles, field names and footers show
-- names, since Discord does not turn mentions into names there. Empty for older rows: those
-- matches keep showing mentions.
ALTER TABLE challenges ADD COLUMN challenger_name TEXT NOT NULL DEFAULT '';
ALTER TABLE challenges ADD COLUMN opponent_name TEXT NOT NULL DEFAULT '';
ALTER TABLE matches ADD COLUMN name0 TEXT NOT NULL DEFAULT '';
ALTER TABLE matches ADD COLUMN name1 TEXT NOT NULL DEFAULT '';
