ALTER TABLE "documents" ADD COLUMN "printed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "print_claimed_by" text;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "print_claimed_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "retailers" ADD COLUMN "order_slip_on_every_order" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "documents_to_print" ON "documents" USING btree ("retailer_id","issued_at") WHERE printed_at is null;--> statement-breakpoint
-- Documents issued before the till printed them were handed over on paper already.
UPDATE "documents" SET "printed_at" = "issued_at";