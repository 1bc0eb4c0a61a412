-- A repeating task's next occurrence names the task it follows; one next occurrence a task, enforced here
-- (before, the series was found again by its anchor, unit, type and description: an edited description made
-- a second next occurrence, and two households' identical series shared one).
ALTER TABLE "tasks" ADD COLUMN "previous_id" uuid;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_previous_id_tasks_id_fk" FOREIGN KEY ("previous_id") REFERENCES "public"."tasks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Existing occurrences: linked to the one they follow where the old rule finds exactly one each way.
WITH pairs AS (
  SELECT t.id AS next_id, p.id AS prev_id,
    count(*) OVER (PARTITION BY p.id) AS nexts,
    count(*) OVER (PARTITION BY t.id) AS prevs
  FROM tasks t JOIN tasks p
    ON p.recurrence_index = t.recurrence_index - 1 AND p.recurrence_anchor = t.recurrence_anchor
    AND p.recurrence_unit = t.recurrence_unit AND p.recurrence_every = t.recurrence_every
    AND p.type_id = t.type_id AND p.description = t.description AND p.assignee_id = t.assignee_id
  WHERE t.recurrence_index > 0
)
UPDATE tasks SET previous_id = pairs.prev_id FROM pairs
WHERE tasks.id = pairs.next_id AND pairs.nexts = 1 AND pairs.prevs = 1;--> statement-breakpoint
CREATE UNIQUE INDEX "tasks_previous_idx" ON "tasks" USING btree ("previous_id");
