-- Trigram search for the global search, pickers and list search (pg_trgm ships with PostgreSQL contrib and
-- with PGlite). Names and nicknames match with typos (similarity), emails and phone digits by substring.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "households_search_trgm_idx" ON "households" USING gin ("search_name" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "members_search_trgm_idx" ON "members" USING gin ("search_name" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "member_emails_email_trgm_idx" ON "member_emails" USING gin (lower("email") gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "member_phones_phone_trgm_idx" ON "member_phones" USING gin ("phone" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "other_professionals_search_trgm_idx" ON "other_professionals" USING gin ("search_name" gin_trgm_ops);
