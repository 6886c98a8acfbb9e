import type { ChosenOption } from "@shop/contract/cart";
import { sql, type SQL } from "drizzle-orm";

/**
 * SQL fragments about one variant, for the statements that show or sell it (cart, checkout).
 * `variant` and `product` are the aliases of its product_variants and products rows.
 */

/** The variant's picture: the first gallery image of one of its option values, else the main image. */
export const variantImageSql = (variant: SQL, product: SQL) => sql`coalesce(
  (select i.url from product_images i
   where i.product_id = ${variant}.product_id and i.option_value = any(${variant}.option_values)
   order by i.position, i.id limit 1),
  ${product}.image)`;

/** Its option values with their names, in option order: [{ name: "Size", value: "M" }]. */
export const variantOptionsSql = (variant: SQL) => sql`(
  select coalesce(jsonb_agg(jsonb_build_object('name', o.name, 'value', ${variant}.option_values[o.position + 1])
    order by o.position), '[]'::jsonb)
  from product_options o where o.product_id = ${variant}.product_id)`;

/** node-postgres parses jsonb; PGlite too. Both answer an array, or a string on odd drivers. */
export function parseOptions(value: unknown): ChosenOption[] {
  const parsed: unknown = typeof value === "string" ? JSON.parse(value) : value;
  return Array.isArray(parsed) ? (parsed as ChosenOption[]) : [];
}

/** "Size: M, Colour: Red": how a message names a variant. */
export const describeOptions = (options: readonly ChosenOption[]) =>
  options.map((option) => `${option.name}: ${option.value}`).join(", ");

/** "Linen Dress (Size: M)", or the bare name without options. */
export const variantName = (name: string, options: readonly ChosenOption[]) =>
  options.length ? `${name} (${describeOptions(options)})` : name;
