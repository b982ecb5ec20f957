-- Groups and per-category permissions (issue 57; docs/permissions.md). No rows keep today's behaviour.
CREATE TABLE "category_moderators" (
	"category_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	CONSTRAINT "category_moderators_category_id_group_id_pk" PRIMARY KEY("category_id","group_id")
);
--> statement-breakpoint
CREATE TABLE "category_permissions" (
	"id" serial PRIMARY KEY NOT NULL,
	"category_id" integer NOT NULL,
	"action" text NOT NULL,
	"principal" text NOT NULL,
	"group_id" integer,
	CONSTRAINT "category_permissions_action_check" CHECK ("category_permissions"."action" in ('see', 'post', 'reply')),
	CONSTRAINT "category_permissions_principal_check" CHECK (("category_permissions"."principal" = 'group') = ("category_permissions"."group_id" is not null) and "category_permissions"."principal" in ('everyone', 'members', 'staff', 'group'))
);
--> statement-breakpoint
CREATE TABLE "group_members" (
	"group_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"owner" boolean DEFAULT false NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "group_members_group_id_user_id_pk" PRIMARY KEY("group_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"members_visibility" text DEFAULT 'members' NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "groups_members_visibility_check" CHECK ("groups"."members_visibility" in ('everyone', 'members', 'group', 'staff'))
);
--> statement-breakpoint
ALTER TABLE "category_moderators" ADD CONSTRAINT "category_moderators_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "category_moderators" ADD CONSTRAINT "category_moderators_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "category_permissions" ADD CONSTRAINT "category_permissions_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "category_permissions" ADD CONSTRAINT "category_permissions_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_members" ADD CONSTRAINT "group_members_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_members" ADD CONSTRAINT "group_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "category_moderators_group_idx" ON "category_moderators" USING btree ("group_id");--> statement-breakpoint
CREATE UNIQUE INDEX "category_permissions_entry_idx" ON "category_permissions" USING btree ("category_id","action","principal",coalesce("group_id", 0));--> statement-breakpoint
CREATE INDEX "category_permissions_action_idx" ON "category_permissions" USING btree ("action","category_id");--> statement-breakpoint
CREATE INDEX "category_permissions_group_idx" ON "category_permissions" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "group_members_user_idx" ON "group_members" USING btree ("user_id","group_id");--> statement-breakpoint
CREATE UNIQUE INDEX "groups_name_lower_idx" ON "groups" USING btree (lower("name"));--> statement-breakpoint
-- Live streams follow access (lib/live/events.ts): a member who joins or leaves a group has their streams
-- ended ('role', as a role change does) and a changed category permission ends every stream ('access');
-- clients reconnect and resume, filtered by the new rule.
CREATE OR REPLACE FUNCTION forum_events_group_member_changed() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM forum_emit(jsonb_build_object('type', 'revoked', 'kind', 'role', 'userId', OLD.user_id));
  ELSE
    PERFORM forum_emit(jsonb_build_object('type', 'revoked', 'kind', 'role', 'userId', NEW.user_id));
  END IF;
  RETURN NULL;
END $$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER group_members_access_events AFTER INSERT OR DELETE ON group_members
  FOR EACH ROW EXECUTE FUNCTION forum_events_group_member_changed();--> statement-breakpoint
CREATE OR REPLACE FUNCTION forum_events_category_access_changed() RETURNS trigger AS $$
BEGIN
  PERFORM forum_emit(jsonb_build_object('type', 'revoked', 'kind', 'access'));
  RETURN NULL;
END $$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER category_permissions_access_events AFTER INSERT OR UPDATE OR DELETE ON category_permissions
  FOR EACH STATEMENT EXECUTE FUNCTION forum_events_category_access_changed();
--> statement-breakpoint
-- Post events carry the post's category, so each stream filters them by the reader's hidden categories
-- (comments and counts through forum_post_access; a move says where the post was).
CREATE OR REPLACE FUNCTION forum_post_access(pid integer) RETURNS jsonb AS $$
  SELECT jsonb_build_object('postId', id, 'authorId', author_id, 'status', status, 'scope', visible_scope, 'categoryId', category_id)
  FROM posts WHERE id = pid
$$ LANGUAGE sql STABLE;--> statement-breakpoint
CREATE OR REPLACE FUNCTION forum_events_posts() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM forum_emit(jsonb_build_object('type', 'post_created', 'postId', NEW.id, 'authorId', NEW.author_id,
      'status', NEW.status, 'scope', NEW.visible_scope, 'categoryId', NEW.category_id));
  ELSIF NEW.status <> OLD.status AND NEW.status = 'PUBLISHED' THEN
    -- Approved after review: new on the lists now.
    PERFORM forum_emit(jsonb_build_object('type', 'post_created', 'postId', NEW.id, 'authorId', NEW.author_id,
      'status', NEW.status, 'scope', NEW.visible_scope, 'categoryId', NEW.category_id));
  ELSIF (NEW.title, NEW.content, NEW.category_id, NEW.visible_scope, NEW.closed, NEW.pinned_at, NEW.rss_excluded, NEW.status)
        IS DISTINCT FROM (OLD.title, OLD.content, OLD.category_id, OLD.visible_scope, OLD.closed, OLD.pinned_at, OLD.rss_excluded, OLD.status) THEN
    -- Visible to whoever could see it before or after the change.
    PERFORM forum_emit(jsonb_build_object('type', 'post_changed', 'postId', NEW.id, 'authorId', NEW.author_id,
      'status', NEW.status, 'scope', NEW.visible_scope, 'categoryId', NEW.category_id,
      'oldStatus', OLD.status, 'oldScope', OLD.visible_scope, 'oldCategoryId', OLD.category_id));
  END IF;
  RETURN NULL;
END $$ LANGUAGE plpgsql;
