CREATE TABLE "session_rating_waiters" (
	"rating_id" integer NOT NULL,
	"waiter_id" integer NOT NULL,
	CONSTRAINT "session_rating_waiters_rating_id_waiter_id_pk" PRIMARY KEY("rating_id","waiter_id")
);
--> statement-breakpoint
CREATE TABLE "session_ratings" (
	"id" serial PRIMARY KEY NOT NULL,
	"retailer_id" integer NOT NULL,
	"table_id" integer NOT NULL,
	"session_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"stars" integer NOT NULL,
	"comment" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "session_ratings_stars" CHECK ("session_ratings"."stars" between 1 and 5)
);
--> statement-breakpoint
ALTER TABLE "retailers" ADD COLUMN "google_review_url" text;--> statement-breakpoint
ALTER TABLE "session_rating_waiters" ADD CONSTRAINT "session_rating_waiters_rating_id_session_ratings_id_fk" FOREIGN KEY ("rating_id") REFERENCES "public"."session_ratings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_rating_waiters" ADD CONSTRAINT "session_rating_waiters_waiter_id_users_id_fk" FOREIGN KEY ("waiter_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_ratings" ADD CONSTRAINT "session_ratings_retailer_id_retailers_id_fk" FOREIGN KEY ("retailer_id") REFERENCES "public"."retailers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_ratings" ADD CONSTRAINT "session_ratings_table_id_dining_tables_id_fk" FOREIGN KEY ("table_id") REFERENCES "public"."dining_tables"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_ratings" ADD CONSTRAINT "session_ratings_session_id_table_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."table_sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_ratings" ADD CONSTRAINT "session_ratings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "session_ratings_one_per_guest" ON "session_ratings" USING btree ("session_id","user_id");--> statement-breakpoint
CREATE INDEX "session_ratings_venue_time" ON "session_ratings" USING btree ("retailer_id","created_at");