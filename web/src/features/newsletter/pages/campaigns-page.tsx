import type { Product } from "@shop/contract/catalogue";
import type { Campaign } from "@shop/contract/marketing";
import { MAX_CAMPAIGN_PRODUCTS } from "@shop/contract/marketing-constants";
import { useState, type FormEvent } from "react";

import { Button } from "@/components/button";
import { EmptyState } from "@/components/empty-state";
import { FormAlert } from "@/components/form-alert";
import { PageTitle } from "@/components/page-title";
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
import { getErrorMessage } from "@/lib/api-client";
import { notifyUpdated } from "@/lib/toast";

const dateTime = new Intl.DateTimeFormat("en", { dateStyle: "medium", timeStyle: "short" });

type Picked = { _id: string; name: string };

function ProgressLine({ campaign }: { campaign: Campaign }) {
  const { queued, sent, failed, unsubscribedSince } = campaign.progress;
  if (campaign.status === "draft") return <p className="text-sm text-ink-muted">Draft</p>;
  return (
    <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4" aria-label="Progress">
      {(
        [
          ["Queued", queued],
          ["Sent", sent],
          ["Failed", failed],
          ["Unsubscribed since", unsubscribedSince],
        ] as const
      ).map(([label, value]) => (
        <div key={label}>
          <dt className="text-ink-muted">{label}</dt>
          <dd className="font-semibold tabular-nums text-ink">{value.toLocaleString("en-US")}</dd>
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
  action: "Add" | "Remove";
  disabled?: boolean;
  onClick: () => void;
}) {
  return (
    <li className="flex items-center justify-between gap-2 text-sm">
      <span className="break-words">{name}</span>
      <Button
        size="xs"
        variant="secondary"
        aria-label={`${action} ${name}`}
        disabled={disabled}
        onClick={onClick}
      >
        {action}
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
      <legend className="text-sm font-semibold text-ink">Products (up to {MAX_CAMPAIGN_PRODUCTS})</legend>
      {picked.length > 0 && (
        <ul aria-label="Picked products" className="flex flex-col gap-1">
          {picked.map((product) => (
            <ProductRow
              key={product._id}
              name={product.name}
              action="Remove"
              onClick={() => onChange(picked.filter((entry) => entry._id !== product._id))}
            />
          ))}
        </ul>
      )}
      <TextField
        label="Find a product"
        type="search"
        value={q}
        onChange={(event) => setQ(event.target.value)}
        hint={full ? "The mail has as many products as it may." : undefined}
      />
      {search.isError ? <FormAlert>{getErrorMessage(search.error)}</FormAlert> : null}
      {search.data && (
        <ul aria-label="Search results" className="flex flex-col gap-1">
          {search.data.length === 0 && <li className="text-sm text-ink-muted">No product matches.</li>}
          {search.data.map((product: Product) => (
            <ProductRow
              key={product._id}
              name={product.productname}
              action="Add"
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

  const confirmed = audience.data?.confirmed ?? 0;

  return (
    <div className="flex flex-col gap-8">
      <PageTitle
        title="Campaigns"
        level={2}
        documentTitle="Campaigns · Dashboard"
        subtitle={
          audience.data
            ? `${confirmed.toLocaleString("en-US")} confirmed subscribers · ${audience.data.pending.toLocaleString("en-US")} waiting to confirm`
            : "Newsletters to the shoppers who confirmed their subscription."
        }
      />
      <form
        onSubmit={onPreview}
        className="flex flex-col gap-4 rounded-2xl border border-line bg-white p-4 sm:p-6"
      >
        <h3 className="text-lg font-semibold text-ink">{editingId ? "Edit the draft" : "New campaign"}</h3>
        <TextField
          label="Subject"
          required
          maxLength={150}
          value={subject}
          onChange={(e) => setSubject(e.target.value)}
        />
        <TextareaField
          label="Message"
          required
          rows={8}
          value={body}
          onChange={(e) => setBody(e.target.value)}
          hint="Markdown: # heading, **bold**, *italic*, - lists, [link](https://…). A blank line starts a paragraph."
        />
        <ProductPicker picked={picked} onChange={setPicked} />
        <FormAlert>{error}</FormAlert>
        <div className="flex flex-wrap gap-2">
          <Button submit variant="secondary" isLoading={preview.isPending}>
            Preview
          </Button>
          <Button
            variant="secondary"
            disabled={busy || !subject || !body}
            onClick={() =>
              void run(async () => {
                await saveDraft();
                notifyUpdated("Draft saved");
              })
            }
          >
            Save draft
          </Button>
          <Button
            variant="secondary"
            disabled={busy || !subject || !body}
            onClick={() =>
              void run(async () => {
                const id = await saveDraft();
                await act.mutateAsync({ id, action: "test" });
                notifyUpdated("A test is on its way to your address");
              })
            }
          >
            Send a test to me
          </Button>
          {!confirmingSend ? (
            <Button
              variant="primary"
              disabled={busy || !subject || !body || confirmed === 0}
              onClick={() => setConfirmingSend(true)}
            >
              Send to subscribers…
            </Button>
          ) : (
            <span className="flex flex-wrap items-center gap-2" role="group" aria-label="Confirm sending">
              <span className="text-sm text-ink">
                Send to {confirmed.toLocaleString("en-US")} subscribers?
              </span>
              <Button
                variant="primary"
                isLoading={busy}
                onClick={() =>
                  void run(async () => {
                    const id = await saveDraft();
                    await act.mutateAsync({ id, action: "send" });
                    notifyUpdated("Sending: progress shows below");
                    reset();
                  })
                }
              >
                Yes, send now
              </Button>
              <Button variant="secondary" onClick={() => setConfirmingSend(false)}>
                Cancel
              </Button>
            </span>
          )}
          {editingId && (
            <Button variant="light" onClick={reset}>
              New campaign
            </Button>
          )}
        </div>
        {preview.data && (
          <section aria-label="Preview" className="flex flex-col gap-2">
            <h4 className="text-sm font-semibold text-ink">Preview: {preview.data.subject}</h4>
            <iframe
              title={`Preview of the mail “${preview.data.subject}”`}
              sandbox=""
              srcDoc={preview.data.html}
              className="h-[32rem] w-full rounded-lg border border-line bg-white"
            />
          </section>
        )}
      </form>

      <section aria-labelledby="sent-campaigns" className="flex flex-col gap-3">
        <h3 id="sent-campaigns" className="text-lg font-semibold text-ink">
          Your campaigns
        </h3>
        <QueryStates
          query={campaigns}
          pending={<Spinner label="Loading campaigns…" showLabel />}
          errorTitle="We couldn’t load the campaigns"
          isEmpty={(list) => list.length === 0}
          empty={<EmptyState title="No campaigns yet">Write the first one above.</EmptyState>}
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
                    <span className="text-xs text-ink-muted">
                      {campaign.startedAt
                        ? `Sent ${dateTime.format(new Date(campaign.startedAt))}`
                        : `Written ${dateTime.format(new Date(campaign.createdAt))}`}
                      {campaign.status === "sending" ? " · sending" : ""}
                    </span>
                  </div>
                  <ProgressLine campaign={campaign} />
                  {campaign.status === "draft" && (
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
                        Edit
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
                        Delete
                      </Button>
                    </div>
                  )}
                </li>
              ))}
            </ul>
          )}
        </QueryStates>
      </section>
    </div>
  );
}
