CREATE TABLE "sandbox_terminal_sales" (
	"session_id" text PRIMARY KEY NOT NULL,
	"tid" text NOT NULL,
	"cash_register_id" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"merchant_reference" text DEFAULT '' NOT NULL,
	"customer_trns" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'IN_PROGRESS' NOT NULL,
	"event_id" integer DEFAULT 1100 NOT NULL,
	"transaction_id" text,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "card_terminals" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "card_terminal_id" integer;--> statement-breakpoint
CREATE INDEX "sandbox_terminal_sales_status" ON "sandbox_terminal_sales" USING btree ("status");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_card_terminal_id_card_terminals_id_fk" FOREIGN KEY ("card_terminal_id") REFERENCES "public"."card_terminals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "card_terminals_retailer" ON "card_terminals" USING btree ("retailer_id");--> statement-breakpoint
CREATE INDEX "payments_pending_terminal_sales" ON "payments" USING btree ("status") WHERE card_terminal_id is not null and status = 'PENDING';