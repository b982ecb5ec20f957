"use client";

import { useTranslations } from "next-intl";
import { Icon } from "@/components/ui/icon";
import { FieldError } from "@/components/ui/field";
import { FlagButton } from "@/components/moderation/flag-button";
import { SignInLink } from "@/components/layout/sign-in-link";
import { useShellViewer } from "@/components/layout/shell-marks";
import { SuspendedHint, useSuspension } from "@/components/layout/suspension-banner";
import { UserLink } from "@/components/people/user-link";
import { ClientNav } from "@/components/ui/client-nav";
import { useRouter } from "next/navigation";
import { useEffect, useId, useRef, useState, useTransition } from "react";
import { useCommentMutation, type CommentChange } from "@/components/comments/use-comments";
import { Composer, type ComposerHandle } from "@/components/composer/composer";
import { QUOTE_EVENT, QuoteSelection } from "@/components/comments/quote-selection";
import { Avatar } from "@/components/ui/avatar";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { RelativeTime } from "@/components/ui/relative-time";
import { ReactionBar, applyToggle } from "@/components/reactions/reaction-bar";
import { fieldErrors, textBoxError } from "@/lib/client/api-client";
import type { ReactionDto } from "@/lib/validation/responses";
import type { CommentDto } from "@/lib/validation/responses";
import { useShownName } from "@/components/people/member-name";

/** A comment with its server-rendered, sanitized HTML. */
export type CommentView = Omit<CommentDto, "replies"> & { html: string; replies: CommentView[] };
export type CommentViewer = { id: number; username: string; moderator: boolean } | null;
/** On a shared page before page-state answers: a member who is neither staff nor the post's author. */
const SOME_MEMBER = { id: 0, username: "", moderator: false };

/**
 * `suspended`: the member's suspension runs (every write is refused); `rejected`: a moderator rejected
 * the post, which is read-only. Either way no reply, edit or reaction controls.
 */
type Ctx = {
  postId: number;
  viewer: CommentViewer;
  canPin: boolean;
  closed: boolean;
  suspended: boolean;
  rejected: boolean;
  refresh: () => void;
};

/**
 * The comment form (top level, or a reply): the composer, a draft kept in this browser per member,
 * post and reply target until it is sent, and, for the top-level form, quotes sent by QuoteSelection.
 */
function CommentForm({
  label,
  submitLabel,
  parentId,
  onDone,
  autoFocus,
  postId,
  draftKey,
  acceptQuotes = false,
}: {
  label: string;
  submitLabel: string;
  /** The comment this replies to; none: a top-level comment. */
  parentId?: number;
  onDone: () => void;
  autoFocus?: boolean;
  postId: number;
  /** localStorage key of the draft; null: no draft (signed out). */
  draftKey: string | null;
  acceptQuotes?: boolean;
}) {
  const t = useTranslations("Comments");
  const id = useId();
  const composer = useRef<ComposerHandle>(null);
  const [text, setText] = useState("");
  const [emptyError, setEmptyError] = useState(false);

  useEffect(() => {
    if (!draftKey) return;
    // After mount (localStorage is browser-only; the server rendered an empty box).
    const saved = localStorage.getItem(draftKey);
    if (!saved) return;
    const timer = setTimeout(() => setText((cur) => cur || saved), 0);
    return () => clearTimeout(timer);
  }, [draftKey]);
  useEffect(() => {
    if (!draftKey) return;
    const timer = setTimeout(() => (text.trim() ? localStorage.setItem(draftKey, text) : localStorage.removeItem(draftKey)), 300);
    return () => clearTimeout(timer);
  }, [text, draftKey]);
  useEffect(() => {
    if (!acceptQuotes) return;
    const onQuote = (e: Event) => {
      composer.current?.insert((e as CustomEvent<string>).detail);
      document.getElementById(id)?.scrollIntoView({ block: "center", behavior: "smooth" });
    };
    window.addEventListener(QUOTE_EVENT, onQuote);
    return () => window.removeEventListener(QUOTE_EVENT, onQuote);
  }, [acceptQuotes, id]);

  const send = useCommentMutation(postId);
  function submit() {
    if (!text.trim()) return setEmptyError(true);
    setEmptyError(false);
    send.mutate(
      { kind: "create", content: text, parentId },
      {
        onSuccess: () => {
          setText("");
          if (draftKey) localStorage.removeItem(draftKey);
          onDone();
        },
      },
    );
  }
  const error = textBoxError(emptyError, send.error, t("postFailed"));

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
      className="space-y-2"
    >
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <Composer
        ref={composer}
        id={id}
        value={text}
        onChange={setText}
        postId={postId}
        rows={3}
        maxLength={20000}
        placeholder={t("placeholder", { label })}
        autoFocus={autoFocus}
        onSubmitShortcut={submit}
        invalid={!!error}
        describedBy={error ? `${id}-error` : undefined}
      />
      <FieldError id={`${id}-error`} message={error} />
      <Button type="submit" size="sm" disabled={send.isPending}>
        {submitLabel}
      </Button>
    </form>
  );
}

