import { shopCurrency } from "@shop/contract/currency";
import { sql } from "drizzle-orm";
import type { Db } from "./client";

const FIRST_NAMES = [
  "Ann",
  "Nusrat",
  "Rahim",
  "Maya",
  "Jon",
  "Priya",
  "Karim",
  "Lena",
  "Omar",
  "Sara",
  "Tariq",
  "Eva",
];
const LAST_NAMES = [
  "Lee",
  "Hossain",
  "Khan",
  "Smith",
  "Roy",
  "Ahmed",
  "Garcia",
  "Chowdhury",
  "Novak",
  "Islam",
];
const BATCH_SIZE = 20_000;

const textArray = (values: readonly string[]) =>
  sql.raw(`array[${values.map((value) => `'${value}'`).join(",")}]`);

/**
 * Adds `count` orders spread over the last year, for benchmarks and the performance work: one
 * customer per ten orders (verified accounts), one to three lines of existing variants at their
 * prices, shipping Standard or Express, statuses as a shop has them (older orders delivered,
 * recent ones paid or shipped, a few cancelled and refunded). Set-based SQL, a batch of orders per
 * statement, so a million orders take minutes, not hours. Needs a catalogue (seed-demo or seed-large).
 */
export async function seedOrders(
  db: Db,
  count: number,
  { onProgress }: { onProgress?: (done: number) => void } = {},
): Promise<void> {
  const tag = Date.now().toString(36);
  const customers = Math.max(1, Math.ceil(count / 10));
  await db.execute(sql`
    insert into users (name, email, email_verified, created_at)
    select (${textArray(FIRST_NAMES)})[1 + (g % ${FIRST_NAMES.length})] || ' ' ||
             (${textArray(LAST_NAMES)})[1 + ((g / ${FIRST_NAMES.length}) % ${LAST_NAMES.length})],
           'customer-' || ${tag} || '-' || g || '@example.test', true,
           now() - interval '400 days' + random() * interval '30 days'
    from generate_series(1, ${customers}) g`);
  for (let done = 0; done < count; done += BATCH_SIZE) {
    const size = Math.min(BATCH_SIZE, count - done);
    await db.execute(sql`
      -- Variants and buyers are numbered and picked by a random number joined to it: indexing an
      -- array of them instead read (detoasted) the whole array for every pick, hours at 100,000.
      with catalogue as (
        select id, product_id, price_cents, row_number() over (order by id) as n
        from product_variants where price_cents > 0
      ), catalogue_size as (
        select count(*) as n from catalogue
      ), buyers as (
        select id, row_number() over (order by id) as n from users where email like ${`customer-${tag}-%`}
      ), buyer_count as (
        select count(*) as n from buyers
      ), picked as (
        select gen_random_uuid() as key,
               1 + floor(random() * buyer_count.n)::int as buyer_n,
               now() - random() * interval '365 days' as created_at,
               random() as roll,
               1 + floor(random() * 3)::int as line_count,
               random() < 0.7 as standard
        from generate_series(1, ${size}), buyer_count
      ), picks as (
        select picked.key, 1 + floor(random() * catalogue_size.n)::int as variant_n,
               1 + floor(random() * 2)::int as quantity
        from picked
        cross join lateral generate_series(1, picked.line_count) as line_number
        cross join catalogue_size
      ), lines as (
        select picks.key, catalogue.id as variant_id, catalogue.product_id, catalogue.price_cents, picks.quantity
        from picks join catalogue on catalogue.n = picks.variant_n
      ), sums as (
        select key, sum(price_cents * quantity)::int as subtotal from lines group by key
      ), placed as (
        insert into orders (user_id, email, status, total_cents, subtotal_cents, shipping_cents,
          tax_cents, tax_included, shipping_method_name, delivery_name, delivery_address,
          delivery_city, delivery_phone, payment_provider, payment_reference, card_last4,
          idempotency_key, created_at, updated_at, delivered_at, currency)
        select buyers.id, users.email,
               (case
                  when picked.roll < 0.04 then 'cancelled'
                  when picked.created_at > now() - interval '3 days' then 'paid'
                  when picked.created_at > now() - interval '10 days' then 'shipped'
                  else 'delivered' end)::order_status,
               sums.subtotal + case when picked.standard then (case when sums.subtotal >= 5000 then 0 else 499 end) else 1499 end,
               sums.subtotal,
               case when picked.standard then (case when sums.subtotal >= 5000 then 0 else 499 end) else 1499 end,
               0, true,
               case when picked.standard then 'Standard' else 'Express' end,
               users.name, (1 + floor(random() * 200)::int) || ' Harbour Road', 'Dhaka', '+8801712345678',
               'test', 'seed_' || replace(picked.key::text, '-', ''), '4242',
               picked.key, picked.created_at, picked.created_at,
               case when picked.roll >= 0.04 and picked.created_at <= now() - interval '10 days'
                    then picked.created_at + interval '4 days' end,
               ${shopCurrency().code}
        from picked
        join sums on sums.key = picked.key
        join buyers on buyers.n = picked.buyer_n
        join users on users.id = buyers.id
        returning id, idempotency_key, status, total_cents, created_at
      ), refunded as (
        insert into refunds (order_id, amount_cents, reason, idempotency_key, status, provider_reference, created_at)
        select id, total_cents, 'Order cancelled', 'cancel:' || id, 'succeeded', 'seed', created_at + interval '1 hour'
        from placed where status = 'cancelled' and total_cents > 0
        returning id
      )
      insert into order_lines (order_id, product_id, variant_id, name, options, image, unit_price_cents, quantity)
      select placed.id, lines.product_id, lines.variant_id, products.name, '[]'::jsonb, products.image,
             lines.price_cents, lines.quantity
      from lines
      join placed on placed.idempotency_key = lines.key
      join products on products.id = lines.product_id`);
    onProgress?.(done + size);
  }
}
