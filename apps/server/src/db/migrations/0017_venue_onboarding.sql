CREATE TABLE "password_set_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contact_requests" ADD COLUMN "status" text DEFAULT 'NEW' NOT NULL;--> statement-breakpoint
ALTER TABLE "contact_requests" ADD COLUMN "retailer_id" integer;--> statement-breakpoint
ALTER TABLE "retailers" ADD COLUMN "disabled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "retailers" ADD COLUMN "qr_sheet_opened_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "password_set_links" ADD CONSTRAINT "password_set_links_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "password_set_links_token" ON "password_set_links" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "password_set_links_user" ON "password_set_links" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "contact_requests" ADD CONSTRAINT "contact_requests_retailer_id_retailers_id_fk" FOREIGN KEY ("retailer_id") REFERENCES "public"."retailers"("id") ON DELETE no action ON UPDATE no action;