-- Search, made fast by construction (decision 11, issue 10):
-- 1. One search document per household (households.search_document: its name, its members' names with
--    nicknames, their emails and phones, lower case, one per line), kept current by the triggers below in
--    the transaction of every write, under one trigram index: the clients list searches it with one
--    indexed predicate.
-- 2. The words of the names (search_words, 4 letters or more) under a trigram index: the global search finds
--    there the candidates of a word typed with typos and keeps those within the edit distance
--    (fuzzystrmatch, PostgreSQL contrib and PGlite).
CREATE EXTENSION IF NOT EXISTS fuzzystrmatch;
--> statement-breakpoint
-- Set-based, so that a bulk import refreshes thousands of households in one statement: the ids are joined
-- (index lookups or a hash join), never searched in an array row by row, and no function runs once per
-- household with plans made before the import's rows existed.
CREATE OR REPLACE FUNCTION household_search_parts(ids uuid[]) RETURNS TABLE (household_id uuid, parts text)
LANGUAGE sql STABLE AS $$
  WITH h AS (SELECT DISTINCT id FROM unnest(ids) AS u(id))
  SELECT x.household_id, string_agg(x.line, E'\n' ORDER BY x.kind, x.member_id, x.position, x.line)
  FROM (
    SELECT m.household_id, 1 AS kind, m.id AS member_id, 0 AS position, m.search_name AS line
      FROM h JOIN members m ON m.household_id = h.id
    UNION ALL
    SELECT m.household_id, 2, m.id, e.position, lower(e.email)
      FROM h JOIN members m ON m.household_id = h.id JOIN member_emails e ON e.member_id = m.id
    UNION ALL
    SELECT m.household_id, 3, m.id, p.position, p.phone
      FROM h JOIN members m ON m.household_id = h.id JOIN member_phones p ON p.member_id = m.id
  ) x
  GROUP BY x.household_id
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION household_search_document(hid uuid, household_name text) RETURNS text
LANGUAGE sql STABLE AS $$
  SELECT concat_ws(E'\n', lower(household_name), (SELECT parts FROM household_search_parts(array[hid])))
$$;
--> statement-breakpoint
-- The words of a name as the global search splits a text (apostrophes belong to the word: o'brien).
CREATE OR REPLACE FUNCTION search_words_of(name text) RETURNS SETOF text
LANGUAGE sql IMMUTABLE AS $$
  SELECT DISTINCT w FROM regexp_split_to_table(lower(name), E'[[:space:],.;:!?/\\\\()&+"@_*#=-]+') w
  WHERE length(w) >= 4
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION refresh_household_search(ids uuid[]) RETURNS void
LANGUAGE sql AS $$
  UPDATE households h SET search_document = d.document
  FROM (
    SELECT h2.id, concat_ws(E'\n', lower(h2.name), p.parts) AS document
    FROM (SELECT DISTINCT id FROM unnest(ids) AS u(id)) i
    JOIN households h2 ON h2.id = i.id
    LEFT JOIN household_search_parts(ids) p ON p.household_id = h2.id
  ) d
  WHERE h.id = d.id AND h.search_document IS DISTINCT FROM d.document
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION households_search_named() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_document := household_search_document(NEW.id, NEW.name);
  INSERT INTO search_words (word) SELECT w FROM search_words_of(NEW.name) w ON CONFLICT DO NOTHING;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER households_search_insert BEFORE INSERT ON households
  FOR EACH ROW EXECUTE FUNCTION households_search_named();
--> statement-breakpoint
CREATE TRIGGER households_search_rename BEFORE UPDATE OF name ON households
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION households_search_named();
--> statement-breakpoint
-- Members and contacts: statement triggers with transition tables for inserts and deletes (one refresh per
-- statement, also for bulk imports), row triggers for the updates that change what is searched.
CREATE OR REPLACE FUNCTION members_search_inserted() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_household_search(array(SELECT DISTINCT household_id FROM new_rows));
  INSERT INTO search_words (word)
    SELECT DISTINCT w FROM new_rows r CROSS JOIN LATERAL search_words_of(r.search_name) w
    ON CONFLICT DO NOTHING;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION members_search_deleted() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_household_search(array(SELECT DISTINCT household_id FROM old_rows));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION members_search_updated() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_household_search(array[OLD.household_id, NEW.household_id]);
  INSERT INTO search_words (word) SELECT w FROM search_words_of(NEW.search_name) w ON CONFLICT DO NOTHING;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER members_search_insert AFTER INSERT ON members
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION members_search_inserted();
--> statement-breakpoint
CREATE TRIGGER members_search_delete AFTER DELETE ON members
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION members_search_deleted();
--> statement-breakpoint
CREATE TRIGGER members_search_update AFTER UPDATE ON members
  FOR EACH ROW WHEN (OLD.search_name IS DISTINCT FROM NEW.search_name OR OLD.household_id IS DISTINCT FROM NEW.household_id)
  EXECUTE FUNCTION members_search_updated();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION contacts_search_inserted() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_household_search(
    array(SELECT DISTINCT m.household_id FROM new_rows r JOIN members m ON m.id = r.member_id));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION contacts_search_deleted() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_household_search(
    array(SELECT DISTINCT m.household_id FROM old_rows r JOIN members m ON m.id = r.member_id));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION contacts_search_updated() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_household_search(
    array(SELECT m.household_id FROM members m WHERE m.id IN (OLD.member_id, NEW.member_id)));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER member_emails_search_insert AFTER INSERT ON member_emails
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION contacts_search_inserted();
--> statement-breakpoint
CREATE TRIGGER member_emails_search_delete AFTER DELETE ON member_emails
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION contacts_search_deleted();
--> statement-breakpoint
CREATE TRIGGER member_emails_search_update AFTER UPDATE ON member_emails
  FOR EACH ROW WHEN (OLD.email IS DISTINCT FROM NEW.email OR OLD.member_id IS DISTINCT FROM NEW.member_id)
  EXECUTE FUNCTION contacts_search_updated();
--> statement-breakpoint
CREATE TRIGGER member_phones_search_insert AFTER INSERT ON member_phones
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION contacts_search_inserted();
--> statement-breakpoint
CREATE TRIGGER member_phones_search_delete AFTER DELETE ON member_phones
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION contacts_search_deleted();
--> statement-breakpoint
CREATE TRIGGER member_phones_search_update AFTER UPDATE ON member_phones
  FOR EACH ROW WHEN (OLD.phone IS DISTINCT FROM NEW.phone OR OLD.member_id IS DISTINCT FROM NEW.member_id)
  EXECUTE FUNCTION contacts_search_updated();
--> statement-breakpoint
-- Existing data: every household's document and every name's words.
SELECT refresh_household_search(array(SELECT id FROM households));
--> statement-breakpoint
INSERT INTO search_words (word)
  SELECT DISTINCT w FROM (SELECT search_name FROM households UNION ALL SELECT search_name FROM members) n
  CROSS JOIN LATERAL search_words_of(n.search_name) w
  ON CONFLICT DO NOTHING;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "households_search_document_trgm_idx" ON "households" USING gin ("search_document" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "search_words_word_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops);
