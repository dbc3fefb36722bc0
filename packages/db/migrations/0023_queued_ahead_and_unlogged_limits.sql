-- How many queued jobs of a family go before a job (a higher rank; the same rank, older), read by
-- every submission and every answer that shows a queued job. A queue that fills in a rush is
-- mostly rows written since the last vacuum, where an index-only count visits the table once per
-- row; a bitmap count visits each page once (and skips the pages a vacuum has seen), about half
-- the work. The planner's choice is pinned here, for this count only. STABLE: it sees what the
-- statement calling it sees, so a submission does not count its own new job.
CREATE FUNCTION "jobs_queued_ahead"("of_family" text, "of_priority" integer, "of_created_at" timestamptz)
RETURNS integer
LANGUAGE plpgsql STABLE
SET enable_indexonlyscan = off
SET enable_indexscan = off
SET enable_seqscan = off
AS $$
BEGIN
  RETURN (SELECT count(*)::int FROM jobs WHERE family = of_family AND status = 'queued' AND priority > of_priority)
    + (SELECT count(*)::int FROM jobs
       WHERE family = of_family AND status = 'queued' AND priority = of_priority AND created_at < of_created_at);
END
$$;--> statement-breakpoint
-- Rate-limit counters live for a minute or so: they need no write-ahead log, so a hit's commit
-- does not wait for a disk flush. After a crash of the database server they start again at zero.
ALTER TABLE "rate_limits" SET UNLOGGED;
