"use client";

import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { Field, Input, Select, describedBy } from "@/components/ui/field";
import { MarkdownEditor } from "@/components/composer/markdown-editor";
import { TagPicker } from "@/components/composer/tag-picker";
import { usePostMutation } from "@/components/posts/use-post";
import { LotteryFields, optionId, PollFields } from "@/components/composer/post-type-fields";
import { fieldErrors, type PostInput } from "@/lib/client/api-client";
import { categoryTree } from "@/lib/category-tree";
import type { CategoryDto } from "@/lib/validation/responses";
import { emptyDraft, KNOWN_FIELDS, SCOPES, toIso, type Draft, type PostType, type Scope } from "@/components/composer/post-draft";
import type { EditorTagRules } from "@/lib/validation/taxonomy";

/** The category this member chose for their last new post (a new post starts there, and says so). */
const LAST_CATEGORY_KEY = "composer:last-category";

type Mode = "create" | "edit";
type Categories = (CategoryDto & { parentId?: number | null })[];
type Errors = Record<string, string>;
type ErrorOf = (field: string) => string | null;
type Update = (patch: Partial<Draft>) => void;

/**
 * The draft in localStorage (per new post, or per edited post): restored once after mount, saved 300 ms
 * after each change; `forget` drops the saved copy, `discard` also puts the form back as it started.
 */
function usePostDraft(mode: Mode, postId: number | undefined, initial: Partial<Draft> | undefined, categoryIds: string) {
  const draftKey = mode === "create" ? "draft:new-post" : `draft:edit-post:${postId}`;
  // No category is chosen for the member: a new post starts without one (or with their last choice, below).
  const base = { ...emptyDraft(""), ...initial };
  const [d, setD] = useState<Draft>(base);
  const [restored, setRestored] = useState(false);
  const [rememberedCategory, setRememberedCategory] = useState(false);
  const loaded = useRef(false);
  const saveTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  // Restores a saved draft once, after mount (localStorage is browser-only); a new post without one
  // takes the category this member chose last time, and says so beside the choice.
  useEffect(() => {
    const raw = localStorage.getItem(draftKey);
    let saved: Partial<Draft> = {};
    if (raw) {
      try {
        saved = JSON.parse(raw) as Partial<Draft>;
      } catch {
        localStorage.removeItem(draftKey);
      }
    }
    const last = mode === "create" && !saved.categoryId ? localStorage.getItem(LAST_CATEGORY_KEY) : null;
    const lastKnown = last && categoryIds.split(",").includes(last) ? last : null;
    if (raw || lastKnown) {
      setTimeout(() => {
        setD((cur) => ({ ...cur, ...saved, ...(lastKnown ? { categoryId: lastKnown } : {}) }));
        if (raw) setRestored(true);
        if (lastKnown) setRememberedCategory(true);
      }, 0);
    }
    loaded.current = true;
  }, [draftKey, mode, categoryIds]);

  function update(patch: Partial<Draft>) {
    setD((cur) => {
      const next = { ...cur, ...patch };
      if (loaded.current) {
        if (saveTimer.current) clearTimeout(saveTimer.current);
        saveTimer.current = setTimeout(() => localStorage.setItem(draftKey, JSON.stringify(next)), 300);
      }
      return next;
    });
  }

  function forget() {
    if (saveTimer.current) clearTimeout(saveTimer.current);
    localStorage.removeItem(draftKey);
  }

  function discard() {
    forget();
    setD(base);
    setRestored(false);
  }

  return { d, update, restored, rememberedCategory, setRememberedCategory, forget, discard };
}

