CREATE TABLE "fee_schedule_tiers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"schedule_id" uuid NOT NULL,
	"minimum" numeric(20, 2) NOT NULL,
	"maximum" numeric(20, 2) NOT NULL,
	"rate" numeric(12, 4) NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fee_schedule_tiers_range" CHECK ("fee_schedule_tiers"."maximum" > "fee_schedule_tiers"."minimum" and "fee_schedule_tiers"."minimum" >= 0)
);
--> statement-breakpoint
CREATE TABLE "fee_schedules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" varchar(50) NOT NULL,
	"type" varchar(12) NOT NULL,
	"structure" varchar(8) NOT NULL,
	"description" varchar(50),
	"annual_minimum" numeric(20, 2),
	"search_name" text GENERATED ALWAYS AS (lower(name)) STORED,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fee_schedules_type_values" CHECK ("fee_schedules"."type" in ('PERCENTAGE','FIXED')),
	CONSTRAINT "fee_schedules_structure_values" CHECK ("fee_schedules"."structure" in ('TIERED','LINEAR')),
	CONSTRAINT "fee_schedules_annual_minimum_range" CHECK ("fee_schedules"."annual_minimum" is null or "fee_schedules"."annual_minimum" between 0 and 100000)
);
--> statement-breakpoint
ALTER TABLE "fee_schedule_tiers" ADD CONSTRAINT "fee_schedule_tiers_schedule_id_fee_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."fee_schedules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_schedules" ADD CONSTRAINT "fee_schedules_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fee_schedule_tiers_schedule_idx" ON "fee_schedule_tiers" USING btree ("schedule_id","minimum");--> statement-breakpoint
CREATE UNIQUE INDEX "fee_schedules_name_idx" ON "fee_schedules" USING btree (lower("name"));