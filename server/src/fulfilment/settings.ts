import {
  BUILT_IN_CARRIERS,
  fulfilmentSettingsSchema,
  type Carrier,
  type FulfilmentSettings,
} from "@shop/contract/fulfilment";
import { eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { shopSettings } from "../db/schema";
import { SHOP_NAME } from "../mail/templates";

export const FULFILMENT_KEY = "fulfilment";

/** Until the owner saves their own: enough for `npm start` to print a complete invoice. */
export const DEFAULT_FULFILMENT_SETTINGS: FulfilmentSettings = {
  seller: {
    name: `${SHOP_NAME} Ltd.`,
    address: "1 Market Street\nSpringfield, IL 62701\nUnited States",
    taxId: "US 12-3456789",
    email: "",
  },
  carriers: [],
  invoiceInMail: "link",
};

/** Read on every use (no cache), like the money settings: a change holds on every instance at once. */
export async function getFulfilmentSettings(db: Db): Promise<FulfilmentSettings> {
  const [row] = await db.select().from(shopSettings).where(eq(shopSettings.key, FULFILMENT_KEY)).limit(1);
  return fulfilmentSettingsFrom(row?.value);
}

/** The stored value (undefined: never saved) over the defaults. */
export function fulfilmentSettingsFrom(value: unknown): FulfilmentSettings {
  const parsed = fulfilmentSettingsSchema.safeParse({
    ...DEFAULT_FULFILMENT_SETTINGS,
    ...(value as object | undefined),
  });
  return parsed.success ? parsed.data : DEFAULT_FULFILMENT_SETTINGS;
}

export async function setFulfilmentSettings(db: Db, settings: FulfilmentSettings) {
  await db
    .insert(shopSettings)
    .values({ key: FULFILMENT_KEY, value: settings })
    .onConflictDoUpdate({ target: shopSettings.key, set: { value: settings, updatedAt: new Date() } });
  return settings;
}

/** The owner's carriers first: one of theirs named like a built-in one replaces it. */
export const carriersOf = (settings: FulfilmentSettings): Carrier[] => [
  ...settings.carriers,
  ...BUILT_IN_CARRIERS.filter(
    (builtIn) => !settings.carriers.some((own) => own.name.toLowerCase() === builtIn.name.toLowerCase()),
  ),
];
