CREATE TABLE "compensation_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"payee_user_id" uuid NOT NULL,
	"period_from" date NOT NULL,
	"period_to" date NOT NULL,
	"basis" varchar(10) NOT NULL,
	"amount" numeric(20, 2) NOT NULL,
	"paid_on" date NOT NULL,
	"marked_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "compensation_payments_basis_values" CHECK ("compensation_payments"."basis" in ('billed','collected')),
	CONSTRAINT "compensation_payments_period" CHECK ("compensation_payments"."period_from" <= "compensation_payments"."period_to")
);
--> statement-breakpoint
ALTER TABLE "compensation_payments" ADD CONSTRAINT "compensation_payments_payee_user_id_users_id_fk" FOREIGN KEY ("payee_user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compensation_payments" ADD CONSTRAINT "compensation_payments_marked_by_users_id_fk" FOREIGN KEY ("marked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "compensation_payments_period_idx" ON "compensation_payments" USING btree ("payee_user_id","period_from","period_to","basis");