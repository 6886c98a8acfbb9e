import type { ReactNode } from "react";

/** Stands in for the emphasised argument while the message is formatted (a private-use character). */
const MARK = "\uE000";

/**
 * A message with one argument shown emphasised ("The account of **Ann** will be removed…"): the
 * words around it stay one message, in the order the page's language puts them.
 */
export function strongIn(format: (mark: string) => string, strong: ReactNode): ReactNode {
  const [before = "", after = ""] = format(MARK).split(MARK);
  return (
    <>
      {before}
      {strong}
      {after}
    </>
  );
}
