-- The activity lists' DESC indexes as NULLS FIRST, the order a plain ORDER BY … DESC asks for (drizzle's
-- .desc() alone had made them NULLS LAST, so the planner sorted every match instead of reading in order).
DROP INDEX "notes_listed_idx";--> statement-breakpoint
DROP INDEX "notes_author_idx";--> statement-breakpoint
DROP INDEX "notifications_user_idx";--> statement-breakpoint
DROP INDEX "tasks_created_idx";--> statement-breakpoint
CREATE INDEX "notes_listed_idx" ON "notes" USING btree ("is_pinned" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"id","type","on_household") WHERE "notes"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "notes_author_idx" ON "notes" USING btree ("author_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" USING btree ("user_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "tasks_created_idx" ON "tasks" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);