/** "Add option" for a poll; it hands the keyboard to the option it added. */
function useAddOption(pollOptions: string[], update: Update) {
  const focusOption = useRef<number | null>(null);

  useEffect(() => {
    if (focusOption.current === null) return;
    document.getElementById(optionId(focusOption.current))?.focus();
    focusOption.current = null;
  }, [pollOptions.length]);

  return function addOption() {
    // An empty option already waiting is filled in first: no second empty one.
    const empty = pollOptions.findIndex((o) => !o.trim());
    if (empty >= 0) return document.getElementById(optionId(empty))?.focus();
    focusOption.current = pollOptions.length;
    update({ pollOptions: [...pollOptions, ""] });
  };
}

/** What the form checks before it sends anything, keyed by the API's field names. */
function checkDraft(d: Draft, mode: Mode, tagRules: EditorTagRules, tc: ReturnType<typeof useTranslations<"Composer">>): Errors {
  const e: Errors = {};
  if (!d.title.trim()) e.title = tc("check.title");
  if (!d.content.trim()) e.content = tc("check.content");
  if (!d.categoryId) e.categoryId = tc("check.category");
  if (d.tags.length < tagRules.minTags) e.tagIds = tc("check.tags", { min: tagRules.minTags });
  if (mode === "create" && d.type === "POLL") {
    const opts = d.pollOptions.map((o) => o.trim()).filter(Boolean);
    if (opts.length < 2) e["poll.options"] = tc("check.pollOptions");
    else if (new Set(opts).size !== opts.length) e["poll.options"] = tc("check.pollUnique");
    if (!d.pollEnd) e["poll.endTime"] = tc("check.pollEnd");
  }
  if (mode === "create" && d.type === "LOTTERY") {
    if (!d.prizeDescription.trim()) e["lottery.prizeDescription"] = tc("check.prize");
    if (!d.lotteryEnd) e["lottery.endTime"] = tc("check.lotteryEnd");
  }
  return e;
}

/** The request body for a draft (a new post also sends its type, and its poll or lottery). */
function postBody(d: Draft, mode: Mode): PostInput {
  const body: PostInput = {
    title: d.title,
    content: d.content,
    categoryId: Number(d.categoryId),
    tagIds: d.tags.flatMap((t) => (t.id === null ? [] : [t.id])),
    newTags: d.tags.flatMap((t) => (t.id === null ? [t.name] : [])),
    visibleScope: d.visibleScope,
  };
  if (mode === "create") {
    body.type = d.type;
    if (d.type === "POLL") {
      body.poll = { options: d.pollOptions.map((o) => o.trim()).filter(Boolean), multiple: d.pollMultiple, endTime: toIso(d.pollEnd) };
    }
    if (d.type === "LOTTERY") {
      body.lottery = {
        prizeDescription: d.prizeDescription,
        prizeIcon: d.prizeIcon,
        prizeCount: Number(d.prizeCount),
        pointCost: Number(d.pointCost),
        ...(d.lotteryStart ? { startTime: toIso(d.lotteryStart) } : {}),
        endTime: toIso(d.lotteryEnd),
      };
    }
  }
  return body;
}

/**
 * Sending the form: the client check first (focus goes to the first field it names), then the save;
 * on success the draft is forgotten and the post opens, and every API error lands beside its field.
 */
function usePostSubmit(mode: Mode, postId: number | undefined, d: Draft, tagRules: EditorTagRules, forget: () => void) {
  const tc = useTranslations("Composer");
  const router = useRouter();
  const save = usePostMutation(postId);
  const busy = save.isPending || save.isSuccess;
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);

  function submit(ev: React.FormEvent) {
    ev.preventDefault();
    setFormError(null);
    const pre = checkDraft(d, mode, tagRules, tc);
    setErrors(pre);
    if (Object.keys(pre).length) {
      document.getElementById(`post-${Object.keys(pre)[0]!.replace(".", "-")}`)?.focus();
      return;
    }
    const body = postBody(d, mode);
    save.mutate(mode === "create" ? { kind: "create", body } : { kind: "update", body }, {
      onSuccess: (post) => {
        if (mode === "create") localStorage.setItem(LAST_CATEGORY_KEY, d.categoryId);
        forget();
        router.push(`/posts/${(post as { id: number }).id}`);
        router.refresh();
      },
      onError: (e) => {
        const f = fieldErrors(e);
        setErrors(f.fields);
        setFormError(f.form ?? (Object.keys(f.fields).some((k) => !KNOWN_FIELDS.has(k)) ? Object.values(f.fields)[0]! : null));
      },
    });
  }

  return { busy, errors, setErrors, formError, submit };
}

