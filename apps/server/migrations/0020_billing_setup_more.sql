-- Billing setup, continued (issue 14): financial planning fees, excluded assets, account payees (an account's fee
-- split across paying accounts) and cash flows entered by hand.
CREATE TABLE "account_payees" (
	"account_id" uuid NOT NULL,
	"payee_account_id" uuid NOT NULL,
	"pay_percent" numeric(5, 2) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "account_payees_account_id_payee_account_id_pk" PRIMARY KEY("account_id","payee_account_id"),
	CONSTRAINT "account_payees_percent_range" CHECK ("account_payees"."pay_percent" >= 1 and "account_payees"."pay_percent" <= 100)
);
--> statement-breakpoint
CREATE TABLE "excluded_assets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"household_id" uuid NOT NULL,
	"kind" varchar(10) NOT NULL,
	"account_id" uuid,
	"product_id" uuid,
	"percent" numeric(5, 2),
	"applies_to" varchar(8) NOT NULL,
	"reason" varchar(200) NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "excluded_assets_kind_values" CHECK ("excluded_assets"."kind" in ('HOLDING','PRODUCT','PERCENT')),
	CONSTRAINT "excluded_assets_applies_values" CHECK ("excluded_assets"."applies_to" in ('FEE','PAYOUT','BOTH')),
	CONSTRAINT "excluded_assets_shape" CHECK (("excluded_assets"."kind" = 'HOLDING' and "excluded_assets"."account_id" is not null and "excluded_assets"."product_id" is not null and "excluded_assets"."percent" is null)
        or ("excluded_assets"."kind" = 'PRODUCT' and "excluded_assets"."account_id" is null and "excluded_assets"."product_id" is not null and "excluded_assets"."percent" is null)
        or ("excluded_assets"."kind" = 'PERCENT' and "excluded_assets"."account_id" is not null and "excluded_assets"."product_id" is null and "excluded_assets"."percent" > 0 and "excluded_assets"."percent" <= 100)),
	CONSTRAINT "excluded_assets_dates" CHECK ("excluded_assets"."end_date" is null or "excluded_assets"."end_date" >= "excluded_assets"."start_date")
);
--> statement-breakpoint
CREATE TABLE "manual_cash_flows" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"flow_date" date NOT NULL,
	"amount" numeric(16, 2) NOT NULL,
	"reason" varchar(200) NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "manual_cash_flows_amount_nonzero" CHECK ("manual_cash_flows"."amount" <> 0)
);
--> statement-breakpoint
CREATE TABLE "planning_fees" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"household_id" uuid NOT NULL,
	"description" varchar(50) NOT NULL,
	"fee_type" varchar(10) NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"frequency" varchar(12),
	"start_date" date NOT NULL,
	"end_date" date,
	"pay_method" varchar(12) NOT NULL,
	"fee_paying_account_id" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "planning_fees_type_values" CHECK ("planning_fees"."fee_type" in ('FLAT','PERIODIC')),
	CONSTRAINT "planning_fees_frequency" CHECK (("planning_fees"."fee_type" = 'FLAT' and "planning_fees"."frequency" is null) or ("planning_fees"."fee_type" = 'PERIODIC' and "planning_fees"."frequency" in ('MONTHLY','QUARTERLY','SEMI_ANNUAL','ANNUAL'))),
	CONSTRAINT "planning_fees_amount_range" CHECK ("planning_fees"."amount" > 0),
	CONSTRAINT "planning_fees_pay_method_values" CHECK ("planning_fees"."pay_method" in ('UNASSIGNED','ACH','INDIRECT')),
	CONSTRAINT "planning_fees_paying_account" CHECK (("planning_fees"."pay_method" = 'INDIRECT') = ("planning_fees"."fee_paying_account_id" is not null)),
	CONSTRAINT "planning_fees_dates" CHECK ("planning_fees"."end_date" is null or "planning_fees"."end_date" >= "planning_fees"."start_date")
);
--> statement-breakpoint
ALTER TABLE "account_payees" ADD CONSTRAINT "account_payees_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_payees" ADD CONSTRAINT "account_payees_payee_account_id_accounts_id_fk" FOREIGN KEY ("payee_account_id") REFERENCES "public"."accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "excluded_assets" ADD CONSTRAINT "excluded_assets_household_id_households_id_fk" FOREIGN KEY ("household_id") REFERENCES "public"."households"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "excluded_assets" ADD CONSTRAINT "excluded_assets_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "excluded_assets" ADD CONSTRAINT "excluded_assets_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "excluded_assets" ADD CONSTRAINT "excluded_assets_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manual_cash_flows" ADD CONSTRAINT "manual_cash_flows_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manual_cash_flows" ADD CONSTRAINT "manual_cash_flows_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "planning_fees" ADD CONSTRAINT "planning_fees_household_id_households_id_fk" FOREIGN KEY ("household_id") REFERENCES "public"."households"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "planning_fees" ADD CONSTRAINT "planning_fees_fee_paying_account_id_accounts_id_fk" FOREIGN KEY ("fee_paying_account_id") REFERENCES "public"."accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "planning_fees" ADD CONSTRAINT "planning_fees_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_payees_payee_idx" ON "account_payees" USING btree ("payee_account_id");--> statement-breakpoint
CREATE INDEX "excluded_assets_household_idx" ON "excluded_assets" USING btree ("household_id");--> statement-breakpoint
CREATE INDEX "excluded_assets_account_idx" ON "excluded_assets" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "manual_cash_flows_account_idx" ON "manual_cash_flows" USING btree ("account_id","flow_date");--> statement-breakpoint
CREATE INDEX "manual_cash_flows_date_idx" ON "manual_cash_flows" USING btree ("flow_date");--> statement-breakpoint
CREATE INDEX "planning_fees_household_idx" ON "planning_fees" USING btree ("household_id");