CREATE TABLE "prospect_activities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"prospect_id" uuid NOT NULL,
	"activity_type" varchar(20) NOT NULL,
	"activity_date" date NOT NULL,
	"minutes" integer NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "prospect_activities_minutes" CHECK ("prospect_activities"."minutes" between 1 and 1440)
);
--> statement-breakpoint
CREATE TABLE "prospects" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"type" varchar(10) NOT NULL,
	"name" varchar(30),
	"first_name" varchar(50),
	"last_name" varchar(50),
	"middle_name" varchar(50),
	"nick_name" varchar(50),
	"suffix" varchar(20),
	"display_name" varchar(120) NOT NULL,
	"gender_id" integer,
	"works_at" varchar(30),
	"activity_status" varchar(10) DEFAULT 'ACTIVE' NOT NULL,
	"lead_status" varchar(4) NOT NULL,
	"wealth_advisor_id" uuid NOT NULL,
	"business_developer_id" uuid,
	"profile_image_path" text,
	"financial_life_management" numeric(20, 2),
	"risk_management" numeric(20, 2),
	"asset_management" numeric(20, 2),
	"legacy_planning" numeric(20, 2),
	"private_fund" numeric(20, 2),
	"combine_interests" numeric(20, 2) DEFAULT '0' NOT NULL,
	"address_line1" varchar(50),
	"address_line2" varchar(50),
	"city" varchar(30),
	"state_id" integer,
	"zip" varchar(5),
	"source_id" integer NOT NULL,
	"other" varchar(30),
	"phone" varchar(20) NOT NULL,
	"email" varchar(255),
	"last_activity_date" date,
	"inactive_alerted_for" date,
	"converted_at" timestamp with time zone,
	"converted_household_id" uuid,
	"version" smallint DEFAULT 1 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "prospects_not_same_person" CHECK ("prospects"."business_developer_id" is distinct from "prospects"."wealth_advisor_id"),
	CONSTRAINT "prospects_lead_status" CHECK ("prospects"."lead_status" in ('HOT', 'WARM', 'COLD')),
	CONSTRAINT "prospects_activity_status" CHECK ("prospects"."activity_status" in ('ACTIVE', 'INACTIVE', 'CONVERTED'))
);
--> statement-breakpoint
ALTER TABLE "prospect_activities" ADD CONSTRAINT "prospect_activities_prospect_id_prospects_id_fk" FOREIGN KEY ("prospect_id") REFERENCES "public"."prospects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prospect_activities" ADD CONSTRAINT "prospect_activities_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prospects" ADD CONSTRAINT "prospects_gender_id_master_data_items_id_fk" FOREIGN KEY ("gender_id") REFERENCES "public"."master_data_items"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prospects" ADD CONSTRAINT "prospects_wealth_advisor_id_users_id_fk" FOREIGN KEY ("wealth_advisor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prospects" ADD CONSTRAINT "prospects_business_developer_id_users_id_fk" FOREIGN KEY ("business_developer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prospects" ADD CONSTRAINT "prospects_state_id_master_data_items_id_fk" FOREIGN KEY ("state_id") REFERENCES "public"."master_data_items"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prospects" ADD CONSTRAINT "prospects_source_id_master_data_items_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."master_data_items"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prospects" ADD CONSTRAINT "prospects_converted_household_id_households_id_fk" FOREIGN KEY ("converted_household_id") REFERENCES "public"."households"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prospects" ADD CONSTRAINT "prospects_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "prospect_activities_prospect_idx" ON "prospect_activities" USING btree ("prospect_id","activity_date" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "prospects_lead_status_idx" ON "prospects" USING btree ("lead_status","activity_status");--> statement-breakpoint
CREATE INDEX "prospects_created_idx" ON "prospects" USING btree ("created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "prospects_last_activity_idx" ON "prospects" USING btree ("last_activity_date") WHERE "prospects"."activity_status" = 'ACTIVE';--> statement-breakpoint
CREATE INDEX "prospects_advisors_idx" ON "prospects" USING btree ("wealth_advisor_id","business_developer_id");
