import type { Product } from "@shop/contract/catalogue";
import type { Campaign } from "@shop/contract/marketing";
import { MAX_CAMPAIGN_PRODUCTS } from "@shop/contract/marketing-constants";
import { useState, type FormEvent } from "react";

import { Button } from "@/components/button";
import { EmptyState } from "@/components/empty-state";
import { FormAlert } from "@/components/form-alert";
import { DeskSection } from "@/components/desk-section";
import { DeskPageTitle } from "@/components/page-title";
import { QueryStates } from "@/components/query-states";
import { Spinner } from "@/components/spinner";
import { TextareaField } from "@/components/textarea-field";
import { TextField } from "@/components/text-field";
import {
  useAudience,
  useCampaignAction,
  useCampaigns,
  usePreviewCampaign,
  useProductSearch,
  useSaveCampaign,
} from "@/features/newsletter/api/campaigns";
import { t } from "@/features/newsletter/messages";
import { getErrorMessage } from "@/lib/api-client";
import { formatDate, formatNumber } from "@/lib/i18n";
import { notifyUpdated } from "@/lib/toast";

const dateTime = (iso: string) => formatDate(iso, { dateStyle: "medium", timeStyle: "short" });

type Picked = { _id: string; name: string };

/** When a campaign was sent (or written, for a draft), and whether it is still sending. */
function campaignWhen(campaign: Campaign): string {
  const when = campaign.startedAt
    ? t("newsletter.campaigns.sentAt", { date: dateTime(campaign.startedAt) })
    : t("newsletter.campaigns.writtenAt", { date: dateTime(campaign.createdAt) });
  return campaign.status === "sending" ? t("newsletter.campaigns.stillSending", { when }) : when;
}

