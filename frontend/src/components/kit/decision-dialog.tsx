import { type ReactNode, useState } from 'react';
import { useIntl } from 'react-intl';

import { ConfirmDialog } from './confirm-dialog';
import { FormDialog } from './form-dialog';
import { TextField } from './form-fields';
import { kitDecisionMessages as m } from './messages';
import { type SummaryItem, SummaryList } from './summary-list';

export type Decision = 'approve' | 'reject';

export type Justification = {
  label: string;
  /** Fewest characters (after trimming) that make a justification; default 3. */
  minLength?: number;
  maxLength?: number;
  /** Default: required when rejecting, optional when approving. */
  required?: boolean;
  /** Said on the field when it is missing or too short. */
  error: string;
  helper?: string;
};

type Props = {
  decision: Decision;
  title: string;
  /** What deciding does, in words (shown on both steps). */
  description: string;
  /** What is decided about: amount, beneficiary, client, destination... */
  summary: readonly SummaryItem[];
  /** The button that decides ("Approve", "Reject payout"). */
  decideText: string;
  /** The text the person writes (a rejection's reason the client reads); absent: none asked. */
  justification?: Justification;
  /** More fields (a review date) shown under the justification; check them in `validate`. */
  children?: ReactNode;
  validate?: () => boolean;
  /**
   * The confirmation step, asked when anything was typed: its title (default "Confirm the decision?"),
   * what confirming does, the button, and more summary lines (the typed date in words).
   */
  confirm?: { title?: string; description?: string; text?: string; summary?: readonly SummaryItem[] };
  /** Default: green to approve, red to reject. */
  palette?: string;
  cancelText?: string;
  backText?: string;
  errorTitle?: string;
  pending?: boolean;
  /** Deciding cannot happen yet (a summary line still loading). */
  decideDisabled?: boolean;
  /** Why the last try failed (the server's refusal). */
  error?: string | null;
  /** The real call, with the justification as typed (trimmed; '' when none is asked). */
  onDecide: (justification: string) => void;
  onClose: () => void;
};

/**
 * The staff decision on something waiting (a payout, a KYC file, a MED case, a restriction, an external
 * entry): what is decided and about what, a justification (required to reject), then a confirmation step
 * that repeats it all before the real call. With nothing to type, the dialog itself is the confirmation.
 */
export function DecisionDialog({
  decision,
  title,
  description,
  summary,
  decideText,
  justification,
  children,
  validate,
  confirm,
  palette,
  cancelText,
  backText,
  errorTitle,
  pending,
  decideDisabled,
  error,
  onDecide,
  onClose,
}: Props) {
  const intl = useIntl();
  const [text, setText] = useState('');
  const [invalid, setInvalid] = useState(false);
  const color = palette ?? (decision === 'approve' ? 'green' : 'red');

  if (!justification && !children) {
    return (
      <ConfirmDialog
        open
        title={title}
        description={confirm?.description ?? description}
        details={[...summary, ...(confirm?.summary ?? [])]}
        confirmText={confirm?.text ?? decideText}
        confirmPalette={color}
        cancelText={cancelText}
        pending={pending}
        confirmDisabled={decideDisabled}
        error={error}
        onConfirm={() => onDecide('')}
        onClose={onClose}
      />
    );
  }

  const required = justification?.required ?? decision === 'reject';
  const written = text.trim();
  const checkText = () => {
    if (!justification) return true;
    const ok = written.length >= (justification.minLength ?? 3) || (!required && written.length === 0);
    setInvalid(!ok);
    return ok;
  };
  return (
    <FormDialog
      title={title}
      description={description}
      submitText={decideText}
      submitPalette={color}
      submitDisabled={decideDisabled}
      cancelText={cancelText}
      errorTitle={errorTitle}
      error={error}
      pending={pending}
      invalid={invalid}
      validate={() => {
        const own = checkText();
        const more = validate ? validate() : true;
        return own && more;
      }}
      confirmation={{
        title: confirm?.title ?? intl.formatMessage(m.confirmTitle),
        description: confirm?.description ?? description,
        summary: [...summary, ...(justification && written ? [{ label: justification.label, value: written }] : []), ...(confirm?.summary ?? [])],
        confirmText: confirm?.text ?? decideText,
        confirmPalette: color,
        backText,
      }}
      onSubmit={() => onDecide(written)}
      onClose={onClose}
    >
      <SummaryList items={summary} label={title} />
      {justification && (
        <TextField
          label={justification.label}
          required={required}
          multiline
          maxLength={justification.maxLength ?? 2000}
          value={text}
          helper={justification.helper}
          error={invalid ? justification.error : null}
          onChange={(value) => {
            setText(value);
            setInvalid(false);
          }}
        />
      )}
      {children}
    </FormDialog>
  );
}
