import type { UseMutationResult } from "@tanstack/react-query";
import type { ReactNode } from "react";

import { Button } from "@/components/button";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { t } from "@/features/reviews/messages";
import { getErrorMessage } from "@/lib/api-client";
import { notifyError, notifyRemoved } from "@/lib/toast";

/** My Reviews' Edit and Delete buttons under one of my own entries (a product review or the testimonial). */
export function EditDeleteButtons({
  editLabel,
  deleteLabel,
  onEdit,
  onDelete,
}: {
  /** What the buttons are for, to a screen reader, e.g. 'Edit your review of <product>'. */
  editLabel: string;
  deleteLabel: string;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <div className="mt-3 flex flex-wrap gap-2">
      <Button size="sm" variant="secondary" aria-label={editLabel} onClick={onEdit}>
        {t("reviews.edit")}
      </Button>
      <Button size="sm" variant="danger" aria-label={deleteLabel} onClick={onDelete}>
        {t("reviews.delete")}
      </Button>
    </div>
  );
}

/** Asks before deleting one of my own entries; once it is gone, closes and says so in a toast. */
export function ConfirmOwnDelete({
  open,
  title,
  children,
  remove,
  id,
  deletedMessage,
  onClose,
}: {
  open: boolean;
  title: string;
  children: ReactNode;
  /** The deletion, called with the entry's id. */
  remove: Pick<UseMutationResult<unknown, Error, string>, "mutate" | "isPending">;
  id: string;
  deletedMessage: string;
  onClose: () => void;
}) {
  return (
    <ConfirmDialog
      open={open}
      title={title}
      confirmLabel={t("reviews.delete")}
      tone="danger"
      isConfirming={remove.isPending}
      onCancel={onClose}
      onConfirm={() =>
        remove.mutate(id, {
          onSuccess: () => {
            onClose();
            notifyRemoved(deletedMessage);
          },
          onError: (error) => notifyError(getErrorMessage(error)),
        })
      }
    >
      {children}
    </ConfirmDialog>
  );
}
