-- Billing setup (issue 14): household billing information, payout blocks, ACH bank accounts (numbers sealed),
-- each unit's readiness, unit numbers, the account's billing timing and frequencies MONTHLY to ANNUAL.
CREATE TABLE "ach_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"household_id" uuid NOT NULL,
	"account_type" varchar(8) NOT NULL,
	"account_number_sealed" text NOT NULL,
	"account_number_last4" varchar(4) NOT NULL,
	"routing_number_sealed" text NOT NULL,
	"routing_number_last4" varchar(4) NOT NULL,
	"first_name" varchar(15) NOT NULL,
	"last_name" varchar(15) NOT NULL,
	"address_line1" varchar(50) NOT NULL,
	"address_line2" varchar(50),
	"city" varchar(30) NOT NULL,
	"state" varchar(50) NOT NULL,
	"country" varchar(50),
	"email" varchar(255) NOT NULL,
	"phone" varchar(10) NOT NULL,
	"zip" varchar(5) NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ach_accounts_type_values" CHECK ("ach_accounts"."account_type" in ('CHECKING','SAVINGS'))
);
--> statement-breakpoint
CREATE TABLE "billing_readiness" (
	"household_id" uuid PRIMARY KEY NOT NULL,
	"status" varchar(20) NOT NULL,
	"blocked" boolean NOT NULL,
	"missing_fee_schedule" boolean NOT NULL,
	"missing_payout_blocks" boolean NOT NULL,
	"reasons" jsonb NOT NULL,
	"codes" text[] NOT NULL,
	"period_start" date NOT NULL,
	"period_end" date NOT NULL,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_readiness_status_values" CHECK ("billing_readiness"."status" in ('READY','REQUIRES_ATTENTION'))
);
--> statement-breakpoint
CREATE TABLE "household_billing" (
	"household_id" uuid PRIMARY KEY NOT NULL,
	"billing_contact_member_id" uuid,
	"pay_method" varchar(12) DEFAULT 'UNASSIGNED' NOT NULL,
	"billing_frequency" varchar(10) DEFAULT 'QUARTERLY' NOT NULL,
	"billing_timing" varchar(8) DEFAULT 'ARREARS' NOT NULL,
	"billing_start_date" date,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "household_billing_pay_method_values" CHECK ("household_billing"."pay_method" in ('UNASSIGNED','ACH','INDIRECT')),
	CONSTRAINT "household_billing_frequency_values" CHECK ("household_billing"."billing_frequency" in ('MONTHLY','QUARTERLY','SEMI_ANNUAL','ANNUAL')),
	CONSTRAINT "household_billing_timing_values" CHECK ("household_billing"."billing_timing" in ('ARREARS','ADVANCE'))
);
--> statement-breakpoint
CREATE TABLE "payout_blocks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"household_id" uuid NOT NULL,
	"account_id" uuid,
	"type" varchar(20) NOT NULL,
	"payee_user_id" uuid,
	"payout_percentage" numeric(5, 2) NOT NULL,
	"credit_to" numeric(5, 2) NOT NULL,
	"start_date" date NOT NULL,
	"payment_type" varchar(20) NOT NULL,
	"number_of_payments" smallint,
	"payments_made" smallint DEFAULT 0 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payout_blocks_type_values" CHECK ("payout_blocks"."type" in ('WEALTH_ADVISOR_1','WEALTH_ADVISOR_2','WEALTH_ADVISOR_3','BUSINESS_DEVELOPER','SOLICITOR','OTHER','FIRM')),
	CONSTRAINT "payout_blocks_payee" CHECK (("payout_blocks"."type" = 'FIRM') = ("payout_blocks"."payee_user_id" is null)),
	CONSTRAINT "payout_blocks_percentage_range" CHECK ("payout_blocks"."payout_percentage" between 0 and 100),
	CONSTRAINT "payout_blocks_credit_range" CHECK ("payout_blocks"."credit_to" between 0 and 100),
	CONSTRAINT "payout_blocks_payments" CHECK (("payout_blocks"."payment_type" = 'Forever' and "payout_blocks"."number_of_payments" is null) or ("payout_blocks"."payment_type" = 'Number_Of_Payments' and "payout_blocks"."number_of_payments" between 1 and 60)),
	CONSTRAINT "payout_blocks_made_range" CHECK ("payout_blocks"."payments_made" >= 0)
);
--> statement-breakpoint
ALTER TABLE "accounts" DROP CONSTRAINT "accounts_frequency_values";--> statement-breakpoint
-- Unit numbers for the households there are, in the order they were created; new ones continue after them.
ALTER TABLE "households" ADD COLUMN "unit_number" integer;--> statement-breakpoint
UPDATE "households" h SET "unit_number" = n.rn
  FROM (SELECT "id", row_number() OVER (ORDER BY "created_at", "id") AS rn FROM "households") n
  WHERE n."id" = h."id";--> statement-breakpoint
