import type { ComponentPropsWithRef, ReactNode } from "react";
import { Link, type LinkProps } from "react-router";

import { Spinner } from "@/components/spinner";
import { cn } from "@/lib/cn";
import { t } from "@/lib/i18n";

/** SPEC section 3 "Button display": text, size (xs to xl), type, icon, iconPosition, submit, full, link. */
export type ButtonSize = "xs" | "sm" | "base" | "lg" | "xl";
export type ButtonVariant = "primary" | "secondary" | "danger" | "warning" | "info" | "light" | "dark";

const variants: Record<ButtonVariant, string> = {
  primary: "bg-brand-600 text-white hover:bg-brand-700 active:bg-brand-800",
  secondary: "bg-white text-brand-700 ring-1 ring-inset ring-brand-600 hover:bg-brand-50 active:bg-brand-100",
  danger: "bg-red-600 text-white hover:bg-red-700 active:bg-red-800",
  warning: "bg-amber-400 text-stone-950 hover:bg-amber-300 active:bg-amber-500",
  info: "bg-sky-700 text-white hover:bg-sky-800 active:bg-sky-900",
  light: "bg-stone-100 text-stone-900 hover:bg-stone-200 active:bg-stone-300",
  dark: "bg-stone-900 text-white hover:bg-stone-800 active:bg-stone-700",
};

const sizes: Record<ButtonSize, { text: string; square: string }> = {
  xs: { text: "min-h-7 px-2.5 py-1 text-xs gap-1", square: "size-7" },
  sm: { text: "min-h-9 px-3 py-1.5 text-sm gap-1.5", square: "size-9" },
  base: { text: "min-h-10 px-4 py-2 text-sm gap-2", square: "size-10" },
  lg: { text: "min-h-12 px-5 py-2.5 text-base gap-2", square: "size-12" },
  xl: { text: "min-h-14 px-7 py-3 text-lg gap-2.5", square: "size-14" },
};

type CommonProps = {
  /** The label; `children` works too and wins when both are given. */
  text?: string;
  children?: ReactNode;
  size?: ButtonSize;
  variant?: ButtonVariant;
  /** A decorative icon (e.g. <CartIcon />). Icon-only buttons need an `aria-label`. */
  icon?: ReactNode;
  iconPosition?: "left" | "right";
  /** Stretch to the full width of the container. */
  full?: boolean;
  className?: string;
};

type ButtonAsButton = CommonProps &
  Omit<ComponentPropsWithRef<"button">, "type" | "children" | "className"> & {
    /** Submit the surrounding form instead of being a plain button. */
    submit?: boolean;
    /** Shows a spinner and disables the button while work is in flight. */
    isLoading?: boolean;
    to?: never;
  };

type ButtonAsLink = CommonProps &
  Omit<LinkProps, "children" | "className"> & {
    /** Link mode: renders a router Link styled as a button. */
    to: LinkProps["to"];
    submit?: never;
    isLoading?: never;
  };

export type ButtonProps = ButtonAsButton | ButtonAsLink;

export function buttonClassName({
  size = "base",
  variant = "primary",
  full = false,
  iconOnly = false,
  className,
}: Pick<CommonProps, "size" | "variant" | "full" | "className"> & { iconOnly?: boolean }) {
  return cn(
    "inline-flex shrink-0 items-center justify-center rounded-lg font-semibold whitespace-nowrap",
    "transition-colors duration-150 select-none",
    "disabled:cursor-not-allowed disabled:opacity-60 aria-disabled:cursor-not-allowed aria-disabled:opacity-60",
    variants[variant],
    iconOnly ? sizes[size].square : sizes[size].text,
    full && "w-full",
    className,
  );
}

export function Button(props: ButtonProps) {
  const {
    text,
    children,
    size = "base",
    variant = "primary",
    icon,
    iconPosition = "left",
    full = false,
    className,
    ...rest
  } = props;
  const label = children ?? text;
  const iconOnly = Boolean(icon) && (label === undefined || label === null || label === "");
  const classes = buttonClassName({ size, variant, full, iconOnly, className });

  const content = (busy: boolean) => (
    <>
      {busy ? <Spinner size="sm" label={t("components.working")} tone="current" /> : null}
      {!busy && icon && iconPosition === "left" ? icon : null}
      {label}
      {!busy && icon && iconPosition === "right" ? icon : null}
    </>
  );

  if (rest.to !== undefined) {
    const linkProps = rest as Omit<ButtonAsLink, keyof CommonProps>;
    return (
      <Link {...linkProps} className={classes}>
        {content(false)}
      </Link>
    );
  }

  const {
    submit = false,
    isLoading = false,
    disabled,
    ...buttonProps
  } = rest as Omit<ButtonAsButton, keyof CommonProps>;
  return (
    <button
      {...buttonProps}
      type={submit ? "submit" : "button"}
      disabled={disabled || isLoading}
      aria-busy={isLoading || undefined}
      className={classes}
    >
      {content(isLoading)}
    </button>
  );
}
