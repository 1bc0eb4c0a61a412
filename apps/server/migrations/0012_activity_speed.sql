-- Issue 12 §6: who may read a note, and whether an alert is open, kept beside what is counted, so the
-- dashboard's notes, the tasks of a period and the alerts badge are counted from an index alone.
ALTER TABLE "alert_recipients" ADD COLUMN "alert_open" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "notes" ADD COLUMN "on_household" boolean DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE "alert_recipients" r SET "alert_open" = false FROM "alerts" a
  WHERE a."id" = r."alert_id" AND a."resolved_at" IS NOT NULL;--> statement-breakpoint
UPDATE "notes" n SET "on_household" = true WHERE EXISTS (
  SELECT 1 FROM "record_links" l
  WHERE l."subject_kind" = 'note' AND l."subject_id" = n."id" AND l."record_kind" = 'household');--> statement-breakpoint
-- A note's links to households, added or removed in any statement: its on_household follows.
CREATE FUNCTION notes_on_household_linked() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE notes SET on_household = true
  WHERE NOT on_household AND id IN (
    SELECT subject_id FROM new_rows WHERE subject_kind = 'note' AND record_kind = 'household');
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION notes_on_household_unlinked() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE notes n SET on_household = false
  WHERE n.on_household AND n.id IN (
      SELECT subject_id FROM old_rows WHERE subject_kind = 'note' AND record_kind = 'household')
    AND NOT EXISTS (SELECT 1 FROM record_links l
      WHERE l.subject_kind = 'note' AND l.subject_id = n.id AND l.record_kind = 'household');
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION notes_on_household_relinked() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE notes n SET on_household = EXISTS (SELECT 1 FROM record_links l
      WHERE l.subject_kind = 'note' AND l.subject_id = n.id AND l.record_kind = 'household')
  WHERE n.id IN (SELECT subject_id FROM old_rows WHERE subject_kind = 'note'
    UNION SELECT subject_id FROM new_rows WHERE subject_kind = 'note');
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER record_links_note_insert AFTER INSERT ON record_links
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notes_on_household_linked();--> statement-breakpoint
CREATE TRIGGER record_links_note_delete AFTER DELETE ON record_links
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION notes_on_household_unlinked();--> statement-breakpoint
CREATE TRIGGER record_links_note_update AFTER UPDATE ON record_links
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION notes_on_household_relinked();--> statement-breakpoint
-- An alert resolved or re-opened in any statement: its recipients' alert_open follows.
CREATE FUNCTION alert_recipients_follow_alert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE alert_recipients r SET alert_open = (a.resolved_at IS NULL)
  FROM new_rows a
  WHERE r.alert_id = a.id AND r.alert_open IS DISTINCT FROM (a.resolved_at IS NULL);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER alerts_open_update AFTER UPDATE ON alerts
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION alert_recipients_follow_alert();--> statement-breakpoint
-- A recipient added to an alert takes the alert's state (raising re-opens first, so this is a safeguard).
CREATE FUNCTION alert_recipients_open_of_alert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.alert_open := COALESCE((SELECT resolved_at IS NULL FROM alerts WHERE id = NEW.alert_id), true);
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER alert_recipients_insert_open BEFORE INSERT ON alert_recipients
  FOR EACH ROW EXECUTE FUNCTION alert_recipients_open_of_alert();--> statement-breakpoint
DROP INDEX "notes_listed_idx";--> statement-breakpoint
CREATE INDEX "notes_listed_idx" ON "notes" USING btree ("is_pinned" DESC NULLS LAST,"created_at" DESC NULLS LAST,"id","type","on_household") WHERE "notes"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "notes_created_idx" ON "notes" USING btree ("created_at","type","on_household") WHERE "notes"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "tasks_due_idx" ON "tasks" USING btree ("due_date","status");--> statement-breakpoint
CREATE INDEX "tasks_open_due_idx" ON "tasks" USING btree ("due_date") WHERE "tasks"."status" = 'OPEN';--> statement-breakpoint
CREATE INDEX "alert_recipients_open_idx" ON "alert_recipients" USING btree ("user_id","state","snoozed_until") WHERE "alert_recipients"."alert_open";