/** Editing a comment in place (its author or staff); the old text goes into its history. */
function CommentEditForm({ comment, postId, onDone }: { comment: CommentView; postId: number; onDone: () => void }) {
  const t = useTranslations("Comments");
  const id = useId();
  const [text, setText] = useState(comment.content);
  const change = useCommentMutation(postId);
  const save = {
    isPending: change.isPending,
    error: change.error,
    mutate: () => change.mutate({ kind: "edit", commentId: comment.id, content: text }, { onSuccess: onDone }),
  };
  const f = save.error ? fieldErrors(save.error) : null;
  const error = f ? (f.fields.content ?? f.form ?? t("saveFailed")) : null;
  return (
    <form
      className="space-y-2"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate();
      }}
    >
      <label htmlFor={id} className="sr-only">
        {t("editLabel")}
      </label>
      <Composer
        id={id}
        value={text}
        onChange={setText}
        postId={postId}
        rows={4}
        maxLength={20000}
        autoFocus
        onSubmitShortcut={() => save.mutate()}
        invalid={!!error}
        describedBy={error ? `${id}-error` : undefined}
      />
      <FieldError id={`${id}-error`} message={error} />
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={save.isPending}>
          {t("saveEdit")}
        </Button>
        <Button type="button" size="sm" variant="secondary" onClick={onDone} disabled={save.isPending}>
          {t("cancel")}
        </Button>
      </div>
    </form>
  );
}

