import { CARD_NUMBER_DIGITS, CARD_NUMBER_GROUP } from "@/features/checkout/config";

const digitsOf = (value: string) => value.replace(/\D/g, "");

/** As the shopper types: digits only, at most 16, in groups of 4 ("4242 4242 4242 4242"). */
export function formatCardNumber(value: string): string {
  const digits = digitsOf(value).slice(0, CARD_NUMBER_DIGITS);
  const groups = digits.match(new RegExp(`\\d{1,${CARD_NUMBER_GROUP}}`, "g")) ?? [];
  return groups.join(" ");
}

/**
 * As the shopper types the expiry: "MM/YY". A month that can only be one digit ("4", or "1/")
 * gets its leading zero, and the slash appears once the year begins.
 */
export function formatExpiry(value: string): string {
  let digits = digitsOf(value);
  if (/^\d\//.test(value.trim()) || /^[2-9]/.test(digits)) digits = `0${digits}`;
  digits = digits.slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

/** The security code: digits only, at most 4. */
export function formatCvc(value: string): string {
  return digitsOf(value).slice(0, 4);
}

/** Whether an expiry "MM/YY" lies before the month of `now` (a card is valid through its month). */
export function isExpiryPast(expiry: string, now: Date = new Date()): boolean {
  const match = /^(0[1-9]|1[0-2])\/(\d{2})$/.exec(expiry.trim());
  if (!match) return false;
  const month = Number(match[1]);
  const year = 2000 + Number(match[2]);
  return year < now.getFullYear() || (year === now.getFullYear() && month < now.getMonth() + 1);
}
