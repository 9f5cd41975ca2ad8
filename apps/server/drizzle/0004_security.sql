-- E-mails are stored in one canonical form (NFKC, trimmed, lower case: lib/email.ts) and looked up by
-- equality, so PostgreSQL's own case folding (which turns 'İ' into 'i' under some locales) never decides
-- which account an address names. Rows written before are brought to that form where no other row
-- already holds it.
UPDATE "users" AS u SET "email" = lower(normalize(btrim(u."email"), NFKC))
 WHERE u."email" <> lower(normalize(btrim(u."email"), NFKC))
   AND NOT EXISTS (SELECT 1 FROM "users" o WHERE o."id" <> u."id" AND o."email" = lower(normalize(btrim(u."email"), NFKC)));--> statement-breakpoint
DROP INDEX "users_email_key";--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "users" USING btree ("email");--> statement-breakpoint
-- Login throttling (modules/auth/throttle.ts): verifications in flight for an account, with a lease so a
-- crashed process cannot hold them; the earliest time an unknown device may try the account again.
ALTER TABLE "rate_limits" ADD COLUMN "in_flight" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "rate_limits" ADD COLUMN "lease_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "rate_limits" ADD COLUMN "next_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "rate_limits_window_idx" ON "rate_limits" USING btree ("window_start");--> statement-breakpoint
-- Browsers that have logged in to an account (cookie fr_device, stored hashed) skip the account's backoff.
CREATE TABLE "trusted_devices" (
	"token_hash" text NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trusted_devices_token_hash_user_id_pk" PRIMARY KEY("token_hash","user_id")
);--> statement-breakpoint
ALTER TABLE "trusted_devices" ADD CONSTRAINT "trusted_devices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "trusted_devices_user_idx" ON "trusted_devices" USING btree ("user_id");
