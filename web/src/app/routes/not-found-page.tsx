import { NotFoundMessage } from "@/components/errors/not-found-message";
import { PageContainer } from "@/components/page-container";

/** Every address no route matches. */
export function NotFoundPage() {
  return (
    <PageContainer>
      <NotFoundMessage />
    </PageContainer>
  );
}
