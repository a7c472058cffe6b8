CREATE TABLE "take_away_counters" (
	"retailer_id" integer NOT NULL,
	"business_day" date NOT NULL,
	"last_number" integer NOT NULL,
	CONSTRAINT "take_away_counters_retailer_id_business_day_pk" PRIMARY KEY("retailer_id","business_day")
);
--> statement-breakpoint
DROP INDEX "dining_tables_retailer_label";--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "session_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "table_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "table_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "session_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "dining_tables" ADD COLUMN "business_day" date;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "kind" text DEFAULT 'TABLE' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "sections" jsonb;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "order_id" integer;--> statement-breakpoint
ALTER TABLE "take_away_counters" ADD CONSTRAINT "take_away_counters_retailer_id_retailers_id_fk" FOREIGN KEY ("retailer_id") REFERENCES "public"."retailers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "dining_tables_table_label" ON "dining_tables" USING btree ("retailer_id","label") WHERE deleted_at is null and kind = 'TABLE';--> statement-breakpoint
CREATE UNIQUE INDEX "dining_tables_take_away_label" ON "dining_tables" USING btree ("retailer_id","business_day","label") WHERE deleted_at is null and kind = 'TAKE_AWAY';--> statement-breakpoint
CREATE INDEX "kitchen_tickets_order" ON "kitchen_tickets" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_products_order" ON "order_products" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "orders_retailer_created" ON "orders" USING btree ("retailer_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_session" ON "orders" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "payments_order" ON "payments" USING btree ("order_id");