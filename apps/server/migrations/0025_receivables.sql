CREATE TABLE "commission_splits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"receivable_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	"type" varchar(20) NOT NULL,
	"payee_user_id" uuid,
	"app_percentage" numeric(5, 2) NOT NULL,
	"commission_percentage" numeric(5, 2) NOT NULL,
	"start_date" date NOT NULL,
	"number_of_payments" smallint NOT NULL,
	"credit_to" numeric(5, 2) NOT NULL,
	CONSTRAINT "commission_splits_payee" CHECK (("commission_splits"."type" = 'FIRM') = ("commission_splits"."payee_user_id" is null)),
	CONSTRAINT "commission_splits_app_range" CHECK ("commission_splits"."app_percentage" between 0 and 100),
	CONSTRAINT "commission_splits_commission_range" CHECK ("commission_splits"."commission_percentage" between 0 and 300),
	CONSTRAINT "commission_splits_credit_range" CHECK ("commission_splits"."credit_to" between 0 and 100),
	CONSTRAINT "commission_splits_payments_range" CHECK ("commission_splits"."number_of_payments" between 1 and 120)
);
--> statement-breakpoint
CREATE TABLE "receivable_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"receivable_id" uuid NOT NULL,
	"sequence" smallint,
	"due_date" date NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"state" varchar(12) DEFAULT 'EXPECTED' NOT NULL,
	"received_date" date,
	"amount_received" numeric(14, 2),
	"note" varchar(300),
	"past_due_alerted_at" timestamp with time zone,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "receivable_payments_state_values" CHECK ("receivable_payments"."state" in ('EXPECTED','RECEIVED','WRITTEN_OFF')),
	CONSTRAINT "receivable_payments_received" CHECK (("receivable_payments"."state" = 'RECEIVED') = ("receivable_payments"."received_date" is not null and "receivable_payments"."amount_received" is not null)),
	CONSTRAINT "receivable_payments_amount_range" CHECK ("receivable_payments"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "receivables" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"household_id" uuid NOT NULL,
	"product_type" varchar(60) NOT NULL,
	"product_id" integer NOT NULL,
	"provider_id" integer NOT NULL,
	"account_holder" varchar(30) NOT NULL,
	"description" varchar(50),
	"amount" numeric(14, 2) NOT NULL,
	"payment_frequency" varchar(12) NOT NULL,
	"number_of_payments" smallint NOT NULL,
	"start_date" date NOT NULL,
	"policy_number" varchar(30),
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "receivables_amount_range" CHECK ("receivables"."amount" between 1 and 50000000),
	CONSTRAINT "receivables_frequency_values" CHECK ("receivables"."payment_frequency" in ('MONTHLY','QUARTERLY','SEMI_ANNUAL','ANNUAL','ONE_TIME','PAID_UP')),
	CONSTRAINT "receivables_payments_range" CHECK ("receivables"."number_of_payments" between 1 and 120)
);
--> statement-breakpoint
ALTER TABLE "commission_splits" ADD CONSTRAINT "commission_splits_receivable_id_receivables_id_fk" FOREIGN KEY ("receivable_id") REFERENCES "public"."receivables"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commission_splits" ADD CONSTRAINT "commission_splits_payee_user_id_users_id_fk" FOREIGN KEY ("payee_user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receivable_payments" ADD CONSTRAINT "receivable_payments_receivable_id_receivables_id_fk" FOREIGN KEY ("receivable_id") REFERENCES "public"."receivables"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receivable_payments" ADD CONSTRAINT "receivable_payments_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receivables" ADD CONSTRAINT "receivables_household_id_households_id_fk" FOREIGN KEY ("household_id") REFERENCES "public"."households"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receivables" ADD CONSTRAINT "receivables_product_id_master_data_items_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."master_data_items"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receivables" ADD CONSTRAINT "receivables_provider_id_master_data_items_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."master_data_items"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receivables" ADD CONSTRAINT "receivables_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "commission_splits_receivable_idx" ON "commission_splits" USING btree ("receivable_id","position");--> statement-breakpoint
CREATE INDEX "commission_splits_payee_idx" ON "commission_splits" USING btree ("payee_user_id");--> statement-breakpoint
CREATE INDEX "receivable_payments_receivable_idx" ON "receivable_payments" USING btree ("receivable_id","due_date");--> statement-breakpoint
CREATE INDEX "receivable_payments_expected_idx" ON "receivable_payments" USING btree ("due_date") WHERE "receivable_payments"."state" = 'EXPECTED';--> statement-breakpoint
CREATE INDEX "receivable_payments_received_idx" ON "receivable_payments" USING btree ("received_date") WHERE "receivable_payments"."state" = 'RECEIVED';--> statement-breakpoint
CREATE INDEX "receivables_household_idx" ON "receivables" USING btree ("household_id");--> statement-breakpoint
CREATE INDEX "receivables_product_idx" ON "receivables" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "receivables_provider_policy_idx" ON "receivables" USING btree ("provider_id","policy_number");