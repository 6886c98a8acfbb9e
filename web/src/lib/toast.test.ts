import { afterEach, describe, expect, it, vi } from "vitest";

const calls: Array<{ type: string; options: Record<string, unknown> }> = [];

vi.mock("react-toastify/unstyled", () => {
  const record =
    (type: string) =>
    (_message: string, options: Record<string, unknown> = {}) => {
      calls.push({ type: (options.type as string | undefined) ?? type, options });
      return "id";
    };
  return {
    toast: Object.assign(record("default"), {
      success: record("success"),
      info: record("info"),
      warning: record("warning"),
      error: record("error"),
    }),
  };
});

const { notifyAdded, notifyError, notifyRemoved, notifyUpdated, notifyWarning } = await import("@/lib/toast");

afterEach(() => {
  calls.length = 0;
});

describe("toast kinds", () => {
  it("give added, updated, removed, warning and error each their own type and look", async () => {
    notifyAdded("a");
    notifyUpdated("u");
    notifyRemoved("r");
    notifyWarning("w");
    notifyError("e");
    // react-toastify downloads with the first toast: the calls arrive a moment later.
    await vi.waitFor(() => expect(calls).toHaveLength(5));
    expect(calls.map((call) => call.type)).toEqual(["success", "info", "default", "warning", "error"]);
    expect(calls.map((call) => call.options.className)).toEqual([
      "toast-kind-added",
      "toast-kind-updated",
      "toast-kind-removed",
      "toast-kind-warning",
      "toast-kind-error",
    ]);
    // "removed" has no icon of react-toastify's own: it brings one.
    expect(calls[2]?.options.icon).toBeTruthy();
  });

  it("show one error message once while it is on screen", async () => {
    notifyError("Offline");
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.options.toastId).toBe("error:Offline");
  });
});
