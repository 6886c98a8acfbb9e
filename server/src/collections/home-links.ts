import { DEFAULT_HOME_LINKS, homeLinksSchema, type HomeLinks } from "@shop/contract/collections";
import { eq, inArray } from "drizzle-orm";
import type { Db } from "../db/client";
import { collections, shopSettings } from "../db/schema";
import { HttpProblem } from "../http/problem";

export const HOME_LINKS_KEY = "home_links";

const slugsOf = (links: HomeLinks) =>
  [...links.slides, ...Object.values(links.categories)].filter((slug): slug is string => slug !== null);

/** The owner's choice as saved (undefined: never saved, or unreadable: the page as built). */
async function savedHomeLinks(db: Db): Promise<HomeLinks> {
  const [row] = await db.select().from(shopSettings).where(eq(shopSettings.key, HOME_LINKS_KEY)).limit(1);
  const parsed = homeLinksSchema.safeParse(row?.value);
  return parsed.success ? parsed.data : DEFAULT_HOME_LINKS;
}

/** The slugs of `links` that name a collection now. */
async function existingSlugs(db: Db, links: HomeLinks): Promise<Set<string>> {
  const slugs = slugsOf(links);
  if (slugs.length === 0) return new Set();
  const rows = await db
    .select({ slug: collections.slug })
    .from(collections)
    .where(inArray(collections.slug, slugs));
  return new Set(rows.map((row) => row.slug));
}

/**
 * What the home page links to: the owner's choice, less any collection deleted since (its slide
 * or tile leads where it did before it was chosen).
 */
export async function getHomeLinks(db: Db): Promise<HomeLinks> {
  const links = await savedHomeLinks(db);
  const existing = await existingSlugs(db, links);
  const kept = (slug: string | null) => (slug !== null && existing.has(slug) ? slug : null);
  return {
    slides: links.slides.map(kept),
    categories: {
      womans: kept(links.categories.womans),
      mans: kept(links.categories.mans),
      shoes: kept(links.categories.shoes),
      gadgets: kept(links.categories.gadgets),
    },
  };
}

/** Saves the owner's choice; 422 naming each field whose collection does not exist. */
export async function setHomeLinks(db: Db, links: HomeLinks): Promise<HomeLinks> {
  const existing = await existingSlugs(db, links);
  const errors: Record<string, string> = {};
  links.slides.forEach((slug, index) => {
    if (slug !== null && !existing.has(slug)) errors[`slides.${index}`] = noSuchCollection(slug);
  });
  for (const [category, slug] of Object.entries(links.categories)) {
    if (slug !== null && !existing.has(slug)) errors[`categories.${category}`] = noSuchCollection(slug);
  }
  if (Object.keys(errors).length > 0) {
    throw new HttpProblem(422, "Unprocessable Content", "Some links name no collection.", errors);
  }
  await db
    .insert(shopSettings)
    .values({ key: HOME_LINKS_KEY, value: links })
    .onConflictDoUpdate({ target: shopSettings.key, set: { value: links, updatedAt: new Date() } });
  return links;
}

const noSuchCollection = (slug: string) => `No collection has the address “${slug}”.`;
