import { t } from "@/features/cart/messages";

/** The cart page's texts (SPEC sections 2, 4 and 8; spelt correctly, DESIGN.md), read when shown. */
export const CART_PAGE_TEXT = {
  get title() {
    return t("cart.title");
  },
  get tableCaption() {
    return t("cart.tableCaption");
  },
  get loading() {
    return t("cart.loading");
  },
  get loadError() {
    return t("cart.loadError");
  },
  get emptyTitle() {
    return t("cart.emptyTitle");
  },
  get emptyBody() {
    return t("cart.emptyBody");
  },
  get emptyAction() {
    return t("cart.emptyAction");
  },
  get loadMore() {
    return t("cart.loadMore");
  },
  get removeQuestion() {
    return t("cart.removeQuestion");
  },
  get removeConfirm() {
    return t("cart.removeConfirm");
  },
  get removeCancel() {
    return t("cart.removeCancel");
  },
  /** Under the bag's figures: the shipping shown is the preselected method's. */
  get shippingAtCheckout() {
    return t("cart.shippingAtCheckout");
  },
  get quoteError() {
    return t("cart.quoteError");
  },
  get quoteUpdating() {
    return t("cart.quoteUpdating");
  },
};
