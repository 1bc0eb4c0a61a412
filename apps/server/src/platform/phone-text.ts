/** What a phone number is typed with, in any format: digits, spaces, parentheses, '+', '.' and '-'. */
const PHONE_TEXT = /^[\d\s()+.-]+$/;

/**
 * The digits of a text typed as a phone number or a part of one ('(555) 010-2233', '+1 555.010', '0102233'),
 * 3 to 11 of them; null for any other text. Phones are stored as +1XXXXXXXXXX, so the digits are found
 * inside them whatever the format typed.
 */
export const phoneDigitsOf = (text: string): string | null => {
  if (!PHONE_TEXT.test(text)) return null;
  const digits = text.replace(/\D/g, '');
  return digits.length >= 3 && digits.length <= 11 ? digits : null;
};