type PostEditorProps = {
  mode: Mode;
  categories: Categories;
  postId?: number;
  initial?: Partial<Draft>;
  /** The site's tag rules for this member (how many a post needs; whether they may create tags), shown before Publish. */
  tagRules: EditorTagRules;
};

/**
 * The create/edit form. A draft is kept in localStorage (per new post, or per edited post) and
 * restored after a reload; every API error is shown next to the field its `field` names.
 */
export function PostEditor({ mode, categories, postId, initial, tagRules }: PostEditorProps) {
  const tc = useTranslations("Composer");
  const categoryIds = categories.map((c) => String(c.id)).join(",");
  const draft = usePostDraft(mode, postId, initial, categoryIds);
  const { d, update } = draft;
  const addOption = useAddOption(d.pollOptions, update);
  const { busy, errors, setErrors, formError, submit } = usePostSubmit(mode, postId, d, tagRules, draft.forget);
  const err = (k: string) => errors[k] || null;

  function discardDraft() {
    draft.discard();
    setErrors({});
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-5" aria-label={mode === "create" ? tc("newPost") : tc("editPost")}>
      <FormNotices restored={draft.restored} onDiscard={discardDraft} formError={formError} />

      <Field id="post-title" label={tc("title")} error={err("title")}>
        <Input
          id="post-title"
          value={d.title}
          maxLength={200}
          onChange={(e) => update({ title: e.target.value })}
          {...describedBy("post-title", err("title"))}
        />
      </Field>

      <div className="grid gap-4 sm:grid-cols-3">
        <CategoryField
          mode={mode}
          categories={categories}
          value={d.categoryId}
          remembered={draft.rememberedCategory}
          error={err("categoryId")}
          onChange={(categoryId) => {
            draft.setRememberedCategory(false);
            update({ categoryId });
          }}
        />
        <ScopeAndTypeFields mode={mode} d={d} update={update} err={err} />
      </div>

      <TagsField value={d.tags} onChange={(tags) => update({ tags })} tagRules={tagRules} error={err("tagIds") ?? err("newTags")} />

      {mode === "create" && d.type === "POLL" ? <PollFields d={d} update={update} err={err} addOption={addOption} /> : null}
      {mode === "create" && d.type === "LOTTERY" ? (
        <LotteryFields d={d} update={update} err={err} setError={(k, m) => setErrors((x) => ({ ...x, [k]: m }))} />
      ) : null}

      <MarkdownEditor
        id="post-content"
        label={tc("content")}
        value={d.content}
        onChange={(content) => update({ content })}
        error={err("content")}
      />

      <FormActions mode={mode} busy={busy} />
    </form>
  );
}

/** The restored-draft notice (with its discard button) and the form's own error, above the fields. */
function FormNotices({ restored, onDiscard, formError }: { restored: boolean; onDiscard: () => void; formError: string | null }) {
  const tc = useTranslations("Composer");
  return (
    <>
      {restored ? (
        <div
          role="status"
          className="flex flex-wrap items-center gap-2 rounded-md bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-200"
        >
          {tc("restored")}
          <Button variant="ghost" size="sm" onClick={onDiscard}>
            {tc("discardDraft")}
          </Button>
        </div>
      ) : null}
      {formError ? (
        <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800 dark:bg-red-950 dark:text-red-200">
          {formError}
        </p>
      ) : null}
    </>
  );
}

