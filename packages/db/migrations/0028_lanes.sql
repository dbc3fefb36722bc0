-- GPU lanes: a person's default lane (fast spends credits, relax is free on idle capacity, turbo
-- costs twice and goes first), whether a job switches to relax when credits run out, and the lane
-- each job ran in (its relax use this period orders relax work, and the overview sums by lane).
ALTER TABLE "users" ADD COLUMN "lane" text DEFAULT 'fast' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "relax_when_out" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_lane_check" CHECK ("lane" in ('fast', 'relax', 'turbo'));--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "lane" text DEFAULT 'fast' NOT NULL;--> statement-breakpoint
-- A job that ran in relax because the balance could not pay for it (the person's setting).
ALTER TABLE "jobs" ADD COLUMN "auto_relaxed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_lane_check" CHECK ("lane" in ('fast', 'relax', 'turbo'));--> statement-breakpoint
-- A person's relax jobs since their period began: counted under their row lock at every relax submission.
CREATE INDEX "jobs_user_relax_idx" ON "jobs" ("user_id", "created_at") WHERE "lane" = 'relax';
