import { zodResolver } from "@hookform/resolvers/zod";
import { AUTH_MESSAGES, signInFormSchema, type SignInForm } from "@shop/contract/auth";
import { CART_MESSAGES } from "@shop/contract/cart";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";

import { TextField } from "@/components/text-field";
import { useValidatedForm } from "@/lib/form-fields";
import { inPageLanguage, loadMessages } from "@/lib/i18n";

function SignInFields() {
  const { field, handleSubmit } = useValidatedForm<SignInForm, SignInForm>(zodResolver(signInFormSchema), {
    email: "",
    password: "",
  });
  return (
    <form onSubmit={(event) => void handleSubmit(() => undefined)(event)}>
      <TextField label="Email" {...field("email")} />
      <TextField label="Password" type="password" {...field("password")} />
      <button type="submit">Go</button>
    </form>
  );
}

describe("the contract's validation messages", () => {
  afterEach(async () => {
    cleanup();
    await loadMessages("en");
  });

  it("show in Bengali under a field when the page is in Bengali", async () => {
    await loadMessages("bn");
    render(<SignInFields />);
    fireEvent.change(screen.getByLabelText("Email"), { target: { value: "not-an-address" } });
    fireEvent.click(screen.getByRole("button", { name: "Go" }));
    expect(await screen.findByText("একটি সঠিক ই-মেইল দিন")).toBeTruthy();
    expect(screen.getByText("পাসওয়ার্ড দিতে হবে")).toBeTruthy();
    expect(screen.queryByText(AUTH_MESSAGES.emailInvalid)).toBeNull();
  });

  it("show as SPEC words them when the page is in English", async () => {
    render(<SignInFields />);
    fireEvent.change(screen.getByLabelText("Email"), { target: { value: "not-an-address" } });
    fireEvent.click(screen.getByRole("button", { name: "Go" }));
    expect(await screen.findByText("Provide a valid Email")).toBeTruthy();
    expect(screen.getByText("Password is Required")).toBeTruthy();
  });

  it("leave a text no catalogue has as it is (a server's message already in the page's language)", async () => {
    await loadMessages("bn");
    expect(inPageLanguage(CART_MESSAGES.quantityInvalid)).toBe(
      "পরিমাণ হতে হবে ১ থেকে ৯৯-এর মধ্যে একটি পূর্ণসংখ্যা",
    );
    expect(inPageLanguage("ই-মেইল বা পাসওয়ার্ড ভুল")).toBe("ই-মেইল বা পাসওয়ার্ড ভুল");
  });
});
