import { Button } from '@chakra-ui/react';
import { type MessageDescriptor, useIntl } from 'react-intl';

type Props = {
  action: MessageDescriptor;
  /** The accessible name; gets the action's text as {action}, so it starts with what the button says. */
  label: MessageDescriptor;
  values: Record<string, string>;
  colorPalette?: string;
  onClick: () => void;
};

/** A table row's action: its text, and an accessible name that starts with that text and names the row. */
export function RowActionButton({ action, label, values, colorPalette, onClick }: Props) {
  const intl = useIntl();
  const text = intl.formatMessage(action);
  return (
    <Button size="xs" variant="outline" colorPalette={colorPalette} aria-label={intl.formatMessage(label, { ...values, action: text })} onClick={onClick}>
      {text}
    </Button>
  );
}
