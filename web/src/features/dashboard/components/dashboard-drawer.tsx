import { useEffect, useRef, type MouseEvent } from "react";
import { useLocation } from "react-router";

import { CloseIcon, MenuIcon } from "@/components/icons";
import { DashboardNav } from "@/features/dashboard/components/dashboard-nav";
import type { DashboardBadges } from "@/features/dashboard/config";
import { t } from "@/features/dashboard/messages";

/** Tailwind's md breakpoint: from here the menu sits beside the page instead of in the drawer. */
const WIDE_SCREEN_QUERY = "(min-width: 48rem)";

/**
 * The dashboard menu on small screens: a button opens it as a drawer from the left. It is a
 * modal <dialog>, so focus moves into it and stays there, Escape closes it and focus returns to
 * the button; following a link, tapping outside or widening the window closes it too.
 */
export function DashboardDrawer({ menuBadges }: { menuBadges?: DashboardBadges }) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const { pathname } = useLocation();

  const close = () => dialogRef.current?.close();

  useEffect(() => {
    dialogRef.current?.close();
  }, [pathname]);

  useEffect(() => {
    const wide = window.matchMedia(WIDE_SCREEN_QUERY);
    const onChange = () => {
      if (wide.matches) dialogRef.current?.close();
    };
    wide.addEventListener("change", onChange);
    return () => wide.removeEventListener("change", onChange);
  }, []);

  const onDialogClick = (event: MouseEvent<HTMLDialogElement>) => {
    // Only the backdrop is the dialog itself; the panel inside covers the rest.
    if (event.target === event.currentTarget) close();
  };

  return (
    <>
      <button
        type="button"
        className="inline-flex min-h-10 items-center gap-2 rounded-lg border border-line bg-white px-3 py-2 text-sm font-semibold text-ink shadow-xs hover:bg-stone-50 md:hidden"
        aria-haspopup="dialog"
        onClick={() => dialogRef.current?.showModal()}
      >
        <MenuIcon className="size-5" />
        {t("dashboard.drawer.open")}
      </button>
      <dialog
        ref={dialogRef}
        aria-label={t("dashboard.drawer.open")}
        onClick={onDialogClick}
        className="fixed inset-y-0 left-0 m-0 h-dvh max-h-none w-[min(20rem,85vw)] max-w-none bg-white p-0 text-ink shadow-xl backdrop:bg-stone-950/50 md:hidden"
      >
        <div className="flex h-full flex-col gap-4 p-4">
          <div className="flex items-center justify-between">
            <p className="text-lg font-bold">{t("dashboard.name")}</p>
            <button
              type="button"
              className="inline-flex size-10 items-center justify-center rounded-lg hover:bg-stone-100"
              aria-label={t("dashboard.drawer.close")}
              onClick={close}
            >
              <CloseIcon className="size-6" />
            </button>
          </div>
          <DashboardNav badges={menuBadges} className="min-h-0 flex-1 overflow-y-auto" />
        </div>
      </dialog>
    </>
  );
}
