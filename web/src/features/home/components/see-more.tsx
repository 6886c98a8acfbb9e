import { Button } from "@/components/button";
import { ChevronRightIcon } from "@/components/icons";
import { t } from "@/lib/i18n";

/** A home section's closing "See More" link to the whole list; `what` completes it for screen readers. */
export function SeeMore({ to, what }: { to: string; what: string }) {
  return (
    <div className="mt-10 flex justify-center">
      <Button to={to} variant="secondary" size="lg" icon={<ChevronRightIcon />} iconPosition="right">
        {t("home.seeMore")}
        <span className="sr-only"> {what}</span>
      </Button>
    </div>
  );
}
