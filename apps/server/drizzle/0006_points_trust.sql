-- DECISIONS 19: the threshold bonus of a weekly distribution is stored beside the tier reward, so the
-- history and the participant's reward list show what was really paid.
ALTER TABLE "weekly_burrocoin_rewards" ADD COLUMN "bonus_amount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "weekly_burrocoin_rewards" ADD CONSTRAINT "weekly_burrocoin_rewards_bonus" CHECK ("weekly_burrocoin_rewards"."bonus_amount" >= 0);
