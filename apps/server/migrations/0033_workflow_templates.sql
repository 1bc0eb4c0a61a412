CREATE TABLE "firm_holidays" (
	"date" date PRIMARY KEY NOT NULL,
	"name" varchar(60) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "workflow_template_steps" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"version_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	"title" varchar(100) NOT NULL,
	"description" varchar(500),
	"assignee_kind" varchar(4) NOT NULL,
	"assignee_user_id" uuid,
	"assignee_role" varchar(24),
	"due_days" smallint NOT NULL,
	"due_unit" varchar(8) NOT NULL,
	"due_from" varchar(16) NOT NULL,
	"required" boolean NOT NULL,
	"completion_requirement" varchar(8) NOT NULL,
	CONSTRAINT "workflow_template_steps_assignee" CHECK (("workflow_template_steps"."assignee_kind" = 'USER' and "workflow_template_steps"."assignee_user_id" is not null and "workflow_template_steps"."assignee_role" is null) or ("workflow_template_steps"."assignee_kind" = 'ROLE' and "workflow_template_steps"."assignee_role" in ('WEALTH_ADVISOR_1','WEALTH_ADVISOR_2','WEALTH_ADVISOR_3','BUSINESS_DEVELOPER','SOLICITOR') and "workflow_template_steps"."assignee_user_id" is null)),
	CONSTRAINT "workflow_template_steps_due_days" CHECK ("workflow_template_steps"."due_days" between 0 and 365),
	CONSTRAINT "workflow_template_steps_due_unit" CHECK ("workflow_template_steps"."due_unit" in ('CALENDAR','BUSINESS')),
	CONSTRAINT "workflow_template_steps_due_from" CHECK ("workflow_template_steps"."due_from" in ('REQUEST_START','PREVIOUS_STEP')),
	CONSTRAINT "workflow_template_steps_completion" CHECK ("workflow_template_steps"."completion_requirement" in ('NONE','DOCUMENT','NOTE')),
	CONSTRAINT "workflow_template_steps_position" CHECK ("workflow_template_steps"."position" >= 0)
);
--> statement-breakpoint
CREATE TABLE "workflow_template_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"template_id" uuid NOT NULL,
	"version" integer,
	"published_at" timestamp with time zone,
	"published_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workflow_template_versions_published" CHECK (("workflow_template_versions"."version" is null) = ("workflow_template_versions"."published_at" is null) and ("workflow_template_versions"."version" is null or "workflow_template_versions"."version" >= 1))
);
--> statement-breakpoint
CREATE TABLE "workflow_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" varchar(100) NOT NULL,
	"description" varchar(500),
	"workflow_type_id" integer NOT NULL,
	"search_name" text GENERATED ALWAYS AS (lower(name)) STORED,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "workflow_template_steps" ADD CONSTRAINT "workflow_template_steps_version_id_workflow_template_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."workflow_template_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_template_steps" ADD CONSTRAINT "workflow_template_steps_assignee_user_id_users_id_fk" FOREIGN KEY ("assignee_user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_template_versions" ADD CONSTRAINT "workflow_template_versions_template_id_workflow_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."workflow_templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_template_versions" ADD CONSTRAINT "workflow_template_versions_published_by_users_id_fk" FOREIGN KEY ("published_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_templates" ADD CONSTRAINT "workflow_templates_workflow_type_id_master_data_items_id_fk" FOREIGN KEY ("workflow_type_id") REFERENCES "public"."master_data_items"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_templates" ADD CONSTRAINT "workflow_templates_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "workflow_template_steps_position_idx" ON "workflow_template_steps" USING btree ("version_id","position");--> statement-breakpoint
CREATE INDEX "workflow_template_steps_user_idx" ON "workflow_template_steps" USING btree ("assignee_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "workflow_template_versions_number_idx" ON "workflow_template_versions" USING btree ("template_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "workflow_template_versions_one_draft_idx" ON "workflow_template_versions" USING btree ("template_id") WHERE "workflow_template_versions"."version" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "workflow_templates_name_idx" ON "workflow_templates" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "workflow_templates_type_idx" ON "workflow_templates" USING btree ("workflow_type_id");
