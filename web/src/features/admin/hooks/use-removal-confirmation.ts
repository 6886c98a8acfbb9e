import { useConfirmation, type Confirmation } from "@/components/confirm-dialog";
import { notifyRemoved } from "@/lib/toast";

/** The part of a delete mutation (useMutation's result) that a removal confirmation uses. */
type RemoveMutation<Id> = {
  mutate: (id: Id, options: { onSuccess: () => void; onSettled: () => void }) => void;
  isPending: boolean;
};

/**
 * The confirmation before removing an item of an admin list: confirming runs `remove` on the
 * item's id, says `removed` in a toast once it worked, and closes the dialog either way.
 */
export function useRemovalConfirmation<Item, Id>(
  remove: RemoveMutation<Id>,
  idOf: (item: Item) => Id,
  removed: string,
): Confirmation<Item> {
  return useConfirmation<Item>(
    (item, close) => remove.mutate(idOf(item), { onSuccess: () => notifyRemoved(removed), onSettled: close }),
    remove.isPending,
  );
}
