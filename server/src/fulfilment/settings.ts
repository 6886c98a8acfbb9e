import {
  BUILT_IN_CARRIERS,
  fulfilmentSettingsSchema,
  type Carrier,
  type FulfilmentSettings,
} from "@shop/contract/fulfilment";
import { shopSetting } from "../db/shop-settings";
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

const fulfilmentSettings = shopSetting(FULFILMENT_KEY, fulfilmentSettingsSchema, DEFAULT_FULFILMENT_SETTINGS);
/** Read on every use (no cache), like the money settings: a change holds on every instance at once. */
export const getFulfilmentSettings = fulfilmentSettings.get;
/** The stored value (undefined: never saved) over the defaults. */
export const fulfilmentSettingsFrom = fulfilmentSettings.from;
export const setFulfilmentSettings = fulfilmentSettings.set;

/** The owner's carriers first: one of theirs named like a built-in one replaces it. */
export const carriersOf = (settings: FulfilmentSettings): Carrier[] => [
  ...settings.carriers,
  ...BUILT_IN_CARRIERS.filter(
    (builtIn) => !settings.carriers.some((own) => own.name.toLowerCase() === builtIn.name.toLowerCase()),
  ),
];