ALTER TABLE "households" ALTER COLUMN "unit_number" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "households" ALTER COLUMN "unit_number" ADD GENERATED ALWAYS AS IDENTITY (sequence name "households_unit_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1);--> statement-breakpoint
SELECT setval('households_unit_number_seq', coalesce((SELECT max("unit_number") FROM "households"), 0) + 1, false);--> statement-breakpoint
-- Only INDIRECT names a fee-paying account (spec §4); one named under another method meant nothing.
UPDATE "accounts" SET "fee_paying_account_id" = NULL WHERE "pay_method" <> 'INDIRECT' AND "fee_paying_account_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "billing_timing" varchar(8) DEFAULT 'ARREARS' NOT NULL;--> statement-breakpoint
ALTER TABLE "ach_accounts" ADD CONSTRAINT "ach_accounts_household_id_households_id_fk" FOREIGN KEY ("household_id") REFERENCES "public"."households"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ach_accounts" ADD CONSTRAINT "ach_accounts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_readiness" ADD CONSTRAINT "billing_readiness_household_id_households_id_fk" FOREIGN KEY ("household_id") REFERENCES "public"."households"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "household_billing" ADD CONSTRAINT "household_billing_household_id_households_id_fk" FOREIGN KEY ("household_id") REFERENCES "public"."households"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "household_billing" ADD CONSTRAINT "household_billing_billing_contact_member_id_members_id_fk" FOREIGN KEY ("billing_contact_member_id") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "household_billing" ADD CONSTRAINT "household_billing_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_blocks" ADD CONSTRAINT "payout_blocks_household_id_households_id_fk" FOREIGN KEY ("household_id") REFERENCES "public"."households"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_blocks" ADD CONSTRAINT "payout_blocks_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_blocks" ADD CONSTRAINT "payout_blocks_payee_user_id_users_id_fk" FOREIGN KEY ("payee_user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_blocks" ADD CONSTRAINT "payout_blocks_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ach_accounts_household_idx" ON "ach_accounts" USING btree ("household_id");--> statement-breakpoint
CREATE INDEX "billing_readiness_status_idx" ON "billing_readiness" USING btree ("status");--> statement-breakpoint
CREATE INDEX "payout_blocks_household_idx" ON "payout_blocks" USING btree ("household_id","account_id");--> statement-breakpoint
CREATE INDEX "payout_blocks_account_idx" ON "payout_blocks" USING btree ("account_id") WHERE "payout_blocks"."account_id" is not null;--> statement-breakpoint
CREATE INDEX "payout_blocks_payee_idx" ON "payout_blocks" USING btree ("payee_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "households_unit_number_idx" ON "households" USING btree ("unit_number");--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_timing_values" CHECK ("accounts"."billing_timing" in ('ARREARS','ADVANCE'));--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_fee_paying_method" CHECK ("accounts"."fee_paying_account_id" is null or "accounts"."pay_method" = 'INDIRECT');--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_frequency_values" CHECK ("accounts"."billing_frequency" in ('MONTHLY','QUARTERLY','SEMI_ANNUAL','ANNUAL'));