function ProgressLine({ campaign }: { campaign: Campaign }) {
  const { queued, sent, failed, unsubscribedSince } = campaign.progress;
  if (campaign.status === "draft") {
    return <p className="text-sm text-ink-muted">{t("newsletter.campaigns.draft")}</p>;
  }
  return (
    <dl
      className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4"
      aria-label={t("newsletter.campaigns.progress")}
    >
      {(
        [
          [t("newsletter.campaigns.queued"), queued],
          [t("newsletter.campaigns.sent"), sent],
          [t("newsletter.campaigns.failed"), failed],
          [t("newsletter.campaigns.unsubscribedSince"), unsubscribedSince],
        ] as const
      ).map(([label, value]) => (
        <div key={label}>
          <dt className="text-ink-muted">{label}</dt>
          <dd className="font-semibold tabular-nums text-ink">{formatNumber(value)}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A product picked for the mail, or found for it, and the button that removes or adds it. */
function ProductRow({
  name,
  action,
  disabled,
  onClick,
}: {
  name: string;
  action: "add" | "remove";
  disabled?: boolean;
  onClick: () => void;
}) {
  return (
    <li className="flex items-center justify-between gap-2 text-sm">
      <span className="break-words">{name}</span>
      <Button
        size="xs"
        variant="secondary"
        aria-label={t(
          action === "add" ? "newsletter.campaigns.addProduct" : "newsletter.campaigns.removeProduct",
          { name },
        )}
        disabled={disabled}
        onClick={onClick}
      >
        {t(action === "add" ? "newsletter.campaigns.add" : "newsletter.campaigns.remove")}
      </Button>
    </li>
  );
}

function ProductPicker({ picked, onChange }: { picked: Picked[]; onChange: (next: Picked[]) => void }) {
  const [q, setQ] = useState("");
  const search = useProductSearch(q);
  const full = picked.length >= MAX_CAMPAIGN_PRODUCTS;
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="text-sm font-semibold text-ink">
        {t("newsletter.campaigns.products", { max: MAX_CAMPAIGN_PRODUCTS })}
      </legend>
      {picked.length > 0 && (
        <ul aria-label={t("newsletter.campaigns.picked")} className="flex flex-col gap-1">
          {picked.map((product) => (
            <ProductRow
              key={product._id}
              name={product.name}
              action="remove"
              onClick={() => onChange(picked.filter((entry) => entry._id !== product._id))}
            />
          ))}
        </ul>
      )}
      <TextField
        label={t("newsletter.campaigns.findProduct")}
        type="search"
        value={q}
        onChange={(event) => setQ(event.target.value)}
        hint={full ? t("newsletter.campaigns.full") : undefined}
      />
      {search.isError ? <FormAlert>{getErrorMessage(search.error)}</FormAlert> : null}
      {search.data && (
        <ul aria-label={t("newsletter.campaigns.searchResults")} className="flex flex-col gap-1">
          {search.data.length === 0 && (
            <li className="text-sm text-ink-muted">{t("newsletter.campaigns.noMatch")}</li>
          )}
          {search.data.map((product: Product) => (
            <ProductRow
              key={product._id}
              name={product.productname}
              action="add"
              disabled={full || picked.some((entry) => entry._id === product._id)}
              onClick={() => onChange([...picked, { _id: product._id, name: product.productname }])}
            />
          ))}
        </ul>
      )}
    </fieldset>
  );
}

/**
 * /dashboard/campaigns (admins): write a campaign (subject, Markdown, products), preview it, send
 * a test to yourself, then send it to every confirmed subscriber and watch its progress.
 */
export function CampaignsPage() {
  const campaigns = useCampaigns();
  const audience = useAudience();
  const preview = usePreviewCampaign();
  const save = useSaveCampaign();
  const act = useCampaignAction();
  const [editingId, setEditingId] = useState<string | null>(null);
  const [subject, setSubject] = useState("");
  const [body, setBody] = useState("");
  const [picked, setPicked] = useState<Picked[]>([]);
  const [confirmingSend, setConfirmingSend] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const input = { subject, body, productIds: picked.map((product) => product._id) };
  const busy = save.isPending || act.isPending;

  const saveDraft = async () => {
    const saved = await save.mutateAsync({ id: editingId, input });
    setEditingId(saved._id);
    return saved._id;
  };

  const run = async (work: () => Promise<void>) => {
    setError(null);
    try {
      await work();
    } catch (failure) {
      setError(getErrorMessage(failure));
    }
  };

  const onPreview = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void run(async () => {
      await preview.mutateAsync(input);
    });
  };

  const reset = () => {
    setEditingId(null);
    setSubject("");
    setBody("");
    setPicked([]);
    setConfirmingSend(false);
    preview.reset();
  };

  /** Saves the draft, then has the server send it (as a test, or for real), and says `done`. */
  const saveAnd = (done: string, action?: "test" | "send") => () =>
    void run(async () => {
      const id = await saveDraft();
      if (action) await act.mutateAsync({ id, action });
      notifyUpdated(done);
      if (action === "send") reset();
    });

  const confirmed = audience.data?.confirmed ?? 0;

  return (
    <div className="flex flex-col gap-8">
      <DeskPageTitle
        title={t("newsletter.campaigns.title")}
        documentTitle={t("newsletter.campaigns.documentTitle")}
        subtitle={
          audience.data
            ? t("newsletter.campaigns.audience", { confirmed, pending: audience.data.pending })
            : t("newsletter.campaigns.intro")
        }
        className="mb-8"
      />
      <form
        onSubmit={onPreview}
        className="flex flex-col gap-4 rounded-2xl border border-line bg-white p-4 sm:p-6"
      >
        <h3 className="text-lg font-semibold text-ink">
          {t(editingId ? "newsletter.campaigns.editDraft" : "newsletter.campaigns.newCampaign")}
        </h3>
        <TextField
          label={t("newsletter.campaigns.subject")}
          required
          maxLength={150}
          value={subject}
          onChange={(e) => setSubject(e.target.value)}
        />
        <TextareaField
          label={t("newsletter.campaigns.message")}
          required
          rows={8}
          value={body}
          onChange={(e) => setBody(e.target.value)}
          hint={t("newsletter.campaigns.markdownHint")}
        />
        <ProductPicker picked={picked} onChange={setPicked} />
        <FormAlert>{error}</FormAlert>
        <div className="flex flex-wrap gap-2">
          <Button submit variant="secondary" isLoading={preview.isPending}>
            {t("newsletter.campaigns.preview")}
          </Button>
          <Button
            variant="secondary"
            disabled={busy || !subject || !body}
            onClick={saveAnd(t("newsletter.campaigns.draftSaved"))}
          >
            {t("newsletter.campaigns.saveDraft")}
          </Button>
          <Button
            variant="secondary"
            disabled={busy || !subject || !body}
            onClick={saveAnd(t("newsletter.campaigns.testSent"), "test")}
          >
            {t("newsletter.campaigns.sendTest")}
          </Button>
          {!confirmingSend ? (
            <Button
              variant="primary"
              disabled={busy || !subject || !body || confirmed === 0}
              onClick={() => setConfirmingSend(true)}
            >
              {t("newsletter.campaigns.sendToSubscribers")}
            </Button>
          ) : (
            <span
              className="flex flex-wrap items-center gap-2"
              role="group"
              aria-label={t("newsletter.campaigns.confirmSending")}
            >
              <span className="text-sm text-ink">
                {t("newsletter.campaigns.sendQuestion", { count: confirmed })}
              </span>
              <Button
                variant="primary"
                isLoading={busy}
                onClick={saveAnd(t("newsletter.campaigns.sending"), "send")}
              >
                {t("newsletter.campaigns.sendNow")}
              </Button>
              <Button variant="secondary" onClick={() => setConfirmingSend(false)}>
                {t("newsletter.campaigns.cancel")}
              </Button>
            </span>
          )}
          {editingId && (
            <Button variant="light" onClick={reset}>
              {t("newsletter.campaigns.newCampaign")}
            </Button>
          )}
        </div>
        {preview.data && (
          <section aria-label={t("newsletter.campaigns.preview")} className="flex flex-col gap-2">
            <h4 className="text-sm font-semibold text-ink">
              {t("newsletter.campaigns.previewOf", { subject: preview.data.subject })}
            </h4>
            <iframe
              title={t("newsletter.campaigns.previewFrame", { subject: preview.data.subject })}
              sandbox=""
              srcDoc={preview.data.html}
              className="h-[32rem] w-full rounded-lg border border-line bg-white"
            />
          </section>
        )}
      </form>

      <DeskSection id="sent-campaigns" title={t("newsletter.campaigns.yours")} className="gap-3">
        <QueryStates
          query={campaigns}
          pending={<Spinner label={t("newsletter.campaigns.loading")} showLabel />}
          errorTitle={t("newsletter.campaigns.loadError")}
          isEmpty={(list) => list.length === 0}
          empty={
            <EmptyState title={t("newsletter.campaigns.emptyTitle")}>
              {t("newsletter.campaigns.emptyText")}
            </EmptyState>
          }
        >
          {(list) => (
            <ul className="flex flex-col gap-3">
              {list.map((campaign) => (
                <li
                  key={campaign._id}
                  className="flex flex-col gap-2 rounded-2xl border border-line bg-white p-4"
                >
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <h4 className="font-semibold break-words text-ink">{campaign.subject}</h4>
                    <span className="text-xs text-ink-muted">{campaignWhen(campaign)}</span>
                  </div>
                  <ProgressLine campaign={campaign} />
                  {campaign.status !== "draft" ? null : (
                    <div className="flex gap-2">
                      <Button
                        size="sm"
                        variant="secondary"
                        onClick={() => {
                          setEditingId(campaign._id);
                          setSubject(campaign.subject);
                          setBody(campaign.body);
                          setPicked(campaign.productIds.map((id) => ({ _id: id, name: id })));
                        }}
                      >
                        {t("newsletter.campaigns.edit")}
                      </Button>
                      <Button
                        size="sm"
                        variant="danger"
                        onClick={() =>
                          void run(async () => {
                            await act.mutateAsync({ id: campaign._id, action: "delete" });
                            if (editingId === campaign._id) reset();
                          })
                        }
                      >
                        {t("newsletter.campaigns.delete")}
                      </Button>
                    </div>
                  )}
                </li>
              ))}
            </ul>
          )}
        </QueryStates>
      </DeskSection>
    </div>
  );
}
