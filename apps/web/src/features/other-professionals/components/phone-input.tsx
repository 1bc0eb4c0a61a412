import { TextInput, type TextInputProps } from '@mantine/core';
import { forwardRef } from 'react';

/**
 * Formats a phone while it is typed: '+1 (212) 555-0123' (spec §9), growing as digits come. A leading '+1'
 * (as this field writes it) or an 11-digit number starting with 1 carries the country digit, which is not
 * part of the ten.
 */
export const formatPhoneInput = (value: string): string => {
  let digits = value.replace(/\D/g, '');
  if (value.trim().startsWith('+1') || (digits.length === 11 && digits.startsWith('1')))
    digits = digits.slice(1);
  digits = digits.slice(0, 10);
  if (digits.length === 0) return '';
  const area = digits.slice(0, 3);
  const exchange = digits.slice(3, 6);
  const line = digits.slice(6);
  if (digits.length <= 3) return `+1 (${area}`;
  if (digits.length <= 6) return `+1 (${area}) ${exchange}`;
  return `+1 (${area}) ${exchange}-${line}`;
};

type PhoneInputProps = Omit<TextInputProps, 'onChange' | 'value'> & {
  value: string;
  onChange: (value: string) => void;
};

/** A US phone field in the +1 (xxx) xxx-xxxx format. */
export const PhoneInput = forwardRef<HTMLInputElement, PhoneInputProps>(
  ({ value, onChange, ...props }, ref) => (
    <TextInput
      ref={ref}
      type="tel"
      inputMode="tel"
      autoComplete="off"
      placeholder="+1 (xxx) xxx-xxxx"
      {...props}
      value={value}
      onChange={(event) => onChange(formatPhoneInput(event.currentTarget.value))}
    />
  ),
);
PhoneInput.displayName = 'PhoneInput';
