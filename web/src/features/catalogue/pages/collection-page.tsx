import type { PublicCollection } from "@shop/contract/collections";
import { useParams } from "react-router";

import { DecorativeImage } from "@/components/decorative-image";
import { GonePanel } from "@/components/errors/gone-panel";
import { PageContainer } from "@/components/page-container";
import { PageTitle } from "@/components/page-title";
import { QueryStates } from "@/components/query-states";
import { Skeleton } from "@/components/skeleton";
import { PRODUCTS_PAGE_SIZES } from "@/features/catalogue/config";
import { CatalogueBrowser } from "@/features/catalogue/browse/catalogue-browser";
import { NothingHereYet } from "@/features/catalogue/browse/nothing-here-yet";
import { useCatalogueBrowser } from "@/features/catalogue/hooks/use-catalogue-browser";
import { useCollection } from "@/features/catalogue/api/get-collection";
import { t } from "@/features/catalogue/messages";
import { isUnknownIdError } from "@/lib/api-client";

/** /collections/{slug}: a collection's title, description and picture, then its products to browse. */
export function CollectionPage() {
  const { slug = "" } = useParams();
  const query = useCollection(slug);
  return (
    <PageContainer>
      <QueryStates
        query={query}
        pending={<CollectionHeaderSkeleton />}
        errorTitle={t("catalogue.collection.loadError")}
        notFound={<CollectionNotFound />}
        isNotFound={isUnknownIdError}
      >
        {(collection) => <Collection key={collection.slug} collection={collection} />}
      </QueryStates>
    </PageContainer>
  );
}

function Collection({ collection }: { collection: PublicCollection }) {
  const browser = useCatalogueBrowser({ collection: collection.slug, pageSizes: PRODUCTS_PAGE_SIZES });
  return (
    <>
      <div className="mb-8 flex flex-col gap-6 sm:flex-row sm:items-center">
        {collection.image ? (
          <DecorativeImage
            src={collection.image}
            width={320}
            height={200}
            className="aspect-[8/5] w-full rounded-2xl bg-stone-100 object-cover sm:w-64 lg:w-80"
          />
        ) : null}
        <PageTitle
          className="mb-0"
          title={collection.title}
          eyebrow={t("catalogue.collection.eyebrow")}
          subtitle={collection.description || undefined}
        />
      </div>
      <CatalogueBrowser
        state={browser}
        label={t("catalogue.gridLabel", { name: collection.title })}
        skeletonCount={PRODUCTS_PAGE_SIZES.first}
        empty={<NothingHereYet>{t("catalogue.collection.empty")}</NothingHereYet>}
      />
    </>
  );
}

function CollectionHeaderSkeleton() {
  return (
    <div className="mb-8" aria-busy="true" aria-label={t("catalogue.collection.loading")}>
      <Skeleton className="mb-3 h-4 w-24" />
      <Skeleton className="h-9 w-2/3 max-w-md" />
      <Skeleton className="mt-3 h-5 w-full max-w-xl" />
    </div>
  );
}

function CollectionNotFound() {
  return (
    <GonePanel title={t("catalogue.collection.notFound.title")}>
      {t("catalogue.collection.notFound.text")}
    </GonePanel>
  );
}
