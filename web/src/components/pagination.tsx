import { Button } from "@/components/button";
import { ChevronLeftIcon, ChevronRightIcon } from "@/components/icons";
import { cn } from "@/lib/cn";
import { t } from "@/components/messages";

export type PaginationProps = {
  /** 1-based. */
  page: number;
  pageCount: number;
  onPageChange: (page: number) => void;
  /** Names the navigation, e.g. "Users pages". */
  label: string;
  className?: string;
};

/** Previous / Next with "Page 2 of 5" between them; hidden when everything fits on one page. */
export function Pagination({ page, pageCount, onPageChange, label, className }: PaginationProps) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label={label} className={cn("flex items-center justify-between gap-3", className)}>
      <Button
        variant="light"
        size="sm"
        icon={<ChevronLeftIcon className="size-4" />}
        disabled={page <= 1}
        onClick={() => onPageChange(page - 1)}
      >
        {t("components.previous")}
      </Button>
      <p className="text-sm text-ink-muted tabular-nums" aria-current="page">
        {t("components.pageOf", { page, count: pageCount })}
      </p>
      <Button
        variant="light"
        size="sm"
        icon={<ChevronRightIcon className="size-4" />}
        iconPosition="right"
        disabled={page >= pageCount}
        onClick={() => onPageChange(page + 1)}
      >
        {t("components.next")}
      </Button>
    </nav>
  );
}
