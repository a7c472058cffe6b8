CREATE TABLE "staff_request_keys" (
	"retailer_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"key" text NOT NULL,
	"route" text NOT NULL,
	"fingerprint" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reply_status" integer,
	"reply_headers" jsonb,
	"reply_body" text,
	CONSTRAINT "staff_request_keys_retailer_id_user_id_key_pk" PRIMARY KEY("retailer_id","user_id","key")
);
--> statement-breakpoint
ALTER TABLE "staff_request_keys" ADD CONSTRAINT "staff_request_keys_retailer_id_retailers_id_fk" FOREIGN KEY ("retailer_id") REFERENCES "public"."retailers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_request_keys" ADD CONSTRAINT "staff_request_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "staff_request_keys_created" ON "staff_request_keys" USING btree ("created_at");