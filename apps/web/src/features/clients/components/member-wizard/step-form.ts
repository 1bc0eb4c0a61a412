import type { MemberDetail } from '@centric/contracts';
import { type BaseSyntheticEvent, useEffect, useRef } from 'react';
import {
  type DefaultValues,
  type FieldErrors,
  type FieldValues,
  type Resolver,
  type UseFormReturn,
  get,
  set,
  useForm,
} from 'react-hook-form';
import { showFormErrors } from '../../../../lib/form-errors.ts';
import type { StepNav, StepProps } from './wizard-types.ts';

export type ExtraError = { path: string; message: string };

/**
 * A resolver that adds errors the schema cannot know (a phone another member already uses) or could not
 * reach (cross-field rules that zod skips while a field is invalid), on fields that have none yet.
 */
export const withExtraErrors =
  <I extends FieldValues, C, O>(
    base: Resolver<I, C, O>,
    extra: (values: I) => ExtraError[],
  ): Resolver<I, C, O> =>
  async (values, context, options) => {
    const result = await base(values, context, options);
    const more = extra(values).filter((e) => get(result.errors, e.path) === undefined);
    if (more.length === 0) return result;
    const errors = { ...result.errors } as FieldErrors<I>;
    for (const e of more) {
      const field = get(options.fields, e.path) as { ref?: unknown } | undefined;
      set(errors, e.path, { type: 'custom', message: e.message, ref: field?.ref });
    }
    return { values: {}, errors };
  };

/** The message of a whole list (e.g. 'You need to add 1 primary phone number for this member.'). */
export const listErrorMessage = (error: unknown): string | undefined => {
  const e = error as { message?: unknown; root?: { message?: unknown } } | undefined;
  const message = e?.root?.message ?? e?.message;
  return typeof message === 'string' && message !== '' ? message : undefined;
};

/** Tells the wizard whether the step has unsaved changes (for the Cancel and Back confirmation). */
const useReportDirty = (dirty: boolean, onDirtyChange: (dirty: boolean) => void) => {
  useEffect(() => {
    onDirtyChange(dirty);
  }, [dirty, onDirtyChange]);
  useEffect(() => () => onDirtyChange(false), [onDirtyChange]);
};

type StepFormOptions<V extends FieldValues, B> = {
  resolver: Resolver<V, unknown, B>;
  /** The form's values for a member (the one being edited, then the one each save returns). */
  valuesOf: (member: MemberDetail) => V;
  /** The values while there is no member yet; none by default. */
  blank?: V;
  /** The body as sent (e.g. without the fields that do not apply to this kind of member). */
  toSend?: (body: B) => B;
  /** Runs once a save succeeded, before the form takes the saved member's values. */
  onSaved?: () => void;
};

/** What the step's <StepForm> needs: its submit handler, the wizard's navigation, whether it is saving. */
export type StepFormBinding = {
  onSubmit: (event?: BaseSyntheticEvent) => Promise<void>;
  nav: StepNav;
  saving: boolean;
};

/**
 * The form of one step: it reports unsaved changes to the wizard; submitting it (`stepForm`, for
 * <StepForm>) saves the step and takes the saved member's values, or puts a refused save's errors on
 * their fields.
 */
export const useStepForm = <V extends FieldValues, B>(
  { member, nav, onSave, onDirtyChange }: StepProps<B>,
  { resolver, valuesOf, blank, toSend, onSaved }: StepFormOptions<V, B>,
): UseFormReturn<V, unknown, B> & { stepForm: StepFormBinding } => {
  const form = useForm<V, unknown, B>({
    resolver,
    defaultValues: (member ? valuesOf(member) : blank) as DefaultValues<V> | undefined,
    // The first wrong field on screen gets the focus (below), not the first one registered.
    shouldFocusError: false,
  });
  useReportDirty(form.formState.isDirty, onDirtyChange);
  const refused = useRef<HTMLElement | null>(null);
  const { submitCount } = form.formState;
  useEffect(() => {
    // Once the refused submit has rendered its errors: focus the first invalid field in page order.
    const formElement = refused.current;
    refused.current = null;
    formElement?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [submitCount]);
  const submit = form.handleSubmit(
    async (body) => {
      try {
        const saved = await onSave(toSend ? toSend(body) : body);
        if (saved) {
          onSaved?.();
          form.reset(valuesOf(saved));
        }
      } catch (error) {
        // The server names fields as the step's form does ('firstName', 'phoneNumbers.0.phone').
        showFormErrors(error, form.setError, { focus: true });
      }
    },
    (_errors, event) => {
      refused.current = event?.target instanceof HTMLElement ? event.target : null;
    },
  );
  return { ...form, stepForm: { onSubmit: submit, nav, saving: form.formState.isSubmitting } };
};
