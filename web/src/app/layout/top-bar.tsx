import { lazy, Suspense, useEffect, useId, useRef, useState } from "react";
import { Link, NavLink, useLocation, useNavigate } from "react-router";
import { flushSync } from "react-dom";

import { Avatar } from "@/components/avatar";
import { Button } from "@/components/button";
import { BagIcon, CartIcon, CloseIcon, MenuIcon } from "@/components/icons";
import { Spinner } from "@/components/spinner";
import { APP_NAME } from "@/config/app";
import { paths } from "@/config/paths";
import { useCartCount } from "@/features/cart/hooks/use-cart-count";
import { cn } from "@/lib/cn";
import { formatNumber, offeredLanguages, t } from "@/lib/i18n";
import { useIsSigningIn, useSession, useSignOut, type SessionUser } from "@/lib/session";
import { mainNavItems } from "@/app/layout/nav-items";
import { HeaderSearch } from "@/features/search/header-search";

// Only a shop that offers several languages shows the switch: the others never load it.
const LanguageSwitcher = lazy(() =>
  import("@/app/layout/language-switcher").then((module) => ({ default: module.LanguageSwitcher })),
);

function LanguageChoice() {
  if (offeredLanguages().length < 2) return null;
  return (
    <Suspense fallback={null}>
      <LanguageSwitcher />
    </Suspense>
  );
}

/**
 * The top bar on every page (SPEC section 2): main links, Log in / Sign out and Register, the
 * cart with its item count, and the user's avatar. Below the md breakpoint the links collapse
 * behind a menu button.
 */
