/** "4 December 2026": a human date, the same on the server and in every browser (UTC). */
export function humanDateText(iso: string): string {
  return new Date(iso).toLocaleDateString("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
}
