CREATE TABLE "prospect_import_rows" (
	"job_id" uuid NOT NULL,
	"line" integer NOT NULL,
	"status" varchar(10) NOT NULL,
	"display_name" varchar(120) NOT NULL,
	"email" varchar(255),
	"phone" varchar(20),
	"values" jsonb,
	"errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"duplicate_of_prospect_id" uuid,
	"duplicate_of_line" integer,
	"prospect_id" uuid,
	CONSTRAINT "prospect_import_rows_job_id_line_pk" PRIMARY KEY("job_id","line"),
	CONSTRAINT "prospect_import_rows_status" CHECK ("prospect_import_rows"."status" in ('READY', 'DUPLICATE', 'INVALID', 'IMPORTED', 'SKIPPED'))
);
--> statement-breakpoint
ALTER TABLE "prospect_import_rows" ADD CONSTRAINT "prospect_import_rows_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prospect_import_rows" ADD CONSTRAINT "prospect_import_rows_duplicate_of_prospect_id_prospects_id_fk" FOREIGN KEY ("duplicate_of_prospect_id") REFERENCES "public"."prospects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prospect_import_rows" ADD CONSTRAINT "prospect_import_rows_prospect_id_prospects_id_fk" FOREIGN KEY ("prospect_id") REFERENCES "public"."prospects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "prospect_import_rows_status_idx" ON "prospect_import_rows" USING btree ("job_id","status","line");--> statement-breakpoint
CREATE INDEX "prospects_email_key_idx" ON "prospects" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "prospects_phone_idx" ON "prospects" USING btree ("phone");