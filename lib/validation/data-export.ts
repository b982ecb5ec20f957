import { z } from "zod";
import { isoDateTime } from "@/lib/validation/responses";

/** A member's data export (issue 60 item 4): the answer of GET and POST /api/users/me/export. */

export const DATA_EXPORT_STATES = ["none", "pending", "running", "ready", "failed"] as const;
export type DataExportState = (typeof DATA_EXPORT_STATES)[number];

export const dataExportSchema = z
  .object({
    status: z.enum(DATA_EXPORT_STATES).meta({
      description:
        "none: no export to show (never asked, or the last one expired); pending: waiting for the background job; running: being made; ready: `url` serves it; failed: it could not be made (ask again)",
    }),
    progress: z.number().int().min(0).max(100).nullable().meta({ description: "0..100 while pending or running, 100 when ready; null otherwise" }),
    url: z
      .string()
      .nullable()
      .meta({ description: "ready only: the archive's address (absolute, `…/api/users/me/export/<random id>/download`), served to its owner only" }),
    expiresAt: isoDateTime.nullable().meta({ description: "ready only: when the archive is deleted (48 hours after it was made)" }),
    requestedAt: isoDateTime.nullable(),
    finishedAt: isoDateTime.nullable(),
    bytes: z.number().int().nullable().meta({ description: "ready only: the archive's size" }),
    nextRequestAt: isoDateTime
      .nullable()
      .meta({ description: "when a new export may be asked for (one a day once one was made); null: now, or while one is pending or running" }),
  })
  .meta({ id: "DataExport" });

export type DataExportDto = z.infer<typeof dataExportSchema>;

/** The random part of a download URL (base64url of 32 bytes). */
export const dataExportTokenPattern = /^[A-Za-z0-9_-]{43}$/;
