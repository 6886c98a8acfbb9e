import { describe, expect, it } from "vitest";

import { describeDevice } from "@/features/dashboard/components/signed-in-devices";

describe("describeDevice", () => {
  it.each([
    [
      "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile Safari/537.36",
      "Chrome on Android",
    ],
    [
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1",
      "Safari on iPhone",
    ],
    [
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:131.0) Gecko/20100101 Firefox/131.0",
      "Firefox on Windows",
    ],
    ["curl/8.5.0", "curl/8.5.0"],
    [null, "Unknown device"],
  ])("names %s as %s", (userAgent, expected) => {
    expect(describeDevice(userAgent)).toBe(expected);
  });
});
