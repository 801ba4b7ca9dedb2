import { Button } from '@chakra-ui/react';
import { useState } from 'react';
import { useIntl } from 'react-intl';

import { FormDialog } from '@/components/kit/form-dialog';
import { TextField } from '@/components/kit/form-fields';
import { isApiError } from '@/lib/api-client';

import { secondFactorMessages as m } from './messages';

type Props = {
  title: string;
  description: string;
  submitText: string;
  submitPalette?: string;
  /** The call made with the code; a rejection shows the server's message in the dialog. */
  onCode: (code: string) => Promise<unknown>;
  /** A passkey instead of a code (offered when given): the browser's ceremony, then the same end. */
  onPasskey?: () => Promise<unknown>;
  onDone: () => void;
  onClose: () => void;
};

/** A form dialog (the kit's) asking for one code of the second factor: step-up, disable, new codes. */
export function CodeDialog({ title, description, submitText, submitPalette, onCode, onPasskey, onDone, onClose }: Props) {
  const intl = useIntl();
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const run = (call: () => Promise<unknown>, fallback: (failure: unknown) => string) => {
    setPending(true);
    setError(null);
    call()
      .then(() => onDone())
      .catch((failure: unknown) => {
        setError(isApiError(failure) && failure.message ? failure.message : fallback(failure));
        setCode('');
      })
      .finally(() => setPending(false));
  };
  const submit = () => run(() => onCode(code.trim()), String);

  return (
    <FormDialog
      title={title}
      description={description}
      submitText={submitText}
      submitPalette={submitPalette}
      cancelText={intl.formatMessage(m.cancel)}
      validate={() => {
        const missing = code.trim() ? null : intl.formatMessage(m.codeRequired);
        setFieldError(missing);
        return !missing;
      }}
      onSubmit={submit}
      onClose={onClose}
      pending={pending}
      invalid={Boolean(fieldError)}
      error={error}
      size="sm"
    >
      <TextField
        label={intl.formatMessage(m.code)}
        value={code}
        onChange={setCode}
        error={fieldError}
        required
        autoComplete="one-time-code"
        inputMode="text"
        autoFocus
      />
      {onPasskey && (
        <Button
          variant="outline"
          alignSelf="start"
          disabled={pending}
          onClick={() => run(onPasskey, () => intl.formatMessage(m.passkeyFailed))}
        >
          {intl.formatMessage(m.usePasskey)}
        </Button>
      )}
    </FormDialog>
  );
}
