import {
  couponSchema,
  moneySettingsSchema,
  shippingMethodSchema,
  type CouponBody,
  type MoneySettings,
  type ShippingMethodBody,
} from "@shop/contract/money";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";

import { t } from "@/features/money/messages";
import { api } from "@/lib/api-client";
import { errorMessageWithFields } from "@/lib/error-message-with-fields";
import { notifyError, notifyUpdated } from "@/lib/toast";

const moneyKeys = {
  all: ["admin-money"] as const,
  settings: ["admin-money", "settings"] as const,
  shipping: ["admin-money", "shipping"] as const,
  coupons: ["admin-money", "coupons"] as const,
};

export const useMoneySettings = () =>
  useQuery({
    queryKey: moneyKeys.settings,
    queryFn: ({ signal }) => api.get("/admin/money-settings", { schema: moneySettingsSchema, signal }),
  });
export const useShippingMethods = () =>
  useQuery({
    queryKey: moneyKeys.shipping,
    queryFn: ({ signal }) =>
      api.get("/admin/shipping-methods", { schema: z.array(shippingMethodSchema), signal }),
  });
export const useCoupons = () =>
  useQuery({
    queryKey: moneyKeys.coupons,
    queryFn: ({ signal }) => api.get("/admin/coupons", { schema: z.array(couponSchema), signal }),
  });

/** A write with a toast on success, the server's message on failure, and the lists read again. */
function useMoneyWrite<T>(run: (input: T) => Promise<unknown>, done: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => notifyUpdated(done),
    // The field's own reason ("Enter an amount in dollars, such as 4.99"), not "The body is not valid."
    onError: (error) => notifyError(errorMessageWithFields(error)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: moneyKeys.all }),
  });
}

export const useSaveMoneySettings = () =>
  useMoneyWrite(
    (settings: MoneySettings) => api.put("/admin/money-settings", settings),
    t("money.tax.saved"),
  );
export const useAddShippingMethod = () =>
  useMoneyWrite(
    (body: ShippingMethodBody) => api.post("/admin/shipping-methods", body),
    t("money.shipping.added"),
  );
export const useUpdateShippingMethod = () =>
  useMoneyWrite(
    ({ id, body }: { id: string; body: ShippingMethodBody }) =>
      api.put(`/admin/shipping-methods/${encodeURIComponent(id)}`, body),
    t("money.shipping.saved"),
  );
export const useDeleteShippingMethod = () =>
  useMoneyWrite(
    (id: string) => api.delete(`/admin/shipping-methods/${encodeURIComponent(id)}`),
    t("money.shipping.removed"),
  );
export const useAddCoupon = () =>
  useMoneyWrite((body: CouponBody) => api.post("/admin/coupons", body), t("money.coupons.added"));
export const useUpdateCoupon = () =>
  useMoneyWrite(
    ({ id, body }: { id: string; body: CouponBody }) =>
      api.put(`/admin/coupons/${encodeURIComponent(id)}`, body),
    t("money.coupons.saved"),
  );
export const useDeleteCoupon = () =>
  useMoneyWrite(
    (id: string) => api.delete(`/admin/coupons/${encodeURIComponent(id)}`),
    t("money.coupons.removed"),
  );