export function TopBar() {
  const { pathname } = useLocation();
  const menuId = useId();
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  // The menu is open for the page it was opened on: navigating closes it without an effect.
  const [menuOpenAt, setMenuOpenAt] = useState<string | null>(null);
  const menuOpen = menuOpenAt === pathname;

  useEffect(() => {
    if (!menuOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setMenuOpenAt(null);
      menuButtonRef.current?.focus();
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [menuOpen]);

  return (
    <header className="sticky top-0 z-40 border-b border-line bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/85">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-3 px-4 sm:px-6 lg:px-8">
        <Brand />

        <nav aria-label={t("shell.nav.main")} className="ml-6 hidden md:block">
          <MainNavLinks className="flex items-center gap-1" linkClass={desktopLinkClass} />
        </nav>

        <HeaderSearch className="ml-auto hidden w-64 lg:block" />

        <div className="ml-auto flex items-center gap-1 sm:gap-2 lg:ml-0">
          <div className="hidden items-center gap-2 md:flex">
            <LanguageChoice />
            <AuthLinks />
          </div>
          <CartLink />
          <AccountAvatar />
          <button
            ref={menuButtonRef}
            type="button"
            className="inline-flex size-10 items-center justify-center rounded-lg text-ink hover:bg-stone-100 md:hidden"
            aria-expanded={menuOpen}
            aria-controls={menuId}
            aria-label={menuOpen ? t("shell.menu.close") : t("shell.menu.open")}
            onClick={() => setMenuOpenAt(menuOpen ? null : pathname)}
          >
            {menuOpen ? <CloseIcon className="size-6" /> : <MenuIcon className="size-6" />}
          </button>
        </div>
      </div>

      {/* Below lg the search takes its own row under the bar, full width (375 px phones). */}
      <div className="border-t border-line px-4 py-2 sm:px-6 lg:hidden">
        <HeaderSearch />
      </div>

      <div id={menuId} hidden={!menuOpen} className="border-t border-line bg-white md:hidden">
        <nav aria-label={t("shell.nav.main")} className="mx-auto max-w-7xl px-4 py-3 sm:px-6">
          <MainNavLinks className="flex flex-col gap-1" linkClass={mobileLinkClass} />
          <div className="mt-3 grid auto-cols-fr grid-flow-col gap-2 border-t border-line pt-3">
            <AuthLinks stacked />
          </div>
          <div className="mt-3 border-t border-line pt-3">
            <LanguageChoice />
          </div>
        </nav>
      </div>
    </header>
  );
}

/** The main links (Home, Products, …), in the bar from md up and in the phone menu below it. */
function MainNavLinks({
  className,
  linkClass,
}: {
  className: string;
  linkClass: (state: { isActive: boolean }) => string;
}) {
  return (
    <ul className={className}>
      {mainNavItems.map((item) => (
        <li key={item.to}>
          <NavLink to={item.to} end={item.end} className={linkClass}>
            {t(item.label)}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

function desktopLinkClass({ isActive }: { isActive: boolean }) {
  return cn(
    "rounded-lg px-3 py-2 text-sm font-medium transition-colors",
    isActive ? "bg-brand-50 text-brand-700" : "text-ink-muted hover:bg-stone-100 hover:text-ink",
  );
}

function mobileLinkClass({ isActive }: { isActive: boolean }) {
  return cn(
    "block rounded-lg px-3 py-2.5 text-base font-medium",
    isActive ? "bg-brand-50 text-brand-700" : "text-ink hover:bg-stone-100",
  );
}

function Brand() {
  return (
    <Link
      to={paths.home.getHref()}
      className="flex shrink-0 items-center gap-2 rounded-lg text-lg font-bold tracking-tight text-ink"
    >
      <span className="flex size-9 items-center justify-center rounded-lg bg-brand-600 text-white">
        <BagIcon className="size-5" />
      </span>
      <span>{APP_NAME}</span>
    </Link>
  );
}

/** Log in or Sign out, and Register (SPEC section 2: Register shows either way). */
function AuthLinks({ stacked = false }: { stacked?: boolean }) {
  const { user, isPending } = useSession();

  return (
    <>
      {isPending ? (
        <Spinner size="sm" label={t("shell.auth.loading")} className="px-2" />
      ) : user ? (
        <SignOutButton full={stacked} />
      ) : (
        <Button to={paths.login.getHref()} variant="light" size="sm" full={stacked}>
          {t("shell.auth.logIn")}
        </Button>
      )}
      <Button to={paths.register.getHref()} size="sm" full={stacked}>
        {t("shell.auth.register")}
      </Button>
    </>
  );
}

function SignOutButton({ full }: { full: boolean }) {
  const navigate = useNavigate();
  const { signOut, isPending } = useSignOut();
  return (
    <Button
      variant="light"
      size="sm"
      full={full}
      isLoading={isPending}
      onClick={() =>
        // Home first (rendered at once), then the user is forgotten: no protected page is left
        // on screen to send the shopper to the login page instead.
        void signOut(() => flushSync(() => navigate(paths.home.getHref())))
      }
    >
      {t("shell.auth.signOut")}
    </Button>
  );
}

function CartLink() {
  const count = useCartCount();
  const label = t("shell.cart.label", { count });
  return (
    <NavLink
      to={paths.cart.getHref()}
      aria-label={label}
      title={t("shell.cart.title")}
      className={({ isActive }) =>
        cn(
          "relative inline-flex size-10 items-center justify-center rounded-lg transition-colors",
          isActive ? "bg-brand-50 text-brand-700" : "text-ink hover:bg-stone-100",
        )
      }
    >
      <CartIcon className="size-6" />
      {count > 0 ? (
        <span
          aria-hidden="true"
          className="absolute -top-0.5 -right-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-brand-600 px-1 text-xs leading-none font-bold text-white ring-2 ring-white"
        >
          {count > 99 ? `${formatNumber(99)}+` : formatNumber(count)}
        </span>
      ) : null}
    </NavLink>
  );
}

function avatarLabel(user: SessionUser | null) {
  return user ? user.name || user.email : t("shell.account.guest");
}

/** Offline grey when signed out, online green when signed in, busy red while either is unsure. */
function AccountAvatar() {
  const { user, isPending } = useSession();
  const isSigningIn = useIsSigningIn();
  const name = avatarLabel(user);
  const status = isPending || isSigningIn ? "busy" : user ? "online" : "offline";
  return (
    <Link
      to={paths.dashboard.root.getHref()}
      aria-label={t("shell.account.label", { name, status })}
      className="inline-flex size-10 items-center justify-center rounded-full"
    >
      <Avatar image={user?.image} label={name} status={status} statusBottom size="sm" />
    </Link>
  );
}
