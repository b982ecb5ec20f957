-- Issue 15, pages rendered ahead: every stamp of a list or profile scope keeps the version it replaced,
-- so a writer that rendered a hot list page between its commit and its stamp can tell from the stamp's
-- answer whether its own stamp was the only one since the version it read before rendering
-- (lib/cache/page-versions.ts, aheadVersion). Null for a scope's first stamp.
ALTER TABLE "list_page_versions" ADD COLUMN IF NOT EXISTS "previous" bigint;
