CREATE TABLE "household_advisors" (
	"household_id" uuid NOT NULL,
	"role" varchar(24) NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "household_advisors_household_id_role_pk" PRIMARY KEY("household_id","role")
);
--> statement-breakpoint
CREATE TABLE "household_professionals" (
	"household_id" uuid NOT NULL,
	"professional_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "household_professionals_household_id_professional_id_pk" PRIMARY KEY("household_id","professional_id")
);
--> statement-breakpoint
CREATE TABLE "households" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" varchar(120) NOT NULL,
	"status" varchar(12) DEFAULT 'ACTIVE' NOT NULL,
	"review_status" varchar(16),
	"rating" smallint DEFAULT 0 NOT NULL,
	"influencer_tier" varchar(10) DEFAULT 'NO_STATUS' NOT NULL,
	"financial_life_management" boolean DEFAULT false NOT NULL,
	"risk_management" boolean DEFAULT false NOT NULL,
	"asset_management" boolean DEFAULT false NOT NULL,
	"legacy_planning" boolean DEFAULT false NOT NULL,
	"private_fund" boolean DEFAULT false NOT NULL,
	"next_follow_up" date,
	"tag_index" smallint DEFAULT 0 NOT NULL,
	"introduced_by_client_id" uuid,
	"introduced_by_professional_id" uuid,
	"search_name" text GENERATED ALWAYS AS (lower(name)) STORED,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "households_rating_range" CHECK ("households"."rating" between 0 and 5),
	CONSTRAINT "households_status_values" CHECK ("households"."status" in ('ACTIVE','INACTIVE','CONVERTED')),
	CONSTRAINT "households_tier_values" CHECK ("households"."influencer_tier" in ('GOLD','SILVER','BRONZE','NO_STATUS'))
);
--> statement-breakpoint
CREATE TABLE "member_addresses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"member_id" uuid NOT NULL,
	"address_line1" varchar(50) DEFAULT '' NOT NULL,
	"address_line2" varchar(50) DEFAULT '' NOT NULL,
	"address_line3" varchar(50) DEFAULT '' NOT NULL,
	"city" varchar(30) DEFAULT '' NOT NULL,
	"state_id" integer,
	"zip" varchar(5) DEFAULT '' NOT NULL,
	"country" varchar(50) DEFAULT '' NOT NULL,
	"type" varchar(10),
	"is_primary" boolean DEFAULT false NOT NULL,
	"linked_to_primary" boolean DEFAULT false NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_emails" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"member_id" uuid NOT NULL,
	"email" varchar(255) NOT NULL,
	"type" varchar(10) NOT NULL,
	"is_primary" boolean DEFAULT false NOT NULL,
	"linked_to_primary" boolean DEFAULT false NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_employment_statuses" (
	"member_id" uuid NOT NULL,
	"status_id" integer NOT NULL,
	CONSTRAINT "member_employment_statuses_member_id_status_id_pk" PRIMARY KEY("member_id","status_id")
);
--> statement-breakpoint
CREATE TABLE "member_interests" (
	"member_id" uuid NOT NULL,
	"interest_id" integer NOT NULL,
	CONSTRAINT "member_interests_member_id_interest_id_pk" PRIMARY KEY("member_id","interest_id")
);
--> statement-breakpoint
CREATE TABLE "member_phones" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"member_id" uuid NOT NULL,
	"phone" varchar(16) NOT NULL,
	"type" varchar(10) NOT NULL,
	"is_primary" boolean DEFAULT false NOT NULL,
	"linked_to_primary" boolean DEFAULT false NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_relationships" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"household_id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	"relation" varchar(50) NOT NULL,
	"relative_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_relationships_not_self" CHECK ("member_relationships"."member_id" <> "member_relationships"."relative_id")
);
--> statement-breakpoint
CREATE TABLE "members" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"household_id" uuid NOT NULL,
	"type" varchar(10) NOT NULL,
	"sub_type" varchar(20),
	"display_sequence" integer DEFAULT 0 NOT NULL,
	"completed_steps" smallint DEFAULT 0 NOT NULL,
	"first_name" varchar(50) NOT NULL,
	"middle_name" varchar(50),
	"last_name" varchar(50) NOT NULL,
	"nick_name" varchar(50),
	"suffix" varchar(20),
	"profile_image_path" text,
	"date_of_birth" date,
	"gender_id" integer,
	"marriage_status_id" integer,
	"sexual_orientation_id" integer,
	"political_party_id" integer,
	"religion_id" integer,
	"parent_religion_id" integer,
	"risk_score" smallint,
	"annual_income" numeric(20, 2),
	"linkedin_url" varchar(255),
	"identity_number_sealed" text,
	"identity_number_last4" varchar(4),
	"driver_license_num" varchar(30),
	"driver_license_state_id" integer,
	"employer" varchar(30),
	"job_title" varchar(30),
	"industry_id" integer,
	"parent_industry_id" integer,
	"deceased" boolean DEFAULT false NOT NULL,
	"deceased_date" date,
	"search_name" text GENERATED ALWAYS AS (lower(first_name || ' ' || coalesce(middle_name || ' ', '') || last_name || coalesce(' ' || nick_name, ''))) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "members_type_values" CHECK ("members"."type" in ('PERSON','PET','TRUST','BUSINESS')),
	CONSTRAINT "members_risk_score_range" CHECK ("members"."risk_score" is null or "members"."risk_score" between 1 and 100)
);
--> statement-breakpoint
CREATE TABLE "milestones" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"household_id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	"full_name" varchar(60) NOT NULL,
	"description" varchar(300),
	"dob" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "other_professionals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"type" varchar(50) NOT NULL,
	"full_name" varchar(75) NOT NULL,
	"phone_number" varchar(16),
	"address" varchar(50),
	"city" varchar(50),
	"state_id" integer,
	"zip" varchar(5),
	"email" varchar(255),
	"note" varchar(150),
	"search_name" text GENERATED ALWAYS AS (lower(full_name)) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "special_dates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"household_id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	"date_type" varchar(24) NOT NULL,
	"date" date NOT NULL,
	"description" varchar(75),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "household_advisors" ADD CONSTRAINT "household_advisors_household_id_households_id_fk" FOREIGN KEY ("household_id") REFERENCES "public"."households"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "household_advisors" ADD CONSTRAINT "household_advisors_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "household_professionals" ADD CONSTRAINT "household_professionals_household_id_households_id_fk" FOREIGN KEY ("household_id") REFERENCES "public"."households"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "household_professionals" ADD CONSTRAINT "household_professionals_professional_id_other_professionals_id_fk" FOREIGN KEY ("professional_id") REFERENCES "public"."other_professionals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "households" ADD CONSTRAINT "households_introduced_by_client_id_households_id_fk" FOREIGN KEY ("introduced_by_client_id") REFERENCES "public"."households"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "households" ADD CONSTRAINT "households_introduced_by_professional_id_other_professionals_id_fk" FOREIGN KEY ("introduced_by_professional_id") REFERENCES "public"."other_professionals"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "households" ADD CONSTRAINT "households_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_addresses" ADD CONSTRAINT "member_addresses_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_addresses" ADD CONSTRAINT "member_addresses_state_id_master_data_items_id_fk" FOREIGN KEY ("state_id") REFERENCES "public"."master_data_items"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_emails" ADD CONSTRAINT "member_emails_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_employment_statuses" ADD CONSTRAINT "member_employment_statuses_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_employment_statuses" ADD CONSTRAINT "member_employment_statuses_status_id_master_data_items_id_fk" FOREIGN KEY ("status_id") REFERENCES "public"."master_data_items"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_interests" ADD CONSTRAINT "member_interests_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_interests" ADD CONSTRAINT "member_interests_interest_id_master_data_items_id_fk" FOREIGN KEY ("interest_id") REFERENCES "public"."master_data_items"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_phones" ADD CONSTRAINT "member_phones_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_relationships" ADD CONSTRAINT "member_relationships_household_id_households_id_fk" FOREIGN KEY ("household_id") REFERENCES "public"."households"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_relationships" ADD CONSTRAINT "member_relationships_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_relationships" ADD CONSTRAINT "member_relationships_relative_id_members_id_fk" FOREIGN KEY ("relative_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_household_id_households_id_fk" FOREIGN KEY ("household_id") REFERENCES "public"."households"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_gender_id_master_data_items_id_fk" FOREIGN KEY ("gender_id") REFERENCES "public"."master_data_items"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_marriage_status_id_master_data_items_id_fk" FOREIGN KEY ("marriage_status_id") REFERENCES "public"."master_data_items"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_sexual_orientation_id_master_data_items_id_fk" FOREIGN KEY ("sexual_orientation_id") REFERENCES "public"."master_data_items"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_political_party_id_master_data_items_id_fk" FOREIGN KEY ("political_party_id") REFERENCES "public"."master_data_items"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_religion_id_master_data_items_id_fk" FOREIGN KEY ("religion_id") REFERENCES "public"."master_data_items"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_parent_religion_id_master_data_items_id_fk" FOREIGN KEY ("parent_religion_id") REFERENCES "public"."master_data_items"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_driver_license_state_id_master_data_items_id_fk" FOREIGN KEY ("driver_license_state_id") REFERENCES "public"."master_data_items"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_industry_id_master_data_items_id_fk" FOREIGN KEY ("industry_id") REFERENCES "public"."master_data_items"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_parent_industry_id_master_data_items_id_fk" FOREIGN KEY ("parent_industry_id") REFERENCES "public"."master_data_items"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "milestones" ADD CONSTRAINT "milestones_household_id_households_id_fk" FOREIGN KEY ("household_id") REFERENCES "public"."households"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "milestones" ADD CONSTRAINT "milestones_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "other_professionals" ADD CONSTRAINT "other_professionals_state_id_master_data_items_id_fk" FOREIGN KEY ("state_id") REFERENCES "public"."master_data_items"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "special_dates" ADD CONSTRAINT "special_dates_household_id_households_id_fk" FOREIGN KEY ("household_id") REFERENCES "public"."households"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "special_dates" ADD CONSTRAINT "special_dates_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "household_advisors_user_idx" ON "household_advisors" USING btree ("user_id","role");--> statement-breakpoint
CREATE INDEX "household_professionals_professional_idx" ON "household_professionals" USING btree ("professional_id");--> statement-breakpoint
CREATE INDEX "households_follow_up_idx" ON "households" USING btree ("next_follow_up","name","id");--> statement-breakpoint
CREATE INDEX "households_name_idx" ON "households" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "households_created_idx" ON "households" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "households_status_idx" ON "households" USING btree ("status");--> statement-breakpoint
CREATE INDEX "households_introduced_by_idx" ON "households" USING btree ("introduced_by_client_id");--> statement-breakpoint
CREATE INDEX "member_addresses_member_idx" ON "member_addresses" USING btree ("member_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "member_addresses_one_primary_idx" ON "member_addresses" USING btree ("member_id") WHERE "member_addresses"."is_primary";--> statement-breakpoint
CREATE INDEX "member_emails_member_idx" ON "member_emails" USING btree ("member_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "member_emails_one_primary_idx" ON "member_emails" USING btree ("member_id") WHERE "member_emails"."is_primary";--> statement-breakpoint
CREATE INDEX "member_emails_email_idx" ON "member_emails" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "member_employment_statuses_item_idx" ON "member_employment_statuses" USING btree ("status_id");--> statement-breakpoint
CREATE INDEX "member_interests_item_idx" ON "member_interests" USING btree ("interest_id");--> statement-breakpoint
CREATE INDEX "member_phones_member_idx" ON "member_phones" USING btree ("member_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "member_phones_one_primary_idx" ON "member_phones" USING btree ("member_id") WHERE "member_phones"."is_primary";--> statement-breakpoint
CREATE UNIQUE INDEX "member_phones_in_use_idx" ON "member_phones" USING btree ("phone") WHERE not "member_phones"."linked_to_primary";--> statement-breakpoint
CREATE INDEX "member_phones_phone_idx" ON "member_phones" USING btree ("phone");--> statement-breakpoint
CREATE UNIQUE INDEX "member_relationships_pair_idx" ON "member_relationships" USING btree ("member_id","relative_id");--> statement-breakpoint
CREATE INDEX "member_relationships_household_idx" ON "member_relationships" USING btree ("household_id");--> statement-breakpoint
CREATE UNIQUE INDEX "members_one_primary_idx" ON "members" USING btree ("household_id") WHERE "members"."sub_type" = 'PRIMARY';--> statement-breakpoint
CREATE UNIQUE INDEX "members_one_secondary_idx" ON "members" USING btree ("household_id") WHERE "members"."sub_type" = 'SECONDARY';--> statement-breakpoint
CREATE INDEX "members_household_idx" ON "members" USING btree ("household_id","display_sequence");--> statement-breakpoint
CREATE INDEX "members_last_name_idx" ON "members" USING btree ("last_name");--> statement-breakpoint
CREATE INDEX "milestones_household_idx" ON "milestones" USING btree ("household_id");--> statement-breakpoint
CREATE INDEX "other_professionals_name_idx" ON "other_professionals" USING btree ("full_name");--> statement-breakpoint
CREATE UNIQUE INDEX "special_dates_member_type_idx" ON "special_dates" USING btree ("member_id","date_type");--> statement-breakpoint
CREATE INDEX "special_dates_household_idx" ON "special_dates" USING btree ("household_id");