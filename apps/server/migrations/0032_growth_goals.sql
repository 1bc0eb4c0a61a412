CREATE TABLE "user_goals" (
	"user_id" uuid NOT NULL,
	"year" smallint NOT NULL,
	"new_households" integer DEFAULT 0 NOT NULL,
	"new_aum" numeric(20, 2) DEFAULT '0' NOT NULL,
	"meetings" integer DEFAULT 0 NOT NULL,
	"new_prospects" integer DEFAULT 0 NOT NULL,
	"conversions" integer DEFAULT 0 NOT NULL,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_goals_user_id_year_pk" PRIMARY KEY("user_id","year"),
	CONSTRAINT "user_goals_year" CHECK ("user_goals"."year" between 2000 and 2100),
	CONSTRAINT "user_goals_counts" CHECK ("user_goals"."new_households" between 0 and 10000 and "user_goals"."meetings" between 0 and 10000
        and "user_goals"."new_prospects" between 0 and 10000 and "user_goals"."conversions" between 0 and 10000),
	CONSTRAINT "user_goals_new_aum" CHECK ("user_goals"."new_aum" between 0 and 100000000000)
);
--> statement-breakpoint
ALTER TABLE "user_goals" ADD CONSTRAINT "user_goals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_goals" ADD CONSTRAINT "user_goals_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
