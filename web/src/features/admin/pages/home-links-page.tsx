import type { Category } from "@shop/contract/catalogue";
import type { Collection, HomeLinks } from "@shop/contract/collections";
import { useState, type FormEvent } from "react";

import { Button } from "@/components/button";
import { PageTitle } from "@/components/page-title";
import { Panel } from "@/components/panel";
import { QueryStates } from "@/components/query-states";
import { SelectField } from "@/components/select-field";
import { Spinner } from "@/components/spinner";
import { paths } from "@/config/paths";
import { useCollections } from "@/features/admin/api/collections";
import { useHomeLinksSetting, useSaveHomeLinks } from "@/features/admin/api/home-links";
import { isApiError } from "@/lib/api-client";

/** The home page's three slides, as the carousel shows them, and where each leads as built. */
const SLIDES = [
  "Slide 1: Summer Collection (as built: Women)",
  "Slide 2: New watches (as built: a search for watches)",
  "Slide 3: Gadgets Week (as built: Gadgets)",
] as const;

const CATEGORY_TILES: readonly [Category, string][] = [
  ["womans", "Women tile"],
  ["shoes", "Shoes tile"],
  ["gadgets", "Gadgets tile"],
  ["mans", "Mans tile"],
];

/** /dashboard/home-links: the owner points the home page's slides and category tiles at collections. */
export function HomeLinksPage() {
  const links = useHomeLinksSetting();
  // What a slide or tile may lead to: the Collections page's own list.
  const collections = useCollections();
  return (
    <>
      <PageTitle level={2} title="Home Page Links" />
      <QueryStates query={links} pending={<Spinner />} errorTitle="The home page links could not load">
        {(current) => (
          <QueryStates query={collections} pending={<Spinner />} errorTitle="The collections could not load">
            {(choices) => <HomeLinksForm current={current} collections={choices} />}
          </QueryStates>
        )}
      </QueryStates>
    </>
  );
}

function HomeLinksForm({ current, collections }: { current: HomeLinks; collections: Collection[] }) {
  const [links, setLinks] = useState(current);
  const save = useSaveHomeLinks();
  const errors = isApiError(save.error) ? save.error.errors : {};
  const options = collections.map((collection) => ({
    value: collection.slug,
    label: `${collection.title} (/collections/${collection.slug})`,
  }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(links);
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Home page links" className="flex flex-col gap-6">
      {collections.length === 0 ? (
        <p className="text-sm text-ink-muted">
          No collections yet: make one first, then point a slide or a tile at it.
        </p>
      ) : null}
      <Panel
        title="Carousel slides"
        description="Where each slide's “Shop now” leads. Leave a slide as built to keep its own page."
      >
        <div className="mt-4 grid gap-4">
          {SLIDES.map((label, index) => (
            <SelectField
              key={label}
              label={label}
              placeholder="As built"
              options={options}
              value={links.slides[index] ?? ""}
              error={errors[`slides.${index}`]}
              onChange={(event) =>
                setLinks({
                  ...links,
                  slides: links.slides.map((slug, at) => (at === index ? event.target.value || null : slug)),
                })
              }
            />
          ))}
        </div>
      </Panel>
      <Panel title="Category tiles" description="Where each “Shop By Category” tile leads.">
        <div className="mt-4 grid gap-4 sm:grid-cols-2">
          {CATEGORY_TILES.map(([category, label]) => (
            <SelectField
              key={category}
              label={label}
              placeholder="As built: its category page"
              options={options}
              value={links.categories[category] ?? ""}
              error={errors[`categories.${category}`]}
              onChange={(event) =>
                setLinks({
                  ...links,
                  categories: { ...links.categories, [category]: event.target.value || null },
                })
              }
            />
          ))}
        </div>
      </Panel>
      <div className="flex flex-wrap items-center gap-3">
        <Button submit isLoading={save.isPending}>
          Save links
        </Button>
        <Button variant="secondary" to={paths.home.getHref()}>
          See the home page
        </Button>
      </div>
    </form>
  );
}
