import type { SynonymGroup } from "@shop/contract/search";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";

import { Button } from "@/components/button";
import { FormAlert } from "@/components/form-alert";
import { PageTitle } from "@/components/page-title";
import { QueryError } from "@/components/query-error";
import { TextField } from "@/components/text-field";
import { t } from "@/features/search/messages";
import { api, getErrorMessage } from "@/lib/api-client";

const SYNONYMS_KEY = ["admin", "search-synonyms"] as const;
const termsOf = (text: string) =>
  text
    .split(",")
    .map((term) => term.trim())
    .filter(Boolean);

/** One group: its terms as a comma-separated line, saved or removed on its own. */
function GroupForm({ group, onDone }: { group?: SynonymGroup; onDone: () => void }) {
  const [text, setText] = useState(group ? group.terms.join(", ") : "");
  const save = useMutation({
    mutationFn: () =>
      group
        ? api.put(`/admin/search-synonyms/${group._id}`, { terms: termsOf(text) })
        : api.post("/admin/search-synonyms", { terms: termsOf(text) }),
    onSuccess: () => {
      if (!group) setText("");
      onDone();
    },
  });
  const remove = useMutation({
    mutationFn: () => api.delete(`/admin/search-synonyms/${group!._id}`),
    onSuccess: onDone,
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };
  const failure = save.error ?? remove.error;
  return (
    <form
      onSubmit={submit}
      className="flex flex-col gap-2 rounded-xl border border-line p-4 sm:flex-row sm:items-end"
    >
      <TextField
        label={group ? t("search.synonyms.terms") : t("search.synonyms.newTerms")}
        hint={t("search.synonyms.hint")}
        value={text}
        onChange={(event) => setText(event.target.value)}
        className="flex-1"
        required
      />
      <div className="flex gap-2">
        <Button type="submit" disabled={save.isPending}>
          {group ? t("search.synonyms.save") : t("search.synonyms.add")}
        </Button>
        {group ? (
          <Button
            type="button"
            variant="secondary"
            disabled={remove.isPending}
            onClick={() => remove.mutate()}
          >
            {t("search.synonyms.remove")}
          </Button>
        ) : null}
      </div>
      <FormAlert className="sm:basis-full">{failure ? getErrorMessage(failure) : null}</FormAlert>
    </form>
  );
}

/** /dashboard/search-synonyms: the owner's groups of terms that find each other (decision 035). */
export function SearchSynonymsPage() {
  const queryClient = useQueryClient();
  const groups = useQuery({
    queryKey: SYNONYMS_KEY,
    queryFn: ({ signal }) => api.get<SynonymGroup[]>("/admin/search-synonyms", { signal }),
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: SYNONYMS_KEY });
  return (
    <div className="flex flex-col gap-4">
      <PageTitle title={t("search.synonyms.title")} subtitle={t("search.synonyms.subtitle")} />
      <GroupForm onDone={refresh} />
      {groups.isError ? (
        <QueryError
          title={t("search.synonyms.loadError")}
          error={groups.error}
          onRetry={() => void groups.refetch()}
        />
      ) : null}
      {groups.data?.map((group) => (
        <GroupForm key={`${group._id}:${group.terms.join()}`} group={group} onDone={refresh} />
      ))}
    </div>
  );
}
