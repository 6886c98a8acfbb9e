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
        errorTitle="We couldn’t load this collection"
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
          eyebrow="Collection"
          subtitle={collection.description || undefined}
        />
      </div>
      <CatalogueBrowser
        state={browser}
        label={`${collection.title}: products`}
        skeletonCount={PRODUCTS_PAGE_SIZES.first}
        empty={
          <NothingHereYet>
            This collection has no products on sale right now. Have a look around the rest of the shop.
          </NothingHereYet>
        }
      />
    </>
  );
}

function CollectionHeaderSkeleton() {
  return (
    <div className="mb-8" aria-busy="true" aria-label="Loading the collection">
      <Skeleton className="mb-3 h-4 w-24" />
      <Skeleton className="h-9 w-2/3 max-w-md" />
      <Skeleton className="mt-3 h-5 w-full max-w-xl" />
    </div>
  );
}

function CollectionNotFound() {
  return (
    <GonePanel title="Collection not found">
      This collection does not exist or has ended. Have a look at the rest of the shop instead.
    </GonePanel>
  );
}
