-- How many jobs wait in each family's queue at each rank, kept by the jobs table's own triggers in
-- the transaction that queues or dequeues a job: a new job's place is the sum of a few counters
-- (its rank and the higher ones) instead of a count over every queued row, which in a rush grows
-- with each submission. Each database connection keeps its own counter rows (`stripe` is its
-- backend's process id), so concurrent submissions never wait on each other's counter; rows of
-- connections that have ended are folded into stripe 0 now and then (`foldQueuedJobCounts`).
-- Read in the reader's snapshot, the counters agree with the rows it sees.
CREATE TABLE "queued_job_counts" (
	"family" text NOT NULL,
	"priority" integer NOT NULL,
	"stripe" integer NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "queued_job_counts_pkey" PRIMARY KEY("family","priority","stripe")
);--> statement-breakpoint
CREATE FUNCTION "jobs_count_queued"() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.status = 'queued' THEN
    INSERT INTO queued_job_counts AS c (family, priority, stripe, count)
    VALUES (OLD.family, OLD.priority, pg_backend_pid(), -1)
    ON CONFLICT (family, priority, stripe) DO UPDATE SET count = c.count - 1;
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.status = 'queued' THEN
    INSERT INTO queued_job_counts AS c (family, priority, stripe, count)
    VALUES (NEW.family, NEW.priority, pg_backend_pid(), 1)
    ON CONFLICT (family, priority, stripe) DO UPDATE SET count = c.count + 1;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "jobs_count_queued_truncate"() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  DELETE FROM queued_job_counts;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "jobs_count_queued_insert" AFTER INSERT ON "jobs"
FOR EACH ROW WHEN (NEW.status = 'queued') EXECUTE FUNCTION "jobs_count_queued"();--> statement-breakpoint
CREATE TRIGGER "jobs_count_queued_update" AFTER UPDATE OF "status", "family", "priority" ON "jobs"
FOR EACH ROW WHEN ((OLD.status = 'queued' OR NEW.status = 'queued')
  AND (OLD.status, OLD.family, OLD.priority) IS DISTINCT FROM (NEW.status, NEW.family, NEW.priority))
EXECUTE FUNCTION "jobs_count_queued"();--> statement-breakpoint
CREATE TRIGGER "jobs_count_queued_delete" AFTER DELETE ON "jobs"
FOR EACH ROW WHEN (OLD.status = 'queued') EXECUTE FUNCTION "jobs_count_queued"();--> statement-breakpoint
CREATE TRIGGER "jobs_count_queued_truncate" AFTER TRUNCATE ON "jobs"
FOR EACH STATEMENT EXECUTE FUNCTION "jobs_count_queued_truncate"();--> statement-breakpoint
-- The queue as it stands when the triggers start counting (they hold the jobs table until commit).
INSERT INTO "queued_job_counts" ("family", "priority", "stripe", "count")
SELECT "family", "priority", 0, count(*)::int FROM "jobs" WHERE "status" = 'queued' GROUP BY "family", "priority";
