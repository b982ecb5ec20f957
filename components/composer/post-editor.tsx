"use client";

/* eslint-disable @next/next/no-img-element -- the prize icon preview is a user-supplied URL */
import { useRouter } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { useMutation } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { Field, Input, Select, describedBy } from "@/components/ui/field";
import { MarkdownEditor } from "@/components/composer/markdown-editor";
import { TagPicker } from "@/components/composer/tag-picker";
import { usePostMutation } from "@/components/posts/use-post";
import { uploadImage } from "@/components/composer/upload";
import { fieldErrors, type PostInput } from "@/lib/client/api-client";
import type { CategoryDto } from "@/lib/validation/responses";
import { emptyDraft, KNOWN_FIELDS, SCOPES, toIso, type Draft, type PostType, type Scope } from "@/components/composer/post-draft";
import type { EditorTagRules } from "@/lib/validation/taxonomy";

/** The category this member chose for their last new post (a new post starts there, and says so). */
const LAST_CATEGORY_KEY = "composer:last-category";
const optionId = (i: number) => (i === 0 ? "post-poll-options" : `poll-option-${i}`);
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

/**
 * The create/edit form. A draft is kept in localStorage (per new post, or per edited post) and
 * restored after a reload; every API error is shown next to the field its `field` names.
 */
