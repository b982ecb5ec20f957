"use client";

import { useEffect, type RefObject } from "react";

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * While `open`: focus moves into `panel` (its first focusable element), Tab and Shift+Tab cycle inside
 * it, Escape calls `onClose`; when it closes, focus returns to `returnTo` (the control that opened it)
 * unless it already moved somewhere else on purpose (a link that navigated, a field elsewhere).
 */
export function useFocusTrap(
  panel: RefObject<HTMLElement | null>,
  open: boolean,
  onClose: () => void,
  returnTo: RefObject<HTMLElement | null>,
) {
  useEffect(() => {
    if (!open) return;
    const el = panel.current;
    if (!el) return;
    const items = () =>
      [...el.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((e) => e.offsetParent !== null || e === document.activeElement);
    items()[0]?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") {
        e.preventDefault();
        onClose();
        return;
      }
      if (e.key !== "Tab") return;
      const list = items();
      const first = list[0];
      const last = list[list.length - 1];
      if (!first || !last) return;
      const inside = el.contains(document.activeElement);
      if (e.shiftKey && (document.activeElement === first || !inside)) {
        e.preventDefault();
        last.focus();
      } else if (!e.shiftKey && (document.activeElement === last || !inside)) {
        e.preventDefault();
        first.focus();
      }
    };
    document.addEventListener("keydown", onKey);
    const back = returnTo.current;
    return () => {
      document.removeEventListener("keydown", onKey);
      // Back to the opener when focus would otherwise be lost (it was inside the panel that is going away).
      if (!document.activeElement || document.activeElement === document.body || el.contains(document.activeElement)) back?.focus();
    };
  }, [open, panel, onClose, returnTo]);
}
