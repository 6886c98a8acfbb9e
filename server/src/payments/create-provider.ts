import type { Config } from "../config";
import type { PaymentProvider } from "./provider";
import { createStripePaymentProvider } from "./stripe-provider";
import { createTestPaymentProvider } from "./test-provider";

/** PAYMENT_PROVIDER's choice: the test mode by default, Stripe's hosted Checkout when set. */
export async function createPaymentProvider(config: Config): Promise<PaymentProvider> {
  return config.payment.provider === "stripe"
    ? createStripePaymentProvider(config.payment.stripe)
    : createTestPaymentProvider();
}
