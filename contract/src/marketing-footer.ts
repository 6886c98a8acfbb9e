/**
 * The footer's consent words, alone in a module: the footer is on the first page of every visit,
 * which only this string of the newsletter's constants should weigh on.
 */
export const FOOTER_CONSENT_TEXT =
  "New arrivals and offers by e-mail. We send a link to confirm; unsubscribe any time.";
