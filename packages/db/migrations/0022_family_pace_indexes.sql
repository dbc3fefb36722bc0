-- The rest of what an answer showing a queued job reads, each an index range however long the
-- queue: a family's running jobs (a partial index of only those), and its latest arrivals, newest
-- first (their pace).
CREATE INDEX "jobs_running_idx" ON "jobs" ("family", "started_at") WHERE "status" = 'running';--> statement-breakpoint
CREATE INDEX "jobs_family_created_idx" ON "jobs" ("family", "created_at");
