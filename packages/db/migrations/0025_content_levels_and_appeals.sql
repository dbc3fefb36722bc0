-- Moderation that is right both ways (issue 49). A blocklist term matches whole words unless an
-- admin marks it a substring; every creation carries a content level (mature: made in the horror
-- channels or flagged by the prompt check), which signed-out visitors and under-18s never see and
-- adults show, blur (the default) or hide; a refusal a moderator overturned on appeal no longer
-- counts toward a pause.
ALTER TABLE "blocklist_terms" ADD COLUMN "substring" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "content_level" text DEFAULT 'general' NOT NULL;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_content_level_check" CHECK ("content_level" IN ('general', 'mature'));--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "mature_display" text DEFAULT 'blur' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_mature_display_check" CHECK ("mature_display" IN ('show', 'blur', 'hide'));--> statement-breakpoint
ALTER TABLE "moderation_items" ADD COLUMN "overturned_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "moderation_items_one_appeal" ON "moderation_items" USING btree (("details"->>'refusalId')) WHERE "moderation_items"."kind" = 'appeal';
