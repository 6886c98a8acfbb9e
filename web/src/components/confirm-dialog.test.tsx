import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { useRef, useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";

import { ConfirmDialog } from "@/components/confirm-dialog";

afterEach(cleanup);

/** A page with a button that opens the dialog, as the cart's Remove buttons do. */
function Harness({
  onConfirm = () => {},
  isConfirming = false,
  removeOpenerOnConfirm = false,
}: {
  onConfirm?: () => void;
  isConfirming?: boolean;
  removeOpenerOnConfirm?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const [openerShown, setOpenerShown] = useState(true);
  const headingRef = useRef<HTMLHeadingElement>(null);
  return (
    <>
      <h1 ref={headingRef} tabIndex={-1}>
        Your cart
      </h1>
      {openerShown ? (
        <button type="button" onClick={() => setOpen(true)}>
          Remove Aviator Chronograph Watch
        </button>
      ) : null}
      <button type="button">Elsewhere</button>
      <ConfirmDialog
        open={open}
        title="Are you sure you want to delete this item?"
        confirmLabel="Delete"
        isConfirming={isConfirming}
        onConfirm={() => {
          onConfirm();
          if (removeOpenerOnConfirm) setOpenerShown(false);
          setOpen(false);
        }}
        onCancel={() => setOpen(false)}
        fallbackFocusRef={headingRef}
      >
        Aviator Chronograph Watch will be removed from your cart.
      </ConfirmDialog>
    </>
  );
}

function openDialog() {
  const opener = screen.getByRole("button", { name: "Remove Aviator Chronograph Watch" });
  opener.focus();
  fireEvent.click(opener);
  return {
    opener,
    dialog: screen.getByRole("dialog", { name: "Are you sure you want to delete this item?" }),
  };
}

describe("ConfirmDialog", () => {
  it("is a labelled, described modal dialog that takes focus on its safe choice", () => {
    render(<Harness />);
    const { dialog } = openDialog();

    expect(dialog.getAttribute("aria-modal")).toBe("true");
    expect((dialog as HTMLDialogElement).open).toBe(true);
    const description = document.getElementById(dialog.getAttribute("aria-describedby") ?? "");
    expect(description?.textContent).toBe("Aviator Chronograph Watch will be removed from your cart.");
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Cancel" }));
  });

  it("closes on Escape without confirming, and gives focus back to the button that opened it", () => {
    const onConfirm = vi.fn();
    render(<Harness onConfirm={onConfirm} />);
    const { opener, dialog } = openDialog();

    fireEvent.keyDown(document.activeElement ?? dialog, { key: "Escape" });

    expect((dialog as HTMLDialogElement).open).toBe(false);
    expect(onConfirm).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(opener);
  });

  it("closes on Cancel and on a click on the backdrop", () => {
    render(<Harness />);
    let { opener, dialog } = openDialog();
    fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    expect((dialog as HTMLDialogElement).open).toBe(false);
    expect(document.activeElement).toBe(opener);

    ({ opener, dialog } = openDialog());
    fireEvent.click(dialog);
    expect((dialog as HTMLDialogElement).open).toBe(false);
  });

  it("keeps Tab and Shift+Tab inside the dialog", () => {
    render(<Harness />);
    const { dialog } = openDialog();
    const cancel = screen.getByRole("button", { name: "Cancel" });
    const confirm = screen.getByRole("button", { name: "Delete" });

    confirm.focus();
    fireEvent.keyDown(confirm, { key: "Tab" });
    expect(document.activeElement).toBe(cancel);

    fireEvent.keyDown(cancel, { key: "Tab", shiftKey: true });
    expect(document.activeElement).toBe(confirm);
    expect(dialog.contains(document.activeElement)).toBe(true);
  });

  it("confirms, and sends focus to the fallback when the opener is gone by then", () => {
    const onConfirm = vi.fn();
    render(<Harness onConfirm={onConfirm} removeOpenerOnConfirm />);
    const { dialog } = openDialog();

    act(() => screen.getByRole("button", { name: "Delete" }).click());

    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect((dialog as HTMLDialogElement).open).toBe(false);
    expect(document.activeElement).toBe(screen.getByRole("heading", { name: "Your cart" }));
  });

  it("cannot be dismissed while the confirmed action runs", () => {
    render(<Harness isConfirming />);
    const { dialog } = openDialog();

    fireEvent.keyDown(dialog, { key: "Escape" });
    fireEvent.click(dialog);

    expect((dialog as HTMLDialogElement).open).toBe(true);
    expect(screen.getByRole("button", { name: /Delete/ }).getAttribute("aria-busy")).toBe("true");
  });
});
