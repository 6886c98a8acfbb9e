import { describe, expect, it } from "vitest";

import { ApiError } from "@/lib/api-client";
import { retryDelay, shouldRetryRequest } from "@/lib/query-client";

const httpError = (status: number) => new ApiError({ status, title: "x" });

describe("request retries", () => {
  it("retries a failing request three times, then gives up", () => {
    const error = httpError(503);
    expect([0, 1, 2, 3].map((failures) => shouldRetryRequest(failures, error))).toEqual([
      true,
      true,
      true,
      false,
    ]);
  });

  it("does not retry client errors, except time-outs and rate limiting", () => {
    expect(shouldRetryRequest(0, httpError(400))).toBe(false);
    expect(shouldRetryRequest(0, httpError(401))).toBe(false);
    expect(shouldRetryRequest(0, httpError(404))).toBe(false);
    expect(shouldRetryRequest(0, httpError(408))).toBe(true);
    expect(shouldRetryRequest(0, httpError(429))).toBe(true);
  });

  it("retries network failures", () => {
    expect(shouldRetryRequest(0, new ApiError({ status: 0, title: "offline" }))).toBe(true);
  });

  it("waits 1 s, then doubles, never more than 30 s", () => {
    expect([0, 1, 2, 3, 4, 5, 6].map(retryDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });
});
