-- Remix: with it on, Vary, Zoom and Pan first open the prompt to edit before the new job is made.
ALTER TABLE "users" ADD COLUMN "remix" boolean DEFAULT false NOT NULL;