function CommentItem({ c, ctx, depth }: { c: CommentView; ctx: Ctx; depth: number }) {
  const t = useTranslations("Comments");
  const author = useShownName()(c.author.username);
  const [replying, setReplying] = useState(false);
  const [reactions, setReactions] = useState(c.reactions);
  const me = ctx.viewer;
  const writable = !ctx.suspended && !ctx.rejected;
  const canDelete = !!me && !c.deleted && !ctx.suspended && (me.id === c.author.id || me.moderator);
  const canEdit = canDelete && writable;
  const [editing, setEditing] = useState(false);
  // A pin staff set is theirs to lift: the post's author is not offered "Unpin" (the API answers 403 staff_decision).
  const canPin = ctx.canPin && c.parentId === null && !c.deleted && !ctx.suspended && !(c.pinnedAt && c.pinnedByStaff && !me?.moderator);

  const change = useCommentMutation(ctx.postId);
  const act = (c: CommentChange) => change.mutate(c, { onSuccess: ctx.refresh });
  const error = change.error && change.variables?.kind !== "react" ? change.error.message || t("actionFailed") : null;

  return (
    <li id={`comment-${c.id}`} className="scroll-mt-20" data-testid="comment">
      <article aria-label={t("commentBy", { name: author })} className="flex gap-3">
        <Avatar src={c.author.avatar} name={author} size={depth ? 28 : 36} />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
            <UserLink plain username={c.author.username} displayName={c.author.displayName} className="font-medium hover:underline" />
            <a href={`#comment-${c.id}`} className="text-zinc-600 hover:underline dark:text-zinc-400">
              <RelativeTime iso={c.createdAt} />
            </a>
            {c.editedAt && !c.deleted ? (
              <a
                href={`/posts/${ctx.postId}/comments/${c.id}/history`}
                className="text-xs text-zinc-600 hover:underline dark:text-zinc-400"
                data-testid="comment-edited"
              >
                {c.staffEdited ? t("editedByStaff") : t("edited")}
              </a>
            ) : null}
            {c.pinnedAt ? (
              <Badge tone="info">
                <Icon name="pin" className="h-3.5 w-3.5" /> {t("pinned")}
              </Badge>
            ) : null}
          </div>
          {c.hidden && !c.deleted ? (
            <p
              className="mt-1 inline-flex items-center gap-1 text-xs font-medium text-amber-800 dark:text-amber-300"
              data-testid="comment-hidden"
            >
              <Icon name="eye-off" className="h-3.5 w-3.5" />
              {c.content ? t("hiddenFromMembers") : t("hidden")}
            </p>
          ) : null}
          {c.deleted ? (
            <p className="mt-1 text-sm text-zinc-600 italic dark:text-zinc-400">{t("deleted")}</p>
          ) : c.hidden && !c.content ? null : editing ? (
            <div className="mt-2">
              <CommentEditForm
                comment={c}
                postId={ctx.postId}
                onDone={() => {
                  setEditing(false);
                  ctx.refresh();
                }}
              />
            </div>
          ) : (
            <div
              className="markdown-body mt-1 text-sm"
              data-quote-source
              data-quote-author={c.author.username}
              data-quote-href={`/posts/${ctx.postId}#comment-${c.id}`}
              dangerouslySetInnerHTML={{ __html: c.html }}
            />
          )}
          {!c.deleted ? (
            <div className="mt-2 flex flex-wrap items-center gap-2">
              <ReactionBar
                size="sm"
                label={t("reactionsLabel", { name: author })}
                reactions={reactions}
                me={me?.username ?? null}
                readOnly={!writable}
                onToggle={async (type) => {
                  const added = (await change.mutateAsync({ kind: "react", commentId: c.id, type })) as ReactionDto | null;
                  setReactions((list) => applyToggle(list, me?.username ?? "", type, added));
                }}
              />
              {me && !ctx.closed && writable ? (
                <Button variant="ghost" size="sm" aria-expanded={replying} onClick={() => setReplying((r) => !r)}>
                  {t("reply")}
                </Button>
              ) : null}
              {canPin ? (
                <Button variant="ghost" size="sm" onClick={() => act({ kind: "pin", commentId: c.id, pin: !c.pinnedAt })}>
                  {c.pinnedAt ? t("unpin") : t("pin")}
                </Button>
              ) : null}
              {me && me.id !== c.author.id && !c.hidden && !ctx.suspended ? (
                <FlagButton target={{ commentId: c.id }} label={t("flagLabel", { name: author })} />
              ) : null}
              {canEdit && !editing ? (
                <Button variant="ghost" size="sm" onClick={() => setEditing(true)}>
                  {t("edit")}
                </Button>
              ) : null}
              {canDelete ? (
                <ConfirmButton
                  variant="ghost"
                  className="text-red-700 dark:text-red-400"
                  message={t("deleteConfirm")}
                  confirmLabel={t("deleteComment")}
                  onConfirm={() => act({ kind: "delete", commentId: c.id })}
                >
                  {t("delete")}
                </ConfirmButton>
              ) : null}
            </div>
          ) : null}
          {error ? (
            <p role="alert" className="mt-1 text-sm text-red-700 dark:text-red-400">
              {error}
            </p>
          ) : null}
          {replying ? (
            <div className="mt-2">
              <CommentForm
                label={t("replyTo", { name: author })}
                submitLabel={t("postReply")}
                autoFocus
                postId={ctx.postId}
                draftKey={me?.id ? `draft:comment:${me.id}:${ctx.postId}:${c.id}` : null}
                parentId={c.id}
                onDone={() => {
                  setReplying(false);
                  ctx.refresh();
                }}
              />
            </div>
          ) : null}
          {c.replies.length ? (
            <ul
              className="mt-3 space-y-4 border-l-2 border-zinc-200 pl-3 sm:pl-4 dark:border-zinc-800"
              aria-label={t("repliesTo", { name: author })}
            >
              {c.replies.map((r) => (
                <CommentItem key={r.id} c={r} ctx={ctx} depth={depth + 1} />
              ))}
            </ul>
          ) : null}
        </div>
      </article>
    </li>
  );
}

