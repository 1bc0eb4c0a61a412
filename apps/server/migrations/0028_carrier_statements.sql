CREATE TABLE "carrier_statement_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"statement_id" uuid NOT NULL,
	"provider_id" integer NOT NULL,
	"line_no" integer,
	"line_key" varchar(64),
	"policy_number" varchar(60) NOT NULL,
	"payment_date" date NOT NULL,
	"kind" varchar(12),
	"amount" numeric(14, 2),
	"expected" numeric(14, 2),
	"difference" numeric(14, 2) NOT NULL,
	"flag" varchar(12) NOT NULL,
	"receivable_id" uuid,
	"payment_id" uuid,
	"resolution" varchar(12),
	"note" varchar(300),
	"resolved_by" uuid,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "carrier_statement_lines_flag_values" CHECK ("carrier_statement_lines"."flag" in ('MATCHED','SHORT_PAID','OVERPAID','UNPAID','UNKNOWN','CHARGEBACK')),
	CONSTRAINT "carrier_statement_lines_kind_values" CHECK ("carrier_statement_lines"."kind" is null or "carrier_statement_lines"."kind" in ('NEW_BUSINESS','RENEWAL','CHARGEBACK')),
	CONSTRAINT "carrier_statement_lines_resolution_values" CHECK ("carrier_statement_lines"."resolution" is null or "carrier_statement_lines"."resolution" in ('ACCEPTED','WRITTEN_OFF','DISPUTED')),
	CONSTRAINT "carrier_statement_lines_difference" CHECK ("carrier_statement_lines"."difference" >= 0)
);
--> statement-breakpoint
CREATE TABLE "carrier_statement_mappings" (
	"provider_id" integer PRIMARY KEY NOT NULL,
	"policy_column" varchar(60) NOT NULL,
	"date_column" varchar(60) NOT NULL,
	"amount_column" varchar(60) NOT NULL,
	"kind_column" varchar(60),
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "carrier_statements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider_id" integer NOT NULL,
	"sha256" varchar(64) NOT NULL,
	"file_name" varchar(200) NOT NULL,
	"job_id" uuid,
	"date_from" date,
	"date_to" date,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "carrier_statement_lines" ADD CONSTRAINT "carrier_statement_lines_statement_id_carrier_statements_id_fk" FOREIGN KEY ("statement_id") REFERENCES "public"."carrier_statements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carrier_statement_lines" ADD CONSTRAINT "carrier_statement_lines_provider_id_master_data_items_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."master_data_items"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carrier_statement_lines" ADD CONSTRAINT "carrier_statement_lines_receivable_id_receivables_id_fk" FOREIGN KEY ("receivable_id") REFERENCES "public"."receivables"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carrier_statement_lines" ADD CONSTRAINT "carrier_statement_lines_payment_id_receivable_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."receivable_payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carrier_statement_lines" ADD CONSTRAINT "carrier_statement_lines_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carrier_statement_mappings" ADD CONSTRAINT "carrier_statement_mappings_provider_id_master_data_items_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."master_data_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carrier_statement_mappings" ADD CONSTRAINT "carrier_statement_mappings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carrier_statements" ADD CONSTRAINT "carrier_statements_provider_id_master_data_items_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."master_data_items"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carrier_statements" ADD CONSTRAINT "carrier_statements_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "carrier_statement_lines_statement_idx" ON "carrier_statement_lines" USING btree ("statement_id","line_no");--> statement-breakpoint
CREATE UNIQUE INDEX "carrier_statement_lines_key_idx" ON "carrier_statement_lines" USING btree ("provider_id","line_key") WHERE "carrier_statement_lines"."line_key" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "carrier_statement_lines_paid_idx" ON "carrier_statement_lines" USING btree ("payment_id") WHERE "carrier_statement_lines"."flag" in ('MATCHED','SHORT_PAID','OVERPAID');--> statement-breakpoint
CREATE UNIQUE INDEX "carrier_statement_lines_unpaid_idx" ON "carrier_statement_lines" USING btree ("payment_id") WHERE "carrier_statement_lines"."flag" = 'UNPAID';--> statement-breakpoint
CREATE INDEX "carrier_statement_lines_open_idx" ON "carrier_statement_lines" USING btree ("provider_id","payment_date") WHERE "carrier_statement_lines"."flag" <> 'MATCHED' and ("carrier_statement_lines"."resolution" is null or "carrier_statement_lines"."resolution" = 'DISPUTED');--> statement-breakpoint
CREATE INDEX "carrier_statement_lines_chargeback_idx" ON "carrier_statement_lines" USING btree ("payment_date") WHERE "carrier_statement_lines"."flag" = 'CHARGEBACK' and "carrier_statement_lines"."resolution" = 'ACCEPTED';--> statement-breakpoint
CREATE UNIQUE INDEX "carrier_statements_file_idx" ON "carrier_statements" USING btree ("provider_id","sha256");--> statement-breakpoint
CREATE INDEX "receivables_provider_policy_upper_idx" ON "receivables" USING btree ("provider_id",upper("policy_number"));
