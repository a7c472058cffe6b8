CREATE TABLE "product_images" (
	"id" text PRIMARY KEY NOT NULL,
	"retailer_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"content_type" text NOT NULL,
	"data" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "dining_tables_code";--> statement-breakpoint
DROP INDEX "preparation_areas_retailer_name";--> statement-breakpoint
DROP INDEX "users_login";--> statement-breakpoint
ALTER TABLE "preparation_areas" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "product_images" ADD CONSTRAINT "product_images_retailer_id_retailers_id_fk" FOREIGN KEY ("retailer_id") REFERENCES "public"."retailers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_images" ADD CONSTRAINT "product_images_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_images_product" ON "product_images" USING btree ("product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "dining_tables_code" ON "dining_tables" USING btree ("code") WHERE deleted_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "preparation_areas_retailer_name" ON "preparation_areas" USING btree ("retailer_id","name") WHERE deleted_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "users_login" ON "users" USING btree ("login") WHERE deleted_at is null;