ALTER TABLE "users" ADD COLUMN IF NOT EXISTS "default_aspect" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN IF NOT EXISTS "default_lora_weight" real;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN IF NOT EXISTS "private_by_default" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "discord_deliveries" ADD COLUMN IF NOT EXISTS "status_text" text;--> statement-breakpoint
ALTER TABLE "discord_deliveries" ADD COLUMN IF NOT EXISTS "status_edited_at" timestamp with time zone;
