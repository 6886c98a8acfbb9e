import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";

import { QueryStates, type QueryStatesQuery } from "@/components/query-states";
import { ApiError } from "@/lib/api-client";

afterEach(cleanup);

type Names = string[];

const query = (state: Partial<QueryStatesQuery<Names>>): QueryStatesQuery<Names> => ({
  data: undefined,
  isPending: false,
  error: null,
  isRefetching: false,
  refetch: () => undefined,
  ...state,
});

function renderStates(state: QueryStatesQuery<Names>) {
  return render(
    <QueryStates
      query={state}
      pending={<p>Loading names…</p>}
      errorTitle="We couldn’t load the names"
      isEmpty={(names) => names.length === 0}
      empty={<p>No names yet</p>}
    >
      {(names) => (
        <ul aria-label="Names">
          {names.map((name) => (
            <li key={name}>{name}</li>
          ))}
        </ul>
      )}
    </QueryStates>,
  );
}

describe("QueryStates", () => {
  it("shows the pending state while the first answer is on its way", () => {
    renderStates(query({ isPending: true }));
    expect(screen.getByText("Loading names…")).toBeTruthy();
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("shows a first load that failed with the server's reason, and its retry refetches", () => {
    const refetch = vi.fn();
    renderStates(query({ error: new Error("The shop is having trouble right now."), refetch }));
    const alert = screen.getByRole("alert");
    expect(alert.textContent).toContain("We couldn’t load the names");
    expect(alert.textContent).toContain("The shop is having trouble right now.");
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(refetch).toHaveBeenCalledTimes(1);
  });

  it("shows the empty state for an answer with nothing in it", () => {
    renderStates(query({ data: [] }));
    expect(screen.getByText("No names yet")).toBeTruthy();
    expect(screen.queryByRole("list")).toBeNull();
  });

  it("shows the data, and keeps it when a later refetch fails, with the failure and its retry above it", () => {
    const { rerender } = renderStates(query({ data: ["Ada", "Grace"] }));
    expect(screen.getAllByRole("listitem").map((item) => item.textContent)).toEqual(["Ada", "Grace"]);
    rerender(
      <QueryStates
        query={query({ data: ["Ada", "Grace"], error: new Error("offline") })}
        pending={null}
        errorTitle="We couldn’t load the names"
      >
        {(names) => <p>{names.join(", ")}</p>}
      </QueryStates>,
    );
    expect(screen.getByText("Ada, Grace")).toBeTruthy();
    const alert = screen.getByRole("alert");
    expect(alert.textContent).toContain("We couldn’t load the names");
    expect(alert.textContent).toContain("offline");
    expect(screen.getByRole("button", { name: "Try again" })).toBeTruthy();
  });

  it("shows no failure beside data that loaded, nor for a 'Load more' that failed (the list shows that)", () => {
    const { rerender } = renderStates(query({ data: ["Ada"] }));
    expect(screen.queryByRole("alert")).toBeNull();
    rerender(
      <QueryStates
        query={query({ data: ["Ada"], error: new Error("offline"), isFetchNextPageError: true })}
        pending={null}
        errorTitle="We couldn’t load the names"
      >
        {(names) => <p>{names.join(", ")}</p>}
      </QueryStates>,
    );
    expect(screen.getByText("Ada")).toBeTruthy();
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("shows the not-found state for a 404, and the error with its retry for any other status", () => {
    const renderWithNotFound = (error: unknown) =>
      render(
        <QueryStates
          query={query({ error })}
          pending={null}
          errorTitle="We couldn’t load the names"
          notFound={<p>No such list</p>}
        >
          {(names) => <p>{names.join(", ")}</p>}
        </QueryStates>,
      );
    const { unmount } = renderWithNotFound(new ApiError({ status: 404, title: "Not Found" }));
    expect(screen.getByText("No such list")).toBeTruthy();
    expect(screen.queryByRole("alert")).toBeNull();
    unmount();
    renderWithNotFound(new ApiError({ status: 503, title: "Service Unavailable" }));
    expect(screen.queryByText("No such list")).toBeNull();
    expect(screen.getByRole("alert").textContent).toContain("We couldn’t load the names");
  });
});
