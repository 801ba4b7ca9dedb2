import { DataList } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export type SummaryItem = { label: string; value: ReactNode };

/** Label and value pairs: what a confirmation is about (amount, beneficiary, destination). */
export function SummaryList({ items, label }: { items: readonly SummaryItem[]; label?: string }) {
  return (
    <DataList.Root orientation="horizontal" size="sm" aria-label={label}>
      {items.map((item) => (
        <DataList.Item key={item.label}>
          <DataList.ItemLabel>{item.label}</DataList.ItemLabel>
          <DataList.ItemValue fontWeight="semibold" wordBreak="break-word">
            {item.value}
          </DataList.ItemValue>
        </DataList.Item>
      ))}
    </DataList.Root>
  );
}
