import type { CartLine } from "@shop/contract/cart";

import { Button } from "@/components/button";
import { LockIcon } from "@/components/page-icons";
import { RowActions } from "@/components/row-actions";
import { checkoutPath } from "@/config/paths";
import { t } from "@/features/cart/messages";

export type CartLineActionsProps = {
  line: CartLine;
  onRemove: (line: CartLine, opener: HTMLElement) => void;
  /** Stretch both buttons over the width (the cards on small screens). */
  full?: boolean;
};

/** Pay (checks out this line alone) and Remove for one line. */
export function CartLineActions({ line, onRemove, full = false }: CartLineActionsProps) {
  return (
    <RowActions
      removeText={t("cart.remove")}
      removeLabel={t("cart.removeLine", { name: line.name })}
      onRemove={(opener) => onRemove(line, opener)}
      full={full}
    >
      <Button
        size="sm"
        full={full}
        to={checkoutPath([line._id])}
        icon={<LockIcon className="size-4" />}
        aria-label={t("cart.payLine", { name: line.name })}
      >
        {t("cart.pay")}
      </Button>
    </RowActions>
  );
}
