import { pointKeys } from "@/lib/client/query-keys";

/** Ledger paging shared by the server page (prefetch) and the client list (a plain module: no "use client"). */
export const LEDGER_PAGE_SIZE = 20;
export const TREND_DAYS = 30;
export const ledgerKey = () => [...pointKeys.all, "histories", "infinite", LEDGER_PAGE_SIZE] as const;
