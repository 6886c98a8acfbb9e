/** Card numbers are 16 digits, shown in groups of 4 ("4242 4242 4242 4242"). */
export const CARD_NUMBER_DIGITS = 16;

export const CARD_NUMBER_GROUP = 4;
