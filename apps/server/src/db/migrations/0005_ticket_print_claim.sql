ALTER TABLE "kitchen_tickets" ADD COLUMN "print_claimed_by" text;--> statement-breakpoint
ALTER TABLE "kitchen_tickets" ADD COLUMN "print_claimed_until" timestamp with time zone;