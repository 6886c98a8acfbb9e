import { useState } from "react";

import { UserIcon } from "@/components/icons";
import { cn } from "@/lib/cn";
import { t } from "@/lib/i18n";

/** SPEC section 3 "Avatar display": image, size, status, statusBottom. */
export type AvatarSize = "xs" | "sm" | "base" | "lg" | "xl" | "2xl";
export type AvatarStatus = "offline" | "online" | "busy";

const sizes: Record<AvatarSize, { box: string; icon: string; dot: string }> = {
  xs: { box: "size-6", icon: "size-4", dot: "size-2" },
  sm: { box: "size-8", icon: "size-5", dot: "size-2.5" },
  base: { box: "size-10", icon: "size-6", dot: "size-3" },
  lg: { box: "size-12", icon: "size-7", dot: "size-3.5" },
  xl: { box: "size-16", icon: "size-9", dot: "size-4" },
  "2xl": { box: "size-24", icon: "size-14", dot: "size-5" },
};

/** Offline grey, online green, busy red (SPEC section 2). Shades keep 3:1 against white. */
const statusColours: Record<AvatarStatus, string> = {
  offline: "bg-stone-500",
  online: "bg-green-600",
  busy: "bg-red-600",
};

export type AvatarProps = {
  /** Picture address; without one (or when it fails to load) a user icon on grey shows. */
  image?: string | null;
  /** Whose avatar this is, e.g. the user's name. Read out with the status. */
  label: string;
  size?: AvatarSize;
  status?: AvatarStatus;
  /** Put the status dot at the bottom-right corner instead of the top-right. */
  statusBottom?: boolean;
  className?: string;
};

export function Avatar({
  image,
  label,
  size = "base",
  status,
  statusBottom = false,
  className,
}: AvatarProps) {
  const [failedImage, setFailedImage] = useState<string | null>(null);
  const showImage = Boolean(image) && failedImage !== image;
  const s = sizes[size];
  const accessibleName = status ? t("components.avatar", { label, status }) : label;

  return (
    <span
      role="img"
      aria-label={accessibleName}
      title={accessibleName}
      className={cn("relative inline-flex shrink-0", s.box, className)}
    >
      {showImage ? (
        <img
          src={image ?? undefined}
          alt=""
          className="size-full rounded-full object-cover ring-2 ring-white"
          onError={() => setFailedImage(image ?? null)}
        />
      ) : (
        <span className="flex size-full items-center justify-center rounded-full bg-stone-200 text-stone-600 ring-2 ring-white">
          <UserIcon className={s.icon} />
        </span>
      )}
      {status ? (
        <span
          aria-hidden="true"
          className={cn(
            "absolute right-0 rounded-full ring-2 ring-white",
            statusBottom ? "bottom-0" : "top-0",
            s.dot,
            statusColours[status],
          )}
        />
      ) : null}
    </span>
  );
}
