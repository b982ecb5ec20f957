"use client";

/* eslint-disable @next/next/no-img-element -- the prize icon preview is a user-supplied URL */
import { useTranslations } from "next-intl";
import { useMutation } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { Field, Input, describedBy } from "@/components/ui/field";
import { UploadError, uploadImage } from "@/components/composer/upload";
import type { Draft } from "@/components/composer/post-draft";

/** The id of a poll option's box (the first one is the field the API's `poll.options` error points at). */
export const optionId = (i: number) => (i === 0 ? "post-poll-options" : `poll-option-${i}`);

type FieldsProps = {
  d: Draft;
  update: (patch: Partial<Draft>) => void;
  /** The error shown beside a field (client check or API), null when none. */
  err: (field: string) => string | null;
};

/** A new poll's options (at least two, up to 20), single or multiple choice, and its end. */
export function PollFields({ d, update, err, addOption }: FieldsProps & { addOption: () => void }) {
  const tc = useTranslations("Composer");
  return (
    <fieldset className="space-y-3 rounded-lg border border-zinc-200 p-4 dark:border-zinc-800">
      <legend className="px-1 text-sm font-semibold">{tc("poll")}</legend>
      <div className="space-y-2">
        {d.pollOptions.map((o, i) => (
          <div key={i} className="flex items-center gap-2">
            <label htmlFor={optionId(i)} className="w-20 shrink-0 text-sm">
              {tc("option", { n: i + 1 })}
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
                aria-label={tc("removeOption", { n: i + 1 })}
                onClick={() => update({ pollOptions: d.pollOptions.filter((_, j) => j !== i) })}
              >
                ×
              </Button>
            ) : null}
          </div>
        ))}
        {d.pollOptions.length < 20 ? (
          <Button variant="secondary" size="sm" onClick={addOption}>
            {tc("addOption")}
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
        {tc("multiple")}
      </label>
      <Field id="post-poll-endTime" label={tc("endsAt")} error={err("poll.endTime")}>
        <Input
          id="post-poll-endTime"
          type="datetime-local"
          value={d.pollEnd}
          onChange={(e) => update({ pollEnd: e.target.value })}
          {...describedBy("post-poll-endTime", err("poll.endTime"))}
        />
      </Field>
    </fieldset>
  );
}

/**
 * A new lottery's prize (text, and an image by URL or upload), winners, cost in points, start and end.
 * `setError` puts (or clears, with "") the upload's error beside the prize image.
 */
export function LotteryFields({ d, update, err, setError }: FieldsProps & { setError: (field: string, message: string) => void }) {
  const tc = useTranslations("Composer");
  const iconUpload = useMutation({
    mutationFn: uploadImage,
    onSuccess: (url) => {
      update({ prizeIcon: url });
      setError("lottery.prizeIcon", "");
    },
    onError: (er) =>
      setError("lottery.prizeIcon", er instanceof UploadError ? tc(`upload.${er.code}`, er.values) : er.message || tc("upload.failed")),
  });
  return (
    <fieldset className="space-y-3 rounded-lg border border-zinc-200 p-4 dark:border-zinc-800">
      <legend className="px-1 text-sm font-semibold">{tc("lottery")}</legend>
      <Field id="post-lottery-prizeDescription" label={tc("prize")} error={err("lottery.prizeDescription") ?? err("lottery")}>
        <Input
          id="post-lottery-prizeDescription"
          value={d.prizeDescription}
          maxLength={1000}
          onChange={(e) => update({ prizeDescription: e.target.value })}
          {...describedBy("post-lottery-prizeDescription", err("lottery.prizeDescription") ?? err("lottery"))}
        />
      </Field>
      <Field id="post-lottery-prizeIcon" label={tc("prizeIcon")} error={err("lottery.prizeIcon")} hint={tc("prizeIconHint")}>
        <div className="flex items-center gap-2">
          <Input
            id="post-lottery-prizeIcon"
            type="url"
            value={d.prizeIcon}
            onChange={(e) => update({ prizeIcon: e.target.value })}
            {...describedBy("post-lottery-prizeIcon", err("lottery.prizeIcon"))}
          />
          <label className="inline-flex h-10 shrink-0 cursor-pointer items-center rounded-md border border-zinc-300 px-3 text-sm focus-within:outline-2 focus-within:outline-sky-600 hover:bg-zinc-100 dark:border-zinc-700 dark:hover:bg-zinc-800">
            {iconUpload.isPending ? tc("iconUploading") : tc("iconUpload")}
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
          {d.prizeIcon ? <img src={d.prizeIcon} alt={tc("prizePreview")} className="h-10 w-10 rounded object-cover" /> : null}
        </div>
      </Field>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field id="post-lottery-prizeCount" label={tc("winners")} error={err("lottery.prizeCount")}>
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
        <Field id="post-lottery-pointCost" label={tc("pointCost")} error={err("lottery.pointCost")}>
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
        <Field id="post-lottery-startTime" label={tc("startsAt")} hint={tc("startsAtHint")} error={err("lottery.startTime")}>
          <Input
            id="post-lottery-startTime"
            type="datetime-local"
            value={d.lotteryStart}
            onChange={(e) => update({ lotteryStart: e.target.value })}
            {...describedBy("post-lottery-startTime", err("lottery.startTime"))}
          />
        </Field>
        <Field id="post-lottery-endTime" label={tc("endsAt")} error={err("lottery.endTime")}>
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
  );
}
