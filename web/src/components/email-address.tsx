import { Fragment } from "react";

/** The places a long address may wrap: before the @ and before each dot. */
const WRAP_POINTS = /(?=[@.])/;

/**
 * An e-mail address that wraps on a narrow screen only where a reader expects it ("…whitfield" /
 * "@example" / ".com"), never mid-word. Put it in an element with `break-words`, so that a part
 * too long for a line on its own still wraps rather than overflows. `<wbr>` changes neither what
 * screen readers say nor what is copied.
 */
export function EmailAddress({ email }: { email: string }) {
  return email.split(WRAP_POINTS).map((part, index) => (
    <Fragment key={index}>
      {index > 0 ? <wbr /> : null}
      {part}
    </Fragment>
  ));
}
