-- Notifications split by how often each part is written (issue 33, the benchmark: docs/notifications.md).
-- A message is written once (notification_messages) and never updated; while it waits to go out it has a row
-- in the narrow due queue (notification_queue), which a sender deletes when it hands the message over; then
-- its outcome (notification_outcomes) says sent, dropped or failed. The view "notifications" shows the three
-- as one row per message, with the columns the table of that name had.

-- The event's key in a message's unique key: 64 bits of SHA-256 over (kind, target), so the key is narrow and
-- an event's messages sit together in it. Immutable: a constant (kind, target) is hashed once per statement.
CREATE FUNCTION "notification_event_key"("kind" text, "target" text) RETURNS bigint
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT ('x' || substr(encode(sha256(convert_to("kind" || chr(10) || "target", 'UTF8')), 'hex'), 1, 16))::bit(64)::bigint $$;--> statement-breakpoint
-- A message's e-mail in the mailer's outbox has this id: made from the message's id, so the outbox's primary key
-- allows one mail per message (a retry delivers that row again), the ids of one send are in ascending order
-- (each batch appends to one end of the key), and they stay clear of the random (version 4) ids of other mails.
CREATE FUNCTION "notification_mail_id"("message_id" bigint) RETURNS uuid
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT lpad(to_hex("message_id"), 32, '0')::uuid $$;--> statement-breakpoint
-- A reminder event is planned in chunks of players (ordered by user id): the last one planned, and whether
-- every chunk is written. A planner that dies mid-way leaves the rest to the next one.
ALTER TABLE "notification_events" ADD COLUMN "planned_through" uuid;--> statement-breakpoint
ALTER TABLE "notification_events" ADD COLUMN "done" boolean DEFAULT true NOT NULL;--> statement-breakpoint
-- No foreign key to users: a million messages of one event would each look up and lock (FOR KEY SHARE) their
-- player's row. The recipients are read from the players' own rows in the statement that writes them; the
-- trigger below deletes a deleted player's messages, and a sender drops a message whose player is gone
-- (deleted while it was being written).
CREATE TABLE "notification_messages" (
  "id" bigserial PRIMARY KEY NOT NULL,
  "user_id" uuid NOT NULL,
  "kind" text NOT NULL,
  "target" text NOT NULL,
  "channel" text NOT NULL,
  "payload" jsonb NOT NULL,
  -- after it the message has no point (the deadline passed): dropped, not sent
  "expires_at" timestamp with time zone,
  "event_key" bigint NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "notification_messages_channel" CHECK ("channel" in ('email', 'push'))
);--> statement-breakpoint
-- one message per (event, player, channel): nothing is written twice
CREATE UNIQUE INDEX "notification_messages_once_key" ON "notification_messages" USING btree ("event_key", "user_id", "channel");--> statement-breakpoint
-- A message waiting to go out: due at due_at (a claimed one: when its lease ends). Deleted when it is handed
-- over or given up; no foreign key (written and deleted only beside its message, see the trigger below).
CREATE TABLE "notification_queue" (
  "message_id" bigint PRIMARY KEY NOT NULL,
  "channel" text NOT NULL,
  "due_at" timestamp with time zone NOT NULL,
  "attempts" integer DEFAULT 0 NOT NULL,
  -- the last failure, while it is tried again
  "error" text
);--> statement-breakpoint
CREATE INDEX "notification_queue_due_idx" ON "notification_queue" USING btree ("channel", "due_at");--> statement-breakpoint
-- What became of a message that left the queue.
CREATE TABLE "notification_outcomes" (
  "message_id" bigint PRIMARY KEY NOT NULL,
  "status" text NOT NULL,
  "attempts" integer NOT NULL,
  "sent_at" timestamp with time zone,
  "error" text,
  CONSTRAINT "notification_outcomes_status" CHECK ("status" in ('sent', 'failed', 'dropped'))
);--> statement-breakpoint
INSERT INTO "notification_messages" ("id", "user_id", "kind", "target", "channel", "payload", "expires_at", "event_key", "created_at")
  SELECT "id", "user_id", "kind", "target", "channel", "payload", "expires_at", notification_event_key("kind", "target"), "created_at"
  FROM "notifications";--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('notification_messages', 'id'), coalesce((SELECT max("id") FROM "notification_messages"), 0) + 1, false);--> statement-breakpoint
INSERT INTO "notification_queue" ("message_id", "channel", "due_at", "attempts", "error")
  SELECT "id", "channel", "next_attempt_at", "attempts", "error" FROM "notifications" WHERE "status" = 'pending';--> statement-breakpoint
INSERT INTO "notification_outcomes" ("message_id", "status", "attempts", "sent_at", "error")
  SELECT "id", "status", "attempts", "sent_at", "error" FROM "notifications" WHERE "status" <> 'pending';--> statement-breakpoint
-- the e-mails already handed over take their message's id
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_mail_id_fkey";--> statement-breakpoint
UPDATE "mail_outbox" o SET "id" = notification_mail_id(n."id") FROM "notifications" n WHERE n."mail_id" = o."id";--> statement-breakpoint
DROP TABLE "notifications";--> statement-breakpoint
CREATE VIEW "notifications" AS
  SELECT n."id", n."user_id", n."kind", n."target", n."channel", n."payload", n."expires_at",
    coalesce(o."status", 'pending') AS "status",
    coalesce(q."attempts", o."attempts", 0) AS "attempts",
    q."due_at" AS "next_attempt_at",
    CASE WHEN n."channel" = 'email' THEN notification_mail_id(n."id") END AS "mail_id", o."sent_at", coalesce(q."error", o."error") AS "error", n."created_at"
  FROM "notification_messages" n
  LEFT JOIN "notification_queue" q ON q."message_id" = n."id"
  LEFT JOIN "notification_outcomes" o ON o."message_id" = n."id";--> statement-breakpoint
-- A deleted player's messages go with the player, as a foreign key's cascade would take them: one scan of the
-- messages per statement that deletes players (rare: an account's deletion).
CREATE FUNCTION "notification_messages_forget_users"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH gone AS (
    DELETE FROM notification_messages n USING gone_users u WHERE n.user_id = u.id RETURNING n.id
  ), unqueued AS (
    DELETE FROM notification_queue q USING gone WHERE q.message_id = gone.id
  )
  DELETE FROM notification_outcomes o USING gone WHERE o.message_id = gone.id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "notification_messages_forget_users" AFTER DELETE ON "users"
  REFERENCING OLD TABLE AS "gone_users" FOR EACH STATEMENT EXECUTE FUNCTION "notification_messages_forget_users"();
