-- Products, asset classes and prices; managed accounts with owners, holdings snapshots and transactions; strategies
-- with targets and assignments (issue 13). Money numeric(20,2), prices numeric(20,6), quantities numeric(24,6).
CREATE TABLE "account_owners" (
	"account_id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	"role" varchar(12) NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "account_owners_account_id_member_id_pk" PRIMARY KEY("account_id","member_id"),
	CONSTRAINT "account_owners_role_values" CHECK ("account_owners"."role" in ('OWNER','JOINT_OWNER','TRUSTEE','BENEFICIARY','POA_HOLDER'))
);
--> statement-breakpoint
CREATE TABLE "account_snapshots" (
	"account_id" uuid NOT NULL,
	"as_of" date NOT NULL,
	"source" varchar(10) DEFAULT 'MANUAL' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "account_snapshots_account_id_as_of_pk" PRIMARY KEY("account_id","as_of"),
	CONSTRAINT "account_snapshots_source_values" CHECK ("account_snapshots"."source" in ('MANUAL','IMPORT','DEMO'))
);
--> statement-breakpoint
CREATE TABLE "account_transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"type" varchar(14) NOT NULL,
	"trade_date" date NOT NULL,
	"amount" numeric(20, 2) NOT NULL,
	"product_id" uuid,
	"quantity" numeric(24, 6),
	"description" varchar(200),
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "account_transactions_type_values" CHECK ("account_transactions"."type" in ('BUY','SELL','DEPOSIT','WITHDRAWAL','TRANSFER_IN','TRANSFER_OUT','FEE','DIVIDEND','INTEREST')),
	CONSTRAINT "account_transactions_amount_positive" CHECK ("account_transactions"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"household_id" uuid NOT NULL,
	"registration_name" varchar(120) NOT NULL,
	"registration_type_id" integer,
	"custodian" varchar(60) NOT NULL,
	"custodian_number_sealed" text NOT NULL,
	"custodian_number_last4" varchar(4) NOT NULL,
	"custodian_number_hash" varchar(64) NOT NULL,
	"account_objective_id" integer,
	"start_date" date NOT NULL,
	"status" varchar(8) DEFAULT 'OPEN' NOT NULL,
	"closed_on" date,
	"review_status" varchar(16) DEFAULT 'NEEDS_REVIEW' NOT NULL,
	"review_reasons" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"review_snoozed_until" date,
	"reviewed_by" uuid,
	"reviewed_at" date,
	"fee_schedule_id" uuid,
	"pay_method" varchar(12) DEFAULT 'UNASSIGNED' NOT NULL,
	"billing_frequency" varchar(10) DEFAULT 'QUARTERLY' NOT NULL,
	"billing_start_date" date,
	"fee_paying_account_id" uuid,
	"search_name" text GENERATED ALWAYS AS (lower(registration_name)) STORED,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accounts_status_values" CHECK ("accounts"."status" in ('OPEN','CLOSED')),
	CONSTRAINT "accounts_closed_on" CHECK (("accounts"."status" = 'CLOSED') = ("accounts"."closed_on" is not null) and ("accounts"."closed_on" is null or "accounts"."closed_on" >= "accounts"."start_date")),
	CONSTRAINT "accounts_review_values" CHECK ("accounts"."review_status" in ('NEEDS_REVIEW','REVIEW_DONE','READY','ADVANCE_REVIEW')),
	CONSTRAINT "accounts_pay_method_values" CHECK ("accounts"."pay_method" in ('UNASSIGNED','ACH','INDIRECT')),
	CONSTRAINT "accounts_frequency_values" CHECK ("accounts"."billing_frequency" in ('MONTHLY','QUARTERLY'))
);
--> statement-breakpoint
CREATE TABLE "asset_classes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"asset_class" varchar(60) NOT NULL,
	"asset_category" varchar(60) NOT NULL,
	"product_type" varchar(20) NOT NULL,
	"adv_reportable" boolean DEFAULT false NOT NULL,
	"f13_reportable" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "holdings" (
	"account_id" uuid NOT NULL,
	"as_of" date NOT NULL,
	"product_id" uuid NOT NULL,
	"quantity" numeric(24, 6) NOT NULL,
	CONSTRAINT "holdings_account_id_as_of_product_id_pk" PRIMARY KEY("account_id","as_of","product_id")
);
--> statement-breakpoint
CREATE TABLE "product_prices" (
	"product_id" uuid NOT NULL,
	"price_date" date NOT NULL,
	"price" numeric(20, 6) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_prices_product_id_price_date_pk" PRIMARY KEY("product_id","price_date"),
	CONSTRAINT "product_prices_positive" CHECK ("product_prices"."price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" varchar(120) NOT NULL,
	"symbol" varchar(12),
	"cusip" varchar(9),
	"product_type" varchar(20) NOT NULL,
	"security_type_id" integer,
	"asset_class_id" uuid,
	"adv_reportable" boolean DEFAULT false NOT NULL,
	"f13_reportable" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"search_text" text GENERATED ALWAYS AS (lower(name || ' ' || coalesce(symbol, '') || ' ' || coalesce(cusip, ''))) STORED,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_named" CHECK ("products"."symbol" is not null or "products"."cusip" is not null),
	CONSTRAINT "products_type_values" CHECK ("products"."product_type" in ('EQUITY','ETF','MUTUAL_FUND','FIXED_INCOME','CASH','ALTERNATIVE','OTHER'))
);
--> statement-breakpoint
CREATE TABLE "strategies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" varchar(60) NOT NULL,
	"strategy_type_id" integer NOT NULL,
	"description" varchar(300),
	"viewable_by_client" boolean DEFAULT false NOT NULL,
	"display" varchar(24) DEFAULT 'MODEL' NOT NULL,
	"grouping" varchar(16) DEFAULT 'ASSET_CATEGORY' NOT NULL,
	"risk_number" smallint NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "strategies_display_values" CHECK ("strategies"."display" in ('MODEL','MODEL_AND_PERFORMANCE','HIDDEN')),
	CONSTRAINT "strategies_grouping_values" CHECK ("strategies"."grouping" in ('ASSET_CATEGORY','CUSIP')),
	CONSTRAINT "strategies_risk_range" CHECK ("strategies"."risk_number" between 1 and 99)
);
--> statement-breakpoint
CREATE TABLE "strategy_assignment_accounts" (
	"assignment_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	CONSTRAINT "strategy_assignment_accounts_assignment_id_account_id_pk" PRIMARY KEY("assignment_id","account_id")
);
--> statement-breakpoint
CREATE TABLE "strategy_assignment_strategies" (
	"assignment_id" uuid NOT NULL,
	"strategy_id" uuid NOT NULL,
	"percent" numeric(5, 2) NOT NULL,
	CONSTRAINT "strategy_assignment_strategies_assignment_id_strategy_id_pk" PRIMARY KEY("assignment_id","strategy_id"),
	CONSTRAINT "strategy_assignment_strategies_percent" CHECK ("strategy_assignment_strategies"."percent" between 0.01 and 100)
);
--> statement-breakpoint
CREATE TABLE "strategy_assignments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"household_id" uuid NOT NULL,
	"assignment_type" varchar(12) DEFAULT 'STRATEGY' NOT NULL,
	"category" varchar(60),
	"apply_to_all_accounts" boolean NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "strategy_targets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"strategy_id" uuid NOT NULL,
	"asset_class_id" uuid,
	"product_id" uuid,
	"target" numeric(5, 2) NOT NULL,
	"lower_tolerance" numeric(4, 2) NOT NULL,
	"upper_tolerance" numeric(4, 2) NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "strategy_targets_one_key" CHECK (("strategy_targets"."asset_class_id" is null) <> ("strategy_targets"."product_id" is null)),
	CONSTRAINT "strategy_targets_target_range" CHECK ("strategy_targets"."target" between 1 and 100),
	CONSTRAINT "strategy_targets_tolerance_range" CHECK ("strategy_targets"."lower_tolerance" between 0 and 25 and "strategy_targets"."upper_tolerance" between 0 and 25)
);
--> statement-breakpoint
ALTER TABLE "account_owners" ADD CONSTRAINT "account_owners_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_owners" ADD CONSTRAINT "account_owners_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_snapshots" ADD CONSTRAINT "account_snapshots_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_transactions" ADD CONSTRAINT "account_transactions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_transactions" ADD CONSTRAINT "account_transactions_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_transactions" ADD CONSTRAINT "account_transactions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_household_id_households_id_fk" FOREIGN KEY ("household_id") REFERENCES "public"."households"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_registration_type_id_master_data_items_id_fk" FOREIGN KEY ("registration_type_id") REFERENCES "public"."master_data_items"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_account_objective_id_master_data_items_id_fk" FOREIGN KEY ("account_objective_id") REFERENCES "public"."master_data_items"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_fee_schedule_id_fee_schedules_id_fk" FOREIGN KEY ("fee_schedule_id") REFERENCES "public"."fee_schedules"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_fee_paying_account_id_accounts_id_fk" FOREIGN KEY ("fee_paying_account_id") REFERENCES "public"."accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "holdings" ADD CONSTRAINT "holdings_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "holdings" ADD CONSTRAINT "holdings_snapshot_fk" FOREIGN KEY ("account_id","as_of") REFERENCES "public"."account_snapshots"("account_id","as_of") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_prices" ADD CONSTRAINT "product_prices_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_security_type_id_master_data_items_id_fk" FOREIGN KEY ("security_type_id") REFERENCES "public"."master_data_items"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_asset_class_id_asset_classes_id_fk" FOREIGN KEY ("asset_class_id") REFERENCES "public"."asset_classes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "strategies" ADD CONSTRAINT "strategies_strategy_type_id_master_data_items_id_fk" FOREIGN KEY ("strategy_type_id") REFERENCES "public"."master_data_items"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "strategies" ADD CONSTRAINT "strategies_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "strategy_assignment_accounts" ADD CONSTRAINT "strategy_assignment_accounts_assignment_id_strategy_assignments_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."strategy_assignments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "strategy_assignment_accounts" ADD CONSTRAINT "strategy_assignment_accounts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "strategy_assignment_strategies" ADD CONSTRAINT "strategy_assignment_strategies_assignment_id_strategy_assignments_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."strategy_assignments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "strategy_assignment_strategies" ADD CONSTRAINT "strategy_assignment_strategies_strategy_id_strategies_id_fk" FOREIGN KEY ("strategy_id") REFERENCES "public"."strategies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "strategy_assignments" ADD CONSTRAINT "strategy_assignments_household_id_households_id_fk" FOREIGN KEY ("household_id") REFERENCES "public"."households"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "strategy_assignments" ADD CONSTRAINT "strategy_assignments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "strategy_targets" ADD CONSTRAINT "strategy_targets_strategy_id_strategies_id_fk" FOREIGN KEY ("strategy_id") REFERENCES "public"."strategies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "strategy_targets" ADD CONSTRAINT "strategy_targets_asset_class_id_asset_classes_id_fk" FOREIGN KEY ("asset_class_id") REFERENCES "public"."asset_classes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "strategy_targets" ADD CONSTRAINT "strategy_targets_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_owners_member_idx" ON "account_owners" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "account_transactions_account_idx" ON "account_transactions" USING btree ("account_id","trade_date","id");--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_custodian_number_idx" ON "accounts" USING btree ("custodian_number_hash");--> statement-breakpoint
CREATE INDEX "accounts_household_idx" ON "accounts" USING btree ("household_id","registration_name","id");--> statement-breakpoint
CREATE INDEX "accounts_review_idx" ON "accounts" USING btree ("review_status","custodian","id") WHERE "accounts"."review_status" = 'NEEDS_REVIEW';--> statement-breakpoint
CREATE INDEX "accounts_fee_paying_idx" ON "accounts" USING btree ("fee_paying_account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "asset_classes_name_idx" ON "asset_classes" USING btree (lower("asset_class"),lower("asset_category"));--> statement-breakpoint
CREATE INDEX "holdings_product_idx" ON "holdings" USING btree ("product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "products_symbol_idx" ON "products" USING btree (upper("symbol")) WHERE "products"."symbol" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "products_cusip_idx" ON "products" USING btree (upper("cusip")) WHERE "products"."cusip" is not null;--> statement-breakpoint
CREATE INDEX "products_name_idx" ON "products" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "products_asset_class_idx" ON "products" USING btree ("asset_class_id");--> statement-breakpoint
CREATE UNIQUE INDEX "strategies_name_idx" ON "strategies" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "strategy_assignment_accounts_account_idx" ON "strategy_assignment_accounts" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "strategy_assignment_strategies_strategy_idx" ON "strategy_assignment_strategies" USING btree ("strategy_id");--> statement-breakpoint
CREATE INDEX "strategy_assignments_household_idx" ON "strategy_assignments" USING btree ("household_id");--> statement-breakpoint
CREATE UNIQUE INDEX "strategy_assignments_all_idx" ON "strategy_assignments" USING btree ("household_id") WHERE "strategy_assignments"."apply_to_all_accounts";--> statement-breakpoint
CREATE INDEX "strategy_targets_strategy_idx" ON "strategy_targets" USING btree ("strategy_id");