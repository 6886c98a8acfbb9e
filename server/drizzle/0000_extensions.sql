-- Trigram search on product names (ILIKE %…%); PGlite loads the extension in its constructor.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
