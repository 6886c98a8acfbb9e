/** The checkout page's texts. */
export const CHECKOUT_TEXT = {
  title: "Checkout",
  unverified:
    "Confirm your e-mail address before you check out: open the link we mailed you, or ask for a new one.",
  payNeedsConfirmedAddress: (email: string) =>
    `You can pay once ${email} is confirmed: open the link we mailed you. This page notices by itself, and keeps what you typed.`,
  loading: "Loading your checkout…",
  cartLoadError: "We couldn’t load your cart",
  paymentInfoError: "We couldn’t load the payment details",
  emptyTitle: "There is nothing to check out",
  emptyBody: "Your cart is empty. Find something you like and add it to your bag first.",
  missingTitle: "This item is no longer in your cart",
  missingBody:
    "It may have been bought or removed already, perhaps in another tab. Have a look at your cart and try again.",
  backToCart: "Go to your cart",
  browseProducts: "Browse products",
  summaryHeading: "Your order",
  deliveryHeading: "Delivery address",
  paymentHeading: "Payment",
  quoteError: "We couldn’t work out the total",
  testModeBadge: "TEST MODE",
  testModeBody: "No real money moves. Use one of these test cards with any future expiry date and any CVC:",
  fieldErrors: "Please check the fields marked below.",
  /** A request that got no clear answer: the same idempotency key goes with the next try. */
  retrySafe: "If the payment went through, pressing Pay again will not charge you twice.",
  payHint: "Your card is charged only when you press Pay, and only once.",
  payWithStripe: "Pay with Stripe",
  payWithStripeHint: "Nothing is charged until you confirm the payment on Stripe’s page.",
  hostedPaymentBody:
    "You pay on Stripe’s secure page next: your card details go to Stripe and never to this shop. Your items are held for you while you pay.",
  stripeTestMode: "Stripe is in test mode: no real money moves (card 4242 4242 4242 4242 succeeds).",
  redirecting: "Taking you to Stripe…",
  paymentCancelled:
    "You cancelled the payment, so nothing was charged. Your items are back in your bag: pay again whenever you are ready.",
  confirmingTitle: "Confirming your payment…",
  confirmingBody: "Stripe is telling us about your payment. This page moves on by itself in a moment.",
  confirmingSlow:
    "This is taking longer than usual. You can leave this page: we e-mail you as soon as the payment is confirmed.",
  paymentFailedTitle: "Your payment did not go through",
  paymentFailedBody: "Nothing was charged. Your items are back in your bag, so you can try again.",
  cancellingTitle: "Cancelling your payment…",
  cancelError: "We couldn’t cancel the payment",
  statusError: "We couldn’t check your payment",
  backToCheckout: "Back to checkout",
  backToBag: "Back to your bag",
  findMyOrder: "Find my order",
} as const;

/** Card numbers are 16 digits, shown in groups of 4 ("4242 4242 4242 4242"). */
export const CARD_NUMBER_DIGITS = 16;

export const CARD_NUMBER_GROUP = 4;
