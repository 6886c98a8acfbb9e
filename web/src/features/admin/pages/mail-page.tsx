import type { MailStatus, MailSummary } from "@shop/contract/mail";
import { useSearchParams } from "react-router";

import { EmptyState } from "@/components/empty-state";
import { DeskPageTitle } from "@/components/page-title";
import { QueryStates } from "@/components/query-states";
import { Spinner } from "@/components/spinner";
import { useMail, useMails } from "@/features/admin/api/mails";
import { t } from "@/features/admin/messages";
import { cn } from "@/lib/cn";
import { currentLocale } from "@/lib/i18n";

const MAIL_PARAM = "mail";

const STATUS_LABELS: Record<MailStatus, { label: string; className: string }> = {
  pending: { label: t("admin.mail.waiting"), className: "bg-amber-100 text-amber-900" },
  sent: { label: t("admin.mail.sent"), className: "bg-emerald-100 text-emerald-900" },
  logged: { label: t("admin.mail.logged"), className: "bg-sky-100 text-sky-900" },
  failed: { label: t("admin.mail.refused"), className: "bg-red-100 text-red-900" },
};

const dateTime = new Intl.DateTimeFormat(currentLocale(), { dateStyle: "medium", timeStyle: "medium" });
const when = (iso: string | null) => (iso ? dateTime.format(new Date(iso)) : "—");

function StatusBadge({ status }: { status: MailStatus }) {
  const { label, className } = STATUS_LABELS[status];
  return (
    <span
      className={cn(
        "inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap",
        className,
      )}
    >
      {label}
    </span>
  );
}

function MailRow({ mail, selected, onOpen }: { mail: MailSummary; selected: boolean; onOpen: () => void }) {
  return (
    <li>
      <button
        type="button"
        onClick={onOpen}
        aria-current={selected ? "true" : undefined}
        className={cn(
          "flex w-full flex-col gap-1 px-4 py-3 text-left hover:bg-stone-50 focus-visible:outline-2 focus-visible:outline-brand-600",
          selected && "bg-brand-50",
        )}
      >
        <span className="flex flex-wrap items-center justify-between gap-2">
          <span className="font-semibold break-words text-ink">{mail.subject}</span>
          <StatusBadge status={mail.status} />
        </span>
        <span className="text-sm break-all text-ink-muted">
          {t("admin.mail.to", { recipient: mail.recipient })}
        </span>
        <span className="text-xs text-ink-muted">
          {mail.status === "pending"
            ? t("admin.mail.queuedAttempts", { queued: when(mail.createdAt), attempts: mail.attempts })
            : t("admin.mail.queuedSent", { queued: when(mail.createdAt), sent: when(mail.sentAt) })}
        </span>
      </button>
    </li>
  );
}

function MailView({ mailId }: { mailId: string }) {
  const mail = useMail(mailId);
  return (
    <QueryStates
      query={mail}
      pending={<Spinner label={t("admin.mail.loadingOne")} showLabel className="py-8" />}
      errorTitle={t("admin.mail.loadErrorOne")}
    >
      {(data) => (
        <article
          aria-label={t("admin.mail.article", { subject: data.subject })}
          className="flex flex-col gap-4"
        >
          <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[7rem_1fr]">
            <dt className="font-semibold text-ink-muted">{t("admin.mail.subject")}</dt>
            <dd className="break-words text-ink">{data.subject}</dd>
            <dt className="font-semibold text-ink-muted">{t("admin.mail.toLabel")}</dt>
            <dd className="break-all text-ink">{data.recipient}</dd>
            <dt className="font-semibold text-ink-muted">{t("admin.mail.status")}</dt>
            <dd>
              <StatusBadge status={data.status} />
              {data.lastError ? <span className="ml-2 text-ink-muted">{data.lastError}</span> : null}
            </dd>
            <dt className="font-semibold text-ink-muted">{t("admin.mail.sentLabel")}</dt>
            <dd className="text-ink">{when(data.sentAt)}</dd>
          </dl>
          {/* The mail's own HTML, in a sandbox: no scripts, no access to this page. */}
          <iframe
            title={t("admin.mail.html", { subject: data.subject })}
            sandbox=""
            srcDoc={data.html}
            className="h-[32rem] w-full rounded-xl border border-line bg-white"
          />
          <details className="rounded-xl border border-line bg-white p-4">
            <summary className="cursor-pointer font-semibold text-ink">{t("admin.mail.plainText")}</summary>
            <pre className="mt-3 text-sm break-words whitespace-pre-wrap text-ink">{data.text}</pre>
          </details>
        </article>
      )}
    </QueryStates>
  );
}

/**
 * /dashboard/mail (admins): every mail the shop made, newest first, with its status; one opens
 * as it is sent. Without SMTP_URL this is where the mails (and their links) can be read.
 */
export function MailPage() {
  const [params, setParams] = useSearchParams();
  const selected = params.get(MAIL_PARAM);
  const mails = useMails();
  const open = (mailId: string) => setParams({ [MAIL_PARAM]: mailId }, { replace: true });

  return (
    <>
      <DeskPageTitle
        title={t("admin.mail.title")}
        documentTitle={t("admin.mail.documentTitle")}
        className="mb-2"
      />
      <p className="mb-6 text-sm text-ink-muted" aria-live="polite">
        {mails.data ? t("admin.mail.count", { count: mails.data.total }) : null}
      </p>
      <QueryStates
        query={mails}
        pending={<Spinner label={t("admin.mail.loading")} showLabel className="py-8" />}
        errorTitle={t("admin.mail.loadError")}
        isEmpty={(loaded) => loaded.items.length === 0}
        empty={<EmptyState title={t("admin.mail.empty")}>{t("admin.mail.emptyHint")}</EmptyState>}
      >
        {(loaded) => (
          <div className="grid gap-6 xl:grid-cols-[minmax(0,22rem)_1fr]">
            <ul
              aria-label={t("admin.mail.list")}
              className="divide-y divide-line overflow-hidden rounded-2xl border border-line bg-white shadow-sm"
            >
              {loaded.items.map((mail) => (
                <MailRow
                  key={mail._id}
                  mail={mail}
                  selected={mail._id === selected}
                  onOpen={() => open(mail._id)}
                />
              ))}
            </ul>
            <div className="min-w-0">
              {selected ? (
                <MailView mailId={selected} />
              ) : (
                <p className="text-ink-muted">{t("admin.mail.choose")}</p>
              )}
            </div>
          </div>
        )}
      </QueryStates>
    </>
  );
}
