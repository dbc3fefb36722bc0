CREATE TABLE "fleet_hosts" (
	"host" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"families" jsonb NOT NULL,
	"slots" integer DEFAULT 1 NOT NULL,
	"lock_key" integer NOT NULL,
	"status" text DEFAULT 'up' NOT NULL,
	"down_since" timestamp with time zone,
	"last_error" text,
	"last_error_at" timestamp with time zone,
	"jobs_done" integer DEFAULT 0 NOT NULL,
	"checked_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
