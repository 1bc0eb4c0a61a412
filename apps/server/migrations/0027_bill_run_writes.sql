ALTER TABLE "bill_accounts" DROP CONSTRAINT "bill_accounts_account_id_accounts_id_fk";
--> statement-breakpoint
ALTER TABLE "bill_accounts" DROP CONSTRAINT "bill_accounts_paid_by_account_id_accounts_id_fk";
--> statement-breakpoint
CREATE INDEX "account_transactions_account_flows_idx" ON "account_transactions" USING btree ("account_id","trade_date","id") WHERE "account_transactions"."type" in ('DEPOSIT','WITHDRAWAL');
--> statement-breakpoint
-- An account a bill names (as billed, or as paying the fee) is kept as a foreign key would keep it, by a
-- trigger (decision 0017): the delete waits for a bill run's step that holds the account's household (the step
-- takes its households FOR KEY SHARE before it reads their accounts), then refuses when a bill line names it.
CREATE OR REPLACE FUNCTION accounts_keep_billed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM households WHERE id = OLD.household_id FOR UPDATE;
  IF EXISTS (SELECT 1 FROM bill_accounts WHERE account_id = OLD.id)
    OR EXISTS (SELECT 1 FROM bill_accounts WHERE paid_by_account_id = OLD.id) THEN
    RAISE EXCEPTION 'account % is named by a bill', OLD.id
      USING ERRCODE = 'foreign_key_violation', TABLE = 'bill_accounts';
  END IF;
  RETURN OLD;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER accounts_keep_billed BEFORE DELETE ON accounts
  FOR EACH ROW EXECUTE FUNCTION accounts_keep_billed();
