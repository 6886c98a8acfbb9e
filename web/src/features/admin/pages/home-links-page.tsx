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
import { t } from "@/features/admin/messages";
import { isApiError } from "@/lib/api-client";

/** The home page's three slides, as the carousel shows them, and where each leads as built. */
const SLIDES = [
  t("admin.homeLinks.slide1"),
  t("admin.homeLinks.slide2"),
  t("admin.homeLinks.slide3"),
] as const;

const CATEGORY_TILES: readonly [Category, string][] = [
  ["womans", t("admin.homeLinks.tileWomen")],
  ["shoes", t("admin.homeLinks.tileShoes")],
  ["gadgets", t("admin.homeLinks.tileGadgets")],
  ["mans", t("admin.homeLinks.tileMen")],
];

/** /dashboard/home-links: the owner points the home page's slides and category tiles at collections. */
export function HomeLinksPage() {
  const links = useHomeLinksSetting();
  // What a slide or tile may lead to: the Collections page's own list.
  const collections = useCollections();
  return (
    <>
      <PageTitle level={2} title={t("admin.homeLinks.title")} />
      <QueryStates query={links} pending={<Spinner />} errorTitle={t("admin.homeLinks.loadError")}>
        {(current) => (
          <QueryStates
            query={collections}
            pending={<Spinner />}
            errorTitle={t("admin.homeLinks.collectionsLoadError")}
          >
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
    <form onSubmit={submit} noValidate aria-label={t("admin.homeLinks.form")} className="flex flex-col gap-6">
      {collections.length === 0 ? (
        <p className="text-sm text-ink-muted">{t("admin.homeLinks.noCollections")}</p>
      ) : null}
      <Panel title={t("admin.homeLinks.slides")} description={t("admin.homeLinks.slidesHint")}>
        <div className="mt-4 grid gap-4">
          {SLIDES.map((label, index) => (
            <SelectField
              key={label}
              label={label}
              placeholder={t("admin.homeLinks.asBuilt")}
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
      <Panel title={t("admin.homeLinks.tiles")} description={t("admin.homeLinks.tilesHint")}>
        <div className="mt-4 grid gap-4 sm:grid-cols-2">
          {CATEGORY_TILES.map(([category, label]) => (
            <SelectField
              key={category}
              label={label}
              placeholder={t("admin.homeLinks.asBuiltCategory")}
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
          {t("admin.homeLinks.save")}
        </Button>
        <Button variant="secondary" to={paths.home.getHref()}>
          {t("admin.homeLinks.seeHome")}
        </Button>
      </div>
    </form>
  );
}
