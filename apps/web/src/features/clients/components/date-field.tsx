import { isValidIsoDate } from '@centric/contracts';
import { ActionIcon, TextInput, type TextInputProps } from '@mantine/core';
import { IconCalendar } from '@tabler/icons-react';
import { forwardRef, useRef } from 'react';
import { formatDateTyping, isoToPicker, pickerToFormValue } from './member-wizard/input-formats.ts';

type DateFieldProps = Omit<TextInputProps, 'value' | 'onChange' | 'label'> & {
  label: string;
  /** yyyy-MM-dd once whole and valid; the typed text otherwise (the schema answers 'Enter a valid Date'). */
  value: string;
  onChange: (value: string) => void;
};

/**
 * A date typed as MM/dd/yyyy (spec §5), like in the member wizard and the detail cards, with a calendar button that opens the
 * browser's date picker. 12/31/1899 is excluded: the calendar starts in 1900 and the schema refuses it.
 */
export const CalendarDateField = forwardRef<HTMLInputElement, DateFieldProps>(
  ({ value, onChange, label, ...props }, ref) => {
    const pickerRef = useRef<HTMLInputElement>(null);
    const openCalendar = () => {
      const picker = pickerRef.current;
      if (!picker) return;
      try {
        picker.showPicker();
      } catch {
        picker.click();
      }
    };
    return (
      <TextInput
        ref={ref}
        label={label}
        placeholder="MM/dd/yyyy"
        inputMode="numeric"
        autoComplete="off"
        maxLength={10}
        value={isoToPicker(value)}
        onChange={(event) => onChange(pickerToFormValue(formatDateTyping(event.currentTarget.value)))}
        rightSectionPointerEvents="all"
        rightSection={
          <>
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={`Open calendar: ${label}`}
              onClick={openCalendar}
            >
              <IconCalendar size={16} aria-hidden="true" />
            </ActionIcon>
            <input
              ref={pickerRef}
              type="date"
              tabIndex={-1}
              aria-hidden="true"
              aria-label={`${label} calendar`}
              min="1900-01-01"
              max="9999-12-31"
              value={isValidIsoDate(value) ? value : ''}
              onChange={(event) => {
                if (event.currentTarget.value) onChange(event.currentTarget.value);
              }}
              style={{
                position: 'absolute',
                right: 0,
                bottom: 0,
                width: 1,
                height: 1,
                opacity: 0,
                border: 0,
                padding: 0,
                pointerEvents: 'none',
              }}
            />
          </>
        }
        {...props}
      />
    );
  },
);
CalendarDateField.displayName = 'CalendarDateField';
