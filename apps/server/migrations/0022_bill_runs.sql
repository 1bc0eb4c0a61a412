CREATE TABLE "bill_accounts" (
	"bill_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"live" boolean NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"period_start" date NOT NULL,
	"period_end" date NOT NULL,
	"billable_value" numeric(20, 2) NOT NULL,
	"amount" numeric(20, 2) NOT NULL,
	"pay_method" varchar(12) NOT NULL,
	"paid_by_account_id" uuid NOT NULL,
	CONSTRAINT "bill_accounts_bill_id_account_id_pk" PRIMARY KEY("bill_id","account_id")
);
--> statement-breakpoint
CREATE TABLE "bill_payouts" (
	"bill_id" uuid NOT NULL,
	"seq" smallint NOT NULL,
	"account_id" uuid,
	"payout_block_id" uuid,
	"payee_user_id" uuid,
	"type" varchar(20) NOT NULL,
	"percent" numeric(5, 2) NOT NULL,
	"amount" numeric(20, 2) NOT NULL,
	"payment_number" smallint,
	"number_of_payments" smallint,
	CONSTRAINT "bill_payouts_bill_id_seq_pk" PRIMARY KEY("bill_id","seq")
);
--> statement-breakpoint
CREATE TABLE "bill_run_groups" (
	"run_id" uuid NOT NULL,
	"group_key" uuid NOT NULL,
	"household_ids" uuid[] NOT NULL,
	"status" varchar(8) DEFAULT 'PENDING' NOT NULL,
	"error" text,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bill_run_groups_run_id_group_key_pk" PRIMARY KEY("run_id","group_key"),
	CONSTRAINT "bill_run_groups_status_values" CHECK ("bill_run_groups"."status" in ('PENDING','DONE','FAILED'))
);
--> statement-breakpoint
CREATE TABLE "bill_run_units" (
	"run_id" uuid NOT NULL,
	"household_id" uuid NOT NULL,
	"group_key" uuid NOT NULL,
	"outcome" varchar(16) NOT NULL,
	"reasons" jsonb NOT NULL,
	CONSTRAINT "bill_run_units_run_id_household_id_pk" PRIMARY KEY("run_id","household_id"),
	CONSTRAINT "bill_run_units_outcome_values" CHECK ("bill_run_units"."outcome" in ('BILLED','SKIPPED','ALREADY_BILLED','NOTHING_TO_BILL','FAILED'))
);
--> statement-breakpoint
CREATE TABLE "bill_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" integer GENERATED ALWAYS AS IDENTITY (sequence name "bill_runs_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" varchar(14) NOT NULL,
	"scope" varchar(14) NOT NULL,
	"household_id" uuid,
	"account_id" uuid,
	"wealth_advisor_id" uuid,
	"period" varchar(12) NOT NULL,
	"period_start" date NOT NULL,
	"period_end" date NOT NULL,
	"valuation_date" date NOT NULL,
	"proration" varchar(12) NOT NULL,
	"settings" jsonb NOT NULL,
	"status" varchar(12) DEFAULT 'in_progress' NOT NULL,
	"stage" varchar(10),
	"groups_total" integer DEFAULT 0 NOT NULL,
	"job_id" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"approved_by" uuid,
	"approved_at" timestamp with time zone,
	"locked_by" uuid,
	"locked_at" timestamp with time zone,
	CONSTRAINT "bill_runs_kind_values" CHECK ("bill_runs"."kind" in ('FORECAST_BILL','LIVE_BILL')),
	CONSTRAINT "bill_runs_scope_values" CHECK (("bill_runs"."scope" = 'ALL_UNITS') or ("bill_runs"."scope" = 'SINGLE_UNIT' and "bill_runs"."household_id" is not null)
        or ("bill_runs"."scope" = 'SINGLE_ACCOUNT' and "bill_runs"."account_id" is not null)
        or ("bill_runs"."scope" = 'WEALTH_ADVISOR' and "bill_runs"."wealth_advisor_id" is not null)),
	CONSTRAINT "bill_runs_status_values" CHECK ("bill_runs"."status" in ('in_progress','completed','Failed')),
	CONSTRAINT "bill_runs_stage_values" CHECK (("bill_runs"."kind" = 'FORECAST_BILL' and "bill_runs"."stage" is null) or ("bill_runs"."kind" = 'LIVE_BILL' and "bill_runs"."stage" in ('GENERATED','APPROVED','LOCKED','EXPORTED'))),
	CONSTRAINT "bill_runs_period" CHECK ("bill_runs"."period_end" >= "bill_runs"."period_start"),
	CONSTRAINT "bill_runs_proration_values" CHECK ("bill_runs"."proration" in ('FREQUENCY','ACTUAL_DAYS'))
);
--> statement-breakpoint
CREATE TABLE "bills" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"bill_no" integer GENERATED ALWAYS AS IDENTITY (sequence name "bills_bill_no_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"run_id" uuid NOT NULL,
	"household_id" uuid NOT NULL,
	"group_key" uuid NOT NULL,
	"kind" varchar(14) NOT NULL,
	"period_start" date NOT NULL,
	"period_end" date NOT NULL,
	"status" varchar(10) NOT NULL,
	"billable_value" numeric(20, 2) NOT NULL,
	"amount" numeric(20, 2) NOT NULL,
	"collected" numeric(20, 2) DEFAULT '0' NOT NULL,
	"explanation" jsonb NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bills_kind_values" CHECK ("bills"."kind" in ('FORECAST_BILL','LIVE_BILL')),
	CONSTRAINT "bills_status_values" CHECK ("bills"."status" in ('GENERATED','APPROVED','LOCKED','EXPORTED','VOIDED','PULLED'))
);
--> statement-breakpoint
ALTER TABLE "bill_accounts" ADD CONSTRAINT "bill_accounts_bill_id_bills_id_fk" FOREIGN KEY ("bill_id") REFERENCES "public"."bills"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_accounts" ADD CONSTRAINT "bill_accounts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_accounts" ADD CONSTRAINT "bill_accounts_paid_by_account_id_accounts_id_fk" FOREIGN KEY ("paid_by_account_id") REFERENCES "public"."accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_payouts" ADD CONSTRAINT "bill_payouts_bill_id_bills_id_fk" FOREIGN KEY ("bill_id") REFERENCES "public"."bills"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_payouts" ADD CONSTRAINT "bill_payouts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_payouts" ADD CONSTRAINT "bill_payouts_payout_block_id_payout_blocks_id_fk" FOREIGN KEY ("payout_block_id") REFERENCES "public"."payout_blocks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_payouts" ADD CONSTRAINT "bill_payouts_payee_user_id_users_id_fk" FOREIGN KEY ("payee_user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_run_groups" ADD CONSTRAINT "bill_run_groups_run_id_bill_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."bill_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_run_units" ADD CONSTRAINT "bill_run_units_run_id_bill_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."bill_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_run_units" ADD CONSTRAINT "bill_run_units_household_id_households_id_fk" FOREIGN KEY ("household_id") REFERENCES "public"."households"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_runs" ADD CONSTRAINT "bill_runs_household_id_households_id_fk" FOREIGN KEY ("household_id") REFERENCES "public"."households"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_runs" ADD CONSTRAINT "bill_runs_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_runs" ADD CONSTRAINT "bill_runs_wealth_advisor_id_users_id_fk" FOREIGN KEY ("wealth_advisor_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_runs" ADD CONSTRAINT "bill_runs_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_runs" ADD CONSTRAINT "bill_runs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_runs" ADD CONSTRAINT "bill_runs_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_runs" ADD CONSTRAINT "bill_runs_locked_by_users_id_fk" FOREIGN KEY ("locked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bills" ADD CONSTRAINT "bills_run_id_bill_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."bill_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bills" ADD CONSTRAINT "bills_household_id_households_id_fk" FOREIGN KEY ("household_id") REFERENCES "public"."households"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bills" ADD CONSTRAINT "bills_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bill_accounts_live_once_idx" ON "bill_accounts" USING btree ("account_id","period_start","period_end") WHERE "bill_accounts"."live" and "bill_accounts"."active";--> statement-breakpoint
CREATE INDEX "bill_accounts_account_idx" ON "bill_accounts" USING btree ("account_id","period_end");--> statement-breakpoint
CREATE INDEX "bill_payouts_payee_idx" ON "bill_payouts" USING btree ("payee_user_id");--> statement-breakpoint
CREATE INDEX "bill_payouts_block_idx" ON "bill_payouts" USING btree ("payout_block_id");--> statement-breakpoint
CREATE INDEX "bill_run_groups_pending_idx" ON "bill_run_groups" USING btree ("run_id","group_key") WHERE "bill_run_groups"."status" = 'PENDING';--> statement-breakpoint
CREATE INDEX "bill_run_units_outcome_idx" ON "bill_run_units" USING btree ("run_id","outcome");--> statement-breakpoint
CREATE INDEX "bill_runs_created_idx" ON "bill_runs" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "bills_run_household_idx" ON "bills" USING btree ("run_id","household_id");--> statement-breakpoint
CREATE INDEX "bills_household_idx" ON "bills" USING btree ("household_id","period_end");