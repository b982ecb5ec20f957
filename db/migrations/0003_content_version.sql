-- A process-shared version of everything a public list shows. The app bumps it (nextval) after every
-- committed write; each server process keeps rendered anonymous list pages keyed by URL and serves them
-- only while the version it read before rendering is still current. Sequences take no row locks.
CREATE SEQUENCE IF NOT EXISTS "content_version";
