import { describe, expect, it } from "vitest";

import { serverMessages } from "./messages.js";

const messagesIn = serverMessages({
  en: { greeting: "Hello {name}", items: "{count, plural, one {# item} other {# items}}" },
  bn: { greeting: "নমস্কার {name}", items: "{count, plural, one {#টি পণ্য} other {#টি পণ্য}}" },
});

describe("serverMessages", () => {
  it("fills in a message's arguments in each language, with the language's digits", () => {
    expect(messagesIn("en")("greeting", { name: "Rahim" })).toBe("Hello Rahim");
    expect(messagesIn("en")("items", { count: 1 })).toBe("1 item");
    expect(messagesIn("en")("items", { count: 1234 })).toBe("1,234 items");
    expect(messagesIn("bn")("greeting", { name: "Rahim" })).toBe("নমস্কার Rahim");
    expect(messagesIn("bn")("items", { count: 1234 })).toBe("১,২৩৪টি পণ্য");
  });
});
