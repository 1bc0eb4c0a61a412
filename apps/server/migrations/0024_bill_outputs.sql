CREATE TABLE "bill_check_overrides" (
	"bill_id" uuid NOT NULL,
	"code" varchar(32) NOT NULL,
	"reason" varchar(200) NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bill_check_overrides_bill_id_code_pk" PRIMARY KEY("bill_id","code")
);
--> statement-breakpoint
CREATE TABLE "bill_collections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"bill_id" uuid NOT NULL,
	"amount" numeric(20, 2) NOT NULL,
	"collected_on" date NOT NULL,
	"source" varchar(12) NOT NULL,
	"reference" varchar(100),
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bill_collections_source_values" CHECK ("bill_collections"."source" in ('CUSTODIAN','BANK','MANUAL')),
	CONSTRAINT "bill_collections_amount_nonzero" CHECK ("bill_collections"."amount" <> 0)
);
--> statement-breakpoint
CREATE TABLE "bill_exports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"run_id" uuid NOT NULL,
	"kind" varchar(12) NOT NULL,
	"exporter" varchar(32) NOT NULL,
	"custodian" varchar(100),
	"batch" smallint NOT NULL,
	"file_name" varchar(200) NOT NULL,
	"content_type" varchar(100) NOT NULL,
	"content" text NOT NULL,
	"row_count" integer NOT NULL,
	"total" numeric(20, 2) NOT NULL,
	"checksum" varchar(64) NOT NULL,
	"export_no" smallint NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bill_exports_kind_values" CHECK ("bill_exports"."kind" in ('CUSTODIAN','NACHA'))
);
--> statement-breakpoint
CREATE TABLE "bill_lines" (
	"bill_id" uuid NOT NULL,
	"seq" smallint NOT NULL,
	"kind" varchar(12) NOT NULL,
	"account_id" uuid,
	"adjustment_id" uuid,
	"planning_fee_id" uuid,
	"live" boolean NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"period_start" date NOT NULL,
	"period_end" date NOT NULL,
	"amount" numeric(20, 2) NOT NULL,
	"carried_forward" numeric(20, 2),
	"pay_method" varchar(12) NOT NULL,
	"paid_by_account_id" uuid,
	CONSTRAINT "bill_lines_bill_id_seq_pk" PRIMARY KEY("bill_id","seq"),
	CONSTRAINT "bill_lines_kind_values" CHECK ("bill_lines"."kind" in ('ADJUSTMENT','PART_PERIOD','REFUND','PLANNING'))
);
--> statement-breakpoint
CREATE TABLE "billing_adjustments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"household_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"reason_code" varchar(24) NOT NULL,
	"amount" numeric(20, 2) NOT NULL,
	"note" varchar(200),
	"cancelled_at" timestamp with time zone,
	"cancelled_by" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_adjustments_amount_nonzero" CHECK ("billing_adjustments"."amount" <> 0)
);
--> statement-breakpoint
ALTER TABLE "bill_runs" ADD COLUMN "exported_by" uuid;--> statement-breakpoint
ALTER TABLE "bill_runs" ADD COLUMN "exported_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bill_check_overrides" ADD CONSTRAINT "bill_check_overrides_bill_id_bills_id_fk" FOREIGN KEY ("bill_id") REFERENCES "public"."bills"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_check_overrides" ADD CONSTRAINT "bill_check_overrides_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_collections" ADD CONSTRAINT "bill_collections_bill_id_bills_id_fk" FOREIGN KEY ("bill_id") REFERENCES "public"."bills"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_collections" ADD CONSTRAINT "bill_collections_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_exports" ADD CONSTRAINT "bill_exports_run_id_bill_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."bill_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_exports" ADD CONSTRAINT "bill_exports_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_lines" ADD CONSTRAINT "bill_lines_bill_id_bills_id_fk" FOREIGN KEY ("bill_id") REFERENCES "public"."bills"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_lines" ADD CONSTRAINT "bill_lines_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_lines" ADD CONSTRAINT "bill_lines_adjustment_id_billing_adjustments_id_fk" FOREIGN KEY ("adjustment_id") REFERENCES "public"."billing_adjustments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_lines" ADD CONSTRAINT "bill_lines_planning_fee_id_planning_fees_id_fk" FOREIGN KEY ("planning_fee_id") REFERENCES "public"."planning_fees"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_lines" ADD CONSTRAINT "bill_lines_paid_by_account_id_accounts_id_fk" FOREIGN KEY ("paid_by_account_id") REFERENCES "public"."accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_adjustments" ADD CONSTRAINT "billing_adjustments_household_id_households_id_fk" FOREIGN KEY ("household_id") REFERENCES "public"."households"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_adjustments" ADD CONSTRAINT "billing_adjustments_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_adjustments" ADD CONSTRAINT "billing_adjustments_cancelled_by_users_id_fk" FOREIGN KEY ("cancelled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_adjustments" ADD CONSTRAINT "billing_adjustments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bill_collections_bill_idx" ON "bill_collections" USING btree ("bill_id");--> statement-breakpoint
CREATE INDEX "bill_exports_run_idx" ON "bill_exports" USING btree ("run_id","kind","export_no");--> statement-breakpoint
CREATE INDEX "bill_lines_adjustment_idx" ON "bill_lines" USING btree ("adjustment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bill_lines_period_once_idx" ON "bill_lines" USING btree ("kind","account_id","period_start") WHERE "bill_lines"."live" and "bill_lines"."active" and "bill_lines"."kind" in ('PART_PERIOD','REFUND');--> statement-breakpoint
CREATE UNIQUE INDEX "bill_lines_planning_once_idx" ON "bill_lines" USING btree ("planning_fee_id","period_start") WHERE "bill_lines"."live" and "bill_lines"."active" and "bill_lines"."kind" = 'PLANNING';--> statement-breakpoint
CREATE INDEX "billing_adjustments_account_idx" ON "billing_adjustments" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "billing_adjustments_household_idx" ON "billing_adjustments" USING btree ("household_id","created_at");--> statement-breakpoint
ALTER TABLE "bill_runs" ADD CONSTRAINT "bill_runs_exported_by_users_id_fk" FOREIGN KEY ("exported_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;