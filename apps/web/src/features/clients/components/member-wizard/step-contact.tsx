import { CLIENT_MESSAGES, memberContactStepSchema, normalizePhone } from '@centric/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Divider } from '@mantine/core';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { z } from 'zod';
import { usePhoneAvailabilityCheck } from '../../api/check-phone-availability.ts';
import { AddressList, EmailList, PhoneList } from './contact-lists.tsx';
import { type ContactValues, contactValues } from './member-values.ts';
import { StepForm } from './step-layout.tsx';
import { type ExtraError, useStepForm, withExtraErrors } from './step-form.ts';
import type { StepProps } from './wizard-types.ts';

export type ContactBody = z.output<typeof memberContactStepSchema>;

/**
 * Step 3: phones, emails and addresses (dynamic lists, exactly one primary each). A complete phone that
 * is new for this member and not linked to the primary is checked with the server on blur
 * ('This phone number is already in use.'); the answer is kept until the number changes.
 */
export const ContactStep = (props: StepProps<ContactBody>) => {
  const { member } = props;
  const check = usePhoneAvailabilityCheck(member?.id);
  /** Normalised phones the server said another member uses. */
  const inUse = useRef(new Set<string>());
  const savedPhones = useMemo(
    () => new Set((member?.phoneNumbers ?? []).map((p) => normalizePhone(p.phone) ?? p.phone)),
    [member],
  );
  /** The member's own saved phones are "unchanged": never checked, never in use. */
  const saved = useRef(savedPhones);
  useEffect(() => {
    saved.current = savedPhones;
  }, [savedPhones]);

  const [resolver] = useState(() =>
    withExtraErrors(zodResolver(memberContactStepSchema), (values: ContactValues): ExtraError[] =>
      (values.phoneNumbers ?? []).flatMap((row, index) => {
        const phone = normalizePhone(row.phone ?? '');
        return phone && inUse.current.has(phone) && !row.linkedToPrimary && !saved.current.has(phone)
          ? [{ path: `phoneNumbers.${index}.phone`, message: CLIENT_MESSAGES.phoneInUse }]
          : [];
      }),
    ),
  );

  const {
    register,
    control,
    setValue,
    getValues,
    getFieldState,
    setError,
    clearErrors,
    formState: { errors },
    stepForm,
  } = useStepForm(props, { resolver, valuesOf: contactValues });

  const clearInUseError = useCallback(
    (index: number) => {
      const name = `phoneNumbers.${index}.phone` as const;
      if (getFieldState(name).error?.message === CLIENT_MESSAGES.phoneInUse) clearErrors(name);
    },
    [clearErrors, getFieldState],
  );

  const checkPhone = useCallback(
    (index: number) => {
      const row = getValues(`phoneNumbers.${index}`);
      const phone = normalizePhone(row?.phone ?? '');
      if (!row || phone === null || row.linkedToPrimary || savedPhones.has(phone)) {
        clearInUseError(index);
        return;
      }
      const lookup = check(phone);
      if (!lookup) return;
      lookup
        .then((answer) => {
          // The number may have changed while the server was asked.
          if (normalizePhone(getValues(`phoneNumbers.${index}.phone`) ?? '') !== phone) return;
          if (answer.available) {
            inUse.current.delete(phone);
            clearInUseError(index);
          } else {
            inUse.current.add(phone);
            setError(`phoneNumbers.${index}.phone`, { type: 'server', message: CLIENT_MESSAGES.phoneInUse });
          }
        })
        // A failed lookup blocks nothing: the server checks again when the step is saved.
        .catch(() => undefined);
    },
    [check, clearInUseError, getValues, savedPhones, setError],
  );

  const listProps = {
    control,
    register,
    setValue,
    errors,
    showLinked: member?.subType !== 'PRIMARY',
  };
  return (
    <StepForm label="Contact" {...stepForm} gap="lg">
      <PhoneList
        {...listProps}
        onPhoneBlur={checkPhone}
        onLinkedChange={(index, linked) => (linked ? clearInUseError(index) : checkPhone(index))}
      />
      <Divider />
      <EmailList {...listProps} />
      <Divider />
      <AddressList {...listProps} />
    </StepForm>
  );
};
