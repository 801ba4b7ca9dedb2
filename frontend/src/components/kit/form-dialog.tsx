import { Alert, Button, CloseButton, Dialog, Portal, Stack } from '@chakra-ui/react';
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';

import { kitFormMessages as m } from './messages';
import { type SummaryItem, SummaryList } from './summary-list';

export type FormConfirmation = {
  /** The review step's title (default: "Check before confirming"). */
  title?: string;
  /** What confirming will do. */
  description?: string;
  /** What will be sent, in words (amount, beneficiary, ...). */
  summary: readonly SummaryItem[];
  confirmText: string;
  confirmPalette?: string;
  /** More to read under the summary (an example, a warning about who is affected). */
  extra?: ReactNode;
  /** The summary's accessible name (default: the step's title). */
  summaryLabel?: string;
  /** The button back to the fields (default: "Back"). */
  backText?: string;
};

type Props = {
  title: string;
  /** Said under the title. */
  description?: string;
  open?: boolean;
  /** The form's fields. */
  children: ReactNode;
  submitText: string;
  submitPalette?: string;
  /** Nothing to submit (e.g. a form without fields). */
  submitDisabled?: boolean;
  cancelText?: string;
  /**
   * Checks the fields before the confirmation step or the call (set the fields' errors there):
   * false keeps the form open, focused on its first invalid field.
   */
  validate?: () => boolean;
  /** The real call. Runs after `validate` and, with a `confirmation`, after the person confirmed. */
  onSubmit: () => void;
  /** Closing (cancel, the close button, Escape, the backdrop). Ignored while pending. */
  onClose: () => void;
  /** The call is under way: the buttons cannot be pressed again. */
  pending?: boolean;
  /**
   * Some field shows an error (e.g. from the server): a failed call from the review step goes back
   * to the fields; without field errors it stays on the review, where it can be confirmed again.
   */
  invalid?: boolean;
  /** A message for the whole form (the server's, or what a field cannot say). */
  error?: string | null;
  errorTitle?: string;
  /**
   * A review step that shows a summary before the call. Absent (undefined): no such step. null: the
   * step exists but its summary is made by `validate` (it is read on the next render).
   */
  confirmation?: FormConfirmation | null;
  /**
   * Shown instead of the form once done (e.g. the created boleto), with its own footer buttons.
   * `locked`: only those buttons close it (a secret shown once must not go with a stray click or Esc).
   */
  result?: { body: ReactNode; footer: ReactNode; title?: string; locked?: boolean } | null;
  size?: 'sm' | 'md' | 'lg' | 'xl';
};

type Step = 'form' | 'review';

/**
 * The one dialog of every form: fields, a general error, submit with a pending state and,
 * optionally, a review step that shows what will happen before the real call. A failed call goes
 * back to the fields (their server errors are shown there) with focus on the first invalid field.
 */
export function FormDialog({
  title,
  description,
  open = true,
  children,
  submitText,
  submitPalette = 'blue',
  submitDisabled = false,
  cancelText,
  validate,
  onSubmit,
  onClose,
  pending = false,
  invalid = false,
  error,
  errorTitle,
  confirmation,
  result,
  size = 'md',
}: Props) {
  const intl = useIntl();
  const [step, setStep] = useState<Step>('form');
  const [attempt, setAttempt] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const wasPending = useRef(pending);

  // A call that ended with the dialog still open failed (success closes or shows the result):
  // back to the fields when they have errors to show (focused on the first), else stay put.
  useEffect(() => {
    if (wasPending.current && !pending && !result && (invalid || confirmation === undefined)) {
      setStep('form');
      setAttempt((n) => n + 1);
    }
    wasPending.current = pending;
  }, [pending, result, invalid, confirmation]);

  useEffect(() => {
    if (attempt === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [attempt]);

  const close = () => {
    if (!pending) onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    if (validate && !validate()) {
      setAttempt((n) => n + 1);
      return;
    }
    if (confirmation !== undefined && step === 'form') setStep('review');
    else onSubmit();
  };

  const reviewing = step === 'review' && confirmation;
  const locked = Boolean(result?.locked);
  const shownTitle = result?.title ?? (reviewing ? (confirmation.title ?? intl.formatMessage(m.reviewTitle)) : title);
  return (
    <Dialog.Root
      open={open}
      role={reviewing || locked ? 'alertdialog' : 'dialog'}
      closeOnInteractOutside={!locked}
      closeOnEscape={!locked}
      onOpenChange={(details) => !details.open && close()}
      size={{ base: 'full', md: size }}
      scrollBehavior="inside"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          {/* Full screen on a phone only: a responsive size keeps the phone's full-height, square,
              margin-less box on wider screens too (the "full" size sets what "md" does not reset). */}
          <Dialog.Content minH={{ md: 'auto' }} borderRadius={{ md: 'l3' }} my={{ md: 'var(--dialog-base-margin)' }}>
            <Dialog.Header>
              <Dialog.Title>{shownTitle}</Dialog.Title>
            </Dialog.Header>
            {result ? (
              <>
                <Dialog.Body>{result.body}</Dialog.Body>
                <Dialog.Footer>{result.footer}</Dialog.Footer>
              </>
            ) : (
              <form ref={formRef} onSubmit={submit} noValidate aria-label={shownTitle} style={{ display: 'contents' }} aria-busy={pending || undefined}>
                <Dialog.Body>
                  <Stack gap="4">
                    {error && (
                      <Alert.Root status="error" role="alert">
                        <Alert.Indicator />
                        <Alert.Content>
                          <Alert.Title>{errorTitle ?? intl.formatMessage(m.errorTitle)}</Alert.Title>
                          <Alert.Description>{error}</Alert.Description>
                        </Alert.Content>
                      </Alert.Root>
                    )}
                    {reviewing ? (
                      <>
                        {confirmation.description && <Dialog.Description>{confirmation.description}</Dialog.Description>}
                        <SummaryList items={confirmation.summary} label={confirmation.summaryLabel ?? shownTitle} />
                        {confirmation.extra}
                      </>
                    ) : (
                      description && <Dialog.Description>{description}</Dialog.Description>
                    )}
                    {/* The fields stay mounted (hidden) during the review, so nothing typed is lost. */}
                    <Stack gap="4" hidden={Boolean(reviewing)}>
                      {children}
                    </Stack>
                  </Stack>
                </Dialog.Body>
                <Dialog.Footer>
                  {reviewing ? (
                    <Button type="button" variant="outline" onClick={() => setStep('form')} disabled={pending}>
                      {confirmation.backText ?? intl.formatMessage(m.back)}
                    </Button>
                  ) : (
                    <Button type="button" variant="outline" onClick={close} disabled={pending}>
                      {cancelText ?? intl.formatMessage(m.cancel)}
                    </Button>
                  )}
                  <Button
                    type="submit"
                    colorPalette={reviewing ? (confirmation.confirmPalette ?? submitPalette) : submitPalette}
                    loading={pending}
                    disabled={pending || (submitDisabled && !reviewing)}
                  >
                    {reviewing ? confirmation.confirmText : submitText}
                  </Button>
                </Dialog.Footer>
              </form>
            )}
            {!locked && (
              <Dialog.CloseTrigger asChild>
                <CloseButton size="sm" aria-label={intl.formatMessage(m.close)} disabled={pending} />
              </Dialog.CloseTrigger>
            )}
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
