import { Button, Clipboard, Field, Input, InputGroup } from '@chakra-ui/react';
import { useIntl } from 'react-intl';

import { depositsMessages as m } from '../messages';

/** A read-only code with a copy button. */
/** `display` is what the field shows (e.g. a grouped typed line); the button copies `value`. */
export function CopyField({ label, copyLabel, value, display }: { label: string; copyLabel: string; value: string; display?: string }) {
  const intl = useIntl();
  const copied = intl.formatMessage(m.copied);
  return (
    <Clipboard.Root value={value} translations={{ triggerLabel: (done) => (done ? copied : copyLabel) }}>
      <Field.Root>
        <Field.Label>{label}</Field.Label>
        <InputGroup
          endElement={
            <Clipboard.Trigger asChild>
              <Button size="xs" variant="surface" me="-2">
                <Clipboard.Indicator copied={copied}>{copyLabel}</Clipboard.Indicator>
              </Button>
            </Clipboard.Trigger>
          }
          endElementProps={{ pe: '3' }}
        >
          <Input value={display ?? value} readOnly fontFamily="mono" fontSize="sm" pe="40" onFocus={(e) => e.currentTarget.select()} />
        </InputGroup>
      </Field.Root>
    </Clipboard.Root>
  );
}
