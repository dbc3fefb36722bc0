ALTER TABLE "jobs" ADD CONSTRAINT "jobs_family_known" CHECK ("jobs"."family" in ('image', 'video', 'audio', 'lipsync', 'lora'));
