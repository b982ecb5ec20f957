"use client";

import { useEffect, useState } from "react";

/** The current time, ticking every `ms`; null during server rendering and the first client render. */
export function useNow(ms = 1000): number | null {
  const [now, setNow] = useState<number | null>(null);
  useEffect(() => {
    const tick = () => setNow(Date.now());
    const first = setTimeout(tick, 0);
    const id = setInterval(tick, ms);
    return () => {
      clearTimeout(first);
      clearInterval(id);
    };
  }, [ms]);
  return now;
}

/** The parts of the time until `target`: whole days and hours, minutes and seconds as two digits. */
export function countdownParts(target: number, now: number) {
  let s = Math.max(0, Math.floor((target - now) / 1000));
  const days = Math.floor(s / 86400);
  s -= days * 86400;
  const hours = Math.floor(s / 3600);
  s -= hours * 3600;
  const m = Math.floor(s / 60);
  s -= m * 60;
  const pad = (n: number) => String(n).padStart(2, "0");
  return { days, hours, showHours: days || hours ? "yes" : "no", minutes: pad(m), seconds: pad(s) };
}
