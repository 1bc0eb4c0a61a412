CREATE TABLE "workflow_request_steps" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	"title" varchar(100) NOT NULL,
	"description" varchar(500),
	"assignee_id" uuid NOT NULL,
	"assignee_role" varchar(24),
	"due_days" smallint NOT NULL,
	"due_unit" varchar(8) NOT NULL,
	"due_from" varchar(16) NOT NULL,
	"due_date" date,
	"required" boolean NOT NULL,
	"completion_requirement" varchar(8) NOT NULL,
	"status" varchar(8) DEFAULT 'OPEN' NOT NULL,
	"completed_by" uuid,
	"completed_at" timestamp with time zone,
	CONSTRAINT "workflow_request_steps_status" CHECK ("workflow_request_steps"."status" in ('OPEN','DONE','SKIPPED')),
	CONSTRAINT "workflow_request_steps_skip" CHECK ("workflow_request_steps"."status" <> 'SKIPPED' or not "workflow_request_steps"."required"),
	CONSTRAINT "workflow_request_steps_done" CHECK (("workflow_request_steps"."status" = 'OPEN') = ("workflow_request_steps"."completed_at" is null))
);
--> statement-breakpoint
CREATE TABLE "workflow_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"template_id" uuid NOT NULL,
	"version_id" uuid NOT NULL,
	"household_id" uuid NOT NULL,
	"status" varchar(12) DEFAULT 'IN_PROGRESS' NOT NULL,
	"start_date" date NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_by" uuid,
	"finished_at" timestamp with time zone,
	"rejected_by" uuid,
	"rejection_reason" varchar(500),
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workflow_requests_status" CHECK ("workflow_requests"."status" in ('IN_PROGRESS','COMPLETED','REJECTED')),
	CONSTRAINT "workflow_requests_rejection" CHECK (("workflow_requests"."status" = 'REJECTED') = ("workflow_requests"."rejection_reason" is not null) and ("workflow_requests"."status" = 'IN_PROGRESS') = ("workflow_requests"."finished_at" is null))
);
--> statement-breakpoint
ALTER TABLE "workflow_request_steps" ADD CONSTRAINT "workflow_request_steps_request_id_workflow_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."workflow_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_request_steps" ADD CONSTRAINT "workflow_request_steps_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_request_steps" ADD CONSTRAINT "workflow_request_steps_completed_by_users_id_fk" FOREIGN KEY ("completed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_requests" ADD CONSTRAINT "workflow_requests_template_id_workflow_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."workflow_templates"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_requests" ADD CONSTRAINT "workflow_requests_version_id_workflow_template_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."workflow_template_versions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_requests" ADD CONSTRAINT "workflow_requests_household_id_households_id_fk" FOREIGN KEY ("household_id") REFERENCES "public"."households"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_requests" ADD CONSTRAINT "workflow_requests_started_by_users_id_fk" FOREIGN KEY ("started_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_requests" ADD CONSTRAINT "workflow_requests_rejected_by_users_id_fk" FOREIGN KEY ("rejected_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "workflow_request_steps_position_idx" ON "workflow_request_steps" USING btree ("request_id","position");--> statement-breakpoint
CREATE INDEX "workflow_request_steps_assignee_idx" ON "workflow_request_steps" USING btree ("assignee_id","status");--> statement-breakpoint
CREATE INDEX "workflow_request_steps_open_due_idx" ON "workflow_request_steps" USING btree ("due_date") WHERE "workflow_request_steps"."status" = 'OPEN';--> statement-breakpoint
CREATE INDEX "workflow_requests_status_idx" ON "workflow_requests" USING btree ("status","started_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "workflow_requests_household_idx" ON "workflow_requests" USING btree ("household_id","status");--> statement-breakpoint
CREATE INDEX "workflow_requests_version_idx" ON "workflow_requests" USING btree ("version_id");