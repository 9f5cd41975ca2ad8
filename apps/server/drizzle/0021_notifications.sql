-- Notifications (issue 33). Secrets the server makes on its first start (the VAPID keys of Web Push, the key
-- that signs unsubscribe links): made once by whichever instance starts first, read by every other.
CREATE TABLE "app_secrets" (
  "name" text PRIMARY KEY NOT NULL,
  "value" jsonb NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
-- A player's choice per kind and channel; no row: the kind's default (packages/core notifications.ts).
CREATE TABLE "notification_preferences" (
  "user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "kind" text NOT NULL,
  "email" boolean NOT NULL,
  "push" boolean NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "notification_preferences_pkey" PRIMARY KEY ("user_id", "kind")
);--> statement-breakpoint
-- the planner's fan-out reads who turned a kind on
CREATE INDEX "notification_preferences_kind_idx" ON "notification_preferences" USING btree ("kind", "user_id") WHERE "email" OR "push";--> statement-breakpoint
-- One row per device (browser) that accepted push; the push service's address names it.
CREATE TABLE "push_subscriptions" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "endpoint" text NOT NULL,
  "p256dh" text NOT NULL,
  "auth" text NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "push_subscriptions_endpoint_length" CHECK (char_length("endpoint") <= 2048)
);--> statement-breakpoint
CREATE UNIQUE INDEX "push_subscriptions_endpoint_key" ON "push_subscriptions" USING btree ("endpoint");--> statement-breakpoint
CREATE INDEX "push_subscriptions_user_idx" ON "push_subscriptions" USING btree ("user_id");--> statement-breakpoint
-- Each reminder event (a market block, a week's lock at a given moment...) fanned out once: its key is taken
-- by the one instance whose transaction writes the event's notifications.
CREATE TABLE "notification_events" (
  "kind" text NOT NULL,
  "target" text NOT NULL,
  "planned_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "notification_events_pkey" PRIMARY KEY ("kind", "target")
);--> statement-breakpoint
-- One message for one player on one channel: unique per (user, kind, target, channel), so nothing is sent
-- twice. A sender claims due rows (FOR UPDATE SKIP LOCKED) by moving next_attempt_at past a lease: a sender
-- that dies leaves them to be claimed again when the lease ends.
CREATE TABLE "notifications" (
  "id" bigserial PRIMARY KEY NOT NULL,
  "user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "kind" text NOT NULL,
  "target" text NOT NULL,
  "channel" text NOT NULL,
  "payload" jsonb NOT NULL,
  -- after it the message has no point (the deadline passed): dropped, not sent
  "expires_at" timestamp with time zone,
  "status" text DEFAULT 'pending' NOT NULL,
  "attempts" integer DEFAULT 0 NOT NULL,
  "next_attempt_at" timestamp with time zone NOT NULL,
  -- the e-mail's outbox row, once handed to the mailer (a retry delivers that row, never a second one)
  "mail_id" uuid REFERENCES "mail_outbox"("id") ON DELETE SET NULL,
  "sent_at" timestamp with time zone,
  "error" text,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "notifications_channel" CHECK ("channel" in ('email', 'push')),
  CONSTRAINT "notifications_status" CHECK ("status" in ('pending', 'sent', 'failed', 'dropped'))
);--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_once_key" ON "notifications" USING btree ("user_id", "kind", "target", "channel");--> statement-breakpoint
CREATE INDEX "notifications_due_idx" ON "notifications" USING btree ("channel", "next_attempt_at") WHERE "status" = 'pending';--> statement-breakpoint
-- the e-mail's own headers (List-Unsubscribe and List-Unsubscribe-Post, RFC 8058)
ALTER TABLE "mail_outbox" ADD COLUMN "headers" jsonb;
