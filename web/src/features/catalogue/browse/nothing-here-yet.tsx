import type { ReactNode } from "react";

import { Button } from "@/components/button";
import { EmptyState } from "@/components/empty-state";
import { BagIcon, SearchIcon } from "@/components/icons";
import { paths } from "@/config/paths";
import { t } from "@/features/catalogue/messages";

/** A category's or a collection's list with no products: why (the children), and the way to the rest. */
export function NothingHereYet({ children }: { children: ReactNode }) {
  return (
    <EmptyState
      title={t("catalogue.nothingHereYet")}
      icon={<BagIcon className="size-6" />}
      action={<Button to={paths.products.getHref()}>{t("catalogue.browseAll")}</Button>}
    >
      {children}
    </EmptyState>
  );
}

/** A search or filters that match nothing: what did not match (the title), and a button to undo it. */
export function NoMatch({
  title,
  children,
  undoLabel,
  onUndo,
}: {
  title: string;
  children: ReactNode;
  undoLabel: string;
  onUndo: () => void;
}) {
  return (
    <EmptyState
      title={title}
      icon={<SearchIcon className="size-6" />}
      action={
        <Button variant="secondary" onClick={onUndo}>
          {undoLabel}
        </Button>
      }
    >
      {children}
    </EmptyState>
  );
}
