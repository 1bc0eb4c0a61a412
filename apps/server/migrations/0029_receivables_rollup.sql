CREATE TABLE "receivable_payment_days" (
	"kind" varchar(8) NOT NULL,
	"day" date NOT NULL,
	"state" varchar(12) NOT NULL,
	"payments" integer NOT NULL,
	"amount" numeric(20, 2) NOT NULL,
	CONSTRAINT "receivable_payment_days_kind_day_state_pk" PRIMARY KEY("kind","day","state"),
	CONSTRAINT "receivable_payment_days_kind_values" CHECK ("receivable_payment_days"."kind" in ('DUE','RECEIVED'))
);
--> statement-breakpoint
DROP INDEX "receivables_product_idx";--> statement-breakpoint
ALTER TABLE "receivable_payments" ADD COLUMN "product_id" integer;--> statement-breakpoint
ALTER TABLE "receivable_payments" ADD COLUMN "provider_id" integer;--> statement-breakpoint
ALTER TABLE "receivable_payments" ADD COLUMN "household_id" uuid;--> statement-breakpoint
-- Each payment carries its receivable's product, provider and household (a receivable never changes them),
-- written here for the payments there are, and by the trigger below for every payment written after.
UPDATE "receivable_payments" p SET "product_id" = r."product_id", "provider_id" = r."provider_id",
  "household_id" = r."household_id"
  FROM "receivables" r WHERE r."id" = p."receivable_id";--> statement-breakpoint
CREATE INDEX "receivable_payments_received_due_idx" ON "receivable_payments" USING btree ("due_date","receivable_id","id") WHERE "receivable_payments"."state" = 'RECEIVED';--> statement-breakpoint
CREATE INDEX "receivable_payments_product_idx" ON "receivable_payments" USING btree ("product_id","state","due_date","receivable_id","id");--> statement-breakpoint
CREATE INDEX "receivable_payments_provider_idx" ON "receivable_payments" USING btree ("provider_id","state","due_date","receivable_id","id");--> statement-breakpoint
CREATE INDEX "receivable_payments_household_idx" ON "receivable_payments" USING btree ("household_id","state","due_date","receivable_id","id");--> statement-breakpoint
CREATE INDEX "receivables_provider_idx" ON "receivables" USING btree ("provider_id","start_date","id");--> statement-breakpoint
CREATE INDEX "receivables_start_idx" ON "receivables" USING btree ("start_date","id");--> statement-breakpoint
CREATE INDEX "receivables_product_idx" ON "receivables" USING btree ("product_id","start_date","id");--> statement-breakpoint
CREATE FUNCTION receivable_payments_fill() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT r.product_id, r.provider_id, r.household_id INTO NEW.product_id, NEW.provider_id, NEW.household_id
    FROM receivables r WHERE r.id = NEW.receivable_id;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER receivable_payments_fill BEFORE INSERT ON receivable_payments
  FOR EACH ROW EXECUTE FUNCTION receivable_payments_fill();--> statement-breakpoint
-- The days: what every payment there is adds up to, then kept by three statement triggers (one an event, as
-- transition tables require): a statement's old rows are taken away and its new rows added, day by day.
INSERT INTO receivable_payment_days (kind, day, state, payments, amount)
  SELECT 'DUE', due_date, state, count(*), sum(amount) FROM receivable_payments GROUP BY due_date, state
  UNION ALL
  SELECT 'RECEIVED', received_date, 'RECEIVED', count(*), sum(amount_received) FROM receivable_payments
    WHERE state = 'RECEIVED' GROUP BY received_date;--> statement-breakpoint
CREATE FUNCTION receivable_payment_days_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO receivable_payment_days AS d (kind, day, state, payments, amount)
      SELECT 'DUE', due_date, state, -count(*), -sum(amount) FROM old_rows GROUP BY due_date, state
      UNION ALL
      SELECT 'RECEIVED', received_date, 'RECEIVED', -count(*), -sum(amount_received) FROM old_rows
        WHERE state = 'RECEIVED' GROUP BY received_date
      ON CONFLICT (kind, day, state) DO UPDATE
        SET payments = d.payments + excluded.payments, amount = d.amount + excluded.amount;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO receivable_payment_days AS d (kind, day, state, payments, amount)
      SELECT 'DUE', due_date, state, count(*), sum(amount) FROM new_rows GROUP BY due_date, state
      UNION ALL
      SELECT 'RECEIVED', received_date, 'RECEIVED', count(*), sum(amount_received) FROM new_rows
        WHERE state = 'RECEIVED' GROUP BY received_date
      ON CONFLICT (kind, day, state) DO UPDATE
        SET payments = d.payments + excluded.payments, amount = d.amount + excluded.amount;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER receivable_payment_days_insert AFTER INSERT ON receivable_payments
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION receivable_payment_days_apply();--> statement-breakpoint
CREATE TRIGGER receivable_payment_days_update AFTER UPDATE ON receivable_payments
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION receivable_payment_days_apply();--> statement-breakpoint
CREATE TRIGGER receivable_payment_days_delete AFTER DELETE ON receivable_payments
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION receivable_payment_days_apply();
