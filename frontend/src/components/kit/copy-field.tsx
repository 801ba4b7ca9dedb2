import { Alert, Button, Clipboard, Field, Input, InputGroup, Stack, Textarea } from '@chakra-ui/react';
import { useIntl } from 'react-intl';

import { kitMessages as m } from './messages';

type Props = {
  label: string;
  /** What the button copies. */
  value: string;
  /** What the field shows, when not `value` (e.g. a boleto's typed line in groups). */
  display?: string;
  /** The button's label ("Copy" by default). */
  copyLabel?: string;
  /**
   * Wrap the value over as many lines as it needs (a long unbroken key, e.g. an authenticator secret),
   * the copy button under it: nothing cut off on a 390 px screen.
   */
  wrap?: boolean;
};

/** A read-only code (a secret shown once, a PIX code, a typed line) with a copy button. */
export function CopyField({ label, value, display, copyLabel, wrap = false }: Props) {
  const intl = useIntl();
  const copy = copyLabel ?? intl.formatMessage(m.copy);
  const copied = intl.formatMessage(m.copied);
  if (wrap) {
    return (
      <Clipboard.Root value={value} translations={{ triggerLabel: (done) => (done ? copied : copy) }}>
        <Field.Root>
          <Field.Label>{label}</Field.Label>
          <Textarea
            value={display ?? value}
            readOnly
            autoresize
            rows={1}
            resize="none"
            fontFamily="mono"
            fontSize="sm"
            wordBreak="break-all"
            overflowWrap="anywhere"
            onFocus={(e) => e.currentTarget.select()}
          />
          <Clipboard.Trigger asChild>
            <Button size="xs" variant="surface" alignSelf="start">
              <Clipboard.Indicator copied={copied}>{copy}</Clipboard.Indicator>
            </Button>
          </Clipboard.Trigger>
        </Field.Root>
      </Clipboard.Root>
    );
  }
  return (
    <Clipboard.Root value={value} translations={{ triggerLabel: (done) => (done ? copied : copy) }}>
      <Field.Root>
        <Field.Label>{label}</Field.Label>
        <InputGroup
          endElement={
            <Clipboard.Trigger asChild>
              <Button size="xs" variant="surface" me="-2">
                <Clipboard.Indicator copied={copied}>{copy}</Clipboard.Indicator>
              </Button>
            </Clipboard.Trigger>
          }
          endElementProps={{ pe: '3' }}
        >
          <Input value={display ?? value} readOnly fontFamily="mono" fontSize="sm" pe={copyLabel ? '40' : '24'} onFocus={(e) => e.currentTarget.select()} />
        </InputGroup>
      </Field.Root>
    </Clipboard.Root>
  );
}

/** A secret shown this once (a password, a token, a signing secret): the warning, then the value to copy. */
export function SecretOnce({ warning, label, value }: { warning: string; label: string; value: string }) {
  return (
    <Stack gap="4">
      <Alert.Root status="warning">
        <Alert.Indicator />
        <Alert.Description>{warning}</Alert.Description>
      </Alert.Root>
      <CopyField label={label} value={value} />
    </Stack>
  );
}
