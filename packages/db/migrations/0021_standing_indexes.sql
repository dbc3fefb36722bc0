-- What every submission and every answer showing a queued job read, each an index range rather
-- than a pass over many rows: a person's queued and running jobs (their limit and round), however
-- many finished ones they have; where a family's queued jobs stand in dispatch order; how long
-- its latest took.
CREATE INDEX "jobs_active_user_idx" ON "jobs" ("user_id", "family") WHERE "status" in ('queued', 'running');--> statement-breakpoint
CREATE INDEX "jobs_queued_order_idx" ON "jobs" ("family", "priority" DESC, "created_at") WHERE "status" = 'queued';--> statement-breakpoint
CREATE INDEX "jobs_succeeded_idx" ON "jobs" ("family", "finished_at" DESC) WHERE "status" = 'succeeded';