/** The category choice; a new post's hint says when it is the member's last choice. */
function CategoryField({
  mode,
  categories,
  value,
  remembered,
  error,
  onChange,
}: {
  mode: Mode;
  categories: Categories;
  value: string;
  remembered: boolean;
  error: string | null;
  onChange: (categoryId: string) => void;
}) {
  const tc = useTranslations("Composer");
  return (
    <Field
      id="post-categoryId"
      label={tc("category")}
      error={error}
      hint={mode === "create" ? (remembered && value ? tc("categoryRemembered") : tc("categoryHint")) : undefined}
    >
      <Select
        id="post-categoryId"
        value={value}
        required
        onChange={(e) => onChange(e.target.value)}
        {...(error ? describedBy("post-categoryId", error) : mode === "create" ? { "aria-describedby": "post-categoryId-hint" } : {})}
      >
        <option value="" disabled>
          {tc("chooseCategory")}
        </option>
        {/* Sub-categories grouped under their parent, which can be chosen too (issue 57). */}
        {categoryTree(categories).map(({ category: c, children }) =>
          children.length ? (
            <optgroup key={c.id} label={c.name}>
              <option value={c.id}>{c.name}</option>
              {children.map((k) => (
                <option key={k.id} value={k.id}>
                  {k.name}
                </option>
              ))}
            </optgroup>
          ) : (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ),
        )}
      </Select>
    </Field>
  );
}

/** Who may see the post, and (for a new post) its type. */
function ScopeAndTypeFields({ mode, d, update, err }: { mode: Mode; d: Draft; update: Update; err: ErrorOf }) {
  const tc = useTranslations("Composer");
  return (
    <>
      <Field id="post-visibleScope" label={tc("visibleTo")} error={err("visibleScope")}>
        <Select id="post-visibleScope" value={d.visibleScope} onChange={(e) => update({ visibleScope: e.target.value as Scope })}>
          {SCOPES.map((s) => (
            <option key={s} value={s}>
              {tc(`scope.${s}`)}
            </option>
          ))}
        </Select>
      </Field>
      {mode === "create" ? (
        <Field id="post-type" label={tc("postType")} error={err("type")}>
          <Select id="post-type" value={d.type} onChange={(e) => update({ type: e.target.value as PostType })}>
            <option value="NORMAL">{tc("discussion")}</option>
            <option value="POLL">{tc("poll")}</option>
            <option value="LOTTERY">{tc("lottery")}</option>
          </Select>
        </Field>
      ) : null}
    </>
  );
}

/** The tags, with the site's rules for this member. */
function TagsField({
  value,
  onChange,
  tagRules,
  error,
}: {
  value: Draft["tags"];
  onChange: (tags: Draft["tags"]) => void;
  tagRules: EditorTagRules;
  error: string | null;
}) {
  const tc = useTranslations("Composer");
  return (
    <div className="space-y-1">
      <label htmlFor="post-tagIds" className="block text-sm font-medium text-zinc-800 dark:text-zinc-200">
        {tc("tags")}
      </label>
      <TagPicker
        id="post-tagIds"
        value={value}
        onChange={onChange}
        canCreate={tagRules.canCreate}
        min={tagRules.minTags}
        creators={tagRules.creators}
        error={error}
      />
    </div>
  );
}

/** Publish / Save changes, Cancel (back), and the note that drafts are kept. */
function FormActions({ mode, busy }: { mode: Mode; busy: boolean }) {
  const tc = useTranslations("Composer");
  const router = useRouter();
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Button type="submit" disabled={busy}>
        {busy ? tc("saving") : mode === "create" ? tc("publish") : tc("saveChanges")}
      </Button>
      <Button variant="ghost" onClick={() => router.back()}>
        {tc("cancel")}
      </Button>
      <span className="text-xs text-zinc-600 dark:text-zinc-400">{tc("draftsSaved")}</span>
    </div>
  );
}
