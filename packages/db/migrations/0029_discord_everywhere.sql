-- Discord everywhere: how the bot reaches the place a command came from, the asker's language for
-- the result, and the person's choice of classic result messages over cards.
ALTER TABLE "discord_deliveries" ADD COLUMN "reach" text DEFAULT 'member' NOT NULL;--> statement-breakpoint
ALTER TABLE "discord_deliveries" ADD COLUMN "locale" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "discord_classic_results" boolean DEFAULT false NOT NULL;
