CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
ALTER TABLE "households" ADD COLUMN "search_document" text DEFAULT '' NOT NULL;