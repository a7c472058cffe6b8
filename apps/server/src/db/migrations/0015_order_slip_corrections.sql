ALTER TABLE "documents" ADD COLUMN "cancellation_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "cancellation_mark" text;--> statement-breakpoint
ALTER TABLE "order_products" ADD COLUMN "order_slip_id" integer;--> statement-breakpoint
ALTER TABLE "order_products" ADD CONSTRAINT "order_products_order_slip_id_documents_id_fk" FOREIGN KEY ("order_slip_id") REFERENCES "public"."documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "documents_cancellation_due" ON "documents" USING btree ("id") WHERE cancellation_requested_at is not null and cancellation_mark is null;--> statement-breakpoint
CREATE INDEX "order_products_order_slip" ON "order_products" USING btree ("order_slip_id") WHERE order_slip_id is not null;