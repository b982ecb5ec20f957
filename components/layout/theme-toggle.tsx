"use client";

import { Icon } from "@/components/ui/icon";
import type { SpriteIcon } from "@/components/ui/icon-names";

import { useEffect, useState } from "react";
import { useTranslations } from "next-intl";

type Theme = "system" | "light" | "dark";
const KEY = "theme";

/** Runs in <head> before paint: the stored choice, else the system preference. */
export const THEME_INIT_SCRIPT = `(function(){try{var t=localStorage.getItem("${KEY}");var d=t==="dark"||((!t||t==="system")&&matchMedia("(prefers-color-scheme: dark)").matches);document.documentElement.classList.toggle("dark",d);}catch(e){}})();`;

function apply(theme: Theme) {
  const dark = theme === "dark" || (theme === "system" && window.matchMedia("(prefers-color-scheme: dark)").matches);
  document.documentElement.classList.toggle("dark", dark);
}

const NEXT: Record<Theme, Theme> = { system: "light", light: "dark", dark: "system" };
const ICON: Record<Theme, SpriteIcon> = { system: "monitor", light: "sun", dark: "moon" };

/** Cycles system → light → dark; the choice is kept in localStorage. `labelled`: the theme's name beside the icon (the phone menu). */
export function ThemeToggle({ labelled = false, className }: { labelled?: boolean; className?: string }) {
  const t = useTranslations("Theme");
  const [theme, setTheme] = useState<Theme>("system");

  useEffect(() => {
    const stored = localStorage.getItem(KEY);
    // Reads the stored choice once after mount (localStorage does not exist during server rendering).
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (stored === "light" || stored === "dark") setTheme(stored);
    const mq = window.matchMedia("(prefers-color-scheme: dark)");
    const onChange = () => {
      if ((localStorage.getItem(KEY) ?? "system") === "system") apply("system");
    };
    mq.addEventListener("change", onChange);
    return () => mq.removeEventListener("change", onChange);
  }, []);

  function cycle() {
    const next = NEXT[theme];
    setTheme(next);
    localStorage.setItem(KEY, next);
    apply(next);
  }

  return (
    <button
      type="button"
      onClick={cycle}
      aria-label={t("switch", { theme: t(theme), next: t(NEXT[theme]) })}
      title={t("current", { theme: t(theme) })}
      className={
        className ??
        "inline-flex h-9 w-9 items-center justify-center rounded-md text-base hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-sky-600 dark:hover:bg-zinc-800"
      }
    >
      <Icon name={ICON[theme]} className="h-5 w-5" />
      {labelled ? <span aria-hidden="true">{t("current", { theme: t(theme) })}</span> : null}
    </button>
  );
}
