-- Durable jobs (decision 0015): long work in committed steps with progress and a checkpoint, resumed after a
-- crash (positions imports now; bill runs and large exports later).
CREATE TABLE "jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" varchar(40) NOT NULL,
	"phase" varchar(20) NOT NULL,
	"status" varchar(10) DEFAULT 'QUEUED' NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"state" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"result" jsonb,
	"progress_done" integer DEFAULT 0 NOT NULL,
	"progress_total" integer DEFAULT 0 NOT NULL,
	"error" text,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "jobs_status_values" CHECK ("jobs"."status" in ('QUEUED','RUNNING','WAITING','SUCCEEDED','FAILED','CANCELLED'))
);
--> statement-breakpoint
CREATE INDEX "jobs_runnable_idx" ON "jobs" USING btree ("created_at") WHERE "jobs"."status" in ('QUEUED', 'RUNNING');--> statement-breakpoint
CREATE INDEX "jobs_kind_idx" ON "jobs" USING btree ("kind","created_at");