import { COLOUR_OPTION_NAMES, SIZE_OPTION_NAMES } from "@shop/contract/catalogue-constants";
import { sql, type SQL } from "drizzle-orm";
import { selectRows, type Db } from "../db/client";
import { products } from "../db/schema";
import type { CatalogueQuery, OptionValueCounts } from "./filters";

/**
 * Size and colour as lists filter by them: the value of a variant's option named Size (or
 * Colour/Color, in any case; see SIZE_OPTION_NAMES), null when its product has no such option.
 * The catalogue index loads them with loadVariantFacts; the database path filters and counts
 * with the same expressions, so both agree.
 */
const namesIn = (names: readonly string[]) =>
  sql.join(
    names.map((name) => sql`${name}`),
    sql`, `,
  );

/** The variant's value of the first option named one of `names`; `variant` is its alias. */
const optionValueSql = (variant: SQL, names: readonly string[]) => sql`(
  select ${variant}.option_values[o.position + 1] from product_options o
  where o.product_id = ${variant}.product_id and lower(o.name) in (${namesIn(names)})
  order by o.position limit 1)`;

export const variantSizeSql = (variant: SQL) => optionValueSql(variant, SIZE_OPTION_NAMES);
export const variantColourSql = (variant: SQL) => optionValueSql(variant, COLOUR_OPTION_NAMES);

export interface VariantFacts {
  productId: string;
  size: string | null;
  colour: string | null;
  stock: number;
}

/** A slice of the catalogue in id order: ids above `after` (when given) up to `upTo`. */
export interface ProductIdRange {
  after: string | undefined;
  upTo: string;
}

/** Which products' variants to read: these ids, a range of ids, or (neither) every product. */
export interface VariantScope {
  productIds?: readonly string[];
  range?: ProductIdRange;
}

/** Whether a product id column lies in `scope`. */
const inScope = (productId: SQL, scope: VariantScope) => {
  if (scope.productIds) return sql`${productId} = any(${sql.param([...scope.productIds])}::uuid[])`;
  if (!scope.range) return sql`true`;
  const upTo = sql`${productId} <= ${scope.range.upTo}::uuid`;
  return scope.range.after === undefined ? upTo : sql`${upTo} and ${productId} > ${scope.range.after}::uuid`;
};

/** Each product's first option named one of `names`: (product_id, position). */
const optionPositionsSql = (names: readonly string[], scope: VariantScope) => sql`(
  select distinct on (product_id) product_id, position from product_options
  where lower(name) in (${namesIn(names)}) and ${inScope(sql.raw("product_id"), scope)}
  order by product_id, position)`;

/**
 * Variants (alias `v`) with their size and colour as columns `size` and `colour`: the option
 * positions joined, not looked up per variant, so a pass over half a million variants reads
 * product_options once (a hash join). With a scope, only those products' rows are read, options
 * included (a refresh of a few products' stock reads a few rows, not every product's options).
 */
const variantsWithOptionsSql = (scope: VariantScope = {}) => sql`(
  select v.product_id, v.stock, v.position, v.created_at, v.id,
    v.option_values[s.position + 1] as size, v.option_values[c.position + 1] as colour
  from product_variants v
  left join ${optionPositionsSql(SIZE_OPTION_NAMES, scope)} s on s.product_id = v.product_id
  left join ${optionPositionsSql(COLOUR_OPTION_NAMES, scope)} c on c.product_id = v.product_id
  where ${inScope(sql.raw("v.product_id"), scope)})`;

/**
 * Every variant's size, colour and stock (of these products only, or of a range of them, when
 * given), grouped by product in the product page's variant order.
 */
export async function loadVariantFacts(db: Db, scope: VariantScope = {}): Promise<VariantFacts[]> {
  const rows = await selectRows<{
    product_id: string;
    size: string | null;
    colour: string | null;
    stock: number;
  }>(
    db,
    sql`select v.product_id, v.size, v.colour, v.stock from ${variantsWithOptionsSql(scope)} v
        order by v.product_id, v.position, v.created_at, v.id`,
  );
  return rows.map((row) => ({
    productId: row.product_id,
    size: row.size,
    colour: row.colour,
    stock: Number(row.stock),
  }));
}

/** Whether a variant (alias `v`) has the query's size and colour, and stock when in-stock only. */
function variantMatchesSql(query: CatalogueQuery, options: { withStock: boolean }) {
  const v = sql.raw("v");
  const conditions: SQL[] = [sql`v.product_id = ${products.id}`];
  if (query.size !== undefined) conditions.push(sql`${variantSizeSql(v)} = ${query.size}`);
  if (query.colour !== undefined) conditions.push(sql`${variantColourSql(v)} = ${query.colour}`);
  if (options.withStock) conditions.push(sql`v.stock > 0`);
  return sql.join(conditions, sql` and `);
}

/** The list's condition for size, colour and (with them) stock: one variant has all three. */
export const hasMatchingVariantSql = (query: CatalogueQuery) =>
  sql`exists (select 1 from product_variants v where ${variantMatchesSql(query, { withStock: Boolean(query.inStock) })})`;

/** For the facet cells: 0 no variant has the size and colour, 1 one has, 2 one in stock has. */
export const variantMatchStateSql = (query: CatalogueQuery) =>
  sql`(case
    when exists (select 1 from product_variants v where ${variantMatchesSql(query, { withStock: true })}) then 2
    when exists (select 1 from product_variants v where ${variantMatchesSql(query, { withStock: false })}) then 1
    else 0 end)`;

/**
 * The size and colour facets on the database: every value of the products under `scope` (`q`
 * and the category), and how many of those products also within `priceOk` have a variant of
 * that value that meets the other option's filter (and is in stock, when asked).
 */
export async function optionValueCountsSql(
  db: Db,
  query: CatalogueQuery,
  scope: SQL | undefined,
  priceOk: SQL,
): Promise<OptionValueCounts> {
  const stockOk = query.inStock ? sql`v.stock > 0` : sql`true`;
  const sizeOk = query.size === undefined ? sql`true` : sql`v.size = ${query.size}`;
  const colourOk = query.colour === undefined ? sql`true` : sql`v.colour = ${query.colour}`;
  // One pass over the scope's variants for both facets: a size counts with the wanted colour,
  // a colour with the wanted size.
  const rows = await selectRows<{ facet: "size" | "colour"; value: string; count: number }>(
    db,
    sql`with f as (
          select v.product_id, v.size, v.colour,
            (${priceOk} and ${colourOk} and ${stockOk}) as size_counts,
            (${priceOk} and ${sizeOk} and ${stockOk}) as colour_counts
          from ${products} join ${variantsWithOptionsSql()} v on v.product_id = ${products.id}
          ${scope ? sql`where ${scope}` : sql``})
        select 'size' as facet, size as value, count(distinct product_id) filter (where size_counts) as count
          from f where size is not null group by size
        union all
        select 'colour', colour, count(distinct product_id) filter (where colour_counts)
          from f where colour is not null group by colour`,
  );
  const countsOf = (facet: "size" | "colour") =>
    new Map(rows.filter((row) => row.facet === facet).map((row) => [row.value, Number(row.count)]));
  return { sizes: countsOf("size"), colours: countsOf("colour") };
}