/** The nested comments of a post with the new-comment and reply forms. */
export function CommentTree({
  postId,
  comments,
  total,
  viewer: given,
  canPin,
  closed,
  closedByStaff = false,
  rejected = false,
}: {
  postId: number;
  comments: CommentView[];
  total: number;
  /** "deferred": a members' shared page (the member is known once page-state answers). */
  viewer: CommentViewer | "deferred";
  canPin: boolean;
  closed: boolean;
  /** Closed by staff, not its author: reopened by staff only (its notice says so). */
  closedByStaff?: boolean;
  /** A moderator rejected the post: read-only (its author and staff are the only ones who see it). */
  rejected?: boolean;
}) {
  const t = useTranslations("Comments");
  const viewer = useShellViewer(given, (m) => ({ id: m.id, username: m.username, moderator: false }), SOME_MEMBER);
  const suspended = !!useSuspension();
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const ctx: Ctx = { postId, viewer, canPin, closed, suspended, rejected, refresh: () => startTransition(() => router.refresh()) };
  const writable = !!viewer && !closed && !suspended && !rejected;
  return (
    <section aria-labelledby="comments-heading" className="space-y-5" aria-busy={pending}>
      <h2 id="comments-heading" className="text-lg font-semibold">
        {t("count", { count: total })}
      </h2>
      {writable ? <QuoteSelection /> : null}
      {writable ? (
        <CommentForm
          label={t("write")}
          submitLabel={t("postComment")}
          onDone={ctx.refresh}
          postId={postId}
          draftKey={viewer.id ? `draft:comment:${viewer.id}:${postId}:top` : null}
          acceptQuotes
        />
      ) : rejected ? (
        <p
          className="rounded-md bg-zinc-100 p-3 text-sm text-zinc-600 dark:bg-zinc-900 dark:text-zinc-400"
          data-testid="comments-read-only"
        >
          <Icon name="lock" className="h-3.5 w-3.5" /> {t("rejected")}
        </p>
      ) : closed ? (
        <p data-testid="comments-closed" className="rounded-md bg-zinc-100 p-3 text-sm text-zinc-600 dark:bg-zinc-900 dark:text-zinc-400">
          <Icon name="lock" className="h-3.5 w-3.5" /> {t(closedByStaff ? "closedByStaff" : "closed")}
        </p>
      ) : suspended ? (
        <SuspendedHint what={t("suspendedWhat")} />
      ) : (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          {t.rich("signIn", { link: (chunks) => <SignInLink className="underline">{chunks}</SignInLink> })}
        </p>
      )}
      {comments.length ? (
        // One ClientNav for the thread: its links are plain anchors (no Link per comment to hydrate).
        <ClientNav>
          <ul className="space-y-5">
            {comments.map((c) => (
              <CommentItem key={c.id} c={c} ctx={ctx} depth={0} />
            ))}
          </ul>
        </ClientNav>
      ) : (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{t("empty")}</p>
      )}
    </section>
  );
}