export function PostEditor({
  mode,
  categories,
  postId,
  initial,
  tagRules,
}: {
  mode: "create" | "edit";
  categories: CategoryDto[];
  postId?: number;
  initial?: Partial<Draft>;
  /** The site's tag rules for this member (how many a post needs; whether they may create tags), shown before Publish. */
  tagRules: EditorTagRules;
}) {
  const router = useRouter();
  const categoryIds = categories.map((c) => String(c.id)).join(",");
  const save = usePostMutation(postId);
  const busy = save.isPending || save.isSuccess;
  const draftKey = mode === "create" ? "draft:new-post" : `draft:edit-post:${postId}`;
  // No category is chosen for the member: a new post starts without one (or with their last choice, below).
  const base = { ...emptyDraft(""), ...initial };
  const [d, setD] = useState<Draft>(base);
  const [restored, setRestored] = useState(false);
  const [rememberedCategory, setRememberedCategory] = useState(false);
  const focusOption = useRef<number | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const iconUpload = useMutation({
    mutationFn: uploadImage,
    onSuccess: (url) => {
      update({ prizeIcon: url });
      setErrors((x) => ({ ...x, "lottery.prizeIcon": "" }));
    },
    onError: (er) => setErrors((x) => ({ ...x, "lottery.prizeIcon": er.message || "Upload failed" })),
  });
  const iconUploading = iconUpload.isPending;
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

  // "Add option" hands the keyboard to the option it added.
  useEffect(() => {
    if (focusOption.current === null) return;
    document.getElementById(optionId(focusOption.current))?.focus();
    focusOption.current = null;
  }, [d.pollOptions.length]);

  function addOption() {
    // An empty option already waiting is filled in first: no second empty one.
    const empty = d.pollOptions.findIndex((o) => !o.trim());
    if (empty >= 0) return document.getElementById(optionId(empty))?.focus();
    focusOption.current = d.pollOptions.length;
    update({ pollOptions: [...d.pollOptions, ""] });
  }

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

  function discardDraft() {
    if (saveTimer.current) clearTimeout(saveTimer.current);
    localStorage.removeItem(draftKey);
    setD(base);
    setRestored(false);
    setErrors({});
  }

  const err = (k: string) => errors[k] ?? null;

  function clientCheck(): Record<string, string> {
    const e: Record<string, string> = {};
    if (!d.title.trim()) e.title = "A title is required";
    if (!d.content.trim()) e.content = "Write some content";
    if (!d.categoryId) e.categoryId = "Choose a category";
    if (d.tags.length < tagRules.minTags) e.tagIds = `Add at least ${plural(tagRules.minTags, "tag")}`;
    if (mode === "create" && d.type === "POLL") {
      const opts = d.pollOptions.map((o) => o.trim()).filter(Boolean);
      if (opts.length < 2) e["poll.options"] = "At least two options";
      else if (new Set(opts).size !== opts.length) e["poll.options"] = "Options must be unique";
      if (!d.pollEnd) e["poll.endTime"] = "Choose when the poll ends";
    }
    if (mode === "create" && d.type === "LOTTERY") {
      if (!d.prizeDescription.trim()) e["lottery.prizeDescription"] = "Describe the prize";
      if (!d.lotteryEnd) e["lottery.endTime"] = "Choose when the lottery ends";
    }
    return e;
  }

  function submit(ev: React.FormEvent) {
    ev.preventDefault();
    setFormError(null);
    const pre = clientCheck();
    setErrors(pre);
    if (Object.keys(pre).length) {
      document.getElementById(`post-${Object.keys(pre)[0]!.replace(".", "-")}`)?.focus();
      return;
    }
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
    save.mutate(mode === "create" ? { kind: "create", body } : { kind: "update", body }, {
      onSuccess: (post) => {
        if (mode === "create") localStorage.setItem(LAST_CATEGORY_KEY, d.categoryId);
        if (saveTimer.current) clearTimeout(saveTimer.current);
        localStorage.removeItem(draftKey);
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

  return (
    <form onSubmit={submit} noValidate className="space-y-5" aria-label={mode === "create" ? "New post" : "Edit post"}>
      {restored ? (
        <div
          role="status"
          className="flex flex-wrap items-center gap-2 rounded-md bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-200"
        >
          Restored your unsaved draft.
          <Button variant="ghost" size="sm" onClick={discardDraft}>
            Discard draft
          </Button>
        </div>
      ) : null}
      {formError ? (
        <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800 dark:bg-red-950 dark:text-red-200">
          {formError}
        </p>
      ) : null}

      <Field id="post-title" label="Title" error={err("title")}>
        <Input
          id="post-title"
          value={d.title}
          maxLength={200}
          onChange={(e) => update({ title: e.target.value })}
          {...describedBy("post-title", err("title"))}
        />
      </Field>

      <div className="grid gap-4 sm:grid-cols-3">
        <Field
          id="post-categoryId"
          label="Category"
          error={err("categoryId")}
          hint={
            mode === "create"
              ? rememberedCategory && d.categoryId
                ? "Your last category: change it if this post belongs elsewhere."
                : "Required: where the post belongs."
              : undefined
          }
        >
          <Select
            id="post-categoryId"
            value={d.categoryId}
            required
            onChange={(e) => {
              setRememberedCategory(false);
              update({ categoryId: e.target.value });
            }}
            {...(err("categoryId")
              ? describedBy("post-categoryId", err("categoryId"))
              : mode === "create"
                ? { "aria-describedby": "post-categoryId-hint" }
                : {})}
          >
            <option value="" disabled>
              Choose a category…
            </option>
            {categories.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </Select>
        </Field>
        <Field id="post-visibleScope" label="Visible to" error={err("visibleScope")}>
          <Select id="post-visibleScope" value={d.visibleScope} onChange={(e) => update({ visibleScope: e.target.value as Scope })}>
            {SCOPES.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </Select>
        </Field>
        {mode === "create" ? (
          <Field id="post-type" label="Post type" error={err("type")}>
            <Select id="post-type" value={d.type} onChange={(e) => update({ type: e.target.value as PostType })}>
              <option value="NORMAL">Discussion</option>
              <option value="POLL">Poll</option>
              <option value="LOTTERY">Lottery</option>
            </Select>
          </Field>
        ) : null}
      </div>

      <div className="space-y-1">
        <label htmlFor="post-tagIds" className="block text-sm font-medium text-zinc-800 dark:text-zinc-200">
          Tags
        </label>
        <TagPicker
          id="post-tagIds"
          value={d.tags}
          onChange={(tags) => update({ tags })}
          canCreate={tagRules.canCreate}
          min={tagRules.minTags}
          creators={tagRules.creators}
          error={err("tagIds") ?? err("newTags")}
        />
      </div>

      {mode === "create" && d.type === "POLL" ? (
        <fieldset className="space-y-3 rounded-lg border border-zinc-200 p-4 dark:border-zinc-800">
          <legend className="px-1 text-sm font-semibold">Poll</legend>
          <div className="space-y-2">
            {d.pollOptions.map((o, i) => (
              <div key={i} className="flex items-center gap-2">
                <label htmlFor={optionId(i)} className="w-20 shrink-0 text-sm">
                  Option {i + 1}
                </label>
                <Input
                  id={optionId(i)}
                  value={o}
                  maxLength={200}
                  onChange={(e) => update({ pollOptions: d.pollOptions.map((x, j) => (j === i ? e.target.value : x)) })}
                />
                {d.pollOptions.length > 2 ? (
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={`Remove option ${i + 1}`}
                    onClick={() => update({ pollOptions: d.pollOptions.filter((_, j) => j !== i) })}
                  >
                    ×
                  </Button>
                ) : null}
              </div>
            ))}
            {d.pollOptions.length < 20 ? (
              <Button variant="secondary" size="sm" onClick={addOption}>
                Add option
              </Button>
            ) : null}
            {err("poll.options") || err("poll") ? (
              <p role="alert" className="text-sm text-red-700 dark:text-red-400">
                {err("poll.options") ?? err("poll")}
              </p>
            ) : null}
          </div>
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              checked={d.pollMultiple}
              onChange={(e) => update({ pollMultiple: e.target.checked })}
              className="h-4 w-4 accent-sky-700"
            />
            Allow several choices
          </label>
          <Field id="post-poll-endTime" label="Ends at" error={err("poll.endTime")}>
            <Input
              id="post-poll-endTime"
              type="datetime-local"
              value={d.pollEnd}
              onChange={(e) => update({ pollEnd: e.target.value })}
              {...describedBy("post-poll-endTime", err("poll.endTime"))}
            />
          </Field>
        </fieldset>
      ) : null}

      {mode === "create" && d.type === "LOTTERY" ? (
        <fieldset className="space-y-3 rounded-lg border border-zinc-200 p-4 dark:border-zinc-800">
          <legend className="px-1 text-sm font-semibold">Lottery</legend>
          <Field id="post-lottery-prizeDescription" label="Prize" error={err("lottery.prizeDescription") ?? err("lottery")}>
            <Input
              id="post-lottery-prizeDescription"
              value={d.prizeDescription}
              maxLength={1000}
              onChange={(e) => update({ prizeDescription: e.target.value })}
              {...describedBy("post-lottery-prizeDescription", err("lottery.prizeDescription") ?? err("lottery"))}
            />
          </Field>
          <Field id="post-lottery-prizeIcon" label="Prize image URL" error={err("lottery.prizeIcon")} hint="A link, or upload an image.">
            <div className="flex items-center gap-2">
              <Input
                id="post-lottery-prizeIcon"
                type="url"
                value={d.prizeIcon}
                onChange={(e) => update({ prizeIcon: e.target.value })}
                {...describedBy("post-lottery-prizeIcon", err("lottery.prizeIcon"))}
              />
              <label className="inline-flex h-10 shrink-0 cursor-pointer items-center rounded-md border border-zinc-300 px-3 text-sm focus-within:outline-2 focus-within:outline-sky-600 hover:bg-zinc-100 dark:border-zinc-700 dark:hover:bg-zinc-800">
                {iconUploading ? "Uploading…" : "Upload"}
                <input
                  type="file"
                  accept="image/*"
                  className="sr-only"
                  onChange={(e) => {
                    const f = e.target.files?.[0];
                    e.target.value = "";
                    if (!f) return;
                    iconUpload.mutate(f);
                  }}
                />
              </label>
              {d.prizeIcon ? <img src={d.prizeIcon} alt="Prize preview" className="h-10 w-10 rounded object-cover" /> : null}
            </div>
          </Field>
          <div className="grid gap-3 sm:grid-cols-2">
            <Field id="post-lottery-prizeCount" label="Number of winners" error={err("lottery.prizeCount")}>
              <Input
                id="post-lottery-prizeCount"
                type="number"
                min={1}
                max={1000}
                value={d.prizeCount}
                onChange={(e) => update({ prizeCount: e.target.value })}
                {...describedBy("post-lottery-prizeCount", err("lottery.prizeCount"))}
              />
            </Field>
            <Field id="post-lottery-pointCost" label="Points to join (0–100)" error={err("lottery.pointCost")}>
              <Input
                id="post-lottery-pointCost"
                type="number"
                min={0}
                max={100}
                value={d.pointCost}
                onChange={(e) => update({ pointCost: e.target.value })}
                {...describedBy("post-lottery-pointCost", err("lottery.pointCost"))}
              />
            </Field>
            <Field id="post-lottery-startTime" label="Starts at" hint="Empty: now" error={err("lottery.startTime")}>
              <Input
                id="post-lottery-startTime"
                type="datetime-local"
                value={d.lotteryStart}
                onChange={(e) => update({ lotteryStart: e.target.value })}
                {...describedBy("post-lottery-startTime", err("lottery.startTime"))}
              />
            </Field>
            <Field id="post-lottery-endTime" label="Ends at" error={err("lottery.endTime")}>
              <Input
                id="post-lottery-endTime"
                type="datetime-local"
                value={d.lotteryEnd}
                onChange={(e) => update({ lotteryEnd: e.target.value })}
                {...describedBy("post-lottery-endTime", err("lottery.endTime"))}
              />
            </Field>
          </div>
        </fieldset>
      ) : null}

      <MarkdownEditor
        id="post-content"
        label="Content"
        value={d.content}
        onChange={(content) => update({ content })}
        error={err("content")}
      />

      <div className="flex flex-wrap items-center gap-2">
        <Button type="submit" disabled={busy}>
          {busy ? "Saving…" : mode === "create" ? "Publish" : "Save changes"}
        </Button>
        <Button variant="ghost" onClick={() => router.back()}>
          Cancel
        </Button>
        <span className="text-xs text-zinc-600 dark:text-zinc-400">Drafts are saved in this browser as you type.</span>
      </div>
    </form>
  );
}
