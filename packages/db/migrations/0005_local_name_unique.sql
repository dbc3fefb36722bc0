-- Earlier concurrent local sign-ins could create several users of one name; the oldest keeps it.
UPDATE "users" SET "discord_name" = "users"."discord_name" || '-' || left("users"."id"::text, 8)
FROM (
	SELECT "id", row_number() OVER (PARTITION BY "discord_name" ORDER BY "created_at", "id") AS "n"
	FROM "users" WHERE "discord_id" IS NULL
) AS "ranked"
WHERE "users"."id" = "ranked"."id" AND "ranked"."n" > 1;--> statement-breakpoint
CREATE UNIQUE INDEX "users_local_name_unique" ON "users" USING btree ("discord_name") WHERE "users"."discord_id" is null;
