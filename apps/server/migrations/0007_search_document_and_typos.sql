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
CREATE OR REPLACE FUNCTION household_search_document(hid uuid, household_name text) RETURNS text
LANGUAGE sql STABLE AS $$
  SELECT concat_ws(E'\n',
    lower(household_name),
    (SELECT string_agg(m.search_name, E'\n' ORDER BY m.id) FROM members m WHERE m.household_id = hid),
    (SELECT string_agg(lower(e.email), E'\n' ORDER BY m.id, e.position, e.id)
       FROM members m JOIN member_emails e ON e.member_id = m.id WHERE m.household_id = hid),
    (SELECT string_agg(p.phone, E'\n' ORDER BY m.id, p.position, p.id)
       FROM members m JOIN member_phones p ON p.member_id = m.id WHERE m.household_id = hid))
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
  FROM (SELECT id, household_search_document(id, name) AS document FROM households WHERE id = ANY(ids)) d
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
UPDATE households SET search_document = household_search_document(id, name);
--> statement-breakpoint
INSERT INTO search_words (word)
  SELECT DISTINCT w FROM (SELECT search_name FROM households UNION ALL SELECT search_name FROM members) n
  CROSS JOIN LATERAL search_words_of(n.search_name) w
  ON CONFLICT DO NOTHING;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "households_search_document_trgm_idx" ON "households" USING gin ("search_document" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "search_words_word_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops);
