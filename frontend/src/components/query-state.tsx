import { Button, EmptyState, Skeleton, Table } from '@chakra-ui/react';
import { useIntl } from 'react-intl';

import { commonMessages } from '@/i18n/messages';

/** A query that failed: what could not be loaded, and a button to try again. */
export function LoadError({ title, onRetry }: { title: string; onRetry: () => void }) {
  const intl = useIntl();
  return (
    <EmptyState.Root borderWidth="1px" rounded="lg">
      <EmptyState.Content>
        <EmptyState.Title>{title}</EmptyState.Title>
        <Button size="sm" onClick={onRetry}>
          {intl.formatMessage(commonMessages.retry)}
        </Button>
      </EmptyState.Content>
    </EmptyState.Root>
  );
}

/** A list with nothing in it. */
export function EmptyBlock({ title, description }: { title: string; description: string }) {
  return (
    <EmptyState.Root borderWidth="1px" rounded="lg" bg="bg.panel">
      <EmptyState.Content>
        <EmptyState.Title>{title}</EmptyState.Title>
        <EmptyState.Description>{description}</EmptyState.Description>
      </EmptyState.Content>
    </EmptyState.Root>
  );
}

/** Placeholder rows of a table whose data is still loading. */
export function LoadingRows({ columns, rows = 3 }: { columns: number; rows?: number }) {
  return Array.from({ length: rows }, (_, row) => (
    <Table.Row key={row}>
      <Table.Cell colSpan={columns}>
        <Skeleton height="5" />
      </Table.Cell>
    </Table.Row>
  ));
}
