-- Leghe Fanta "Scontri diretti" (issue 32, docs/fanta-season.md): the league's ranking, "classic" (total of the
-- weeks) or "h2h" (issue 30's calendar, goals and table on the managers' weeks), with the result rule (bands T
-- and S, or plain points) held together by a check as private_leagues' are. Nothing else is stored: the
-- calendar is the circle method over the members in a fixed seat order, the results come from the weeks.
ALTER TABLE "fanta_leagues" ADD COLUMN "format" text DEFAULT 'classic' NOT NULL;--> statement-breakpoint
ALTER TABLE "fanta_leagues" ADD COLUMN "h2h_rule" text;--> statement-breakpoint
ALTER TABLE "fanta_leagues" ADD COLUMN "h2h_band_start" numeric(8, 2);--> statement-breakpoint
ALTER TABLE "fanta_leagues" ADD COLUMN "h2h_band_step" numeric(8, 2);--> statement-breakpoint
ALTER TABLE "fanta_leagues" ADD CONSTRAINT "fanta_leagues_format" CHECK ("format" in ('classic', 'h2h'));--> statement-breakpoint
ALTER TABLE "fanta_leagues" ADD CONSTRAINT "fanta_leagues_h2h_rule" CHECK (("format" = 'classic' and "h2h_rule" is null) or ("format" = 'h2h' and "h2h_rule" in ('bands', 'points') and "h2h_band_start" between 1 and 10000 and "h2h_band_step" between 1 and 1000));
